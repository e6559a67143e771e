// The browser's own gzip, for the thread that calls it: the engine's worker gzips the games the
// page keeps, off the page's main thread, with it when the game has no faster gzip of its own.

/** Whether replay bytes are plain JSON (their first non-blank byte is `{`). */
export function startsJson(bytes: Uint8Array): boolean {
  for (const b of bytes.subarray(0, 64)) {
    if (b === 0x7b) return true;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return false;
}

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
