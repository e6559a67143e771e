// Messages between the page and a bot's worker (seats/bot-worker.ts).

import type { GameId } from '../shell/game';

/** Where a bot's code comes from: a game's built-in bot, an ES module URL, or source text (the
 * editor, a file). A module's default export is the bot; `name` and `init` are optional. */
export type BotSource = { kind: 'builtin'; id: string } | { kind: 'url'; url: string } | { kind: 'code'; code: string; label: string };

/** page -> worker */
export type ToWorker =
  | { type: 'init'; game: GameId; bot: BotSource; seed: number; obs: unknown }
  | { type: 'turn'; turn: number; obs: unknown };

/** worker -> page. `log` is what the bot wrote with console.* meanwhile (capped); `ms` the time
 * spent inside the bot function for this turn, measured in the worker. */
export type FromWorker =
  | { type: 'ready'; name: string | null; log: string }
  | { type: 'moves'; turn: number; moves: unknown; log: string; ms: number }
  | { type: 'packed'; turn: number; packed: PackedRecords; log: string; ms: number }
  | { type: 'error'; turn: number; message: string; log: string };

/** The most a bot may log in one turn, in characters (the rest is cut, with a note). */
export const MAX_LOG = 10_000;

/**
 * An answer that is an array of flat records with the same integer fields (a list of moves),
 * sent as one typed array instead of one cloned object per record: cloning thousands of small
 * objects costs more than a fast bot's whole turn. `unpackRecords(packRecords(a))` is
 * indistinguishable from a structured clone of `a`, so the answer's check sees the same thing.
 */
export interface PackedRecords {
  keys: string[];
  /** Record-major: record r's field k at `r * keys.length + k`. */
  values: Int32Array;
}

const MAX_KEYS = 8;

/** Packs `raw` when it is an array of objects with the same own keys, all int32 integers;
 * otherwise null (the answer is sent as it is). */
export function packRecords(raw: unknown): PackedRecords | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const first: unknown = raw[0];
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return null;
  const keys = Object.keys(first);
  const k = keys.length;
  if (k === 0 || k > MAX_KEYS) return null;
  const values = new Int32Array(raw.length * k);
  for (let r = 0; r < raw.length; r++) {
    const o: unknown = raw[r];
    if (typeof o !== 'object' || o === null || Array.isArray(o) || Object.getPrototypeOf(o) !== Object.prototype) return null;
    let own = 0;
    for (const key in o) {
      if (!Object.prototype.hasOwnProperty.call(o, key)) return null;
      own++;
    }
    if (own !== k) return null;
    for (let j = 0; j < k; j++) {
      const v = (o as Record<string, unknown>)[keys[j]];
      if (typeof v !== 'number' || (v | 0) !== v || Object.is(v, -0)) return null;
      values[r * k + j] = v;
    }
  }
  return { keys, values };
}

/** The records `packRecords` packed, as plain objects. */
export function unpackRecords(p: PackedRecords): Record<string, number>[] {
  const k = p.keys.length;
  const n = k === 0 ? 0 : p.values.length / k;
  const out = new Array<Record<string, number>>(n);
  for (let r = 0; r < n; r++) {
    const o: Record<string, number> = {};
    for (let j = 0; j < k; j++) o[p.keys[j]] = p.values[r * k + j];
    out[r] = o;
  }
  return out;
}
