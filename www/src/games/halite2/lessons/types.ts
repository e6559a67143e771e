// The shapes the `Halite2Lesson` handle returns (serde, camelCase): a lesson file, the board
// between turns and one turn's story. Every number the Halite II lessons show is read from these.

/** `{thrust: [ship, magnitude, angle]}`, `{dock: [ship, planet]}` or `{undock: ship}`. */
export type Order = { thrust: [number, number, number] } | { dock: [number, number] } | { undock: number };

export type Goal =
  | { reach: { ship?: number | null; x: number; y: number; r: number } }
  | { docked: { planet: number; ships: number } }
  | { produced: number }
  | { destroyed: number }
  | { alive: number }
  | { planetDestroyed: number }
  | { and: Goal[] }
  | { or: Goal[] }
  | { not: Goal };

export interface PlanetSpec {
  x: number;
  y: number;
  r: number;
  health?: number | null;
  production?: number | null;
}

export interface ShipSpec {
  owner: number;
  x: number;
  y: number;
  health?: number | null;
  docked?: number | null;
}

export interface H2LessonSpec {
  id: string;
  order: number;
  width: number;
  height: number;
  planets: PlanetSpec[];
  ships: ShipSpec[];
  player: number;
  players: number | null;
  par: number;
  turns: number;
  goal: Goal;
  keep: Goal | null;
  hints: Order[];
  script: Order[][];
  solution: Order[][];
  wrong: { moves: Order[][]; reply: Order[][] };
}

export type DockStatus = 'undocked' | 'docking' | 'docked' | 'undocking';

export interface ShipView {
  id: number;
  owner: number;
  x: number;
  y: number;
  health: number;
  status: DockStatus;
  planet: number | null;
  turnsLeft: number | null;
  cooldown: number;
}

export interface PlanetView {
  id: number;
  x: number;
  y: number;
  r: number;
  health: number;
  maxHealth: number;
  owner: number | null;
  dockingSpots: number;
  docked: number[];
  production: number;
}

export interface Board {
  width: number;
  height: number;
  ships: ShipView[];
  planets: PlanetView[];
}

export interface RuleNumbers {
  maxSpeed: number;
  shipRadius: number;
  dockReach: number;
  weaponReach: number;
  weaponDamage: number;
  dockTurns: number;
  productionPerShip: number;
  baseProductivity: number;
  additionalProductivity: number;
}

export type Target = { ship: { id: number; owner: number } } | { planet: { id: number } };

export type Cause = 'leftMap' | 'shot' | 'planet' | { hitPlanet: number } | { collided: number } | { explosion: number };

export type TurnEvent =
  | { kind: 'docking'; ship: number; owner: number; planet: number; from: DockStatus; to: DockStatus; turnsLeft: number | null }
  | { kind: 'dockRefused'; ship: number; owner: number; planet: number; reason: string; distance: number; reach: number }
  | { kind: 'contention'; planet: number; ships: Target[] }
  | { kind: 'attack'; ship: number; owner: number; x: number; y: number; time: number; hits: { target: Target; damage: number }[] }
  | { kind: 'destroyed'; target: Target; x: number; y: number; radius: number; time: number; cause: Cause }
  | { kind: 'planetDamaged'; planet: number; from: number; to: number }
  | { kind: 'produced'; planet: number; owner: number; from: number; to: number; docked: number }
  | { kind: 'spawned'; ship: number; owner: number; planet: number; x: number; y: number };

export interface Motion {
  ship: number;
  owner: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  end: number;
}

export type Status = 'ongoing' | 'passed' | 'notYet';

export interface H2Step {
  turn: number;
  status: Status;
  punished: boolean;
  orders: { owner: number; order: Order }[];
  before: Board;
  after: Board;
  motion: Motion[];
  events: TurnEvent[];
}

export function orderShip(o: Order): number {
  if ('thrust' in o) return o.thrust[0];
  if ('dock' in o) return o.dock[0];
  return o.undock;
}
