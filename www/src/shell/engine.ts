// The engine (Rust compiled to WebAssembly), loaded once with one async import. On the main
// thread it answers only small stateless questions (one frame's fog view, one turn's report);
// replays and games live in workers, each with an engine instance of its own.

import type * as Halite from 'halite-wasm/halite';

export type Engine = typeof Halite;

let loading: Promise<Engine> | null = null;
let loaded: Engine | null = null;

export function loadEngine(): Promise<Engine> {
  if (!loading) {
    loading = import(/* webpackChunkName: "engine" */ 'halite-wasm/halite').then(
      (e) => (loaded = e),
      (e: unknown) => {
        loading = null;
        throw e;
      },
    );
  }
  return loading;
}

/** The engine if it has loaded, else null (and it starts loading). The main thread needs it only
 * for small questions about one frame, so pages do not wait for it. */
export function engineIfLoaded(): Engine | null {
  if (!loaded) void loadEngine().catch(() => {});
  return loaded;
}

/** The message of anything thrown (the engine throws Error with a precise message). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}
