// Games kept in the browser (IndexedDB). A game a human is playing, after every turn, so that
// reloading the page brings it back at the same turn: one record per address, the game so far as
// the original's replay file (gzipped by the browser's own compressor), and whether it has ended.
// And replays opened by a stable address, `?replay=stored:<id>` (the arena's games), which work
// after the tab that played them is gone.

const DB = 'halite';
const STORE = 'games-in-progress';
const REPLAYS = 'replays';
/** The stored replays by age (`savedAt`): the oldest are found without reading any replay. */
const BY_AGE = 'by-age';
/** Stored replays kept at most (the oldest go first). */
const MAX_STORED = 400;

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
    const req = indexedDB.open(DB, 3);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
      const replays = db.objectStoreNames.contains(REPLAYS) ? req.transaction?.objectStore(REPLAYS) : db.createObjectStore(REPLAYS);
      // Version 3: the replays stored before are indexed by age as the index is made.
      if (replays && !replays.indexNames.contains(BY_AGE)) replays.createIndex(BY_AGE, 'savedAt');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('could not open the browser database'));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest, store = STORE): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const req = f(tx.objectStore(store));
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

/** A stored replay's id: letters, digits, `-` and `_` (it goes into addresses). */
export function validStoredId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,80}$/.test(id);
}

/** Keeps `bytes` (a replay file, as the engine wrote it or gzipped) under `id`; the oldest stored
 * replays beyond MAX_STORED are dropped, in the same transaction. They are found by the age
 * index's keys alone: no stored replay is read (an arena stores one per game, and reading
 * hundreds of replays each time would hold the page's main thread). */
export async function storeReplay(id: string, bytes: Uint8Array): Promise<void> {
  if (!validStoredId(id)) throw new Error(`not a stored replay id: ${id}`);
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(REPLAYS, 'readwrite');
      const store = tx.objectStore(REPLAYS);
      store.put({ bytes, savedAt: Date.now() }, id);
      const count = store.count();
      count.onsuccess = () => {
        let extra = count.result - MAX_STORED;
        if (extra <= 0) return;
        const oldest = store.index(BY_AGE).openKeyCursor();
        oldest.onsuccess = () => {
          const c = oldest.result;
          if (!c || extra <= 0) return;
          store.delete(c.primaryKey);
          extra--;
          c.continue();
        };
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('the browser database failed'));
      tx.onabort = () => reject(tx.error ?? new Error('the browser database gave up'));
    });
  } finally {
    db.close();
  }
}

/** The replay stored under `id`, or null when this browser has none. */
export async function loadStoredReplay(id: string): Promise<Uint8Array | null> {
  if (!validStoredId(id)) return null;
  try {
    const v = await run<unknown>('readonly', (s) => s.get(id), REPLAYS);
    if (typeof v !== 'object' || v === null) return null;
    const b = (v as { bytes?: unknown }).bytes;
    return b instanceof Uint8Array ? b : null;
  } catch {
    return null;
  }
}
