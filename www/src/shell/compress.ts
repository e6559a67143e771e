// The browser's own gzip and gunzip, for the thread that calls them, a slice a task: the engine's
// worker gzips the games the page keeps with it when the game has no faster gzip of its own, the
// page its compressed downloads, and the loader unpacks gzipped replays.

import { nextTask } from './tasks';

/** Whether `bytes` are gzip (its two magic bytes). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length > 1 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Whether replay bytes are plain JSON (their first non-blank byte is `{`). */
export function startsJson(bytes: Uint8Array): boolean {
  for (const b of bytes.subarray(0, 64)) {
    if (b === 0x7b) return true;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return false;
}

/** The bytes the browser's gzip or gunzip works on in one task: about 10 ms of either. */
const SLICE = 256 * 1024;

/** `bytes` as a stream of slices, each given out in a task of its own. Piped through the
 * browser's gzip or gunzip, a large replay is worked on a slice a task and never holds the thread
 * (a Blob's stream hands it over in a few large chunks: 11 MB took one task of 380 ms). */
export function slices(bytes: Uint8Array): ReadableStream<BufferSource> {
  let at = 0;
  return new ReadableStream<BufferSource>(
    {
      async pull(controller) {
        if (at > 0) await nextTask();
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.subarray(at, at + SLICE) as Uint8Array<ArrayBuffer>);
        at += SLICE;
      },
    },
    { highWaterMark: 0 },
  );
}

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = slices(bytes).pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The bytes gzipped, unless they are gzip already (a replay file kept as it came). */
export async function gzipped(bytes: Uint8Array): Promise<Uint8Array> {
  return isGzip(bytes) ? bytes : gzip(bytes);
}
