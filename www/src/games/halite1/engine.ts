// Halite I's engine: its own wasm package (pkg/halite1/, only this game's rules), loaded on first use in
// whichever realm asks (the page, an engine worker).

import { EngineLoader } from '../../shell/engine';

export type Engine = typeof import('halite-wasm/halite1/halite1');

export const ENGINE = new EngineLoader<Engine>({
  glue: () => import(/* webpackChunkName: "halite1-engine" */ 'halite-wasm/halite1/halite1'),
  binaryUrl: () => import(/* webpackMode: "eager" */ './engine-url').then((m) => m.BINARY_URL),
});
