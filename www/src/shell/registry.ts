// Game id -> game module, each loaded on first use (its code is a separate chunk).

import type { GameId, GameModule } from './game';
import type { GameLimits } from './urlstate';

const LOADERS: Record<GameId, () => Promise<GameModule>> = {
  halite1: () => import(/* webpackChunkName: "halite1" */ '../games/halite1/module').then((m) => m.HALITE1),
  halite2: () => import(/* webpackChunkName: "halite2" */ '../games/halite2/module').then((m) => m.HALITE2),
};

/** Each game's title, known before its module is loaded (a game choice lists them all). */
export const GAME_TITLES: Readonly<Record<GameId, string>> = {
  halite1: 'Halite I',
  halite2: 'Halite II',
};

export const GAME_IDS = Object.keys(LOADERS) as GameId[];

/** What each game's address may ask for, known before its module is loaded (the address is
 * checked first): seat counts, map sides, and whether it has Blitz fog. */
export const GAME_LIMITS: Readonly<Record<GameId, GameLimits>> = {
  halite1: { title: GAME_TITLES.halite1, seats: [2, 3, 4, 5, 6], side: [1, 250], fog: true },
  halite2: { title: GAME_TITLES.halite2, seats: [1, 2, 4], side: [16, 4096], fog: false },
};

/** Every game's id and title, for a game choice. */
export const GAME_CHOICES: readonly { id: GameId; title: string }[] = GAME_IDS.map((id) => ({ id, title: GAME_TITLES[id] }));

const cache = new Map<GameId, Promise<GameModule>>();

export function isGameId(v: string): v is GameId {
  return Object.prototype.hasOwnProperty.call(LOADERS, v);
}

export function loadGame(id: GameId): Promise<GameModule> {
  let p = cache.get(id);
  if (!p) {
    p = LOADERS[id]().catch((e: unknown) => {
      cache.delete(id);
      throw e;
    });
    cache.set(id, p);
  }
  return p;
}

/** The module whose replays these bytes are, or null when no game recognises them. */
export async function recogniseReplay(bytes: Uint8Array): Promise<GameModule | null> {
  for (const id of GAME_IDS) {
    const m = await loadGame(id);
    if (m.recognise(bytes)) return m;
  }
  return null;
}
