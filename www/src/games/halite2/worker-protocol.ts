// Halite II's codecs for its engine worker (games/halite2/engine-worker.ts): the match config,
// the header and the frame batches of flat rows (frames.ts documents their layout); the
// messages are the shared ones (shell/engine-protocol.ts).

import type { MatchStart } from '../../shell/engine-protocol';
import type { RowLayout } from './layout';

/** A new match is made from the shared fields alone. */
export type MatchStartConfig = MatchStart;

/** Frames `[from, from + shipCounts.length)` and the turns `[turnFrom, turnFrom +
 * eventCounts.length)` (turn t leads from frame t to t + 1). Counts are rows per frame/turn. */
export interface FrameBatch {
  from: number;
  ships: Float64Array;
  shipCounts: Uint32Array;
  planets: Float64Array;
  planetCounts: Uint32Array;
  turnFrom: number;
  /** Per turn t, one motion row per ship row of frame t (MOTION_STRIDE numbers). */
  motion: Float64Array;
  events: Float64Array;
  eventCounts: Uint32Array;
}

export interface Header {
  width: number;
  height: number;
  players: number;
  names: string[];
  seed?: number;
  maxTurns?: number;
  /** A replay's frames (they arrive in batches). */
  frames?: number;
  /** The engine's row layout (`halite2RowLayout()`), adopted by the page before any row. */
  layout: RowLayout;
}

/** The moves a replay recorded, packed as `Halite2Game.step` takes them (five numbers a
 * command), with the number of commands per turn. */
export interface RecordedMoves {
  packed: Float64Array;
  counts: Uint32Array;
}
