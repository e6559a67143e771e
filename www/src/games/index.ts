// The registry: the one place above the games that names them, and what the pages ask of the
// games (load one, recognise a replay, the lessons…). A game is its folder under games/ plus one
// entry in GAMES: its facts (info.ts), its module (loaded on first use, a chunk of its own) and
// what else it offers (lessons, pages of its own, inline self-play). When it loads it lists every
// game's facts in the shell's catalog and gives the seats the built-in bots' worker (which finds
// a game's bots in its folder, games/<id>/bots.ts).
//
// Layers, top first (each imports only its own folder and the ones below it; a game's folder
// imports no other game's, nor the registry): main → pages → games → arena, learn → seats →
// bots → shell/viewer, shell/engine → shell/page → shell (www/tests/support/structure.mjs).

import { recogniseGame, registerGames, gameInfos, type GameInfo, type GameLimits, type Sample } from '../shell/catalog';
import type { LessonBook } from '../learn/book';
import type { GameId, GameModule } from '../shell/game';
import { provideBuiltinBotWorker } from '../seats/builtin';
import { INFO as HALITE1_INFO } from './halite1/info';
import { INFO as HALITE2_INFO } from './halite2/info';

interface Entry {
  info: GameInfo;
  module: () => Promise<GameModule>;
  /** Its lessons, for the learn page. */
  lessons?: () => Promise<LessonBook>;
  /** Pages only this game has, by the address key that opens them (`?sandbox`). */
  pages?: Readonly<Record<string, () => Promise<GamePage>>>;
  /** Whole games of built-in bots played inline with the page's engine (the benchmark page). */
  selfPlay?: () => Promise<SelfPlay>;
}

/** A page a game draws by itself. */
export interface GamePage {
  mount(root: HTMLElement, search: string): Promise<void>;
}

/** Whole games between built-in bots on the page's own engine, for the benchmark page. */
export interface SelfPlay {
  playSelfHere(config: unknown): Promise<unknown>;
}

const GAMES: readonly Entry[] = [
  {
    info: HALITE1_INFO,
    module: () => import(/* webpackChunkName: "halite1" */ './halite1/module').then((m) => m.HALITE1),
    lessons: () => import(/* webpackChunkName: "halite1-lessons" */ './halite1/lessons/book').then((m) => m.BOOK),
    pages: { sandbox: () => import(/* webpackChunkName: "sandbox" */ './halite1/sandbox') },
    selfPlay: () => import(/* webpackChunkName: "halite1-selfplay" */ './halite1/selfplay') as Promise<SelfPlay>,
  },
  {
    info: HALITE2_INFO,
    module: () => import(/* webpackChunkName: "halite2" */ './halite2/module').then((m) => m.HALITE2),
    lessons: () => import(/* webpackChunkName: "halite2-lessons" */ './halite2/lessons/book').then((m) => m.BOOK),
  },
];

registerGames(GAMES.map((g) => g.info));
provideBuiltinBotWorker(() => new Worker(new URL('./bot-worker.ts', import.meta.url)));

export const GAME_IDS: readonly GameId[] = GAMES.map((g) => g.info.id);

/** The game an address without `game=` opens. */
export const DEFAULT_GAME: GameId = GAME_IDS[0];

/** What each game's address may ask for, known before its module is loaded. */
export const GAME_LIMITS: Readonly<Record<GameId, GameLimits>> = Object.fromEntries(GAMES.map((g) => [g.info.id, g.info.limits]));

/** Every game's id and title, for a game choice. */
export const GAME_CHOICES: readonly { id: GameId; title: string }[] = GAMES.map((g) => ({ id: g.info.id, title: g.info.title }));

/** Every game's sample replays, in registry order. */
export const SAMPLES: readonly Sample[] = gameInfos().flatMap((g) => g.samples);

export { isGameId } from '../shell/catalog';

const cache = new Map<GameId, Promise<GameModule>>();

function entry(id: GameId): Entry {
  const e = GAMES.find((g) => g.info.id === id);
  if (!e) throw new Error(`no game ${id}`);
  return e;
}

export function loadGame(id: GameId): Promise<GameModule> {
  let p = cache.get(id);
  if (!p) {
    p = entry(id)
      .module()
      .catch((e: unknown) => {
        cache.delete(id);
        throw e;
      });
    cache.set(id, p);
  }
  return p;
}

/** The module whose replays these bytes are (the surest game's, by its facts: only that game's
 * module loads), or null when no game recognises them. */
export async function recogniseReplay(bytes: Uint8Array): Promise<GameModule | null> {
  const info = recogniseGame(bytes);
  return info ? loadGame(info.id) : null;
}

/** Every game's lessons, in registry order. */
export function loadLessonBooks(): Promise<LessonBook[]> {
  return Promise.all(GAMES.flatMap((g) => (g.lessons ? [g.lessons()] : [])));
}

/** The page `key` of the first game that has one (`?sandbox`). */
export function loadGamePage(key: string): Promise<GamePage> {
  const e = GAMES.find((g) => g.pages?.[key]);
  const load = e?.pages?.[key];
  return load ? load() : Promise.reject(new Error(`no game has a ${key} page`));
}

/** A game's inline self-play (the default game's when `id` is absent). */
export function loadSelfPlay(id: GameId = DEFAULT_GAME): Promise<SelfPlay> {
  const e = GAMES.find((g) => g.info.id === id);
  return e?.selfPlay ? e.selfPlay() : Promise.reject(new Error(`${id} has no self-play`));
}
