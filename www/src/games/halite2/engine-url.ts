// The address of Halite II's engine binary, emitted once by the bundler: the engine's loader and bots'
// forward model both use it.

export const BINARY_URL = new URL('halite-wasm/halite2/halite2_bg.wasm', import.meta.url);

/** The address of its file module's binary (replay files read and written). */
export const FILES_URL = new URL('halite-wasm/halite2-files/halite2-files_bg.wasm', import.meta.url);

/** The address of its learn module's binary (lessons). */
export const LEARN_URL = new URL('halite-wasm/halite2-learn/halite2-learn_bg.wasm', import.meta.url);
