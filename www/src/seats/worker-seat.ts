// A bot seat: one bot in its own Web Worker with a time budget for its start and for every turn.
// Built-in bots run in a worker of the app's origin; every other bot (a module from a URL, the
// editor, a file, a saved bot) runs in the bot host (bot-host.ts), whose code the page hands in:
// a URL's module is fetched here, by the page, so the bot itself never needs the network.
//
// Nothing a worker sends is trusted: every message is checked (messages.ts) before anything is
// done with it, and one that fails the check ejects the bot as "answered garbage" at once. The
// budgets are measured here, on the page, so they fire whatever the bot does. A bot that throws,
// answers something that cannot be read, overruns its budget, or whose host crashes gets a
// failure (its worker ends); the match ejects it and carries on.

import { builtinBotWorker } from './builtin';
import type { Forward, GameId } from '../shell/game';
import { hostBot, type HostedBot } from '../bots/bot-host';
import { engineBinary } from './engine-binary';
import { readFromWorker, turnFailure, type FromWorker, type SimStart, type ToWorker } from '../shell/engine/bot-messages';
import type { BotSource } from '../bots/messages';
import { fetchBotSource, sourceOrigin, withOrigin } from '../bots/sources';
import { syntaxError } from '../bots/syntax';
import type { DirectBot, Seat, SeatAnswer } from '../shell/seat';
import { fmt } from '../shell/format';

interface Pending {
  turn: number;
  resolve: (o: SeatAnswer) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

/** What a seat talks to: a worker of the app's own (built-in bots) or one in the bot host. */
interface Channel {
  post(message: ToWorker, transfer: Transferable[]): void;
  close(): void;
  /** A hosted bot's channel, handed on (see `direct`). */
  handOff?(): MessagePort;
}

export class WorkerSeat implements Seat {
  readonly kind = 'bot' as const;
  readonly name: string;
  private channel: Channel | null = null;
  /** A hosted bot's sandbox, once started. */
  private hosted: HostedBot | null = null;
  private pending: Pending | null = null;
  private dead = false;
  /** Why the seat can no longer play, once it cannot (its host crashed between turns). */
  private failure: string | null = null;
  /** The module's source text, once the page has it (for a syntax error's line). */
  private code: string | null = null;
  /** Once the bot's port is handed on: who hears of its failures. */
  private report: ((reason: string) => void) | null = null;
  private handed = false;
  /** The turn a handed-on bot overran (named if its host turns out to have crashed). */
  private overran: number | null = null;
  /** The game's turn, for a handed-on bot (the one it is thinking about). */
  private turnNow: (() => number) | null = null;

  constructor(
    private readonly game: GameId,
    readonly source: BotSource,
    name: string,
    readonly seed: number,
  ) {
    this.name = name;
  }

  /** A built-in bot's own worker, made when the seat starts: a match usually calls built-in bots
   * in its engine worker and never starts this seat. */
  private openBuiltin(): void {
    const worker = builtinBotWorker();
    worker.onmessage = (e: MessageEvent) => this.receive(e.data);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.fail(`crashed: ${e.message || 'worker error'}`);
    };
    worker.onmessageerror = () => this.garbage('a message that cannot be read');
    this.channel = { post: (m, t) => worker.postMessage(m, t), close: () => worker.terminate() };
  }

  get alive(): boolean {
    return !this.dead;
  }

  /** Hosted bots get the forward model (`debug.simulate`); built-in bots do not use it. */
  get wantsForward(): boolean {
    return this.source.kind !== 'builtin';
  }

  /** The seat played (0-based), once started. */
  private seat = 0;

  /** What a hosted bot's worker gets for its forward model with a message; at its start, the
   * engine's binary too (when the game offers the model at all). */
  private async sim(forward: Forward | null | undefined, start: boolean): Promise<SimStart | undefined> {
    if (!this.wantsForward || !forward) return undefined;
    if ('unavailable' in forward) return { seat: this.seat, unavailable: forward.unavailable };
    const sim: SimStart = { seat: this.seat, snapshot: forward.snapshot };
    if (start) {
      const wasm = await engineBinary(this.game);
      if (wasm) sim.wasm = wasm;
    }
    return sim;
  }

  start(seat: number, budgetMs: number, obs: unknown, forward?: Forward | null): Promise<SeatAnswer> {
    this.seat = seat;
    if (this.source.kind === 'builtin' && !this.channel && !this.dead) {
      try {
        this.openBuiltin();
      } catch (e) {
        return Promise.resolve({ ok: false, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    // The start budget covers fetching the module and starting the host too.
    return this.request(-1, budgetMs, async () => {
      const src = this.source;
      if (src.kind === 'builtin') return { type: 'init', game: this.game, bot: src, seed: this.seed, obs };
      const code = src.kind === 'code' ? src.code : await fetchBotSource(src.url);
      this.code = code;
      const label = src.kind === 'code' ? src.label : src.url;
      const hosted = await hostBot({
        message: (d) => this.receive(d),
        fail: (reason) => this.fail(reason),
        describe: () => ({ turn: this.pending ? this.pending.turn : (this.overran ?? this.turnNow?.() ?? null) }),
      });
      this.attach(hosted);
      const sim = await this.sim(forward, true);
      return { type: 'init', game: this.game, bot: { kind: 'code', code, label }, seed: this.seed, obs, sim };
    });
  }

  act(obs: unknown, turn: number, budgetMs: number, forward?: Forward | null): Promise<SeatAnswer> {
    const transfer: Transferable[] = [];
    if (typeof obs === 'object' && obs !== null) {
      for (const v of Object.values(obs)) {
        if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !transfer.includes(v.buffer)) transfer.push(v.buffer);
      }
    }
    return this.request(turn, budgetMs, async () => ({ type: 'turn', turn, obs, sim: await this.sim(forward, false) }), transfer);
  }

  private attach(hosted: HostedBot): void {
    if (this.dead) {
      hosted.close();
      return;
    }
    this.hosted = hosted;
    this.channel = { post: (m, t) => hosted.post(m, t), close: () => hosted.close(), handOff: () => hosted.handOff() };
  }

  /** A started hosted bot's port, handed on to the match loop, which asks it its turns from now
   * on (this seat is no longer asked: it keeps the worker, ends it, and reports its failures). */
  direct(): DirectBot | null {
    const ch = this.channel;
    if (this.dead || this.handed || this.pending || !ch?.handOff) return null;
    this.handed = true;
    const port = ch.handOff();
    return {
      port,
      onFail: (report, turn) => {
        this.report = report;
        this.turnNow = turn;
        if (this.dead && this.failure !== null) report(this.failure);
      },
      overrun: (ms, turn) => {
        void (async () => {
          if (this.dead) return;
          this.overran = turn;
          if (this.hosted && !(await this.hosted.alive())) return; // failed by its sandbox's death
          this.fail(`timed out (no answer within ${fmt(ms)} ms)`);
        })();
      },
    };
  }

  private request(turn: number, budgetMs: number, make: () => Promise<ToWorker>, transfer: Transferable[] = []): Promise<SeatAnswer> {
    if (this.dead) return Promise.resolve({ ok: false, reason: this.failure ?? 'not running' });
    return new Promise<SeatAnswer>((resolve) => {
      const timer = Number.isFinite(budgetMs) ? setTimeout(() => void this.overrun(budgetMs), budgetMs) : null;
      this.pending = { turn, timer, resolve };
      make().then(
        (msg) => {
          if (this.pending?.turn !== turn || this.dead) return;
          try {
            this.channel?.post(msg, transfer);
          } catch (e) {
            this.fail(`could not be reached: ${String(e)}`);
          }
        },
        (e: unknown) => this.fail(e instanceof Error ? e.message : String(e)),
      );
    }).then((o) => {
      if (!o.ok) this.stop();
      return o;
    });
  }

  /** The budget ran out: a timeout, unless the whole bot host has died meanwhile. */
  private async overrun(budgetMs: number): Promise<void> {
    const p = this.pending;
    if (!p) return;
    if (this.hosted && this.channel && !(await this.hosted.alive())) return; // failed by its sandbox's death
    if (this.pending === p) this.fail(`timed out (no answer within ${fmt(budgetMs)} ms)`);
  }

  private receive(data: unknown): void {
    if (this.dead) return;
    const msg: FromWorker | string = readFromWorker(data);
    if (typeof msg === 'string') {
      this.garbage(msg);
      return;
    }
    const p = this.pending;
    // The runtime answers each request once: anything else from a hosted bot is not its runtime
    // speaking, and ends it.
    const hosted = this.source.kind !== 'builtin';
    if (!p || msg.type === 'pong' || (msg.type === 'ready' ? p.turn !== -1 : msg.turn !== p.turn)) {
      if (hosted) this.garbage('a message it was not asked for');
      return;
    }
    if (msg.type === 'ready') {
      // A module's own name, with its origin beside it when it is third-party code.
      const name = msg.name === null ? null : withOrigin(msg.name, sourceOrigin(this.source, location.origin));
      this.settle({ ok: true, raw: null, name, log: msg.log, drawings: msg.drawings });
      return;
    }
    if (msg.type === 'error') {
      this.settle({ ok: false, reason: this.errorReason(msg, p.turn), log: msg.log, line: msg.line ?? this.syntaxLine(msg.message) });
      return;
    }
    this.settle({ ok: true, raw: msg.moves, log: msg.log, ms: msg.ms, drawings: msg.drawings });
  }

  /** Why a bot failed, with the line and column in its source where they are known: a throw's
   * from its stack, a syntax error's from the page's own parse of the module. */
  private errorReason(msg: Extract<FromWorker, { type: 'error' }>, turn: number): string {
    if (turn === -1 && !msg.garbage) {
      const syntax = this.code !== null && /SyntaxError/.test(msg.message) ? syntaxError(this.code) : null;
      if (syntax) return `${msg.message.replace(/SyntaxError: .*$/, 'SyntaxError: ')}${syntax.message} at line ${syntax.line}, column ${syntax.column}`;
      return msg.line !== null ? `${msg.message} (at line ${msg.line}, column ${msg.column})` : msg.message;
    }
    return turnFailure(msg, turn);
  }

  /** The line of a syntax error in the module, for a start that failed on one. */
  private syntaxLine(message: string): number | undefined {
    if (this.code === null || !/SyntaxError/.test(message)) return undefined;
    return syntaxError(this.code)?.line;
  }

  /** A message that fails the page's check: the bot is out at once. */
  private garbage(what: string): void {
    this.fail(`answered garbage: ${what}`);
  }

  private fail(reason: string): void {
    if (this.dead) return;
    this.failure = reason;
    if (this.report) {
      const r = this.report;
      this.report = null;
      r(reason);
    }
    if (this.pending) this.settle({ ok: false, reason });
    else this.stop();
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
    if (this.channel) {
      this.channel.close();
      this.channel = null;
    }
    const p = this.pending;
    if (p) {
      this.pending = null;
      if (p.timer) clearTimeout(p.timer);
      p.resolve({ ok: false, reason: this.failure ?? 'stopped' });
    }
  }
}
