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

/** Every game's replay file endings, in registry order without repeats. */
export function replayExtensions(): string[] {
  return [...new Set(games.flatMap((g) => g.extensions))];
}
