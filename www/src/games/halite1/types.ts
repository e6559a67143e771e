// Halite I data as it crosses from the engine: turn reports, fog views, results and verdicts,
// checked for shape before use.

import type { Standing, VerifyResult } from '../../shell/game';

import type { PlayerTurnStats } from './lessons/types';

/** Per-player statistics of one turn (the lessons read them too, so they are declared there). */
export type { PlayerTurnStats };

/** The report of turn t (frame t -> t + 1). */
export interface TurnReport {
  players: PlayerTurnStats[];
  damageDealt: number[];
  damageTaken: number[];
}

/** What one player saw of a frame: copies, hidden sites neutral with 0 strength and production. */
export interface FogFrame {
  owner: Uint8Array;
  strength: Uint8Array;
  production: Uint8Array;
  visible: Uint8Array;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Checks the shape of a fog view coming from the engine. */
export function asFogFrame(v: unknown, sites: number): FogFrame | null {
  if (!isObject(v)) return null;
  const { owner, strength, production, visible } = v;
  if (
    owner instanceof Uint8Array &&
    strength instanceof Uint8Array &&
    production instanceof Uint8Array &&
    visible instanceof Uint8Array &&
    owner.length === sites &&
    visible.length === sites
  ) {
    return { owner, strength, production, visible };
  }
  return null;
}

/** Checks the shape of a turn report coming from the engine. */
export function asTurnReport(v: unknown): TurnReport | null {
  if (!isObject(v)) return null;
  const { players, damageDealt, damageTaken } = v;
  if (Array.isArray(players) && Array.isArray(damageDealt) && Array.isArray(damageTaken)) {
    return v as unknown as TurnReport;
  }
  return null;
}

/** The engine's results (or a replay's standings) as the shell's standings. */
export function asStandings(v: unknown): Standing[] {
  if (!Array.isArray(v)) return [];
  const out: Standing[] = [];
  for (const s of v) {
    if (!isObject(s) || typeof s.rank !== 'number') continue;
    const seat = typeof s.seat === 'number' ? s.seat : typeof s.tag === 'number' ? s.tag - 1 : -1;
    if (seat < 0) continue;
    out.push({
      seat,
      name: typeof s.name === 'string' ? s.name : `Player ${seat + 1}`,
      rank: s.rank,
      lastFrameAlive: typeof s.lastFrameAlive === 'number' ? s.lastFrameAlive : -1,
      alive: s.alive === true,
      ejected: s.ejected === true,
      score: typeof s.territory === 'number' ? s.territory : 0,
    });
  }
  return out;
}

export function asVerifyResult(v: unknown): VerifyResult {
  if (isObject(v) && v.ok === true) return { ok: true };
  if (isObject(v) && v.ok === false) {
    const out: VerifyResult = {
      ok: false,
      frame: typeof v.frame === 'number' ? v.frame : 0,
      message: typeof v.message === 'string' ? v.message : 'the replay breaks the rules',
    };
    // Every frame follows the rules, but the record stops before the game's end.
    if (v.unfinished === true) out.unfinished = true;
    // Where on the map, when the engine says (a site mismatch or a move for a foreign site).
    const d = v.detail;
    if (isObject(d) && typeof d.x === 'number' && typeof d.y === 'number') out.site = { x: d.x, y: d.y };
    return out;
  }
  return { ok: false, frame: 0, message: 'the engine gave no verdict' };
}
