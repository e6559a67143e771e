// The addresses of Halite I's binaries (its engine, its file, learn and forward-model modules),
// each emitted once by the bundler.

export const BINARY_URL = new URL('halite-wasm/halite1/halite1_bg.wasm', import.meta.url);

/** The address of its file module's binary (replay files read and written). */
export const FILES_URL = new URL('halite-wasm/halite1-files/halite1-files_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite1-learn/halite1-learn_bg.wasm', import.meta.url);

/** The address of its forward model's binary (bots' `debug.simulate`). */
export const SIM_URL = new URL('halite-wasm/halite1-sim/halite1-sim_bg.wasm', import.meta.url);
