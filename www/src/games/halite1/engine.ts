// Halite I's engine: its own wasm package (pkg/halite1/, only this game's rules), loaded on first
// use in whichever realm asks (the page, an engine worker); the reading and the writing of its
// replay files, its lessons and bots' forward model have modules of their own.

import { EngineLoader } from '../../shell/engine';

export type Engine = typeof import('halite-wasm/halite1/halite1');
/** The game's reader: replay files read into records. */
export type Reader = typeof import('halite-wasm/halite1-read/halite1-read');
/** The game's writer: records written as replay files. */
export type Writer = typeof import('halite-wasm/halite1-write/halite1-write');
/** The game's forward model (plain C-ABI functions; bots instantiate its binary themselves). */
export type Sim = typeof import('halite-wasm/halite1-sim/halite1-sim');
/** The game's learn module: its lessons and the sandbox's turn explanation. */
export type Learn = typeof import('halite-wasm/halite1-learn/halite1-learn');

export const ENGINE = new EngineLoader<Engine>({
  glue: () => import(/* webpackChunkName: "halite1-engine" */ 'halite-wasm/halite1/halite1'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.BINARY_URL),
});

/** Its reader (pkg/halite1-read/), loaded only when a replay file is opened. */
export const READER = new EngineLoader<Reader>({
  glue: () => import(/* webpackChunkName: "halite1-read" */ 'halite-wasm/halite1-read/halite1-read'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.READ_URL),
});

/** Its writer (pkg/halite1-write/), loaded only when a game is saved. */
export const WRITER = new EngineLoader<Writer>({
  glue: () => import(/* webpackChunkName: "halite1-write" */ 'halite-wasm/halite1-write/halite1-write'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.WRITE_URL),
});

/** Its learn module (pkg/halite1-learn/), loaded by the learn page and the sandbox only. */
export const LEARN = new EngineLoader<Learn>({
  glue: () => import(/* webpackChunkName: "halite1-learn" */ 'halite-wasm/halite1-learn/halite1-learn'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.LEARN_URL),
});

/** Its forward model (pkg/halite1-sim/): its binary is what bots get for `debug.simulate`. */
export const SIM = new EngineLoader<Sim>({
  glue: () => import(/* webpackChunkName: "halite1-sim" */ 'halite-wasm/halite1-sim/halite1-sim'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.SIM_URL),
});
