// A replay file is read with the limits a live game keeps: a name of at most MAX_NAME characters,
// a turn's log of at most MAX_LOG, drawings within shell/drawings.ts's caps. What a replay holds
// beyond them is cut as it is read (in the engine worker, before anything reaches the page), and
// the page says what was cut.

import { LOG_SLACK, MAX_LOG, MAX_NAME } from './bot-messages';
import { MAX_SHAPES } from '../drawings';
import { fmt } from '../format';

/** What reading a replay cut to the limits. */
export interface ReplayCuts {
  /** Names cut to MAX_NAME characters. */
  names: number;
  /** Turns' logs cut to MAX_LOG characters. */
  logs: number;
  /** Shapes left out of the drawings: past MAX_SHAPES a turn, or unreadable. */
  drawings: number;
}

/** The note that ends a log cut in a replay. */
export const REPLAY_LOG_NOTE = `[log cut at ${fmt(MAX_LOG)} characters in this replay]`;

/** The first `n` UTF-16 units of `s`, without half of a character at the end. */
function head(s: string, n: number): string {
  const h = s.slice(0, n);
  const last = h.charCodeAt(h.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? h.slice(0, -1) : h;
}

/** A player's name as the page shows it: at most MAX_NAME characters, a longer one cut and
 * ending with "…". */
export function capName(name: string): string {
  return name.length <= MAX_NAME ? name : `${head(name, MAX_NAME - 1)}…`;
}

/** A turn's log as the page keeps it: one longer than a live game's (MAX_LOG, and the room for
 * the note a live game adds when it cuts one) is cut to MAX_LOG characters, with a note. */
export function capLog(log: string): string {
  return log.length <= MAX_LOG + LOG_SLACK ? log : `${head(log, MAX_LOG)}\n${REPLAY_LOG_NOTE}\n`;
}

/** The names, capped, and how many were cut. */
export function capNames(names: readonly unknown[]): { names: string[]; cut: number } {
  let cut = 0;
  const out = names.map((n, k) => {
    const s = typeof n === 'string' ? n : `Player ${k + 1}`;
    const c = capName(s);
    if (c !== s) cut++;
    return c;
  });
  return { names: out, cut };
}

/** Final standings as an engine gives them (a list of objects with a `name`), names capped. */
export function capStandingNames(standings: unknown): { standings: unknown; cut: number } {
  if (!Array.isArray(standings)) return { standings, cut: 0 };
  let cut = 0;
  const out = standings.map((s: unknown) => {
    if (typeof s !== 'object' || s === null || !('name' in s)) return s;
    const name = (s as { name: unknown }).name;
    if (typeof name !== 'string' || name.length <= MAX_NAME) return s;
    cut++;
    return { ...s, name: capName(name) };
  });
  return { standings: cut ? out : standings, cut };
}

const count = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;

/** The sentence the page shows for a replay cut as it was read, or null when nothing was. */
export function cutsText(c: ReplayCuts): string | null {
  const parts: string[] = [];
  if (c.names) parts.push(`${count(c.names, 'player name', 'player names')} cut to ${MAX_NAME} characters`);
  if (c.logs) parts.push(`${count(c.logs, 'turn’s bot log', 'turns’ bot logs')} cut to ${fmt(MAX_LOG)} characters`);
  if (c.drawings) parts.push(`${count(c.drawings, 'bot drawing', 'bot drawings')} left out (past ${fmt(MAX_SHAPES)} shapes a turn, or unreadable)`);
  if (!parts.length) return null;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `This replay holds more than a live game keeps: ${list}.`;
}
