// The addresses of Halite I's binaries (its engine, its reader, writer, learn and forward-model
// modules), each emitted once by the bundler.

export const BINARY_URL = new URL('halite-wasm/halite1/halite1_bg.wasm', import.meta.url);

/** The address of its reader's binary (replay files read). */
export const READ_URL = new URL('halite-wasm/halite1-read/halite1-read_bg.wasm', import.meta.url);

/** The address of its writer's binary (replay files written). */
export const WRITE_URL = new URL('halite-wasm/halite1-write/halite1-write_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite1-learn/halite1-learn_bg.wasm', import.meta.url);

/** The address of its forward model's binary (bots' `debug.simulate`). */
export const SIM_URL = new URL('halite-wasm/halite1-sim/halite1-sim_bg.wasm', import.meta.url);
