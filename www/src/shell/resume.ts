// Games kept in the browser (IndexedDB). A game a human is playing, after every turn, so that
// reloading the page brings it back at the same turn: one record per address, the game so far as
// the original's replay file as the engine writes it (gzipped by the browser's own compressor),
// and whether it has ended. The bots' logs and drawings are not kept with it: a bot may log and
// draw tens of kilobytes a turn, and the game goes on the same without them.
// And replays opened by a stable address, `?replay=stored:<id>` (the arena's games), which work
// after the tab that played them is gone: at most MAX_STORED of them and MAX_STORED_BYTES in all,
// the oldest dropped first.

const DB = 'halite';
const STORE = 'games-in-progress';
const REPLAYS = 'replays';
/** The bytes of each stored replay, by its id: the budget is kept without reading any replay. */
const SIZES = 'replay-sizes';
/** The stored replays by age (`savedAt`): the oldest are found without reading any replay. */
const BY_AGE = 'by-age';
/** Stored replays kept at most (the oldest go first). */
export const MAX_STORED = 400;
/** Bytes of stored replays kept at most, all together (the oldest go first; the newest replay is
 * kept even when it alone is larger). */
export const MAX_STORED_BYTES = 100 * 1024 * 1024;

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
    const req = indexedDB.open(DB, 4);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
      const replays = db.objectStoreNames.contains(REPLAYS) ? req.transaction?.objectStore(REPLAYS) : db.createObjectStore(REPLAYS);
      // Version 3: the replays stored before are indexed by age as the index is made.
      if (replays && !replays.indexNames.contains(BY_AGE)) replays.createIndex(BY_AGE, 'savedAt');
      // Version 4: sizes apart from the replays (those stored before are sized when a replay is
      // next stored).
      if (!db.objectStoreNames.contains(SIZES)) db.createObjectStore(SIZES);
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

/** A request's result, as a promise (settled inside the transaction, which stays open for the
 * next request made from it). */
function result<T>(r: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result as T);
    r.onerror = () => reject(r.error ?? new Error('the browser database failed'));
  });
}

/** Keeps `bytes` (a replay file, as the engine wrote it or gzipped) under `id`; the oldest stored
 * replays beyond MAX_STORED, or beyond MAX_STORED_BYTES in all, are dropped, in the same
 * transaction. They are found by the age index's keys and the sizes kept apart: no stored replay
 * is read (an arena stores one per game, and reading hundreds of replays each time would hold the
 * page's main thread), except once each of those stored before sizes were kept. */
export async function storeReplay(id: string, bytes: Uint8Array): Promise<void> {
  if (!validStoredId(id)) throw new Error(`not a stored replay id: ${id}`);
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction([REPLAYS, SIZES], 'readwrite');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('the browser database failed'));
      tx.onabort = () => reject(tx.error ?? new Error('the browser database gave up'));
      const store = tx.objectStore(REPLAYS);
      const sizes = tx.objectStore(SIZES);
      const trim = async (): Promise<void> => {
        store.put({ bytes, savedAt: Date.now() }, id);
        sizes.put(bytes.byteLength, id);
        const [keys, values, oldest] = await Promise.all([
          result<IDBValidKey[]>(sizes.getAllKeys()),
          result<unknown[]>(sizes.getAll()),
          result<IDBValidKey[]>(store.index(BY_AGE).getAllKeys()),
        ]);
        const known = new Map(keys.map((k, i) => [String(k), Number(values[i]) || 0]));
        let total = 0;
        for (const key of oldest) {
          let size = known.get(String(key));
          if (size === undefined) {
            // Stored before sizes were kept: read once.
            const v = await result<{ bytes?: unknown } | undefined>(store.get(key));
            size = v?.bytes instanceof Uint8Array ? v.bytes.byteLength : 0;
            sizes.put(size, key);
            known.set(String(key), size);
          }
          total += size;
        }
        let count = oldest.length;
        for (const key of oldest) {
          if (count <= MAX_STORED && total <= MAX_STORED_BYTES) break;
          if (String(key) === id) continue;
          store.delete(key);
          sizes.delete(key);
          total -= known.get(String(key)) ?? 0;
          count--;
        }
        // Sizes of replays no longer stored.
        const stored = new Set(oldest.map(String));
        for (const key of keys) if (!stored.has(String(key))) sizes.delete(key);
      };
      trim().catch((e: unknown) => {
        try {
          tx.abort();
        } catch {
          // Already over: its own error is reported.
        }
        reject(e instanceof Error ? e : new Error(String(e)));
      });
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
