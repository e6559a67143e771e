// Halite II's engine: its own wasm package (pkg/halite2/, only this game's rules), loaded on
// first use in whichever realm asks (the page, an engine worker).

import { EngineLoader } from '../../shell/engine';

export type Engine = typeof import('halite-wasm/halite2/halite2');

export const ENGINE = new EngineLoader<Engine>({
  glue: () => import(/* webpackChunkName: "halite2-engine" */ 'halite-wasm/halite2/halite2'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.BINARY_URL),
});
