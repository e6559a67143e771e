// The browser's own gzip, for the thread that calls it (the engine's worker gzips the games the
// page keeps, off the page's main thread).

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
