// What the page keeps with a game beyond the original replay format: each bot's logs
// (`bot_logs[seat][turn]`, strings) and drawings (`bot_drawings[seat][turn]`, lists of shapes),
// written into the replay's JSON as two keys the original tools ignore, and read back when the
// replay is opened.

import { readDrawingsTable, type Drawings } from '../drawings';
import { capLog } from './replay-caps';

/** The JSON object members for a game's logs and drawings (`"bot_logs":[...],"bot_drawings":[...]`),
 * or '' when no bot logged or drew anything. Turns no bot used are '' (logs) and null (drawings). */
export function botMembers(logs: readonly (readonly string[])[], drawings: Drawings): string {
  const parts: string[] = [];
  if (logs.some((l) => l.some((t) => t))) {
    const turns = Math.max(...logs.map((l) => l.length));
    parts.push(`"bot_logs":${JSON.stringify(logs.map((l) => Array.from({ length: turns }, (_, t) => l[t] ?? '')))}`);
  }
  if (drawings.some((d) => d.some((t) => t && t.length))) {
    const turns = Math.max(...drawings.map((d) => d.length));
    parts.push(`"bot_drawings":${JSON.stringify(drawings.map((d) => Array.from({ length: turns }, (_, t) => d[t] ?? null)))}`);
  }
  return parts.join(',');
}

/** A plain JSON replay with `members` added before its closing brace (the bytes are not decoded);
 * unchanged when `members` is empty or the bytes are not a JSON object. */
export function insertMembers(json: Uint8Array, members: string): Uint8Array {
  if (!members) return json;
  let first = 0;
  while (first < json.length && (json[first] === 0x20 || json[first] === 0x0a || json[first] === 0x0d || json[first] === 0x09)) first++;
  if (json[first] !== 0x7b) return json;
  let end = json.length - 1;
  while (end >= 0 && json[end] !== 0x7d) end--;
  if (end < 0) return json;
  const tail = new TextEncoder().encode(`,${members}}`);
  const out = new Uint8Array(end + tail.length);
  out.set(json.subarray(0, end));
  out.set(tail, end);
  return out;
}

export interface BotExtras {
  logs: string[][] | null;
  drawings: Drawings | null;
  /** Turns' logs cut to MAX_LOG characters (see shell/engine/replay-caps.ts). */
  logsCut: number;
  /** Shapes left out of the replay's drawings: past a live game's limits, or unreadable. */
  drawingsCut: number;
}

/** The logs and drawings a parsed replay carries, checked (`players` seats, `turns` turns) and
 * held to a live game's limits: a turn's log is cut to MAX_LOG characters (with a note), turns
 * past the replay's are dropped, a turn's shapes past the limits (or unreadable) are left out. */
export function readBotExtras(json: unknown, players: number, turns: number): BotExtras {
  const o = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const l = o.bot_logs;
  let logsCut = 0;
  const logs =
    Array.isArray(l) && l.length <= players && l.every((x) => Array.isArray(x))
      ? l.map((x: unknown[]) =>
          x.slice(0, turns + 1).map((t) => {
            if (typeof t !== 'string') return '';
            const c = capLog(t);
            if (c !== t) logsCut++;
            return c;
          }),
        )
      : null;
  const { drawings, cut } = readDrawingsTable(o.bot_drawings, players, turns);
  return { logs, drawings, logsCut, drawingsCut: cut };
}
