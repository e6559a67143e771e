// Messages between the page and a Halite II engine worker (games/halite2/engine-worker.ts).
// One worker per replay being opened or per match being played; it owns the engine state and
// sends the page flat rows (frames.ts documents their layout), never per-frame JSON.

import type { Drawings } from '../../shell/drawings';
import type { Forward } from '../../shell/game';
export interface MatchStartConfig {
  width: number;
  height: number;
  players: number;
  seed: number;
  playerNames: string[];
}

export type ToEngine =
  | { type: 'open'; bytes: Uint8Array }
  | { type: 'start'; config: MatchStartConfig }
  | { type: 'fork'; bytes: Uint8Array; frame: number }
  | { type: 'observe'; id: number; forward?: boolean }
  | { type: 'step'; id: number; commands: Float64Array }
  | { type: 'eject'; seat: number; atInit: boolean }
  | { type: 'name'; seat: number; name: string }
  | { type: 'hlt'; id: number; members: string };

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
}

/** The moves a replay recorded, packed as `Halite2Game.step` takes them (five numbers a
 * command), with the number of commands per turn. */
export interface RecordedMoves {
  packed: Float64Array;
  counts: Uint32Array;
}

export type FromEngine =
  | { type: 'error'; id?: number; message: string }
  | { type: 'progress'; label: string }
  | { type: 'opened'; header: Header; batch: FrameBatch }
  | { type: 'frames'; batch: FrameBatch }
  | { type: 'series'; series: Record<string, Uint32Array> }
  | { type: 'standings'; standings: unknown }
  | { type: 'verdict'; verdict: unknown }
  | { type: 'moves'; moves: RecordedMoves | null }
  | { type: 'logs'; logs: string[][] | null; drawings: Drawings | null }
  | { type: 'started'; header: Header; batch: FrameBatch; results: unknown; series: Record<string, Uint32Array>; over: boolean; turn: number }
  | { type: 'observations'; id: number; observations: (unknown | null)[]; over: boolean; results: unknown; forward?: Forward }
  | { type: 'stepped'; id: number; batch: FrameBatch; results: unknown; series: Record<string, Uint32Array>; over: boolean; turn: number }
  | { type: 'hlt'; id: number; bytes: Uint8Array };
