// Reading replay bytes with progress: a fetch read chunk by chunk, or a FileReader. Both stop at
// MAX_REPLAY_FILE_BYTES, can be cancelled, and name every failure in words.

import { isGzip, slices } from '../compress';

export type ProgressFn = (loaded: number, total: number | null) => void;

/** The largest replay file this page downloads or opens: 100 MB of the bytes a download yields
 * (after the browser undoes any `Content-Encoding`, so a compressed response counts at its full
 * size), or of a file's size on disk. Real replays are far below it: compressed ones a few MB,
 * the largest plain JSON ones tens of MB. */
export const MAX_REPLAY_FILE_BYTES = 100 * 1024 * 1024;

/** Thrown when the person cancelled a download or a read: the page says nothing more. */
export class LoadCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'LoadCancelled';
  }
}

/** A size in words: "512 B", "40 kB", "3.2 MB", "100 MB", "9.3 GB". */
export function sizeText(n: number): string {
  const one = (x: number) => x.toFixed(1).replace(/\.0$/, '');
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  if (n < 1024 * 1024 * 1024) return `${one(n / (1024 * 1024))} MB`;
  return `${one(n / (1024 * 1024 * 1024))} GB`;
}

/** The sentence for a replay larger than `limit` bytes (`size`: its size if known). */
export function tooLargeText(size: number | null, limit = MAX_REPLAY_FILE_BYTES): string {
  const what = size === null ? 'it is larger than' : `it is ${sizeText(size)}, more than`;
  return `${what} the ${sizeText(limit)} this page opens (real replays are far smaller)`;
}

/** The pieces joined into one array. */
export function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === length) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** How long the page's thread may work on a download between two of its own breaks, and how
 * often it hears of the progress, ms. */
const SLICE_MS = 8;
const PROGRESS_MS = 100;

const pause = () => new Promise<void>((r) => setTimeout(r, 0));

function hostOf(url: string): string {
  try {
    const here = typeof location === 'undefined' ? null : location;
    const u = new URL(url, here?.href);
    return here && u.origin === here.origin ? '' : u.host;
  } catch {
    return '';
  }
}

export interface FetchOptions {
  signal?: AbortSignal;
  /** The most bytes read (MAX_REPLAY_FILE_BYTES unless given). */
  limit?: number;
}

/** Fetches `url` as bytes, reporting progress as chunks arrive (at most every 100 ms, and at the
 * end). Refuses a body larger than the limit, whether its `Content-Length` says so at once or its
 * bytes show it as they come; an aborted `signal` stops it with LoadCancelled. Reading the body
 * gives the page's thread back every few milliseconds, however fast the bytes come. */
export async function fetchBytes(url: string, onProgress: ProgressFn, options: FetchOptions = {}): Promise<Uint8Array> {
  const { signal, limit = MAX_REPLAY_FILE_BYTES } = options;
  const cancelled = () => signal?.aborted === true;
  if (cancelled()) throw new LoadCancelled();
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch {
    if (cancelled()) throw new LoadCancelled();
    const host = hostOf(url);
    // The browser says only "Failed to fetch" for a server without CORS headers (or none at all).
    if (host) throw new Error(`the server at ${host} does not allow this page to read ${url} (it sends no CORS header), or it did not answer. Download the file and use Open, or drop it here`);
    throw new Error(`could not download ${url}: the server did not answer`);
  }
  if (res.status === 404) throw new Error(`could not download ${url}: not found (404)`);
  if (!res.ok) throw new Error(`could not download ${url}: ${res.status} ${res.statusText}`.trim());
  const header = res.headers.get('content-length');
  const length = header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : null;
  // A body the server says is too large is refused before any of it is read. (With a
  // Content-Encoding the length is of the encoded body, which is smaller than what it decodes to.)
  if (length !== null && length > limit) {
    void res.body?.cancel().catch(() => {});
    throw new Error(tooLargeText(length, limit));
  }
  const encoded = res.headers.get('content-encoding');
  const total: number | null = length !== null && length > 0 && !encoded ? length : null;
  onProgress(0, total);
  if (!res.body) throw new Error(`could not download ${url}: the browser gave no way to read the answer`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let told = performance.now();
  let slice = told;
  const stop = async () => {
    await reader.cancel().catch(() => {});
  };
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      if (cancelled()) throw new LoadCancelled();
      throw new Error(`the download of ${url} broke off after ${sizeText(loaded)}: the connection failed`);
    }
    if (cancelled()) {
      await stop();
      throw new LoadCancelled();
    }
    if (next.done) break;
    const value = next.value;
    if (loaded + value.length > limit) {
      chunks.length = 0;
      await stop();
      throw new Error(tooLargeText(null, limit));
    }
    chunks.push(value);
    loaded += value.length;
    const now = performance.now();
    if (now - told >= PROGRESS_MS) {
      told = now;
      onProgress(loaded, total !== null && loaded <= total ? total : null);
    }
    if (now - slice >= SLICE_MS) {
      await pause();
      slice = performance.now();
      if (cancelled()) {
        await stop();
        throw new LoadCancelled();
      }
    }
  }
  onProgress(loaded, total !== null && loaded <= total ? total : loaded);
  return joinChunks(chunks, loaded);
}

/** Reads a picked or dropped file as bytes, reporting FileReader progress. A file larger than the
 * limit is refused before any of it is read; an aborted `signal` stops the read (LoadCancelled). */
export function readFile(file: File, onProgress: ProgressFn, signal?: AbortSignal, limit = MAX_REPLAY_FILE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (file.size > limit) {
      reject(new Error(tooLargeText(file.size, limit)));
      return;
    }
    if (signal?.aborted) {
      reject(new LoadCancelled());
      return;
    }
    const reader = new FileReader();
    const onAbort = () => reader.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    reader.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : null);
    reader.onerror = () => {
      done();
      reject(new Error(`could not read ${file.name}: ${reader.error?.name === 'NotReadableError' ? 'the file cannot be read (it may have been moved or changed)' : 'the browser could not read it'}`));
    };
    reader.onabort = () => {
      done();
      reject(new LoadCancelled());
    };
    reader.onload = () => {
      done();
      const r = reader.result;
      if (r instanceof ArrayBuffer) {
        onProgress(r.byteLength, r.byteLength);
        resolve(new Uint8Array(r));
      } else reject(new Error(`could not read ${file.name}`));
    };
    reader.readAsArrayBuffer(file);
  });
}

/** The most bytes a compressed replay may unpack to: what every game's engine reader accepts
 * (its `MAX_REPLAY_BYTES`), a guard against a small file that inflates without end. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

/** gzip bytes unpacked by the browser's own decompressor, stopped with a sentence once they pass
 * `limit` bytes (nothing more is unpacked). */
export async function gunzipBounded(bytes: Uint8Array, limit = MAX_UNPACKED_BYTES): Promise<Uint8Array> {
  const reader = slices(bytes).pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw new Error('the gzip data is damaged: it cannot be unpacked');
    }
    if (next.done) break;
    length += next.value.length;
    if (length > limit) {
      chunks.length = 0;
      await reader.cancel().catch(() => {});
      throw new Error(`it unpacks to more than the ${sizeText(limit)} a replay may hold`);
    }
    chunks.push(next.value);
  }
  return joinChunks(chunks, length);
}

/** The bytes, gunzipped if they are gzip (to at most `limit` bytes); any other bytes as they are. */
export async function unpacked(bytes: Uint8Array, limit = MAX_UNPACKED_BYTES): Promise<Uint8Array> {
  return isGzip(bytes) ? gunzipBounded(bytes, limit) : bytes;
}

/** The name to save a replay under: the source's base name with a `.hlt` extension. */
export function downloadName(source: string): string {
  const base = source.split(/[\\/]/).pop() ?? '';
  // The file's own ending goes (a compressed one with the ending before it: `.hlt.gz`).
  const stem = base.replace(/[?#].*$/, '').replace(/(\.[A-Za-z0-9]{1,8})?\.(gz|zst)$/i, '').replace(/\.[A-Za-z0-9]{1,8}$/, '');
  const safe = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'replay'}.hlt`;
}
