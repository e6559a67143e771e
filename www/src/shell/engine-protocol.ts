// The one message set between the page and any game's engine worker. One worker per replay
// being opened or per match being played; it owns the engine state. A game writes only its
// codecs: its header `H` and frame batch `B` (the rows the page draws), its match config `C`
// and its packed answers (the form its engine's `step` takes).

import type { Drawings, Shape } from './drawings';
import type { Forward } from './seat';

/** What every game's new match is made from. */
export interface MatchStart {
  width: number;
  height: number;
  players: number;
  seed: number;
  playerNames: string[];
}

/** Statistics series by name: each seat-major, `seat * frames + frame`. */
export type SeriesMap = Record<string, Uint32Array>;

/** The values of every series for frames `from` on: each seat-major over those frames. */
export interface SeriesDelta {
  from: number;
  frames: number;
  values: SeriesMap;
}

export type ToEngine<C> =
  /** A replay to open. `paced`: after the frames, and again after the statistics, the worker
   * waits for the page's `drawn` (at most PACE_MS) before its next piece of work. */
  | { type: 'open'; bytes: Uint8Array; paced?: boolean }
  /** The page has drawn what a paced opening sent it so far. */
  | { type: 'drawn' }
  | { type: 'start'; config: C }
  | { type: 'fork'; bytes: Uint8Array; frame: number }
  | { type: 'observe'; id: number; forward?: boolean }
  /** The engine's check of one seat's answer (as the bot wrote it) against the game now: the
   * reason it would be refused, or null. Nothing is kept for the turn. */
  | { type: 'check'; id: number; seat: number; raw: unknown }
  /** One turn; the answer carries the next turn's observations (with a forward snapshot when
   * `forward`). */
  | { type: 'step'; id: number; packed: Uint32Array | Float64Array; forward?: boolean }
  | { type: 'eject'; seat: number; atInit: boolean }
  | { type: 'name'; seat: number; name: string }
  /** The game so far as the original's replay file, `members` inserted into its JSON; gzipped
   * here, off the page's main thread, when `gzip` is set. */
  | { type: 'save'; id: number; members: string; gzip?: boolean }
  // A match whose loop runs in the worker (shell/engine/match-loop.ts): started once, then fed.
  | ({ type: 'play' } & LoopSetup)
  /** The game may now reach `frames` frames (the viewer caught up). */
  | { type: 'credit'; frames: number }
  /** A page seat's answer to the worker's `ask` of `turn` (-1: its start). */
  | { type: 'answer'; turn: number; seat: number; answer: PageAnswer }
  | { type: 'resign'; seat: number }
  /** A hosted bot that answers on its own port failed outside its messages (its worker crashed,
   * the bot host died, or its budget ran out and the page ended its worker). */
  | { type: 'failed'; seat: number; reason: string; kind: EjectionKind }
  /** Stops the loop (the worker stays, to save the game). */
  | { type: 'halt' };

/** Why a seat left the game: it overran its budget, threw (or crashed), answered something that
 * is not a list of moves, failed to start (for any reason, its start budget included), or its
 * player resigned. */
export type EjectionKind = 'timeout' | 'error' | 'garbage' | 'start' | 'resigned';

/** Where a seat of a match played by the worker's loop runs: one of the game's built-in bots,
 * called in the engine worker itself, or a seat the page answers (asked once a turn). `lenient`:
 * its answers are checked as a recorded game's are. `bot`: a failure ejects it. */
export type LoopSeat = { kind: 'builtin'; id: string; seed: number } | { kind: 'page'; bot: boolean; lenient: boolean };

export interface LoopSetup {
  seats: LoopSeat[];
  initMs: number;
  turnMs: number;
  /** Page seats get the forward model's start with each turn. */
  forward: boolean;
  /** How many frames the game may reach before the page grants more (Infinity: no limit). */
  credit: number;
  /** False: nobody watches the game as it is played (an arena's), so its turns' frames and
   * series are never posted; the page hears only of ejections, logs, the standings, the turn
   * (while bots of the bot host play) and the end, and reads the game from its replay (`save`).
   * Absent: watched. */
  watch?: boolean;
  width: number;
  height: number;
}

/** What the page answers for one of its seats: a raw answer (checked in the worker), or none,
 * with the ejection it earned (a bot that failed). A hosted bot's start may hand over `port`, its
 * worker's end of a channel: the loop then asks it its turns there itself, not through the page. */
export type PageAnswer = { ok: true; raw: unknown; port?: MessagePort } | { ok: false; eject?: { reason: string; kind: EjectionKind; line?: number } };

export interface LoopEjection {
  seat: number;
  reason: string;
  kind: EjectionKind;
  /** The first frame in which the seat's pieces are neutral. */
  frame: number;
  line?: number;
}

/** Where a match's time went, measured in the worker, ms. */
export interface LoopStats {
  turns: number;
  /** From the loop's start (before the seats start) to the first turn. */
  startMs: number;
  /** From the first turn to the end. */
  loopMs: number;
  /** Inside the built-in bots' functions (the worker calls them one after another). */
  botMs: number;
  /** Waiting for the page: its seats' answers and its credit. */
  waitMs: number;
  /** Of the rest: the engine's observations; the answers' check and packing; the engine's step;
   * the turn's new frame copied out; the turns and series posted to the page. */
  observeMs: number;
  checkMs: number;
  stepMs: number;
  frameMs: number;
  postMs: number;
  /** Hosted bots asked on their ports: the slowest one's time inside its bot function each turn
   * (as its worker reports it), summed; and the bytes of observations and snapshots posted to them. */
  hostedMs: number;
  hostedBytes: number;
}

/** What a hosted bot asked on its port logged and drew in a turn (kept by the page). */
export interface LoopNote {
  seat: number;
  turn: number;
  log: string;
  drawings: Shape[];
}

/** What a live game sends with each turn: the new rows, the standings, the series' new values. */
export interface TurnState<B> {
  batch: B;
  results: unknown;
  series: SeriesDelta;
  over: boolean;
  turn: number;
}

/** What every seat sees: null for a seat that is out. */
export interface Seen {
  /** Each seat's observation: null for a seat out of the game, `true` for one the engine plays
   * itself (its observation is not built: see LiveGame.observe). */
  observations: (unknown | null)[];
  over: boolean;
  results: unknown;
  forward?: Forward;
}

export type FromEngine<H, B> =
  | { type: 'error'; id?: number; message: string }
  | { type: 'progress'; label: string }
  // Opening a replay: its header and first frames, then more frames, the series, standings,
  // the rules check, the moves it recorded (a game that needs them), and last the bot logs.
  | { type: 'opened'; header: H; batch: B }
  | { type: 'frames'; batch: B }
  | { type: 'series'; series: SeriesMap }
  | { type: 'standings'; standings: unknown }
  | { type: 'verdict'; verdict: unknown }
  | { type: 'moves'; moves: unknown }
  // (`logsCut`, `drawingsCut`: what the game's reading cut to a live game's limits; the host
  // adds `trimmed`, the sentence that says what was cut, names included: shell/engine/replay-caps.ts.)
  | { type: 'logs'; logs: string[][] | null; drawings: Drawings | null; logsCut?: number; drawingsCut?: number; trimmed?: string | null }
  // A match.
  | ({ type: 'started'; header: H } & TurnState<B>)
  | ({ type: 'observations'; id: number } & Seen)
  | ({ type: 'stepped'; id: number; next: Seen | null } & TurnState<B>)
  | { type: 'saved'; id: number; bytes: Uint8Array }
  | { type: 'checked'; id: number; reason: string | null }
  // A match played by the worker's loop: the page's seats asked (once a turn; `start`: their
  // start), turns played (one or more, with the ejections since the last), and the end.
  | { type: 'ask'; start: boolean; turn: number; seats: number[]; observations: (unknown | null)[]; forward?: Forward }
  /** A hosted bot on its port overran its budget: the page ends its worker and says why
   * (`failed`: a timeout, or the bot host's crash). */
  | { type: 'overrun'; seat: number; turn: number; ms: number }
  | ({ type: 'played'; batches: B[]; ejected: LoopEjection[]; notes: LoopNote[] } & Omit<TurnState<B>, 'batch'>)
  | { type: 'ended'; error: string | null; stats: LoopStats };
