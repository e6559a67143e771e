// Messages between the page and a Halite I engine worker (games/halite1/engine-worker.ts).
// One worker per replay being opened or per match being played; it owns the engine state.

import type { Drawings } from '../../shell/drawings';
import type { Forward } from '../../shell/game';
export interface MatchStartConfig {
  width: number;
  height: number;
  players: number;
  seed: number;
  playerNames: string[];
  fogRadius?: number;
  maxTurns?: number;
}

export type ToEngine =
  | { type: 'open'; bytes: Uint8Array }
  | { type: 'start'; config: MatchStartConfig }
  | { type: 'fork'; bytes: Uint8Array; frame: number }
  | { type: 'observe'; id: number; forward?: boolean }
  | { type: 'step'; id: number; quads: Uint32Array }
  | { type: 'eject'; seat: number; atInit: boolean }
  | { type: 'name'; seat: number; name: string }
  | { type: 'json'; id: number };

/** A batch of frames: `owners`/`strengths` hold whole frames, `moves` the turns before them. */
export interface FrameBatch {
  owners: Uint8Array;
  strengths: Uint8Array;
  moves: Uint8Array;
}

export interface Header {
  width: number;
  height: number;
  players: number;
  names: string[];
  production: Uint8Array;
  fogOfWar?: number;
  maxTurns?: number;
  seed?: number;
}

export type FromEngine =
  | { type: 'error'; id?: number; message: string }
  | { type: 'progress'; label: string }
  | { type: 'opened'; header: Header; batch: FrameBatch }
  | { type: 'standings'; standings: unknown }
  | { type: 'series'; series: Record<string, Uint32Array> }
  | { type: 'verdict'; verdict: unknown }
  | { type: 'logs'; logs: string[][] | null; drawings: Drawings | null }
  | { type: 'started'; header: Header; batch: FrameBatch; results: unknown; series: Record<string, Uint32Array>; over: boolean; turn: number }
  | { type: 'observations'; id: number; observations: (unknown | null)[]; over: boolean; results: unknown; forward?: Forward }
  | { type: 'stepped'; id: number; batch: FrameBatch; results: unknown; series: Record<string, Uint32Array>; over: boolean; turn: number }
  | { type: 'json'; id: number; bytes: Uint8Array };
