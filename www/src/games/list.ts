// The games the app knows: the one list above the games that names them. A game is its folder
// under games/ plus one entry here: its facts (info.ts, listed in the shell's catalog when the
// registry loads), its module (loaded on first use, a chunk of its own), and what else it offers
// (lessons, pages of its own, inline self-play), plus one line in bots.ts for its built-in bots
// (the bots' worker reads only that). The registry's functions (index.ts) read this list.

import type { LessonBook } from '../learn/book';
import type { GameInfo } from '../shell/catalog';
import type { Engine } from '../shell/engine';
import type { GameModule } from '../shell/game';
import { INFO as HALITE1_INFO } from './halite1/info';
import { INFO as HALITE2_INFO } from './halite2/info';

export interface Entry {
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
  playSelf(engine: Engine, config: unknown): Promise<unknown>;
}

export const GAMES: readonly Entry[] = [
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
