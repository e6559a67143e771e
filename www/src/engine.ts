// The engine (Rust compiled to WebAssembly), loaded once with one async import.

import type * as Halite from 'halite-wasm/halite';

export type Engine = typeof Halite;
export type ReplayHandle = Halite.ReplayHandle;
export type GameHandle = Halite.GameHandle;

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
