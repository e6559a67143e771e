// Games a human is playing, kept in the browser (IndexedDB) after every turn, so that reloading
// the page brings the game back at the same turn. One record per address: the game so far as the
// original's replay file (gzipped by the browser's own compressor), and whether it has ended.

const DB = 'halite';
const STORE = 'games-in-progress';

export interface SavedGame {
  bytes: Uint8Array;
  /** Frames in the saved game (the game continues from the last one). */
  frames: number;
  finished: boolean;
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('this browser keeps no games'));
      return;
    }
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('could not open the browser database'));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? new Error('the browser database failed'));
      tx.onabort = () => reject(tx.error ?? new Error('the browser database gave up'));
    });
  } finally {
    db.close();
  }
}

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function saveGame(key: string, game: SavedGame): Promise<void> {
  return run<unknown>('readwrite', (s) => s.put(game, key)).then(() => undefined);
}

export async function loadSavedGame(key: string): Promise<SavedGame | null> {
  try {
    const v = await run<unknown>('readonly', (s) => s.get(key));
    if (typeof v !== 'object' || v === null) return null;
    const g = v as Partial<SavedGame>;
    if (!(g.bytes instanceof Uint8Array) || typeof g.frames !== 'number') return null;
    return { bytes: g.bytes, frames: g.frames, finished: g.finished === true, savedAt: Number(g.savedAt) || 0 };
  } catch {
    return null;
  }
}

export function forgetGame(key: string): Promise<void> {
  return run<unknown>('readwrite', (s) => s.delete(key)).then(
    () => undefined,
    () => undefined,
  );
}
