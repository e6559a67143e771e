// The page side of every game's engine worker: opening a replay (its frames at once, the rest
// as it is computed) and a match played one turn a round trip (a step's answer carries the next
// turn's observations and only the series' new values). A game gives the codec: how its frames
// are made and grown, how its engine's standings and verdicts read, and how answers are packed.

import type { Drawings } from '../drawings';
import { EngineClient } from './engine-client';
import type { FromEngine, LoopSetup, Seen, SeriesDelta, SeriesMap, ToEngine, TurnState } from '../engine-protocol';
import type { FrameSource, LoopClient, LoopHandle, MatchHost, OpenedReplay, OpenOptions, Standing, VerifyResult } from '../game';
import type { Forward } from '../seat';

/** Frames that grow as a replay is read or a match is played. */
export interface EngineFrames extends FrameSource {
  setSeries(series: SeriesMap): void;
  appendSeries(d: SeriesDelta): void;
  setNames(names: string[]): void;
}

export interface FramesCodec<H, B, F extends EngineFrames> {
  frames(header: H): F;
  append(frames: F, batch: B): void;
  standings(raw: unknown, frames: number): Standing[];
  verdict(raw: unknown): VerifyResult;
  /** Every seat's checked action (null: none) as the engine's `step` takes them. */
  pack(actions: (unknown | null)[]): Uint32Array | Float64Array;
  /** A replay's frame count when its frames come in batches (the header says). */
  totalFrames?(header: H): number | undefined;
  fogOfWar?(header: H): number | undefined;
  /** The moves a replay recorded (for recorded seats), or null when it has none. */
  setMoves?(frames: F, moves: unknown): void;
}

type Client<C, H, B> = EngineClient<ToEngine<C>, FromEngine<H, B>>;

/** Opens a replay in `worker`. */
export function openReplayIn<C, H, B, F extends EngineFrames>(
  worker: Worker,
  codec: FramesCodec<H, B, F>,
  bytes: Uint8Array,
  onProgress: (label: string) => void,
  options: OpenOptions = {},
): Promise<OpenedReplay> {
  const w: Client<C, H, B> = new EngineClient(worker);
  const paced = options.paced === true;
  return new Promise<OpenedReplay>((resolveOpen, rejectOpen) => {
    let standings!: (s: Standing[]) => void;
    let seriesReady!: () => void;
    let verdict!: (v: VerifyResult) => void;
    let failLater: (e: Error) => void = () => {};
    const pStandings = new Promise<Standing[]>((r) => (standings = r));
    const pSeries = new Promise<void>((r) => (seriesReady = r));
    const pVerdict = new Promise<VerifyResult>((r, j) => {
      verdict = r;
      failLater = j;
    });
    pVerdict.catch(() => {});
    type Extras = { logs: string[][] | null; drawings: Drawings | null; trimmed: string | null };
    let extras!: (x: Extras) => void;
    const pExtras = new Promise<Extras>((r) => (extras = r));
    let frames: F | null = null;
    let header: H | null = null;
    let total = 0;
    // The replay is shown once all its frames are here: they may come in batches, each a short task.
    const whole = () => {
      if (!frames || !header || frames.numFrames < total) return;
      resolveOpen({
        source: frames,
        fogOfWar: codec.fogOfWar?.(header),
        standings: pStandings,
        seriesReady: pSeries,
        verdict: pVerdict,
        logs: pExtras.then((x) => x.logs),
        drawings: pExtras.then((x) => x.drawings),
        trimmed: pExtras.then((x) => x.trimmed),
        bytes,
        drawn: () => {
          if (paced) w.send({ type: 'drawn' });
        },
        dispose: () => w.terminate(),
      });
    };
    w.onEvent = (m) => {
      switch (m.type) {
        case 'progress':
          onProgress(m.label);
          break;
        case 'error':
          extras({ logs: null, drawings: null, trimmed: null });
          if (frames) codec.setMoves?.(frames, null);
          if (!frames || frames.numFrames < total) rejectOpen(new Error(m.message));
          else failLater(new Error(m.message));
          w.terminate();
          break;
        case 'opened':
          header = m.header;
          frames = codec.frames(m.header);
          codec.append(frames, m.batch);
          total = codec.totalFrames?.(m.header) ?? frames.numFrames;
          whole();
          break;
        case 'frames':
          if (frames) codec.append(frames, m.batch);
          whole();
          break;
        case 'series':
          frames?.setSeries(m.series);
          seriesReady();
          break;
        case 'standings':
          standings(codec.standings(m.standings, frames?.numFrames ?? 0));
          break;
        case 'verdict':
          verdict(codec.verdict(m.verdict));
          break;
        case 'moves':
          if (frames) codec.setMoves?.(frames, m.moves);
          break;
        case 'logs':
          // The last message of an opening: the worker's work is done.
          extras({ logs: m.logs && frames && m.logs.length === frames.numPlayers ? m.logs : null, drawings: m.drawings, trimmed: typeof m.trimmed === 'string' ? m.trimmed : null });
          w.terminate();
          break;
        default:
          break;
      }
    };
    // The worker gets its own copy: the page keeps the bytes for download.
    const copy = bytes.slice();
    w.send({ type: 'open', bytes: copy, paced }, [copy.buffer as Transferable]);
  });
}

/** A match played in an engine worker. */
export class EngineMatch<C, H, B, F extends EngineFrames> implements MatchHost {
  source!: F;
  seats = 0;
  over = false;
  turn = 0;
  results: Standing[] = [];
  private fwd: Forward | null = null;
  /** The observations the last step brought (used once, by the next `observations()`). */
  private next: Seen | null = null;
  /** Bytes posted between the page and the engine worker so far (for the benchmarks). */
  bytesPosted = 0;
  /** The loop's asks of the page for turns (not starts), for benchmarks and tests. */
  turnAsks = 0;

  /** Where the worker goes when the match is disposed of after a clean end (to be reused). */
  private reuse: ((worker: Worker) => void) | null = null;
  /** The loop ended cleanly: the worker posts nothing more on its own. */
  private ended = false;

  private constructor(
    private readonly w: Client<C, H, B>,
    private readonly codec: FramesCodec<H, B, F>,
  ) {}

  /** Starts (`start`) or forks (`fork`) a match in `worker`. */
  static async create<C, H, B, F extends EngineFrames>(
    worker: Worker,
    codec: FramesCodec<H, B, F>,
    first: ToEngine<C>,
    players: (h: H) => number,
    transfer: Transferable[] = [],
    reuse: ((worker: Worker) => void) | null = null,
  ): Promise<EngineMatch<C, H, B, F>> {
    const w: Client<C, H, B> = new EngineClient(worker);
    const m = new EngineMatch<C, H, B, F>(w, codec);
    m.reuse = reuse;
    const started = await w.awaitEvent(first, 'started', transfer);
    m.source = codec.frames(started.header);
    m.seats = players(started.header);
    m.take(started);
    return m;
  }

  private take(s: TurnState<B>): void {
    this.codec.append(this.source, s.batch);
    if (s.series.from === 0) this.source.setSeries(s.series.values);
    else this.source.appendSeries(s.series);
    this.bytesPosted += bytesOf(s.batch) + bytesOf(s.series.values);
    this.results = this.codec.standings(s.results, this.source.numFrames);
    this.over = s.over;
    this.turn = s.turn;
  }

  private seen(r: Seen): (unknown | null)[] {
    this.fwd = r.forward ?? null;
    // A seat ejected before the first turn may have ended the game.
    this.over = r.over;
    if (r.over) this.results = this.codec.standings(r.results, this.source.numFrames);
    this.bytesPosted += bytesOf(r.observations) + bytesOf(r.forward);
    return r.observations;
  }

  async observations(opts: { forward?: boolean } = {}): Promise<(unknown | null)[]> {
    const cached = this.next;
    this.next = null;
    // The last step's answer brought them (asked with the same forward flag).
    if (cached && (cached.forward !== undefined) === (opts.forward === true)) return this.seen(cached);
    const r = await this.w.request((id) => ({ type: 'observe', id, forward: opts.forward === true }), 'observations');
    return this.seen(r);
  }

  forward(): Forward | null {
    return this.fwd;
  }

  async check(seat: number, raw: unknown): Promise<string | null> {
    return (await this.w.request((id) => ({ type: 'check', id, seat, raw }), 'checked')).reason;
  }

  async step(actions: (unknown | null)[], opts: { forward?: boolean } = {}): Promise<void> {
    const packed = this.codec.pack(actions);
    this.bytesPosted += packed.byteLength;
    const r = await this.w.request((id) => ({ type: 'step', id, packed, forward: opts.forward === true }), 'stepped', [packed.buffer as Transferable]);
    this.take(r);
    this.next = r.next;
  }

  eject(seat: number, atInit: boolean): void {
    this.w.send({ type: 'eject', seat, atInit });
  }

  setName(seat: number, name: string): void {
    const names = this.source.playerNames();
    if (seat < 0 || seat >= names.length) return;
    names[seat] = name;
    this.source.setNames(names);
    this.w.send({ type: 'name', seat, name });
  }

  play(setup: LoopSetup, client: LoopClient): LoopHandle {
    let done = false;
    const end = (error: string | null, stats: Parameters<LoopClient['ended']>[1]) => {
      if (done) return;
      done = true;
      client.ended(error, stats);
    };
    this.w.onEvent = (m) => {
      if (done) return;
      switch (m.type) {
        case 'played': {
          for (const b of m.batches) this.codec.append(this.source, b);
          if (m.series.frames > 0) this.source.appendSeries(m.series);
          this.bytesPosted += bytesOf(m.batches) + bytesOf(m.series.values);
          this.results = this.codec.standings(m.results, this.source.numFrames);
          this.over = m.over;
          this.turn = m.turn;
          client.played(m.ejected, m.notes);
          return;
        }
        case 'ask':
          if (!m.start) this.turnAsks++;
          this.fwd = m.forward ?? null;
          this.bytesPosted += bytesOf(m.observations) + bytesOf(m.forward);
          client.ask(m.start, m.turn, m.seats, m.observations, m.forward ?? null);
          return;
        case 'overrun':
          client.overrun(m.seat, m.turn, m.ms);
          return;
        case 'ended':
          this.ended = m.error === null;
          end(m.error, m.stats);
          return;
        case 'error':
          end(m.message, null);
          return;
        default:
          return;
      }
    };
    this.w.send({ type: 'play', ...setup });
    const send = (m: ToEngine<C>, transfer: Transferable[] = []) => {
      if (!done) this.w.send(m, transfer);
    };
    return {
      credit: (frames) => send({ type: 'credit', frames }),
      answer: (turn, seat, answer) => send({ type: 'answer', turn, seat, answer }, answer.ok && answer.port ? [answer.port] : []),
      resign: (seat) => send({ type: 'resign', seat }),
      failed: (seat, reason, kind) => send({ type: 'failed', seat, reason, kind }),
      halt: () => {
        send({ type: 'halt' });
        done = true;
      },
    };
  }

  async replayBytes(members = '', opts: { gzip?: boolean } = {}): Promise<Uint8Array> {
    const r = await this.w.request((id) => ({ type: 'save', id, members, gzip: opts.gzip === true }), 'saved');
    return r.bytes;
  }

  dispose(): void {
    const worker = this.ended && this.reuse ? this.w.detach() : null;
    if (worker && this.reuse) this.reuse(worker);
    else this.w.terminate();
  }
}

/** Engine workers of one game whose match ended cleanly, kept a moment for the next match: a
 * worker's start (its script, the engine's instantiation, the bots' module) costs as much as
 * many turns of a small game, and an arena starts games one after another. */
class IdleWorkers {
  private idle: { worker: Worker; timer: ReturnType<typeof setTimeout> }[] = [];
  constructor(private readonly make: () => Worker) {}

  take(): Worker {
    const e = this.idle.pop();
    if (!e) return this.make();
    clearTimeout(e.timer);
    return e.worker;
  }

  give = (worker: Worker): void => {
    if (this.idle.length >= MAX_IDLE) {
      worker.terminate();
      return;
    }
    const entry = {
      worker,
      timer: setTimeout(() => {
        this.idle = this.idle.filter((x) => x !== entry);
        worker.terminate();
      }, IDLE_MS),
    };
    this.idle.push(entry);
  };
}

/** How many idle engine workers a game keeps, and for how long, ms. */
const MAX_IDLE = 4;
const IDLE_MS = 1000;

/** The bytes of the typed arrays in a message (what posting it copies or transfers). */
function bytesOf(v: unknown, depth = 0): number {
  if (ArrayBuffer.isView(v)) return v.byteLength;
  if (depth > 3 || typeof v !== 'object' || v === null) return 0;
  let n = 0;
  for (const x of Array.isArray(v) ? v : Object.values(v)) n += bytesOf(x, depth + 1);
  return n;
}

/** A game's engine runtime, as its module offers it: replays opened and matches started or
 * forked, each in a new worker from `worker()`. */
export function engineRuntime<C, H, B, F extends EngineFrames>(worker: () => Worker, codec: FramesCodec<H, B, F>, players: (h: H) => number) {
  const idle = new IdleWorkers(worker);
  return {
    openReplay: (bytes: Uint8Array, onProgress: (label: string) => void, options?: OpenOptions): Promise<OpenedReplay> => openReplayIn(worker(), codec, bytes, onProgress, options),
    start: (config: C): Promise<MatchHost> => EngineMatch.create<C, H, B, F>(idle.take(), codec, { type: 'start', config }, players, [], idle.give),
    /** A match continuing the replay `bytes` from `frame` (the worker gets its own copy). */
    fork(bytes: Uint8Array, frame: number): Promise<MatchHost> {
      const copy = bytes.slice();
      return EngineMatch.create<C, H, B, F>(idle.take(), codec, { type: 'fork', bytes: copy, frame }, players, [copy.buffer as Transferable], idle.give);
    },
  };
}
