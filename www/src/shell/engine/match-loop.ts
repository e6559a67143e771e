// The match loop, inside a game's engine worker: every turn it takes the seats' observations from
// the engine, calls the game's built-in bots right here (no message at all; their time is
// measured around the call, against the same budgets a bot in a worker has), asks the page for
// the answers of the seats only it can give (a human, a lesson's script, a recorded seat, a bot in
// the bot host: one message a turn), packs every answer into the engine's form and has the engine
// check it (one call a seat a turn), ejects a seat that fails (the game goes on, as the
// original's does) and steps the engine. Turns are posted to the page in batches, at most one
// message a display frame's worth of play, and the game never outruns the credit the page grants
// (a watched game plays at the viewer's pace). A game nobody watches (`watch: false`) posts no
// frames and no series at all: the page hears of it when a seat is ejected or logs, at the end,
// and, while bots of the bot host play, of the turn it is at.
//
// A built-in bot runs in the worker only when it is known to return: the test bot that never
// answers is marked `isolated` and runs on the page's side, in a worker of its own, where its
// budget can stop it.
//
// A bot in the bot host is started by the page (which has its code), which then hands the loop the
// page's end of the bot worker's channel: from then on the loop asks it its turns on that port
// itself, with the budget measured here, reads every message with the same check the page uses
// (bot-messages.ts), and ejects it on garbage, a throw or a timeout. Only the page can end the
// bot's worker: it does so when it hears of the ejection, or (an overrun) when asked.

import { MAX_JSON, MAX_KEYS, MAX_MESSAGE, MAX_RECORDS, readFromWorker, turnFailure, type SimStart } from './bot-messages';
import type { BuiltinBots } from './builtin-bots';
import type { EjectionKind, FromEngine, LoopEjection, LoopNote, LoopSetup, LoopStats, PageAnswer, Seen, SeriesDelta } from '../engine-protocol';
import { fmt } from '../format';

/** A live game as the loop needs it (the host's LiveGame has all of this). */
export interface LoopGame<B> {
  readonly numFrames: number;
  readonly turn: number;
  isOver(): boolean;
  results(): unknown;
  batchLast(): B;
  /** What every living seat sees (`skip`: seats the engine plays itself, given `true`). */
  observe(forward: boolean, skip?: readonly boolean[]): Seen & { transfer: Transferable[] };
  /** The engine's check of one seat's packed answer against the game now: undefined when it
   * passes (the engine keeps it for the turn, replacing what the seat had), else why it is
   * refused (the seat then has nothing kept). `lenient`: a recorded seat's answer (what the
   * original accepted). */
  accept(seat: number, packed: Uint32Array | Float64Array, lenient: boolean): string | undefined;
  /** Plays the turn with the answers the engine kept (each read once, when accepted). */
  stepAccepted(): void;
  eject(seat: number, atInit: boolean): void;
  /** The engine's own built-in bot `id` answers for `seat` from its observation, checked and kept
   * as `accept` keeps an answer: undefined when it passes, else why not (games whose engine
   * holds its built-in bots). */
  playBuiltin?(seat: number, id: string): string | undefined;
}

/** One seat's answer in the packed form its engine's step takes, or why it cannot be packed. */
export interface PackedAnswer {
  /** Every row, or (with a reason) the rows before the element at fault: the engine checks
   * them first, so that the first fault in the answer is the one reported. */
  packed: Uint32Array | Float64Array;
  /** Why the answer cannot be packed at all. */
  reason?: string;
}

/** What a game gives the loop: its packing of a raw answer (the engine checks and keeps the
 * packed form) and its bots. */
export interface LoopCodec<B> {
  pack(raw: unknown, seat: number, lenient: boolean): PackedAnswer;
  bots(): Promise<BuiltinBots>;
  buffers(b: B): Transferable[];
}

/** The page's messages to a running loop. */
export interface LoopControl {
  credit(frames: number): void;
  answer(turn: number, seat: number, answer: PageAnswer): void;
  resign(seat: number): void;
  /** A hosted bot on its port failed outside its messages (the page says why). */
  failed(seat: number, reason: string, kind: EjectionKind): void;
  halt(): void;
}

// A built-in bot's answer is held to the limits a bot worker's message meets (bot-messages.ts),
// so its ejections read the same.

/** Flat records of int32 fields, all with the first's keys (what a bot worker packs). */
function flatRecords(raw: unknown): boolean {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_RECORDS) return false;
  const first: unknown = raw[0];
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return false;
  const keys = Object.keys(first);
  const k = keys.length;
  if (k === 0 || k > MAX_KEYS) return false;
  for (const key of keys) if (key.length > 32) return false;
  for (const o of raw as unknown[]) {
    if (typeof o !== 'object' || o === null || Array.isArray(o) || Object.getPrototypeOf(o) !== Object.prototype) return false;
    let own = 0;
    for (const key in o) {
      if (!Object.prototype.hasOwnProperty.call(o, key)) return false;
      own++;
    }
    if (own !== k) return false;
    for (const key of keys) {
      const v = (o as Record<string, unknown>)[key];
      if (typeof v !== 'number' || (v | 0) !== v || Object.is(v, -0)) return false;
    }
  }
  return true;
}

/** A built-in bot's answer as the page would have read it from a bot worker: flat records as
 * they are, anything else through JSON; or why it is garbage. */
export function asSent(moves: unknown): { ok: true; raw: unknown } | { ok: false; reason: string } {
  if (flatRecords(moves)) return { ok: true, raw: moves };
  let json: string | undefined;
  try {
    json = JSON.stringify(moves === undefined ? null : moves);
  } catch (e) {
    return { ok: false, reason: `answered garbage: answered something that cannot be sent (${errorText(e)})` };
  }
  if (typeof json !== 'string') json = 'null';
  if (json.length > MAX_JSON) return { ok: false, reason: `answered garbage: answered ${fmt(json.length)} characters of moves (at most ${fmt(MAX_JSON)})` };
  const raw: unknown = JSON.parse(json);
  if (Array.isArray(raw) && raw.length > MAX_RECORDS) return { ok: false, reason: `answered garbage: ${fmt(raw.length)} moves (at most ${fmt(MAX_RECORDS)})` };
  return { ok: true, raw };
}

/** An error's text as a bot worker reports it. */
function errorText(e: unknown): string {
  try {
    const m = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
    return String(m).slice(0, MAX_MESSAGE);
  } catch {
    return 'an error that cannot be printed';
  }
}

const timedOut = (ms: number) => `timed out (no answer within ${fmt(ms)} ms)`;

/** Yields to the worker's event loop (the page's messages get in) without a timer's delay. */
function yielder(): { pause: () => Promise<void>; close: () => void } {
  const ch = new MessageChannel();
  let wake: (() => void) | null = null;
  ch.port1.onmessage = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return {
    pause: () =>
      new Promise<void>((r) => {
        wake = r;
        ch.port2.postMessage(null);
      }),
    close: () => ch.port1.close(),
  };
}

/** How long the loop plays before it posts what it played and lets messages in, ms. */
const CHUNK_MS = 12;
/** How often a hosted bot that has answered is probed while others think, ms. */
const PROBE_MS = 250;
/** How long a probed bot's thread may stay busy before it counts as computing out of turn, ms. */
const BUSY_MS = 1_000;
/** How long the loop waits for hosted bots before it posts the turns played so far, ms. */
const SLOW_MS = 200;

type Bot = (obs: unknown) => unknown;

/** A hosted bot's turn being awaited on its port. */
interface PortWait {
  turn: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Its budget ran out: the page is ending its worker, and an answer is no longer taken. */
  overrun: boolean;
  resolve: (a: { moves: unknown; ms: number } | null) => void;
}

/** The buffers of an observation's typed arrays. */
function buffersOf(obs: unknown): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (typeof obs !== 'object' || obs === null) return out;
  for (const v of Object.values(obs)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer);
  }
  return out;
}

type HostedAnswer = { moves: unknown; ms: number } | null;

/** Runs a match's loop on `game`; `post` reaches the page. `seriesSince(from)` gives the series'
 * values of frames `from` on. */
export function runLoop<B>(
  game: LoopGame<B>,
  codec: LoopCodec<B>,
  setup: LoopSetup,
  post: (m: FromEngine<unknown, B>, transfer?: Transferable[]) => void,
  seriesSince: (from: number) => SeriesDelta,
): LoopControl {
  const loop = new MatchLoop(game, codec, setup, post, seriesSince);
  loop.start();
  return loop.control();
}

/** One match's loop: its state is its fields, each of its steps a method. `runLoop` makes one,
 * starts it and hands the page its control; a test may make one and call its steps alone. */
export class MatchLoop<B> {
  readonly seats: LoopSetup['seats'];
  /** Seats ejected. */
  readonly out = new Set<number>();
  /** How many frames the game may reach before the page grants more. */
  credit: number;
  halted = false;
  /** Wakes the loop waiting for credit. */
  wakeCredit: (() => void) | null = null;
  /** The page seats' answers still awaited this turn (by seat). */
  readonly awaited = new Map<number, (a: PageAnswer | null) => void>();
  /** The turn the page was last asked (-1: the seats' start). */
  asked = -2;
  /** Seats the page answers: its own, and built-in bots that run isolated. */
  readonly onPage: boolean[];
  readonly lenient: boolean[];
  readonly isBot: boolean[];
  /** The built-in bots the loop calls itself (by seat). */
  readonly bots: (Bot | null)[];
  /** The built-in bots the engine plays itself (by seat: the bot's id). */
  readonly native: (string | null)[];
  /** Which seats the engine plays itself (`native`), whose observations nobody reads. */
  get enginePlays(): boolean[] {
    return this.native.map((id) => id !== null);
  }
  // What is played but not yet posted.
  batches: B[] = [];
  ejected: LoopEjection[] = [];
  notes: LoopNote[] = [];
  /** Hosted bots' ports (by seat), once their start handed them over, and their awaited turns. */
  readonly ports: (MessagePort | null)[];
  readonly portWaits = new Map<number, PortWait>();
  /** The frames the page has been posted. */
  postedFrames: number;
  readonly watch: boolean;
  /** Turns played and not yet posted (a game nobody watches posts no frames for them). */
  unposted = 0;
  readonly stats: LoopStats = { turns: 0, startMs: 0, loopMs: 0, botMs: 0, waitMs: 0, observeMs: 0, checkMs: 0, stepMs: 0, frameMs: 0, postMs: 0, hostedMs: 0, hostedBytes: 0 };
  // A hosted bot computes only in its own turn. While any hosted bot is thinking, every other one
  // (having answered) is probed every PROBE_MS: its runtime answers as soon as the bot's code lets
  // its thread go, so a bot whose thread is still busy BUSY_MS after a probe is computing out of
  // turn, on a core its neighbours' budgets count on, and is ejected. (A bot that computes in
  // slices shorter than that is not caught; every bot is one thread, though, so it takes at most
  // one core.)
  readonly probes = new Map<number, { n: number; at: number }>();
  probeTimer: ReturnType<typeof setInterval> | null = null;
  pings = 0;
  /** Lets the page's messages in between chunks of play (made when the loop starts). */
  yields: { pause: () => Promise<void>; close: () => void } | null = null;

  constructor(
    readonly game: LoopGame<B>,
    readonly codec: LoopCodec<B>,
    readonly setup: LoopSetup,
    readonly post: (m: FromEngine<unknown, B>, transfer?: Transferable[]) => void,
    readonly seriesSince: (from: number) => SeriesDelta,
  ) {
    const seats = setup.seats;
    this.seats = seats;
    this.credit = setup.credit;
    this.onPage = seats.map((s) => s.kind === 'page');
    this.lenient = seats.map((s) => s.kind === 'page' && s.lenient);
    this.isBot = seats.map((s) => s.kind === 'builtin' || s.bot);
    this.bots = seats.map(() => null);
    this.native = seats.map(() => null);
    this.ports = seats.map(() => null);
    this.postedFrames = game.numFrames;
    this.watch = setup.watch !== false;
  }

  /** Posts what was played, ejected and noted since the last post, in one message (nothing when
   * there is nothing new). */
  flush(): void {
    if (this.unposted === 0 && this.ejected.length === 0 && this.notes.length === 0) return;
    const { game } = this;
    const t0 = performance.now();
    const series = this.watch ? this.seriesSince(this.postedFrames) : { from: game.numFrames, frames: 0, values: {} };
    this.postedFrames = game.numFrames;
    this.unposted = 0;
    const batches = this.batches;
    const transfer = [...batches.flatMap((b) => this.codec.buffers(b)), ...Object.values(series.values).map((v) => v.buffer as Transferable)];
    this.post({ type: 'played', batches, ejected: this.ejected, notes: this.notes, series, results: game.results(), over: game.isOver(), turn: game.turn }, [...new Set(transfer)]);
    this.batches = [];
    this.ejected = [];
    this.notes = [];
    this.stats.postMs += performance.now() - t0;
  }

  /** Takes seat `seat` out of the game (once: a second ejection does nothing): its pieces turn
   * neutral, its answer is no longer awaited and its port is closed. */
  eject(seat: number, reason: string, kind: EjectionKind, atInit = false, line?: number): void {
    if (this.out.has(seat)) return;
    this.out.add(seat);
    const frame = atInit ? 0 : this.game.numFrames;
    this.game.eject(seat, atInit);
    this.ejected.push(line === undefined ? { seat, reason, kind, frame } : { seat, reason, kind, frame, line });
    this.bots[seat] = null;
    this.native[seat] = null;
    // An ejected seat's answer is no longer awaited.
    this.awaited.get(seat)?.(null);
    this.awaited.delete(seat);
    this.closePort(seat);
  }

  /** Stops hearing a hosted bot: its awaited turn gets no answer, its port is closed. */
  closePort(seat: number): void {
    const w = this.portWaits.get(seat);
    if (w) {
      this.portWaits.delete(seat);
      if (w.timer) clearTimeout(w.timer);
      w.resolve(null);
    }
    this.probes.delete(seat);
    const p = this.ports[seat];
    if (!p) return;
    this.ports[seat] = null;
    p.onmessage = null;
    p.onmessageerror = null;
    p.close();
  }

  closePorts(): void {
    this.stopProbes();
    for (let k = 0; k < this.ports.length; k++) this.closePort(k);
  }

  /** A message from a hosted bot's port: checked before anything is done with it. */
  hear(k: number, data: unknown): void {
    if (this.halted || this.out.has(k)) return;
    const msg = readFromWorker(data);
    if (typeof msg === 'string') {
      this.eject(k, `answered garbage: ${msg}`, 'garbage');
      this.flush();
      return;
    }
    if (msg.type === 'pong') {
      // The answer to a probe of its thread: anything else is a message it was not asked for.
      if (this.probes.get(k)?.n === msg.n) this.probes.delete(k);
      else {
        this.eject(k, 'answered garbage: a message it was not asked for', 'garbage');
        this.flush();
      }
      return;
    }
    const w = this.portWaits.get(k);
    if (w?.overrun) return; // too late: the page is ending it
    // The runtime answers each turn once, when asked: anything else is not its runtime speaking
    // (a flood), and ends the bot at once, before any more of it is read.
    if (msg.type === 'ready' || !w || msg.turn !== w.turn) {
      this.eject(k, 'answered garbage: a message it was not asked for', 'garbage');
      this.flush();
      return;
    }
    this.portWaits.delete(k);
    if (w.timer) clearTimeout(w.timer);
    if (msg.log || (msg.type === 'answer' && msg.drawings.length > 0)) this.notes.push({ seat: k, turn: w.turn, log: msg.log, drawings: msg.type === 'answer' ? msg.drawings : [] });
    if (msg.type === 'error') {
      this.eject(k, turnFailure(msg, w.turn), msg.garbage ? 'garbage' : 'error', false, msg.line ?? undefined);
      w.resolve(null);
      return;
    }
    w.resolve({ moves: msg.moves, ms: msg.ms });
    // Others still thinking: its thread should be free from now on.
    if (this.probeTimer) this.sendPing(k, performance.now());
  }

  /** Probes every hosted bot that has answered while others think; ejects one still busy. */
  probe(): void {
    if (this.halted || this.portWaits.size === 0) return this.stopProbes();
    const now = performance.now();
    for (let k = 0; k < this.seats.length; k++) {
      const port = this.ports[k];
      if (!port || this.out.has(k) || this.portWaits.has(k)) continue;
      const last = this.probes.get(k);
      if (last) {
        if (now - last.at > BUSY_MS) {
          this.eject(k, `kept computing after its answer (its thread was still busy ${fmt(BUSY_MS)} ms later, while other bots were thinking; a bot computes only in its own turn)`, 'error');
          this.flush();
        }
        continue;
      }
      this.sendPing(k, now);
    }
  }

  sendPing(k: number, now: number): void {
    const port = this.ports[k];
    if (!port || this.probes.has(k)) return;
    const id = ++this.pings;
    this.probes.set(k, { n: id, at: now });
    try {
      port.postMessage({ type: 'ping', n: id });
    } catch {
      this.probes.delete(k);
    }
  }

  startProbes(): void {
    if (this.probeTimer || this.ports.every((p) => p === null)) return;
    // A probe still unanswered from an earlier turn counts from now.
    const now = performance.now();
    for (const p of this.probes.values()) p.at = now;
    this.probeTimer = setInterval(() => this.probe(), PROBE_MS);
  }

  stopProbes(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }

  /** Takes over a hosted bot's port (its start handed it over). */
  attach(k: number, port: MessagePort): void {
    if (this.out.has(k) || this.halted) {
      port.close();
      return;
    }
    this.ports[k] = port;
    this.onPage[k] = false;
    port.onmessage = (e: MessageEvent) => this.hear(k, e.data);
    port.onmessageerror = () => this.hear(k, undefined);
  }

  /** Asks the hosted bots on their ports for turn `turn`; resolves with their answers (null: none). */
  askHostedBots(turn: number, seen: Seen, ask: number[]): Promise<HostedAnswer[]> {
    const { setup, stats } = this;
    const fwd = seen.forward;
    const waits = ask.map((k) => {
      const port = this.ports[k] as MessagePort;
      const obs = seen.observations[k];
      return new Promise<HostedAnswer>((resolve) => {
        const w: PortWait = { turn, timer: null, overrun: false, resolve };
        this.portWaits.set(k, w);
        let sim: SimStart | undefined;
        if (fwd) sim = 'snapshot' in fwd ? { seat: k, snapshot: fwd.snapshot } : { seat: k, unavailable: fwd.unavailable };
        // An observation's arrays are the seat's own copies: they move to its bot.
        const mine = buffersOf(obs);
        const own = mine.filter((b) => ask.every((j) => j === k || !buffersOf(seen.observations[j]).includes(b)));
        for (const b of mine) stats.hostedBytes += b.byteLength;
        if (sim?.snapshot) stats.hostedBytes += sim.snapshot.byteLength;
        try {
          port.postMessage({ type: 'turn', turn, obs, sim }, own);
        } catch (e) {
          this.eject(k, `could not be reached: ${errorText(e)}`, 'error');
          return;
        }
        if (Number.isFinite(setup.turnMs)) {
          w.timer = setTimeout(() => {
            if (this.portWaits.get(k) !== w) return;
            // Only the page can end the bot's worker: it does, and says why (a timeout, or the
            // bot host's crash), which ejects the seat.
            w.overrun = true;
            w.timer = null;
            this.post({ type: 'overrun', seat: k, turn, ms: setup.turnMs });
          }, setup.turnMs);
        }
      });
    });
    this.startProbes();
    return Promise.all(waits).then((got) => {
      this.stopProbes();
      return got;
    });
  }

  /** Asks the page for its seats' answers (start: their start) and waits for them all. */
  async askPage(start: boolean, turn: number, seen: Seen): Promise<(PageAnswer | null)[]> {
    const ask = this.seats.map((_, k) => k).filter((k) => this.onPage[k] && !this.out.has(k) && seen.observations[k] != null);
    const got: (PageAnswer | null)[] = this.seats.map(() => null);
    if (ask.length === 0) return got;
    this.flush();
    // A start is asked as turn -1, so that a late answer to it is never taken for a turn's.
    const id = start ? -1 : turn;
    this.asked = id;
    const observations = seen.observations.map((o, k) => (ask.includes(k) ? o : null));
    const waits = ask.map(
      (k) =>
        new Promise<void>((resolve) => {
          this.awaited.set(k, (a) => {
            got[k] = a;
            resolve();
          });
        }),
    );
    this.post({ type: 'ask', start, turn: id, seats: ask, observations, forward: seen.forward });
    const t0 = performance.now();
    await Promise.all(waits);
    this.stats.waitMs += performance.now() - t0;
    return got;
  }

  /** Why the engine or the packing refuses the answer (undefined: it passes, and the engine
   * keeps it for the turn). */
  verdict(k: number, raw: unknown, lenient: boolean): string | undefined {
    const p = this.codec.pack(raw, k, lenient);
    const refused = this.game.accept(k, p.packed, lenient) ?? p.reason;
    // Rows before a packing fault may pass the engine: a refused answer keeps nothing.
    if (refused !== undefined && p.reason !== undefined) this.game.accept(k, p.packed.subarray(0, 0), lenient);
    return refused;
  }

  /** The answer packed, checked and kept by the engine for the turn; a refused one ejects the
   * seat. */
  checkAnswer(k: number, raw: unknown): void {
    const refused = this.verdict(k, raw, this.lenient[k]);
    if (refused !== undefined) this.eject(k, `answered garbage: ${refused || 'not a list of moves'}`, 'garbage');
  }

  /** Starts every seat: the built-in bots here, the page's (and hosted bots, whose ports it hands
   * over) on the page; a seat that fails to start is ejected. */
  async startSeats(): Promise<void> {
    const { game, setup, seats } = this;
    const atInit = game.turn === 0;
    const wantsForward = setup.forward;
    const seen = game.observe(wantsForward);
    // Built-in bots: their module, then each bot made for its seed, within the start budget.
    const t0 = performance.now();
    let list: BuiltinBots | null = null;
    let failure: string | null = null;
    if (seats.some((s) => s.kind === 'builtin')) {
      try {
        list = await this.codec.bots();
      } catch (e) {
        failure = errorText(e);
      }
    }
    const fails: [number, string][] = [];
    seats.forEach((s, k) => {
      if (s.kind !== 'builtin') return;
      const info = list && Object.prototype.hasOwnProperty.call(list, s.id) ? list[s.id] : undefined;
      if (!info) return void fails.push([k, failure ?? `no built-in bot named ${s.id}`]);
      if (info.isolated) {
        this.onPage[k] = true;
        return;
      }
      if (info.native) {
        if (game.playBuiltin) this.native[k] = s.id;
        else fails.push([k, `no built-in bot named ${s.id}`]);
        return;
      }
      try {
        this.bots[k] = info.create!(s.seed) as Bot;
      } catch (e) {
        fails.push([k, errorText(e)]);
      }
    });
    const own = performance.now() - t0;
    const page = await this.askPage(true, game.turn, seen);
    if (this.halted) return;
    for (const [k, reason] of fails) this.eject(k, `failed to start: ${reason}`, 'start', atInit);
    seats.forEach((_, k) => {
      if (this.bots[k] && own > setup.initMs) this.eject(k, `failed to start: ${timedOut(setup.initMs)}`, 'start', atInit);
      const a = page[k];
      if (a && !a.ok && a.eject) this.eject(k, a.eject.reason, a.eject.kind, atInit, a.eject.line);
      if (a && a.ok && a.port) this.attach(k, a.port);
    });
  }

  /** Calls the built-in bots that run here for turn `t`, one after another, each within its
   * budget; their answers are checked (a failure ejects). */
  async callBuiltinBots(t: number, seen: Seen): Promise<void> {
    const { setup, stats } = this;
    for (let k = 0; k < this.seats.length; k++) {
      const bot = this.bots[k];
      const obs = seen.observations[k];
      if (this.onPage[k] || this.out.has(k) || obs === null || obs === undefined) continue;
      const id = this.native[k];
      if (id !== null) {
        this.playNative(k, id, t);
        continue;
      }
      if (!bot) continue;
      const t0 = performance.now();
      let moves: unknown;
      let threw: unknown = null;
      let failed = false;
      try {
        moves = bot(obs);
        if (typeof (moves as { then?: unknown } | null)?.then === 'function') moves = await (moves as Promise<unknown>);
      } catch (e) {
        failed = true;
        threw = e;
      }
      const c0 = performance.now();
      const ms = c0 - t0;
      stats.botMs += ms;
      if (this.out.has(k)) continue;
      if (ms > setup.turnMs) this.eject(k, timedOut(setup.turnMs), 'timeout');
      else if (failed) this.eject(k, `threw: ${errorText(threw)} (turn ${t})`, 'error');
      else {
        // Most answers pass the check as they are; one that does not is read as a bot worker's
        // message would be (through JSON), so its ejection reads the same.
        if (this.verdict(k, moves, false) !== undefined) {
          const sent = asSent(moves);
          if (!sent.ok) this.eject(k, sent.reason, 'garbage');
          else this.checkAnswer(k, sent.raw);
        }
      }
      stats.checkMs += performance.now() - c0;
    }
  }

  /** Has the engine play its built-in bot `id` for seat `k` in turn `t` (its answer checked and
   * kept there), within the seat's budget, as a bot called here. */
  playNative(k: number, id: string, t: number): void {
    const { setup, stats } = this;
    const t0 = performance.now();
    let refused: string | undefined;
    let threw: unknown = null;
    let failed = false;
    try {
      refused = this.game.playBuiltin!(k, id);
    } catch (e) {
      failed = true;
      threw = e;
    }
    const ms = performance.now() - t0;
    stats.botMs += ms;
    if (ms > setup.turnMs) this.eject(k, timedOut(setup.turnMs), 'timeout');
    else if (failed) this.eject(k, `threw: ${errorText(threw)} (turn ${t})`, 'error');
    else if (refused !== undefined) this.eject(k, `answered garbage: ${refused}`, 'garbage');
  }

  /** One turn: every seat's answer, checked, and the engine's step. */
  async playTurn(): Promise<void> {
    const { game, setup, stats } = this;
    const t = game.turn;
    const c0 = performance.now();
    const seen = game.observe(setup.forward, this.enginePlays);
    stats.observeMs += performance.now() - c0;
    if (seen.over) return;
    const hosted = this.ports.flatMap((p, k) => (p && !this.out.has(k) && seen.observations[k] != null ? [k] : []));
    const portAnswers = hosted.length > 0 ? this.askHostedBots(t, seen, hosted) : null;
    const pageAnswers = this.onPage.some((p, k) => p && !this.out.has(k)) ? this.askPage(false, t, seen) : null;
    await this.callBuiltinBots(t, seen);
    if (portAnswers) {
      const w0 = performance.now();
      // A slow turn: the page hears of the turns before it (it names the turn a crash cut short).
      const slow = setTimeout(() => this.flush(), SLOW_MS);
      const got = await portAnswers;
      clearTimeout(slow);
      stats.waitMs += performance.now() - w0;
      if (this.halted) return;
      let slowest = 0;
      hosted.forEach((k, i) => {
        const a = got[i];
        if (!a || this.out.has(k)) return;
        slowest = Math.max(slowest, a.ms);
        this.checkAnswer(k, a.moves);
      });
      stats.hostedMs += slowest;
    }
    if (pageAnswers) {
      const got = await pageAnswers;
      if (this.halted) return;
      got.forEach((a, k) => {
        if (!a || this.out.has(k)) return;
        if (a.ok) this.checkAnswer(k, a.raw);
        else if (a.eject && this.isBot[k]) this.eject(k, a.eject.reason, a.eject.kind, false, a.eject.line);
      });
    }
    const c1 = performance.now();
    game.stepAccepted();
    const c2 = performance.now();
    stats.turns++;
    this.unposted++;
    if (this.watch) this.batches.push(game.batchLast());
    stats.stepMs += c2 - c1;
    stats.frameMs += performance.now() - c2;
  }

  /** The loop: the seats' start, then turns until the game is over or halted, within the credit,
   * posting a chunk of play at a time. */
  async run(): Promise<void> {
    const { game, stats } = this;
    const t0 = performance.now();
    await this.startSeats();
    const t1 = performance.now();
    stats.startMs = t1 - t0;
    let chunk = t1;
    while (!this.halted && !game.isOver()) {
      if (game.numFrames >= this.credit) {
        this.flush();
        const w0 = performance.now();
        await new Promise<void>((r) => (this.wakeCredit = r));
        stats.waitMs += performance.now() - w0;
        chunk = performance.now();
        continue;
      }
      await this.playTurn();
      if (performance.now() - chunk > CHUNK_MS) {
        // A game nobody watches is posted only for what the page acts on, and (without frames)
        // while bots of the bot host play: the page names the turn a crash of theirs cut short.
        if (this.watch || this.ejected.length > 0 || this.notes.length > 0 || this.ports.some((p) => p !== null)) this.flush();
        await (this.yields as { pause: () => Promise<void> }).pause();
        chunk = performance.now();
      }
    }
    stats.loopMs = performance.now() - t1;
    if (!this.halted) this.flush();
  }

  /** Runs the loop to its end, then tells the page how it ended (unless halted). */
  start(): void {
    this.yields = yielder();
    void this.run()
      .finally(() => {
        this.yields?.close();
        this.closePorts();
      })
      .then(
        () => {
          if (!this.halted) this.post({ type: 'ended', error: null, stats: this.stats });
        },
        (e: unknown) => {
          if (!this.halted) {
            this.flush();
            this.post({ type: 'ended', error: e instanceof Error ? e.message : String(e), stats: this.stats });
          }
        },
      );
  }

  /** Wakes the loop waiting for credit. */
  wake(): void {
    const w = this.wakeCredit;
    this.wakeCredit = null;
    w?.();
  }

  /** The page grants credit up to `frames` frames (less than it had: nothing changes). */
  grantCredit(frames: number): void {
    if (typeof frames !== 'number' || !(frames > this.credit)) return;
    this.credit = frames;
    this.wake();
  }

  /** A page seat's answer to the ask of turn `t` (an answer to any other ask is dropped). */
  answer(t: number, seat: number, a: PageAnswer): void {
    if (t !== this.asked) return;
    const w = this.awaited.get(seat);
    if (!w) return;
    this.awaited.delete(seat);
    w(a);
  }

  /** A seat's player resigns: ejected at once. */
  resign(seat: number): void {
    if (this.halted || this.game.isOver() || !this.isSeat(seat)) return;
    this.eject(seat, 'resigned', 'resigned');
    this.flush();
  }

  /** A hosted bot failed outside its messages (the page says why): ejected at once. */
  failed(seat: number, reason: string, kind: EjectionKind): void {
    if (this.halted || this.game.isOver() || !this.isSeat(seat) || !this.isBot[seat]) return;
    this.eject(seat, String(reason), kind);
    this.flush();
  }

  /** Stops the loop: nothing more is awaited, played or posted. */
  halt(): void {
    this.halted = true;
    for (const w of this.awaited.values()) w(null);
    this.awaited.clear();
    this.closePorts();
    this.wake();
  }

  private isSeat(seat: number): boolean {
    return Number.isInteger(seat) && seat >= 0 && seat < this.seats.length;
  }

  /** The control the page gets: its messages, each a method of the loop. */
  control(): LoopControl {
    return {
      credit: (frames) => this.grantCredit(frames),
      answer: (t, seat, a) => this.answer(t, seat, a),
      resign: (seat) => this.resign(seat),
      failed: (seat, reason, kind) => this.failed(seat, reason, kind),
      halt: () => this.halt(),
    };
  }
}
