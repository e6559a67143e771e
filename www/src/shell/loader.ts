// Reading replay bytes with progress: a fetch read chunk by chunk, or a FileReader.

export type ProgressFn = (loaded: number, total: number | null) => void;

/** Fetches `url` as bytes, reporting progress as chunks arrive. */
export async function fetchBytes(url: string, onProgress: ProgressFn, signal?: AbortSignal): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    let host = '';
    try {
      const u = new URL(url, location.href);
      if (u.origin !== location.origin) host = u.host;
    } catch {
      host = '';
    }
    // The browser says only "Failed to fetch" for a server without CORS headers (or none at all).
    if (host) throw new Error(`the server at ${host} does not allow this page to read ${url} (it sends no CORS header), or it did not answer. Download the file and use Open, or drop it here`);
    throw new Error(`could not download ${url}: the server did not answer`);
  }
  if (res.status === 404) throw new Error(`could not download ${url}: not found (404)`);
  if (!res.ok) throw new Error(`could not download ${url}: ${res.status} ${res.statusText}`.trim());
  const header = res.headers.get('content-length');
  // With a Content-Encoding the length is of the encoded body: only a hint.
  const encoded = res.headers.get('content-encoding');
  let total: number | null = header && !encoded ? Number(header) : null;
  if (total !== null && !(total > 0)) total = null;
  onProgress(0, total);
  if (!res.body) {
    const buf = new Uint8Array(await res.arrayBuffer());
    onProgress(buf.length, buf.length);
    return buf;
  }
  const reader = res.body.getReader();
  let out = new Uint8Array(total ?? 1 << 20);
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > out.length) {
      const bigger = new Uint8Array(Math.max(out.length * 2, loaded + value.length));
      bigger.set(out.subarray(0, loaded));
      out = bigger;
    }
    out.set(value, loaded);
    loaded += value.length;
    onProgress(loaded, total !== null && loaded <= total ? total : null);
  }
  return out.length === loaded ? out : out.slice(0, loaded);
}

/** Reads a picked or dropped file as bytes, reporting FileReader progress. */
export function readFile(file: File, onProgress: ProgressFn): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : null);
    reader.onerror = () => reject(new Error(`could not read ${file.name}: ${reader.error?.message ?? 'unknown error'}`));
    reader.onabort = () => reject(new Error(`reading ${file.name} was cancelled`));
    reader.onload = () => {
      const r = reader.result;
      if (r instanceof ArrayBuffer) {
        onProgress(r.byteLength, r.byteLength);
        resolve(new Uint8Array(r));
      } else reject(new Error(`could not read ${file.name}`));
    };
    reader.readAsArrayBuffer(file);
  });
}

/** The name to save a replay under: the source's base name with a `.hlt` extension. */
export function downloadName(source: string): string {
  const base = source.split(/[\\/]/).pop() ?? '';
  // The file's own ending goes (a compressed one with the ending before it: `.hlt.gz`).
  const stem = base.replace(/[?#].*$/, '').replace(/(\.[A-Za-z0-9]{1,8})?\.(gz|zst)$/i, '').replace(/\.[A-Za-z0-9]{1,8}$/, '');
  const safe = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'replay'}.hlt`;
}
