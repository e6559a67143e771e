// The engine's WebAssembly binary, for the forward model bots call (`debug.simulate`): a bot in
// the bot host has no network, so the page fetches the binary once (it is the engine's own, the
// same bytes the page runs) and hands a copy to each hosted bot's worker when it starts, where
// the bot runtime compiles it (in the background during `init` when the bot's source names
// `simulate`, else at its first call). webpack emits the binary a second time for this URL (the
// engine's own copy has a name only its loader knows), so a page with hosted bots fetches the
// same bytes twice, once each.

let binary: Promise<ArrayBuffer | null> | null = null;

/** The engine's binary, or null when it cannot be had (then `debug.simulate` says so). */
export function engineBinary(): Promise<ArrayBuffer | null> {
  binary ??= fetch(new URL('halite-wasm/halite_bg.wasm', import.meta.url))
    .then((r) => (r.ok ? r.arrayBuffer() : null))
    .catch(() => null);
  return binary;
}
