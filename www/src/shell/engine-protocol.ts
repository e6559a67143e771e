// The one message set between the page and any game's engine worker. One worker per replay
// being opened or per match being played; it owns the engine state. A game writes only its
// codecs: its header `H` and frame batch `B` (the rows the page draws), its match config `C`
// and its packed answers (the form its engine's `step` takes).

import type { Drawings } from './drawings';
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
  | { type: 'open'; bytes: Uint8Array }
  | { type: 'start'; config: C }
  | { type: 'fork'; bytes: Uint8Array; frame: number }
  | { type: 'observe'; id: number; forward?: boolean }
  /** One turn; the answer carries the next turn's observations (with a forward snapshot when
   * `forward`). */
  | { type: 'step'; id: number; packed: Uint32Array | Float64Array; forward?: boolean }
  | { type: 'eject'; seat: number; atInit: boolean }
  | { type: 'name'; seat: number; name: string }
  /** The game so far as the original's replay file, `members` inserted into its JSON. */
  | { type: 'save'; id: number; members: string };

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
  | { type: 'logs'; logs: string[][] | null; drawings: Drawings | null }
  // A match.
  | ({ type: 'started'; header: H } & TurnState<B>)
  | ({ type: 'observations'; id: number } & Seen)
  | ({ type: 'stepped'; id: number; next: Seen | null } & TurnState<B>)
  | { type: 'saved'; id: number; bytes: Uint8Array };
