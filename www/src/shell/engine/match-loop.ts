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

/** A live game as the loop needs it (the host's LiveGame has all of this). */
export interface LoopGame<B> {
  readonly numFrames: number;
  readonly turn: number;
  isOver(): boolean;
  results(): unknown;
  batchLast(): B;
  observe(forward: boolean): Seen & { transfer: Transferable[] };
  /** The engine's check of one seat's packed answer against the game now: undefined when it
   * passes (the engine keeps it for the turn, replacing what the seat had), else why it is
   * refused (the seat then has nothing kept). `lenient`: a recorded seat's answer (what the
   * original accepted). */
  accept(seat: number, packed: Uint32Array | Float64Array, lenient: boolean): string | undefined;
  /** Plays the turn with the answers the engine kept (each read once, when accepted). */
  stepAccepted(): void;
  eject(seat: number, atInit: boolean): void;
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

const n = (v: number) => v.toLocaleString('en-US');

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
  if (json.length > MAX_JSON) return { ok: false, reason: `answered garbage: answered ${n(json.length)} characters of moves (at most ${n(MAX_JSON)})` };
  const raw: unknown = JSON.parse(json);
  if (Array.isArray(raw) && raw.length > MAX_RECORDS) return { ok: false, reason: `answered garbage: ${n(raw.length)} moves (at most ${n(MAX_RECORDS)})` };
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

const timedOut = (ms: number) => `timed out (no answer within ${n(ms)} ms)`;

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

/** Runs a match's loop on `game`; `post` reaches the page. `seriesSince(from)` gives the series'
 * values of frames `from` on. */
export function runLoop<B>(
  game: LoopGame<B>,
  codec: LoopCodec<B>,
  setup: LoopSetup,
  post: (m: FromEngine<unknown, B>, transfer?: Transferable[]) => void,
  seriesSince: (from: number) => SeriesDelta,
): LoopControl {
  const seats = setup.seats;
  const out = new Set<number>();
  let credit = setup.credit;
  let halted = false;
  let wakeCredit: (() => void) | null = null;
  /** The page seats' answers still awaited this turn (by seat). */
  const awaited = new Map<number, (a: PageAnswer | null) => void>();
  let asked = -2;
  /** Seats the page answers: its own, and built-in bots that run isolated. */
  const onPage = seats.map((s) => s.kind === 'page');
  const lenient = seats.map((s) => s.kind === 'page' && s.lenient);
  const isBot = seats.map((s) => s.kind === 'builtin' || s.bot);
  const bots: (Bot | null)[] = seats.map(() => null);
  // What is played but not yet posted.
  let batches: B[] = [];
  let ejected: LoopEjection[] = [];
  let notes: LoopNote[] = [];
  /** Hosted bots' ports (by seat), once their start handed them over, and their awaited turns. */
  const ports: (MessagePort | null)[] = seats.map(() => null);
  const portWaits = new Map<number, PortWait>();
  let postedFrames = game.numFrames;
  const watch = setup.watch !== false;
  /** Turns played and not yet posted (a game nobody watches posts no frames for them). */
  let unposted = 0;
  const stats: LoopStats = { turns: 0, startMs: 0, loopMs: 0, botMs: 0, waitMs: 0, observeMs: 0, checkMs: 0, stepMs: 0, frameMs: 0, postMs: 0, hostedMs: 0, hostedBytes: 0 };
  const yields = yielder();

  const flush = (): void => {
    if (unposted === 0 && ejected.length === 0 && notes.length === 0) return;
    const t0 = performance.now();
    const series = watch ? seriesSince(postedFrames) : { from: game.numFrames, frames: 0, values: {} };
    postedFrames = game.numFrames;
    unposted = 0;
    const transfer = [...batches.flatMap((b) => codec.buffers(b)), ...Object.values(series.values).map((v) => v.buffer as Transferable)];
    post({ type: 'played', batches, ejected, notes, series, results: game.results(), over: game.isOver(), turn: game.turn }, [...new Set(transfer)]);
    batches = [];
    ejected = [];
    notes = [];
    stats.postMs += performance.now() - t0;
  };

  const eject = (seat: number, reason: string, kind: EjectionKind, atInit = false, line?: number): void => {
    if (out.has(seat)) return;
    out.add(seat);
    const frame = atInit ? 0 : game.numFrames;
    game.eject(seat, atInit);
    ejected.push(line === undefined ? { seat, reason, kind, frame } : { seat, reason, kind, frame, line });
    bots[seat] = null;
    // An ejected seat's answer is no longer awaited.
    awaited.get(seat)?.(null);
    awaited.delete(seat);
    closePort(seat);
  };

  const closePort = (seat: number): void => {
    const w = portWaits.get(seat);
    if (w) {
      portWaits.delete(seat);
      if (w.timer) clearTimeout(w.timer);
      w.resolve(null);
    }
    probes.delete(seat);
    const p = ports[seat];
    if (!p) return;
    ports[seat] = null;
    p.onmessage = null;
    p.onmessageerror = null;
    p.close();
  };

  /** A message from a hosted bot's port: checked before anything is done with it. */
  const hear = (k: number, data: unknown): void => {
    if (halted || out.has(k)) return;
    const msg = readFromWorker(data);
    if (typeof msg === 'string') {
      eject(k, `answered garbage: ${msg}`, 'garbage');
      flush();
      return;
    }
    if (msg.type === 'pong') {
      // The answer to a probe of its thread: anything else is a message it was not asked for.
      if (probes.get(k)?.n === msg.n) probes.delete(k);
      else {
        eject(k, 'answered garbage: a message it was not asked for', 'garbage');
        flush();
      }
      return;
    }
    const w = portWaits.get(k);
    if (w?.overrun) return; // too late: the page is ending it
    // The runtime answers each turn once, when asked: anything else is not its runtime speaking
    // (a flood), and ends the bot at once, before any more of it is read.
    if (msg.type === 'ready' || !w || msg.turn !== w.turn) {
      eject(k, 'answered garbage: a message it was not asked for', 'garbage');
      flush();
      return;
    }
    portWaits.delete(k);
    if (w.timer) clearTimeout(w.timer);
    if (msg.log || (msg.type === 'answer' && msg.drawings.length > 0)) notes.push({ seat: k, turn: w.turn, log: msg.log, drawings: msg.type === 'answer' ? msg.drawings : [] });
    if (msg.type === 'error') {
      eject(k, turnFailure(msg, w.turn), msg.garbage ? 'garbage' : 'error', false, msg.line ?? undefined);
      w.resolve(null);
      return;
    }
    w.resolve({ moves: msg.moves, ms: msg.ms });
    // Others still thinking: its thread should be free from now on.
    if (probeTimer) sendPing(k, performance.now());
  };

  // A hosted bot computes only in its own turn. While any hosted bot is thinking, every other one
  // (having answered) is probed every PROBE_MS: its runtime answers as soon as the bot's code lets
  // its thread go, so a bot whose thread is still busy BUSY_MS after a probe is computing out of
  // turn, on a core its neighbours' budgets count on, and is ejected. (A bot that computes in
  // slices shorter than that is not caught; every bot is one thread, though, so it takes at most
  // one core.)
  const probes = new Map<number, { n: number; at: number }>();
  let probeTimer: ReturnType<typeof setInterval> | null = null;
  let pings = 0;
  const probe = (): void => {
    if (halted || portWaits.size === 0) return stopProbes();
    const now = performance.now();
    for (let k = 0; k < seats.length; k++) {
      const port = ports[k];
      if (!port || out.has(k) || portWaits.has(k)) continue;
      const last = probes.get(k);
      if (last) {
        if (now - last.at > BUSY_MS) {
          eject(k, `kept computing after its answer (its thread was still busy ${n(BUSY_MS)} ms later, while other bots were thinking; a bot computes only in its own turn)`, 'error');
          flush();
        }
        continue;
      }
      sendPing(k, now);
    }
  };
  const sendPing = (k: number, now: number): void => {
    const port = ports[k];
    if (!port || probes.has(k)) return;
    const id = ++pings;
    probes.set(k, { n: id, at: now });
    try {
      port.postMessage({ type: 'ping', n: id });
    } catch {
      probes.delete(k);
    }
  };
  const startProbes = (): void => {
    if (probeTimer || ports.every((p) => p === null)) return;
    // A probe still unanswered from an earlier turn counts from now.
    const now = performance.now();
    for (const p of probes.values()) p.at = now;
    probeTimer = setInterval(probe, PROBE_MS);
  };
  const stopProbes = (): void => {
    if (probeTimer) clearInterval(probeTimer);
    probeTimer = null;
  };

  /** Takes over a hosted bot's port (its start handed it over). */
  const attach = (k: number, port: MessagePort): void => {
    if (out.has(k) || halted) {
      port.close();
      return;
    }
    ports[k] = port;
    onPage[k] = false;
    port.onmessage = (e: MessageEvent) => hear(k, e.data);
    port.onmessageerror = () => hear(k, undefined);
  };

  /** Asks the hosted bots on their ports for turn `turn`; resolves with their answers (null: none). */
  const askPorts = (turn: number, seen: Seen, ask: number[]): Promise<({ moves: unknown; ms: number } | null)[]> => {
    const fwd = seen.forward;
    const waits = ask.map((k) => {
      const port = ports[k] as MessagePort;
      const obs = seen.observations[k];
      return new Promise<{ moves: unknown; ms: number } | null>((resolve) => {
        const w: PortWait = { turn, timer: null, overrun: false, resolve };
        portWaits.set(k, w);
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
          eject(k, `could not be reached: ${errorText(e)}`, 'error');
          return;
        }
        if (Number.isFinite(setup.turnMs)) {
          w.timer = setTimeout(() => {
            if (portWaits.get(k) !== w) return;
            // Only the page can end the bot's worker: it does, and says why (a timeout, or the
            // bot host's crash), which ejects the seat.
            w.overrun = true;
            w.timer = null;
            post({ type: 'overrun', seat: k, turn, ms: setup.turnMs });
          }, setup.turnMs);
        }
      });
    });
    startProbes();
    return Promise.all(waits).then((got) => {
      stopProbes();
      return got;
    });
  };

  /** Asks the page for its seats' answers (start: their start) and waits for them all. */
  const askPage = async (start: boolean, turn: number, seen: Seen): Promise<(PageAnswer | null)[]> => {
    const ask = seats.map((_, k) => k).filter((k) => onPage[k] && !out.has(k) && seen.observations[k] != null);
    const got: (PageAnswer | null)[] = seats.map(() => null);
    if (ask.length === 0) return got;
    flush();
    // A start is asked as turn -1, so that a late answer to it is never taken for a turn's.
    const id = start ? -1 : turn;
    asked = id;
    const observations = seen.observations.map((o, k) => (ask.includes(k) ? o : null));
    const waits = ask.map(
      (k) =>
        new Promise<void>((resolve) => {
          awaited.set(k, (a) => {
            got[k] = a;
            resolve();
          });
        }),
    );
    post({ type: 'ask', start, turn: id, seats: ask, observations, forward: seen.forward });
    const t0 = performance.now();
    await Promise.all(waits);
    stats.waitMs += performance.now() - t0;
    return got;
  };

  /** Why the engine or the packing refuses the answer (undefined: it passes, and the engine
   * keeps it for the turn). */
  const verdict = (k: number, raw: unknown, lenient: boolean): string | undefined => {
    const p = codec.pack(raw, k, lenient);
    const refused = game.accept(k, p.packed, lenient) ?? p.reason;
    // Rows before a packing fault may pass the engine: a refused answer keeps nothing.
    if (refused !== undefined && p.reason !== undefined) game.accept(k, p.packed.subarray(0, 0), lenient);
    return refused;
  };

  /** The answer packed, checked and kept by the engine for the turn; a refused one ejects the
   * seat. */
  const checked = (k: number, raw: unknown): void => {
    const refused = verdict(k, raw, lenient[k]);
    if (refused !== undefined) eject(k, `answered garbage: ${refused || 'not a list of moves'}`, 'garbage');
  };

  const startSeats = async (): Promise<void> => {
    const atInit = game.turn === 0;
    const wantsForward = setup.forward;
    const seen = game.observe(wantsForward);
    // Built-in bots: their module, then each bot made for its seed, within the start budget.
    const t0 = performance.now();
    let list: BuiltinBots | null = null;
    let failure: string | null = null;
    if (seats.some((s) => s.kind === 'builtin')) {
      try {
        list = await codec.bots();
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
        onPage[k] = true;
        return;
      }
      try {
        bots[k] = info.create(s.seed) as Bot;
      } catch (e) {
        fails.push([k, errorText(e)]);
      }
    });
    const own = performance.now() - t0;
    const page = await askPage(true, game.turn, seen);
    if (halted) return;
    for (const [k, reason] of fails) eject(k, `failed to start: ${reason}`, 'start', atInit);
    seats.forEach((_, k) => {
      if (bots[k] && own > setup.initMs) eject(k, `failed to start: ${timedOut(setup.initMs)}`, 'start', atInit);
      const a = page[k];
      if (a && !a.ok && a.eject) eject(k, a.eject.reason, a.eject.kind, atInit, a.eject.line);
      if (a && a.ok && a.port) attach(k, a.port);
    });
  };

  /** One turn: every seat's answer, checked, and the engine's step. */
  const turn = async (): Promise<void> => {
    const t = game.turn;
    let c0 = performance.now();
    const seen = game.observe(setup.forward);
    stats.observeMs += performance.now() - c0;
    if (seen.over) return;
    const hosted = ports.flatMap((p, k) => (p && !out.has(k) && seen.observations[k] != null ? [k] : []));
    const portAnswers = hosted.length > 0 ? askPorts(t, seen, hosted) : null;
    const pageAnswers = onPage.some((p, k) => p && !out.has(k)) ? askPage(false, t, seen) : null;
    for (let k = 0; k < seats.length; k++) {
      const bot = bots[k];
      const obs = seen.observations[k];
      if (!bot || onPage[k] || out.has(k) || obs === null || obs === undefined) continue;
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
      c0 = performance.now();
      const ms = c0 - t0;
      stats.botMs += ms;
      if (out.has(k)) continue;
      if (ms > setup.turnMs) eject(k, timedOut(setup.turnMs), 'timeout');
      else if (failed) eject(k, `threw: ${errorText(threw)} (turn ${t})`, 'error');
      else {
        // Most answers pass the check as they are; one that does not is read as a bot worker's
        // message would be (through JSON), so its ejection reads the same.
        if (verdict(k, moves, false) !== undefined) {
          const sent = asSent(moves);
          if (!sent.ok) eject(k, sent.reason, 'garbage');
          else checked(k, sent.raw);
        }
      }
      stats.checkMs += performance.now() - c0;
    }
    if (portAnswers) {
      const w0 = performance.now();
      // A slow turn: the page hears of the turns before it (it names the turn a crash cut short).
      const slow = setTimeout(flush, SLOW_MS);
      const got = await portAnswers;
      clearTimeout(slow);
      stats.waitMs += performance.now() - w0;
      if (halted) return;
      let slowest = 0;
      hosted.forEach((k, i) => {
        const a = got[i];
        if (!a || out.has(k)) return;
        slowest = Math.max(slowest, a.ms);
        checked(k, a.moves);
      });
      stats.hostedMs += slowest;
    }
    if (pageAnswers) {
      const got = await pageAnswers;
      if (halted) return;
      got.forEach((a, k) => {
        if (!a || out.has(k)) return;
        if (a.ok) checked(k, a.raw);
        else if (a.eject && isBot[k]) eject(k, a.eject.reason, a.eject.kind, false, a.eject.line);
      });
    }
    const c1 = performance.now();
    game.stepAccepted();
    const c2 = performance.now();
    stats.turns++;
    unposted++;
    if (watch) batches.push(game.batchLast());
    stats.stepMs += c2 - c1;
    stats.frameMs += performance.now() - c2;
  };

  const run = async (): Promise<void> => {
    const t0 = performance.now();
    await startSeats();
    const t1 = performance.now();
    stats.startMs = t1 - t0;
    let chunk = t1;
    while (!halted && !game.isOver()) {
      if (game.numFrames >= credit) {
        flush();
        const w0 = performance.now();
        await new Promise<void>((r) => (wakeCredit = r));
        stats.waitMs += performance.now() - w0;
        chunk = performance.now();
        continue;
      }
      await turn();
      if (performance.now() - chunk > CHUNK_MS) {
        // A game nobody watches is posted only for what the page acts on, and (without frames)
        // while bots of the bot host play: the page names the turn a crash of theirs cut short.
        if (watch || ejected.length > 0 || notes.length > 0 || ports.some((p) => p !== null)) flush();
        await yields.pause();
        chunk = performance.now();
      }
    }
    stats.loopMs = performance.now() - t1;
    if (!halted) flush();
  };

  const closePorts = (): void => {
    stopProbes();
    for (let k = 0; k < ports.length; k++) closePort(k);
  };

  void run()
    .finally(() => {
      yields.close();
      closePorts();
    })
    .then(
    () => {
      if (!halted) post({ type: 'ended', error: null, stats });
    },
    (e: unknown) => {
      if (!halted) {
        flush();
        post({ type: 'ended', error: e instanceof Error ? e.message : String(e), stats });
      }
    },
  );

  const wake = () => {
    const w = wakeCredit;
    wakeCredit = null;
    w?.();
  };

  return {
    credit(frames) {
      if (typeof frames !== 'number' || !(frames > credit)) return;
      credit = frames;
      wake();
    },
    answer(t, seat, a) {
      if (t !== asked) return;
      const w = awaited.get(seat);
      if (!w) return;
      awaited.delete(seat);
      w(a);
    },
    resign(seat) {
      if (halted || game.isOver() || !Number.isInteger(seat) || seat < 0 || seat >= seats.length) return;
      eject(seat, 'resigned', 'resigned');
      flush();
    },
    failed(seat, reason, kind) {
      if (halted || game.isOver() || !Number.isInteger(seat) || seat < 0 || seat >= seats.length || !isBot[seat]) return;
      eject(seat, String(reason), kind);
      flush();
    },
    halt() {
      halted = true;
      for (const w of awaited.values()) w(null);
      awaited.clear();
      closePorts();
      wake();
    },
  };
}
