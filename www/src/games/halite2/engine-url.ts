// The addresses of Halite II's binaries (its engine, its reader, writer, learn and forward-model
// modules), each emitted once by the bundler.

export const BINARY_URL = new URL('halite-wasm/halite2/halite2_bg.wasm', import.meta.url);

/** The address of its reader's binary (replay files read). */
export const READ_URL = new URL('halite-wasm/halite2-read/halite2-read_bg.wasm', import.meta.url);

/** The address of its writer's binary (replay files written). */
export const WRITE_URL = new URL('halite-wasm/halite2-write/halite2-write_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite2-learn/halite2-learn_bg.wasm', import.meta.url);

/** The address of its forward model's binary (bots' `debug.simulate`). */
export const SIM_URL = new URL('halite-wasm/halite2-sim/halite2-sim_bg.wasm', import.meta.url);
