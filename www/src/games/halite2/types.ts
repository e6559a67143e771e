// Halite II data at the seam between the engine (wasm, in a worker) and the rest of the page:
// the layout of the engine's frame rows (read from the engine: layout.ts), what a bot sees, and
// what it answers.

// The frame rows' strides and field offsets are the engine's (layout.ts).
export {
  PLANET_STRIDE,
  P_DOCKED,
  P_HEALTH,
  P_ID,
  P_OWNER,
  P_PRODUCTION,
  P_RADIUS,
  P_REMAINING,
  P_SPOTS,
  P_X,
  P_Y,
  SHIP_STRIDE,
  S_HEALTH,
  S_ID,
  S_OWNER,
  S_PLANET,
  S_STATUS,
  S_TURNS,
  S_VX,
  S_VY,
  S_X,
  S_Y,
} from './layout';

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
