// Runs one built-in bot in its own Web Worker with a time budget per turn. A bot that throws,
// answers garbage or overruns its budget gets a failure (its worker is terminated); the live
// game ejects it and carries on.

import { checkMoves, type FromWorker, type Observation, type ToWorker } from './protocol';

export type Outcome = { ok: true; quads: number[] } | { ok: false; reason: string };

interface Pending {
  turn: number;
  resolve: (o: Outcome) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class BotRunner {
  readonly player: number;
  readonly botId: string;
  /** The map size, for checking answers. */
  private readonly width: number;
  private readonly height: number;
  private worker: Worker | null;
  private pending: Pending | null = null;
  private dead = false;

  constructor(player: number, botId: string, width: number, height: number) {
    this.player = player;
    this.botId = botId;
    this.width = width;
    this.height = height;
    this.worker = new Worker(new URL('./worker.ts', import.meta.url));
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

  /** Starts the bot; resolves when it is ready (or failed to start within `budgetMs`). */
  init(seed: number, budgetMs: number): Promise<Outcome> {
    return this.request(-1, { type: 'init', bot: this.botId, seed }, budgetMs, []);
  }

  /** Asks for one turn's moves within `budgetMs`. The observation's arrays are transferred. */
  turn(obs: Observation, budgetMs: number): Promise<Outcome> {
    const transfer: Transferable[] = [obs.owner.buffer, obs.strength.buffer, obs.production.buffer].filter(
      (b, i, all): b is ArrayBuffer => b instanceof ArrayBuffer && all.indexOf(b) === i,
    );
    return this.request(obs.turn, { type: 'turn', turn: obs.turn, obs }, budgetMs, transfer);
  }

  private request(turn: number, msg: ToWorker, budgetMs: number, transfer: Transferable[]): Promise<Outcome> {
    if (this.dead || !this.worker) return Promise.resolve({ ok: false, reason: 'not running' });
    return new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        this.settle({ ok: false, reason: `timed out (no answer within ${budgetMs} ms)` });
      }, budgetMs);
      this.pending = { turn, timer, resolve };
      try {
        this.worker?.postMessage(msg, transfer);
      } catch (e) {
        this.settle({ ok: false, reason: `could not be reached: ${String(e)}` });
      }
    }).then((o) => {
      if (!o.ok) this.terminate();
      return o;
    });
  }

  private receive(msg: FromWorker): void {
    const p = this.pending;
    if (!p) return;
    if (msg.type === 'ready') {
      if (p.turn === -1) this.settle({ ok: true, quads: [] });
      return;
    }
    if (msg.turn !== p.turn) return; // a late answer to an earlier turn
    if (msg.type === 'error') {
      this.settle({ ok: false, reason: `threw: ${msg.message}` });
      return;
    }
    this.settle(this.check(msg.moves));
  }

  private check(moves: unknown): Outcome {
    const c = checkMoves(moves, this.player, this.width, this.height);
    return c.ok ? { ok: true, quads: c.quads } : { ok: false, reason: `answered garbage: ${c.reason}` };
  }

  private settle(o: Outcome): void {
    const p = this.pending;
    if (!p) {
      if (!o.ok) this.terminate();
      return;
    }
    this.pending = null;
    clearTimeout(p.timer);
    p.resolve(o);
  }

  terminate(): void {
    this.dead = true;
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    const p = this.pending;
    if (p) {
      this.pending = null;
      clearTimeout(p.timer);
      p.resolve({ ok: false, reason: 'stopped' });
    }
  }
}
