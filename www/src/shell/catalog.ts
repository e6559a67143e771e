// What the shell knows of the games, without knowing any: the registry (games/index.ts) lists
// each game's facts here when it loads, before any page reads an address. Nothing in the shell
// names a game; it asks the catalog.

import type { EngineLoader, EnginePackage } from './engine';

/** What a game's address may ask for: seat counts, map sides, and whether it has fog of war. */
export interface GameLimits {
  title: string;
  /** Seat counts it plays, ascending. */
  seats: readonly number[];
  /** Smallest and largest map side. */
  side: readonly [number, number];
  /** Whether it has fog of war. */
  fog: boolean;
}

/** A built-in sample replay (served from replays/). */
export interface Sample {
  file: string;
  label: string;
}

/** How sure a game is that some bytes are one of its replays: 'sure' (a form only its replays
 * have, such as its compression), 'maybe' (a form other games' replays may share, such as plain
 * JSON), or 'no'. */
export type Certainty = 'sure' | 'maybe' | 'no';

/** A game's facts, known before its module is loaded. */
export interface GameInfo {
  /** The id in addresses (`?game=`), the CLI and the Python package. */
  readonly id: string;
  readonly title: string;
  readonly limits: GameLimits;
  /** Sample replays, in the order the samples menu lists them. */
  readonly samples: readonly Sample[];
  /** File name endings of its replays (`.hlt`), as the page names them to people. */
  readonly extensions: readonly string[];
  /** The name its fog-of-war variant goes by, when it has one. */
  readonly fogName?: string;
  /** Its engine (a wasm package of its own, loaded on first use). */
  readonly engine: EngineLoader<EnginePackage>;
  /** Its forward model (a wasm package of its own): the binary bots get for `debug.simulate`. */
  readonly sim: EngineLoader<EnginePackage>;
  /** How sure it is that `bytes` (a whole file, plain or compressed) are one of its replays,
   * from their first bytes alone; it speaks of its own forms only, never of another game's. */
  recognise(bytes: Uint8Array): Certainty;
}

let games: readonly GameInfo[] = [];

/** Called once by the registry: every game, the default first. */
export function registerGames(list: readonly GameInfo[]): void {
  games = list;
}

export function gameInfos(): readonly GameInfo[] {
  return games;
}

/** The game an address without `game=` means (the registry's first). */
export function defaultGameId(): string {
  return games[0]?.id ?? '';
}

export function gameInfo(id: string): GameInfo | undefined {
  return games.find((g) => g.id === id);
}

export function isGameId(id: string): boolean {
  return games.some((g) => g.id === id);
}

/** The start of a plain JSON object's text (its first 512 bytes, blanks before it skipped), for
 * a game's `recognise`; null when the bytes are not a JSON object. */
export function jsonHead(bytes: Uint8Array): string | null {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b) return null;
  return new TextDecoder().decode(bytes.subarray(i, i + 512));
}

const RANK: Record<Certainty, number> = { no: 0, maybe: 1, sure: 2 };

/** The game whose replay `bytes` are: the surest one (on a tie, the first listed), or undefined
 * when every game says no. */
export function recogniseGame(bytes: Uint8Array): GameInfo | undefined {
  let best: GameInfo | undefined;
  let rank = 0;
  for (const g of games) {
    const r = RANK[g.recognise(bytes)];
    if (r > rank) {
      best = g;
      rank = r;
    }
  }
  return best;
}

/** Every game's replay file endings, in registry order without repeats. */
export function replayExtensions(): string[] {
  return [...new Set(games.flatMap((g) => g.extensions))];
}
