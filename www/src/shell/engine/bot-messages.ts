// Messages between a bot's worker (bots/bot-runtime.ts) and what asks it (the page at its start,
// the match loop in the engine worker for a hosted bot's turns), and the check of everything a
// worker sends (`readFromWorker`): a bot's worker is not trusted, so a message is checked for
// type, shape and size before any work is done on it.

import { readShapes, type Shape } from '../drawings';
import type { GameId } from '../game';
import { cleanName } from '../page/names';
import { fmt } from '../format';

/** The forward model's start, as a hosted bot's worker gets it with a turn: the engine's snapshot
 * and the seat (0-based), or why `debug.simulate` is not available. `wasm` (the engine's binary)
 * comes once, with `init`. */
export type SimStart = { seat: number; snapshot?: Uint8Array; unavailable?: string; wasm?: ArrayBuffer };

/** page -> worker (a URL bot arrives as its fetched source text, `kind: 'code'`). */
export type ToWorker =
  | { type: 'init'; game: GameId; bot: { kind: 'builtin'; id: string } | { kind: 'code'; code: string; label: string }; seed: number; obs: unknown; sim?: SimStart }
  | { type: 'turn'; turn: number; obs: unknown; sim?: SimStart }
  /** Is the bot's thread free? (asked between its turns; answered with a pong) */
  | { type: 'ping'; n: number };

/** worker -> page, once checked. `log` is what the bot wrote with console.* meanwhile (capped);
 * `ms` the time spent inside the bot function for this turn, measured in the worker (only
 * informative: budgets are measured on the page). `garbage`: the answer itself was unusable. */
export type FromWorker =
  | { type: 'ready'; name: string | null; log: string; drawings: Shape[] }
  | { type: 'answer'; turn: number; moves: unknown; log: string; ms: number; drawings: Shape[] }
  | { type: 'error'; turn: number; message: string; log: string; garbage: boolean; line: number | null; column: number | null }
  | { type: 'pong'; n: number };

/** The most a bot may log in one turn, in characters (the rest is cut, with a note). */
export const MAX_LOG = 10_000;
/** The longest name a bot may give itself. */
export const MAX_NAME = 40;
/** The most records (moves) an answer may hold, and their most fields; the game's own check then
 * holds the answer to the pieces the seat has. */
export const MAX_RECORDS = 200_000;
export const MAX_KEYS = 8;
/** The longest answer sent as JSON text (answers that are not flat integer records). */
export const MAX_JSON = 4_000_000;
/** The longest error message a bot's failure keeps. */
export const MAX_MESSAGE = 2_000;
/** The longest JSON text of a turn's drawings (1,000 shapes). */
const MAX_DRAWINGS = 300_000;
/** Room for the note the worker adds when it cuts a log. */
export const LOG_SLACK = 100;

const own = (o: object, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined);

const isTurn = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= -1 && v <= 1e9;

/** A turn's drawings as the runtime sends them (JSON text, '' for none), or null if malformed. */
function readDrawings(v: unknown): Shape[] | null {
  if (v === undefined || v === '') return [];
  if (typeof v !== 'string' || v.length > MAX_DRAWINGS) return null;
  try {
    return readShapes(JSON.parse(v));
  } catch {
    return null;
  }
}

function readLog(v: unknown): string | null {
  if (v === undefined) return '';
  return typeof v === 'string' && v.length <= MAX_LOG + LOG_SLACK ? v : null;
}

/**
 * Checks one message from a bot's worker. Returns the message in the page's form, or a string
 * saying why it is garbage. Never loops over a length it has not checked first; unpacks records
 * only after checking their count.
 */
export function readFromWorker(data: unknown): FromWorker | string {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || ArrayBuffer.isView(data)) return 'a message that is not an object';
  const type = own(data, 'type');
  if (type === 'pong') {
    const n = own(data, 'n');
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? { type: 'pong', n } : 'a message that cannot be read';
  }
  const log = readLog(own(data, 'log'));
  if (log === null) return `a log longer than ${fmt(MAX_LOG)} characters`;
  const drawings = readDrawings(own(data, 'drawings'));
  if (drawings === null) return 'drawings that cannot be read';
  if (type === 'ready') {
    const name = own(data, 'name');
    if (name !== null && name !== undefined && (typeof name !== 'string' || name.length > MAX_NAME)) return `a name longer than ${MAX_NAME} characters`;
    // The name as the page shows it (no bidi controls, no invisible runs); none if nothing is left.
    const shown = typeof name === 'string' ? cleanName(name) : '';
    return { type: 'ready', name: shown === '' ? null : shown, log, drawings };
  }
  const turn = own(data, 'turn');
  if (!isTurn(turn)) return 'a message without a turn number';
  if (type === 'error') {
    const m = own(data, 'message');
    const text = typeof m === 'string' ? m.slice(0, MAX_MESSAGE) : 'an error';
    const place = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1e8 ? v : null);
    return { type: 'error', turn, message: text, log, garbage: own(data, 'garbage') === true, line: place(own(data, 'line')), column: place(own(data, 'column')) };
  }
  const ms = own(data, 'ms');
  const time = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : 0;
  if (type === 'packed') {
    const keys = own(data, 'keys');
    const values = own(data, 'values');
    if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) return 'moves in a form that cannot be read';
    for (let j = 0; j < keys.length; j++) {
      const k: unknown = keys[j];
      if (typeof k !== 'string' || k.length > 32) return 'moves in a form that cannot be read';
    }
    if (!(values instanceof Int32Array) || values.length % keys.length !== 0) return 'moves in a form that cannot be read';
    const n = values.length / keys.length;
    if (n > MAX_RECORDS) return `${fmt(n)} moves (at most ${fmt(MAX_RECORDS)})`;
    return { type: 'answer', turn, moves: unpackRecords(keys as string[], values), log, ms: time, drawings };
  }
  if (type === 'json') {
    const json = own(data, 'json');
    if (typeof json !== 'string') return 'moves in a form that cannot be read';
    if (json.length > MAX_JSON) return `${fmt(json.length)} characters of moves (at most ${fmt(MAX_JSON)})`;
    let moves: unknown;
    try {
      moves = JSON.parse(json);
    } catch {
      return 'moves that are not JSON';
    }
    if (Array.isArray(moves) && moves.length > MAX_RECORDS) return `${fmt(moves.length)} moves (at most ${fmt(MAX_RECORDS)})`;
    return { type: 'answer', turn, moves, log, ms: time, drawings };
  }
  return 'a message of an unknown type';
}

/** Why a bot's turn failed, from its worker's error message: garbage, or a throw with the line and
 * column in its source where they are known. */
export function turnFailure(msg: Extract<FromWorker, { type: 'error' }>, turn: number): string {
  if (msg.garbage) return `answered garbage: ${msg.message}`;
  return msg.line !== null ? `threw: ${msg.message} (turn ${turn}, line ${msg.line}, column ${msg.column})` : `threw: ${msg.message} (turn ${turn})`;
}

/** Flat integer records (record r's field k at `r * keys.length + k`) as plain objects. */
export function unpackRecords(keys: readonly string[], values: Int32Array): Record<string, number>[] {
  const k = keys.length;
  const n = k === 0 ? 0 : values.length / k;
  const out = new Array<Record<string, number>>(n);
  for (let r = 0; r < n; r++) {
    const o: Record<string, number> = {};
    for (let j = 0; j < k; j++) o[keys[j]] = values[r * k + j];
    out[r] = o;
  }
  return out;
}
