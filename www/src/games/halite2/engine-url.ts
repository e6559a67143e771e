// The addresses of Halite II's binaries (its engine, its file, learn and forward-model modules),
// each emitted once by the bundler.

export const BINARY_URL = new URL('halite-wasm/halite2/halite2_bg.wasm', import.meta.url);

/** The address of its file module's binary (replay files read and written). */
export const FILES_URL = new URL('halite-wasm/halite2-files/halite2-files_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite2-learn/halite2-learn_bg.wasm', import.meta.url);

/** The address of its forward model's binary (bots' `debug.simulate`). */
export const SIM_URL = new URL('halite-wasm/halite2-sim/halite2-sim_bg.wasm', import.meta.url);
