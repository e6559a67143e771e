// The engine (Rust compiled to WebAssembly), loaded once with one async import. On the main
// thread it answers only small stateless questions (one frame's fog view, one turn's report);
// replays and games live in workers, each with an engine instance of its own.

import type * as Halite from 'halite-wasm/halite';

export type Engine = typeof Halite;

let loading: Promise<Engine> | null = null;

export function loadEngine(): Promise<Engine> {
  if (!loading) {
    loading = import(/* webpackChunkName: "engine" */ 'halite-wasm/halite').catch((e: unknown) => {
      loading = null;
      throw e;
    });
  }
  return loading;
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
