// Games kept in the browser (IndexedDB). A game a human is playing, after every turn, so that
// reloading the page brings it back at the same turn: one record per address, the game so far as
// the original's replay file as the engine writes it (gzipped by the engine's worker), and whether
// it has ended; and what the bots logged and drew, a record per turn, appended as turns are
// played (a bot may log and draw a hundred kilobytes a turn: the game's record never carries
// them), the oldest turns' dropped past MAX_KEPT_TURN_BYTES.
// And replays opened by a stable address, `?replay=stored:<id>` (the arena's games), which work
// after the tab that played them is gone: at most MAX_STORED of them and MAX_STORED_BYTES in all,
// the oldest dropped first.

import { readShapes, type Shape } from '../drawings';

const DB = 'halite';
const STORE = 'games-in-progress';
const REPLAYS = 'replays';
/** The bytes of each stored replay, by its id: the budget is kept without reading any replay. */
const SIZES = 'replay-sizes';
/** The stored replays by age (`savedAt`): the oldest are found without reading any replay. */
const BY_AGE = 'by-age';
/** The bots' logs and drawings of kept games, by [address, turn]. */
const TURNS = 'game-turns';
/** Bytes (characters) of a kept game's bots' logs and drawings, at most: the oldest turns' go
 * first. */
export const MAX_KEPT_TURN_BYTES = 2 * 1024 * 1024;
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
  /** The turns whose logs and drawings are kept, oldest first, with their sizes: [turn, bytes]. */
  turns: [number, number][];
}

/** What the bots logged and drew in one turn, by seat ('' and null: nothing). */
export interface KeptTurn {
  turn: number;
  logs: string[];
  drawings: (Shape[] | null)[];
}

/** A turn's logs and drawings in bytes, roughly (characters, and a little for each shape). */
function turnSize(t: KeptTurn): number {
  let n = 0;
  for (const l of t.logs) n += l.length;
  for (const d of t.drawings) for (const s of d ?? []) n += 48 + (s[0] === 'text' ? s[3].length : 0);
  return n;
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
      // next stored), and kept games' turns apart from their record.
      if (!db.objectStoreNames.contains(SIZES)) db.createObjectStore(SIZES);
      if (!db.objectStoreNames.contains(TURNS)) db.createObjectStore(TURNS);
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

/** All of a game's turn records. */
const turnsOf = (key: string): IDBKeyRange => IDBKeyRange.bound([key, -Infinity], [key, Infinity]);

/** Runs `f` in one transaction over `stores`; resolves once it is committed. */
async function inTransaction(stores: string[], mode: IDBTransactionMode, f: (tx: IDBTransaction) => void): Promise<void> {
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(stores, mode);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('the browser database failed'));
      tx.onabort = () => reject(tx.error ?? new Error('the browser database gave up'));
      f(tx);
    });
  } finally {
    db.close();
  }
}

/**
 * Keeps a game after a turn, in one transaction: its record (`game`, the replay so far) and the
 * logs and drawings of the turns played since the last save (`added`, turns `from` on, appended
 * as records of their own; whatever was kept of turns from `from` on before is replaced). `kept`
 * is what the last save (or the load) kept; the oldest turns go while they add up to more than
 * MAX_KEPT_TURN_BYTES. Resolves to the turns kept now.
 */
export async function saveGame(key: string, game: Omit<SavedGame, 'turns'>, kept: readonly [number, number][], from: number, added: readonly KeptTurn[]): Promise<[number, number][]> {
  const turns = kept.filter(([t]) => t < from);
  await inTransaction([STORE, TURNS], 'readwrite', (tx) => {
    const store = tx.objectStore(TURNS);
    store.delete(IDBKeyRange.bound([key, from], [key, Infinity]));
    for (const t of added) {
      const size = turnSize(t);
      if (size === 0) continue;
      store.put({ logs: t.logs, drawings: t.drawings }, [key, t.turn]);
      turns.push([t.turn, size]);
    }
    let total = turns.reduce((s, [, n]) => s + n, 0);
    while (total > MAX_KEPT_TURN_BYTES && turns.length > 0) {
      const [t, n] = turns.shift() as [number, number];
      store.delete([key, t]);
      total -= n;
    }
    tx.objectStore(STORE).put({ ...game, turns }, key);
  });
  return turns;
}

export async function loadSavedGame(key: string): Promise<SavedGame | null> {
  try {
    const v = await run<unknown>('readonly', (s) => s.get(key));
    if (typeof v !== 'object' || v === null) return null;
    const g = v as Partial<SavedGame>;
    if (!(g.bytes instanceof Uint8Array) || typeof g.frames !== 'number') return null;
    const turns = Array.isArray(g.turns) ? g.turns.filter((p): p is [number, number] => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && typeof p[1] === 'number') : [];
    return { bytes: g.bytes, frames: g.frames, finished: g.finished === true, savedAt: Number(g.savedAt) || 0, turns };
  } catch {
    return null;
  }
}

/** The logs and drawings kept of a game's turns before `before`, oldest first, read a turn at a
 * time (each a task of its own); their shapes checked as a replay's are. */
export async function loadKeptTurns(key: string, before: number, players: number): Promise<KeptTurn[]> {
  const out: KeptTurn[] = [];
  try {
    await inTransaction([TURNS], 'readonly', (tx) => {
      const c = tx.objectStore(TURNS).openCursor(IDBKeyRange.bound([key, 0], [key, before], false, true));
      c.onsuccess = () => {
        const cur = c.result;
        if (!cur) return;
        const turn = (cur.key as [string, number])[1];
        const v = cur.value as Partial<KeptTurn> | undefined;
        const logs = Array.isArray(v?.logs) ? v.logs.slice(0, players).map((l) => (typeof l === 'string' ? l : '')) : [];
        const drawings = Array.isArray(v?.drawings) ? v.drawings.slice(0, players).map((d) => (d === null ? null : readShapes(d))) : [];
        out.push({ turn, logs, drawings });
        cur.continue();
      };
    });
  } catch {
    return [];
  }
  return out;
}

/** Forgets a kept game: its record and its turns' logs and drawings. */
export function forgetGame(key: string): Promise<void> {
  return inTransaction([STORE, TURNS], 'readwrite', (tx) => {
    tx.objectStore(STORE).delete(key);
    tx.objectStore(TURNS).delete(turnsOf(key));
  }).catch(() => undefined);
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

/** The size of a stored replay's bytes (a `Uint8Array`, or a `Blob` as an arena keeps them). */
function storedSize(b: unknown): number {
  if (b instanceof Uint8Array) return b.byteLength;
  if (b instanceof Blob) return b.size;
  return 0;
}

/** Keeps each item's `bytes` (a replay file, as the engine wrote it or gzipped) under its `id`,
 * in one opening of the database and one transaction (an arena keeps the games that ended
 * together in one go). The oldest stored replays beyond MAX_STORED, or beyond MAX_STORED_BYTES in
 * all, are dropped in the same transaction; these items themselves are kept. The old ones are
 * found by the age index's keys and the sizes kept apart: no stored replay is read (reading
 * hundreds of replays each time would hold the page's main thread), except once each of those
 * stored before sizes were kept. A `Blob` is kept as it is: the browser writes its bytes to the
 * database away from the page's main thread (an array's bytes are copied and serialised on it:
 * 42 to 71 ms of CPU for 50 games of 30x30). */
export async function storeReplays(items: readonly { id: string; bytes: Uint8Array | Blob }[]): Promise<void> {
  for (const { id } of items) if (!validStoredId(id)) throw new Error(`not a stored replay id: ${id}`);
  if (items.length === 0) return;
  const mine = new Set(items.map((x) => x.id));
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
        const now = Date.now();
        for (const { id, bytes } of items) {
          store.put({ bytes, savedAt: now }, id);
          sizes.put(storedSize(bytes), id);
        }
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
            size = storedSize(v?.bytes);
            sizes.put(size, key);
            known.set(String(key), size);
          }
          total += size;
        }
        let count = oldest.length;
        for (const key of oldest) {
          if (count <= MAX_STORED && total <= MAX_STORED_BYTES) break;
          if (mine.has(String(key))) continue;
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
    if (b instanceof Blob) return new Uint8Array(await b.arrayBuffer());
    return b instanceof Uint8Array ? b : null;
  } catch {
    return null;
  }
}
