// The shapes the engine's explanation and lesson exports return (serde, camelCase). Every number
// the learn page and the sandbox show is read from these.

/** Per-player statistics of one turn. */
export interface PlayerTurnStats {
  damageToPlayers: number;
  damageToNeutral: number;
  overkill: number;
  damageTaken: number;
  production: number;
  capLoss: number;
  sitesCaptured: number;
  piecesLost: number;
}

export interface Rules {
  combat: boolean;
  production: boolean;
  wrap: boolean;
  cap: boolean;
}

export const ALL_RULES: Rules = { combat: true, production: true, wrap: true, cap: true };

/** A board: row-major arrays (index y * width + x); owner 0 neutral, 1..6 players. */
export interface Scenario {
  width: number;
  height: number;
  owner: number[];
  strength: number[];
  production: number[];
}

export interface Growth {
  site: number;
  owner: number;
  before: number;
  gain: number;
  capLoss: number;
}

export interface Movement {
  from: number;
  to: number;
  owner: number;
  strength: number;
  direction: number;
  kind: 'moved' | 'invalid' | 'blocked';
  wrapped: boolean;
}

export interface Merge {
  site: number;
  owner: number;
  parts: { from: number; strength: number }[];
  strength: number;
  capLoss: number;
  leftBehind: boolean;
}

export interface Hit {
  from: number;
  attacker: number;
  to: number;
  victim: number;
  amount: number;
  effective: number;
}

export interface Fate {
  site: number;
  owner: number;
  strength: number;
  damage: number;
  touched: boolean;
  survives: boolean;
  remaining: number;
  crowdedOut: boolean;
}

export interface SiteChange {
  site: number;
  ownerBefore: number;
  strengthBefore: number;
  owner: number;
  strength: number;
}


export interface Explanation {
  rules: Rules;
  players: number;
  before: Scenario;
  growth: Growth[];
  movements: Movement[];
  merges: Merge[];
  neutral: number[];
  hits: Hit[];
  fates: Fate[];
  changes: SiteChange[];
  after: Scenario;
  report: { players: PlayerTurnStats[]; damageDealt: number[]; damageTaken: number[] };
}

export type Status = 'ongoing' | 'passed' | 'notYet';

/** One order as lessons write it: [x, y, direction name]. */
export type Order = [number, number, DirName];
export type DirName = 'still' | 'north' | 'east' | 'south' | 'west';
export const DIR_NAMES: readonly DirName[] = ['still', 'north', 'east', 'south', 'west'];

export type Goal =
  | { owns: [number, number] }
  | { ownsAll: [number, number][] }
  | 'ownsStars'
  | { strengthAt: { at: [number, number]; min: number } }
  | { neutral: [number, number] }
  | 'enemyGone'
  | { sites: number }
  | { strength: number }
  | 'mostSites'
  | { and: Goal[] }
  | { or: Goal[] }
  | { not: Goal };

export interface LessonSpec {
  id: string;
  order: number;
  game: string;
  board: Scenario;
  player: number;
  players?: number | null;
  par: number;
  turns: number;
  goal: Goal;
  atEnd: boolean;
  stars: [number, number][];
  hints: Order[];
  script: Order[][];
  rules: Rules;
  fog?: number | null;
  solution: Order[][];
  wrong: { moves: Order[][]; reply: Order[][] };
}

export interface LessonStep {
  turn: number;
  moves: number[];
  explanation: Explanation;
  status: Status;
  punished: boolean;
  visible?: boolean[] | null;
}
