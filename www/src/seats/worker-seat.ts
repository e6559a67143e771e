// A bot seat: one bot (built-in, or an ES module from a URL or from source text) in its own Web
// Worker with a time budget for its start and for every turn. A bot that throws, answers
// something that cannot be read or overruns its budget gets a failure (its worker is
// terminated); the match ejects it and carries on.

import type { GameId } from '../shell/game';
import { unpackRecords, type BotSource, type FromWorker, type ToWorker } from './messages';
import type { Seat, SeatAnswer } from './seat';

interface Pending {
  turn: number;
  resolve: (o: SeatAnswer) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

export class WorkerSeat implements Seat {
  readonly kind = 'bot' as const;
  readonly name: string;
  private worker: Worker | null;
  private pending: Pending | null = null;
  private dead = false;

  constructor(
    private readonly game: GameId,
    readonly source: BotSource,
    name: string,
    private readonly seed: number,
  ) {
    this.name = name;
    this.worker = new Worker(new URL('./bot-worker.ts', import.meta.url));
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    this.worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.settle({ ok: false, reason: `crashed: ${e.message || 'worker error'}` });
    };
    this.worker.onmessageerror = () => this.settle({ ok: false, reason: 'answered something that cannot be read' });
  }

  get alive(): boolean {
    return !this.dead;
  }

  start(_seat: number, budgetMs: number, obs: unknown): Promise<SeatAnswer> {
    return this.request(-1, { type: 'init', game: this.game, bot: this.source, seed: this.seed, obs }, budgetMs, []);
  }

  act(obs: unknown, turn: number, budgetMs: number): Promise<SeatAnswer> {
    const transfer: Transferable[] = [];
    if (typeof obs === 'object' && obs !== null) {
      for (const v of Object.values(obs)) {
        if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !transfer.includes(v.buffer)) transfer.push(v.buffer);
      }
    }
    return this.request(turn, { type: 'turn', turn, obs }, budgetMs, transfer);
  }

  private request(turn: number, msg: ToWorker, budgetMs: number, transfer: Transferable[]): Promise<SeatAnswer> {
    if (this.dead || !this.worker) return Promise.resolve({ ok: false, reason: 'not running' });
    return new Promise<SeatAnswer>((resolve) => {
      const timer = Number.isFinite(budgetMs)
        ? setTimeout(() => this.settle({ ok: false, reason: `timed out (no answer within ${budgetMs.toLocaleString('en-US')} ms)` }), budgetMs)
        : null;
      this.pending = { turn, timer, resolve };
      try {
        this.worker?.postMessage(msg, transfer);
      } catch (e) {
        this.settle({ ok: false, reason: `could not be reached: ${String(e)}` });
      }
    }).then((o) => {
      if (!o.ok) this.stop();
      return o;
    });
  }

  private receive(msg: FromWorker): void {
    const p = this.pending;
    if (!p) return;
    if (msg.type === 'ready') {
      if (p.turn === -1) this.settle({ ok: true, raw: null, name: msg.name, log: msg.log });
      return;
    }
    if (msg.turn !== p.turn) return; // a late answer to an earlier turn
    if (msg.type === 'error') {
      this.settle({ ok: false, reason: p.turn === -1 ? msg.message : `threw: ${msg.message}`, log: msg.log });
      return;
    }
    const raw = msg.type === 'packed' ? unpackRecords(msg.packed) : msg.moves;
    this.settle({ ok: true, raw, log: msg.log, ms: msg.ms });
  }

  private settle(o: SeatAnswer): void {
    const p = this.pending;
    if (!p) {
      if (!o.ok) this.stop();
      return;
    }
    this.pending = null;
    if (p.timer) clearTimeout(p.timer);
    p.resolve(o);
  }

  stop(): void {
    this.dead = true;
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    const p = this.pending;
    if (p) {
      this.pending = null;
      if (p.timer) clearTimeout(p.timer);
      p.resolve({ ok: false, reason: 'stopped' });
    }
  }
}
