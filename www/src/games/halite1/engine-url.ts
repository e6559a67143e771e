// The address of Halite I's engine binary, emitted once by the bundler: the engine's loader and bots'
// forward model both use it.

export const BINARY_URL = new URL('halite-wasm/halite1/halite1_bg.wasm', import.meta.url);

/** The address of its file module's binary (replay files read and written). */
export const FILES_URL = new URL('halite-wasm/halite1-files/halite1-files_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite1-learn/halite1-learn_bg.wasm', import.meta.url);
