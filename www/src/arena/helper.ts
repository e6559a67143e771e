// The page's side of the arena's helper worker: TrueSkill ratings, each request answered by a
// promise.

import { whenIdle } from '../shell/tasks';
import type { FromHelper, ToHelper } from './helper-protocol';
import type { Rating, RatingPoint } from './results';

/** The longest a history's next slice waits for the page's thread to be idle (ms): a page that
 * is never idle still gets its graph, a slice at least this often. */
export const HISTORY_IDLE_MS = 500;

type Answer = Extract<FromHelper, { type: 'rated' | 'history' }>;

export class ArenaHelper {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private readonly progress = new Map<number, (done: number, total: number) => void>();
  /** The history request out, if any (a newer one, or cancelHistory, drops it). */
  private historyId = 0;

  constructor() {
    this.worker = new Worker(new URL('./helper-worker.ts', import.meta.url));
    this.worker.onmessage = (e: MessageEvent<FromHelper>) => {
      const m = e.data;
      if (m.type === 'history-progress') {
        this.progress.get(m.id)?.(m.done, m.total);
        // The next slice once this thread has time for its frames (see helper-worker.ts).
        void whenIdle(HISTORY_IDLE_MS, 16).then(() => {
          if (this.historyId === m.id) this.send({ type: 'history-go', id: m.id });
        });
        return;
      }
      this.progress.delete(m.id);
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.type === 'error') w.reject(new Error(m.message));
      else w.resolve(m);
    };
    this.worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.failAll(new Error(`the arena's helper stopped: ${e.message || 'worker error'}`));
    };
  }

  /** Starts a new rating table: every participant at the prior. */
  resetRatings(tau: number, participants: number): void {
    this.send({ type: 'ratings', tau, participants });
  }

  /** Rates one game; returns the new ratings by seat. */
  async rate(lineup: number[], ranks: number[]): Promise<Rating[]> {
    const a = await this.request((id) => ({ type: 'rate', id, lineup, ranks }));
    if (a.type !== 'rated') throw new Error('unexpected answer');
    return a.ratings;
  }

  /** Rates every game of opened results in order (in the worker) and returns each participant's
   * course at about `points` points and the final ratings. `onProgress(done, total)` as it goes.
   * Rejects with "superseded" when another request or cancelHistory replaces it. */
  async history(
    games: { tau: number; participants: number; seats: number; lineup: Uint8Array; ranks: Uint8Array },
    points: number,
    onProgress: (done: number, total: number) => void,
  ): Promise<{ history: RatingPoint[][]; final: Rating[] }> {
    this.cancelHistory();
    const a = await this.request((id) => {
      this.historyId = id;
      this.progress.set(id, onProgress);
      return { type: 'history', id, ...games, lineup: games.lineup.slice(), ranks: games.ranks.slice(), points };
    });
    if (a.type !== 'history') throw new Error('unexpected answer');
    return { history: a.history, final: a.final };
  }

  /** Stops the history being computed (its promise rejects). */
  cancelHistory(): void {
    const id = this.historyId;
    if (!id) return;
    this.historyId = 0;
    this.progress.delete(id);
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    w?.reject(new Error('superseded'));
    this.send({ type: 'history-cancel' });
  }

  dispose(): void {
    this.worker.terminate();
    this.failAll(new Error('the arena was closed'));
  }

  private send(m: ToHelper, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }

  private request(make: (id: number) => ToHelper, transfer: Transferable[] = []): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send(make(id), transfer);
    });
  }

  private failAll(e: Error): void {
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }
}
