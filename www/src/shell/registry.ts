// Game id -> game module, each loaded on first use (its code is a separate chunk).

import type { GameId, GameModule } from './game';

const LOADERS: Record<GameId, () => Promise<GameModule>> = {
  halite1: () => import(/* webpackChunkName: "halite1" */ '../games/halite1/module').then((m) => m.HALITE1),
  halite2: () => import(/* webpackChunkName: "halite2" */ '../games/halite2/module').then((m) => m.HALITE2),
};

export const GAME_IDS = Object.keys(LOADERS) as GameId[];

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
