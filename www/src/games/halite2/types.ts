// Halite II data at the seam between the engine (wasm, in a worker) and the rest of the page:
// the layout of the engine's frame rows, what a bot sees, and what it answers.

/** Numbers per ship row of a frame (`Halite2Replay.ships(t)` / `Halite2Game.ships(t)`):
 * id, owner (seat), x, y, velX, velY, health, status, planet (-1: none), turns left (-1: none). */
export const SHIP_STRIDE = 10;
export const S_ID = 0;
export const S_OWNER = 1;
export const S_X = 2;
export const S_Y = 3;
export const S_VX = 4;
export const S_VY = 5;
export const S_HEALTH = 6;
export const S_STATUS = 7;
export const S_PLANET = 8;
export const S_TURNS = 9;

/** Numbers per planet row (living planets only, by id): id, x, y, radius, health, owner (-1:
 * none), docked ships, docking spots, current production, remaining production. */
export const PLANET_STRIDE = 10;
export const P_ID = 0;
export const P_X = 1;
export const P_Y = 2;
export const P_RADIUS = 3;
export const P_HEALTH = 4;
export const P_OWNER = 5;
export const P_DOCKED = 6;
export const P_SPOTS = 7;
export const P_PRODUCTION = 8;
export const P_REMAINING = 9;

export type DockingStatus = 'undocked' | 'docking' | 'docked' | 'undocking';
export const DOCKING: readonly DockingStatus[] = ['undocked', 'docking', 'docked', 'undocking'];

/** A ship as a bot sees it. `owner` is a seat (0-based, the same numbers as `myId`). */
export interface ShipView {
  id: number;
  owner: number;
  x: number;
  y: number;
  health: number;
  docking: DockingStatus;
  /** The planet it is docking at, docked to or undocking from, else null. */
  planet: number | null;
  /** Turns until docking or undocking completes (0 when neither). */
  dockingProgress: number;
}

/** A planet as a bot sees it. */
export interface PlanetView {
  id: number;
  x: number;
  y: number;
  radius: number;
  health: number;
  dockingSpots: number;
  owner: number | null;
  /** Ids of the ships docking, docked or undocking here. */
  dockedShips: number[];
  /** Production gathered toward the next ship (a ship costs 72). */
  production: number;
  /** Production the planet still holds. */
  remainingProduction: number;
}

/** What a Halite II bot gets each turn. */
export interface Observation {
  game: 'halite2';
  myId: number;
  turn: number;
  width: number;
  height: number;
  players: number;
  ships: ShipView[];
  planets: PlanetView[];
}

/** What a bot answers: a list of these. Magnitude is an integer 0..7, the angle whole degrees. */
export type Command =
  | { type: 'thrust'; ship: number; magnitude: number; angle: number }
  | { type: 'dock'; ship: number; planet: number }
  | { type: 'undock'; ship: number };

/** Command kinds in the packed form `Halite2Game.step` takes: five numbers per command
 * (seat, ship, kind, a, b); thrust: a = magnitude, b = angle; dock: a = planet. */
export const K_THRUST = 0;
export const K_DOCK = 1;
export const K_UNDOCK = 2;

/** Board targets (`BoardView.pick`, the inspector): ships and planets in one number space. */
export const shipTarget = (id: number): number => id * 2;
export const planetTarget = (id: number): number => id * 2 + 1;
export function decodeTarget(t: number): { kind: 'ship' | 'planet'; id: number } | null {
  if (t < 0 || !Number.isInteger(t)) return null;
  return t % 2 === 0 ? { kind: 'ship', id: t / 2 } : { kind: 'planet', id: (t - 1) / 2 };
}
