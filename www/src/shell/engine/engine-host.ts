// The worker side of every game's engine: one engine instance per worker, messages handled one
// at a time in order (an eject lands before the next step), errors answered to the request that
// caused them. A game gives the codec: how to open its replays, start or fork a match, and read
// a live game's rows, series and observations; the host does the rest.

import type { FromEngine, Seen, SeriesDelta, SeriesMap, ToEngine } from '../engine-protocol';
import { runLoop, type LoopCodec, type LoopControl } from './match-loop';
import { gzip, startsJson } from '../compress';
import { capNames, capStandingNames, cutsText, type ReplayCuts } from './replay-caps';

/** A match in progress, as a game's codec wraps its engine handle. */
export interface LiveGame<B> {
  readonly numFrames: number;
  readonly turn: number;
  isOver(): boolean;
  results(): unknown;
  /** Frames [0, numFrames) and the turns between them (a new or forked game). */
  batchAll(): B;
  /** The newest frame and the turn that led to it (after a step). */
  batchLast(): B;
  /** Every series as of now, seat-major. */
  series(): SeriesMap;
  /** The series' values of frames `from` on (when the engine gives them without the rest). */
  seriesFrom?(from: number): SeriesDelta;
  /** What every living seat sees now, and (when asked) the forward model's start. A seat marked
   * in `skip` (one the engine plays itself) gets `true` in place of its observation while it is
   * in the game: nobody reads it, and building it costs as much as a small turn. */
  observe(forward: boolean, skip?: readonly boolean[]): Seen & { transfer: Transferable[] };
  /** The engine's check of one seat's packed answer, kept for `stepAccepted` when it passes
   * (see LoopGame). */
  accept(seat: number, packed: Uint32Array | Float64Array, lenient: boolean): string | undefined;
  /** Plays the turn with the answers kept by `accept` (the match loop's way). */
  stepAccepted(): void;
  /** The engine's own built-in bot `id` answers for `seat`, checked and kept as by `accept`
   * (games whose engine holds its built-in bots; see LoopGame). */
  playBuiltin?(seat: number, id: string): string | undefined;
  /** Plays the turn with every seat's answers joined in one packed array (the page's own
   * steps, which the engine checks whole). */
  step(packed: Uint32Array | Float64Array): void;
  eject(seat: number, atInit: boolean): void;
  setPlayerName(seat: number, name: string): void;
  /** The game as a replay file (written by the game's file module, loaded on first save).
   * `keep`: compressed for keeping in the browser, by the game's own compression where it has
   * one (a replay still plain JSON is then gzipped by the host with the browser's gzip). */
  save(members: string, keep: boolean): Promise<Uint8Array>;
  free(): void;
}

/** What every game's wasm game handle has, as the host needs it. */
export interface EngineHandle {
  readonly numFrames: number;
  readonly turn: number;
  isOver(): boolean;
  results(): unknown;
  eject(seat: number): void;
  ejectAtInit(seat: number): void;
  setPlayerName(seat: number, name: string): void;
  free(): void;
}

/** A live game from a game's wasm handle and the parts it writes itself (its rows, series,
 * observations, answer check, step and save). */
export function liveGame<B>(g: EngineHandle, own: Pick<LiveGame<B>, 'batchAll' | 'batchLast' | 'series' | 'seriesFrom' | 'observe' | 'accept' | 'stepAccepted' | 'step' | 'save'> & Partial<Pick<LiveGame<B>, 'playBuiltin'>>): LiveGame<B> {
  return {
    get numFrames() {
      return g.numFrames;
    },
    get turn() {
      return g.turn;
    },
    isOver: () => g.isOver(),
    results: () => g.results(),
    eject: (seat, atInit) => (atInit ? g.ejectAtInit(seat) : g.eject(seat)),
    setPlayerName: (seat, name) => g.setPlayerName(seat, name),
    free: () => g.free(),
    ...own,
  };
}

export interface EngineCodec<C, H, B> {
  /** Opens a replay, posting as it goes (see FromEngine). Between its pieces of work (the
   * frames, the statistics, the rules check) it awaits `drawn`. When the opening is paced, that
   * is the page saying it has drawn what came before (at most PACE_MS), so that the two do not
   * share the cores; otherwise it lets the worker's other messages in first. */
  open(bytes: Uint8Array, post: (m: FromEngine<H, B>, transfer?: Transferable[]) => void, drawn: () => Promise<void>): Promise<void>;
  start(config: C): Promise<{ game: LiveGame<B>; header: H }>;
  fork(bytes: Uint8Array, frame: number): Promise<{ game: LiveGame<B>; header: H }>;
  /** The buffers of a batch, to transfer. */
  buffers(b: B): Transferable[];
  /** What the match loop needs of the game (its answers' packing and joining, its bots). */
  loop: Omit<LoopCodec<B>, 'buffers'>;
}

interface Scope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

function message(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : String(e);
}

/** The values of frames `from` on of every series, from the engine's one flat copy of them
 * (`seriesFrom(from)` of a game handle: `[series][seat][frame]`, series in `names` order). */
export function seriesDelta(names: readonly string[], flat: Uint32Array, players: number, frames: number, from: number): SeriesDelta {
  const n = Math.max(0, frames - from);
  const values: SeriesMap = {};
  names.forEach((name, k) => (values[name] = flat.slice(k * players * n, (k + 1) * players * n)));
  return { from, frames: n, values };
}

/** The values of frames `from` on of every series (each seat-major over those frames). */
export function seriesFrom(all: SeriesMap, players: number, frames: number, from: number): SeriesDelta {
  const n = Math.max(0, frames - from);
  const values: SeriesMap = {};
  for (const [name, v] of Object.entries(all)) {
    const out = new Uint32Array(players * n);
    for (let s = 0; s < players; s++) out.set(v.subarray(s * frames + from, s * frames + frames), s * n);
    values[name] = out;
  }
  return { from, frames: n, values };
}

function seriesBuffers(s: SeriesDelta): Transferable[] {
  return Object.values(s.values).map((a) => a.buffer as Transferable);
}

/** How long a paced opening waits for the page to say it has drawn, ms: a page in a hidden tab
 * draws nothing, and a page that does not pace its openings never says. */
export const PACE_MS = 1000;

/** Lets the worker's other messages in first. */
export const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs this worker as a game's engine. */
export function hostEngine<C, H extends { names: string[] }, B>(codec: EngineCodec<C, H, B>, players: (h: H) => number): void {
  const scope = self as unknown as Scope;
  let game: LiveGame<B> | null = null;
  let seats = 0;
  let queue: Promise<void> = Promise.resolve();
  let loop: LoopControl | null = null;
  /** Ends the wait for the page's `drawn`, while there is one. */
  let drawnNow: (() => void) | null = null;
  const pageDrawn = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        drawnNow = null;
        resolve();
      };
      const timer = setTimeout(done, PACE_MS);
      drawnNow = done;
    });
  const post = (m: FromEngine<H, B>, transfer: Transferable[] = []): void => scope.postMessage(m, [...new Set(transfer)]);
  const need = (): LiveGame<B> => {
    if (!game) throw new Error('no game has been started');
    return game;
  };
  const started = (g: LiveGame<B>, header: H): void => {
    loop?.halt();
    loop = null;
    game?.free();
    game = g;
    seats = players(header);
    const batch = g.batchAll();
    const series = g.seriesFrom ? g.seriesFrom(0) : seriesFrom(g.series(), seats, g.numFrames, 0);
    post({ type: 'started', header, batch, results: g.results(), series, over: g.isOver(), turn: g.turn }, [...codec.buffers(batch), ...seriesBuffers(series)]);
  };

  const handle = async (m: ToEngine<C>): Promise<void> => {
    switch (m.type) {
      case 'open': {
        // A replay's names are held to a live game's limits on their way to the page, and its
        // last message says what its reading cut.
        const cuts: ReplayCuts = { names: 0, logs: 0, drawings: 0 };
        await codec.open(m.bytes, (msg, transfer) => {
          if (msg.type === 'opened') {
            const n = capNames(msg.header.names);
            cuts.names = n.cut;
            post({ ...msg, header: { ...msg.header, names: n.names } }, transfer);
          } else if (msg.type === 'standings') post({ ...msg, standings: capStandingNames(msg.standings).standings }, transfer);
          else if (msg.type === 'logs') {
            cuts.logs = msg.logsCut ?? 0;
            cuts.drawings = msg.drawingsCut ?? 0;
            post({ ...msg, trimmed: cutsText(cuts) }, transfer);
          } else post(msg, transfer);
        }, m.paced ? pageDrawn : tick);
        return;
      }
      case 'start': {
        const s = await codec.start(m.config);
        started(s.game, s.header);
        return;
      }
      case 'fork': {
        const s = await codec.fork(m.bytes, m.frame);
        // A game continued from a replay goes on under names a live game may have.
        const n = capNames(s.header.names);
        n.names.forEach((name, seat) => {
          if (name !== s.header.names[seat]) s.game.setPlayerName(seat, name);
        });
        started(s.game, { ...s.header, names: n.names });
        return;
      }
      case 'observe': {
        const { transfer, ...seen } = need().observe(m.forward === true);
        post({ type: 'observations', id: m.id, ...seen }, transfer);
        return;
      }
      case 'check': {
        // As the match loop checks an answer (its packing, then the engine); a refused or a
        // passing answer alike leaves nothing kept for the turn.
        const g = need();
        const p = codec.loop.pack(m.raw, m.seat, false);
        const reason = g.accept(m.seat, p.packed, false) ?? p.reason ?? null;
        g.accept(m.seat, p.packed.subarray(0, 0), false);
        post({ type: 'checked', id: m.id, reason });
        return;
      }
      case 'step': {
        const g = need();
        const before = g.numFrames;
        g.step(m.packed);
        const batch = g.batchLast();
        const series = g.seriesFrom ? g.seriesFrom(before) : seriesFrom(g.series(), seats, g.numFrames, before);
        const over = g.isOver();
        // The next turn's observations come with this turn's answer: one round trip a turn.
        const next = over ? null : g.observe(m.forward === true);
        const transfer = [...codec.buffers(batch), ...seriesBuffers(series), ...(next?.transfer ?? [])];
        const seen = next ? { observations: next.observations, over: next.over, results: next.results, forward: next.forward } : null;
        post({ type: 'stepped', id: m.id, batch, results: g.results(), series, over, turn: g.turn, next: seen }, transfer);
        return;
      }
      case 'eject':
        need().eject(m.seat, m.atInit);
        return;
      case 'name':
        need().setPlayerName(m.seat, m.name);
        return;
      case 'save': {
        const raw = await need().save(m.members, m.gzip === true);
        // A replay the game compressed (Halite I's fast gzip, Halite II's zstd) is sent as it is.
        const bytes = m.gzip && startsJson(raw) ? await gzip(raw) : raw;
        post({ type: 'saved', id: m.id, bytes }, [bytes.buffer as Transferable]);
        return;
      }
      case 'play': {
        const g = need();
        loop?.halt();
        const { type: _, ...setup } = m;
        const since = (from: number) => (g.seriesFrom ? g.seriesFrom(from) : seriesFrom(g.series(), seats, g.numFrames, from));
        loop = runLoop(g, { ...codec.loop, buffers: codec.buffers }, setup, post as (m: FromEngine<unknown, B>, t?: Transferable[]) => void, since);
        return;
      }
      case 'credit':
        loop?.credit(m.frames);
        return;
      case 'answer':
        loop?.answer(m.turn, m.seat, m.answer);
        return;
      case 'resign':
        loop?.resign(m.seat);
        return;
      case 'failed':
        loop?.failed(m.seat, m.reason, m.kind);
        return;
      case 'halt':
        loop?.halt();
        loop = null;
        return;
    }
  };

  scope.onmessage = (ev: MessageEvent) => {
    const m = ev.data as ToEngine<C>;
    // Not queued: the opening under way is what waits for it.
    if (m.type === 'drawn') {
      drawnNow?.();
      return;
    }
    queue = queue.then(() =>
      handle(m).catch((err: unknown) => {
        const id = 'id' in m ? m.id : undefined;
        post({ type: 'error', id, message: message(err) });
      }),
    );
  };
}
