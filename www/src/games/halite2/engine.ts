// Halite II's engine: its own wasm package (pkg/halite2/, only this game's rules), loaded on
// first use in whichever realm asks (the page, an engine worker); the reading and the writing
// of its replay files, its lessons and bots' forward model have modules of their own.

import { EngineLoader } from '../../shell/engine';

export type Engine = typeof import('halite-wasm/halite2/halite2');
/** The game's reader: replay files read into records. */
export type Reader = typeof import('halite-wasm/halite2-read/halite2-read');
/** The game's writer: records written as replay files. */
export type Writer = typeof import('halite-wasm/halite2-write/halite2-write');
/** The game's forward model (plain C-ABI functions; bots instantiate its binary themselves). */
export type Sim = typeof import('halite-wasm/halite2-sim/halite2-sim');
/** The game's learn module: its lessons. */
export type Learn = typeof import('halite-wasm/halite2-learn/halite2-learn');

export const ENGINE = new EngineLoader<Engine>({
  glue: () => import(/* webpackChunkName: "halite2-engine" */ 'halite-wasm/halite2/halite2'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.BINARY_URL),
});

/** Its reader (pkg/halite2-read/), loaded only when a replay file is opened. */
export const READER = new EngineLoader<Reader>({
  glue: () => import(/* webpackChunkName: "halite2-read" */ 'halite-wasm/halite2-read/halite2-read'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.READ_URL),
});

/** Its writer (pkg/halite2-write/), loaded only when a game is saved. */
export const WRITER = new EngineLoader<Writer>({
  glue: () => import(/* webpackChunkName: "halite2-write" */ 'halite-wasm/halite2-write/halite2-write'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.WRITE_URL),
});

/** Its learn module (pkg/halite2-learn/), loaded by the learn page only. */
export const LEARN = new EngineLoader<Learn>({
  glue: () => import(/* webpackChunkName: "halite2-learn" */ 'halite-wasm/halite2-learn/halite2-learn'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.LEARN_URL),
});

/** Its forward model (pkg/halite2-sim/): its binary is what bots get for `debug.simulate`. */
export const SIM = new EngineLoader<Sim>({
  glue: () => import(/* webpackChunkName: "halite2-sim" */ 'halite-wasm/halite2-sim/halite2-sim'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.SIM_URL),
});
