// The view's state in the address bar: `?replay=URL&frame=N&player=P&radius=R`, and for a live
// game `?game=G&bots=a,b,c&seed=N&size=WxH&fog=R&turnMs=T&initMs=T&speed=S`. Pure functions:
// unit-tested in node.

import type { GameId } from './game';

export interface UrlState {
  /** The game of a live game (`halite1` when absent). */
  game?: GameId;
  /** Replay address (absolute, or relative to the page). */
  replay?: string;
  /** Frame to open at. */
  frame?: number;
  /** Perspective: 0 the whole map, 1..6 what that player saw. */
  player?: number;
  /** Fog radius of the perspective. */
  radius?: number;
  /** The seats of a live game, in order: `human`, built-in bot names, `saved:<id>` (a bot kept in
   * the browser) or bot module URLs. */
  bots?: string[];
  /** The map seed of a live game (the reference generator's map for this seed and size). */
  seed?: number;
  /** The requested map size of a live game. */
  size?: { width: number; height: number };
  /** Blitz: the fog radius of a live game. */
  fog?: number;
  /** Bots' per-turn and first-turn budgets, ms; null: no limit (for debugging). */
  turnMs?: number | null;
  initMs?: number | null;
  /** Playback speed of a live game, frames a second. */
  speed?: number;
}

/** Whether a `bots=` entry is a module URL (absolute or relative to the page) rather than a
 * built-in bot's name: it contains a `/` or ends in `.js` or `.mjs`. */
export function isBotUrl(entry: string): boolean {
  return entry.includes('/') || /\.m?js$/i.test(entry);
}

function budget(v: string | null): number | null | undefined {
  if (v === null) return undefined;
  if (/^\s*(none|off|inf|infinity)\s*$/i.test(v)) return null;
  return int(v, 1, 600_000);
}

function int(v: string | null, lo: number, hi: number): number | undefined {
  if (v === null || !/^\s*-?\d+\s*$/.test(v)) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < lo || n > hi) return undefined;
  return n;
}

/** Reads the state from a query string (`?a=b...` or `a=b...`); bad values are left out. */
export function parseUrlState(search: string): UrlState {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: UrlState = {};
  const game = q.get('game')?.trim().toLowerCase();
  if (game === 'halite1' || game === 'halite2') out.game = game;
  const replay = q.get('replay');
  if (replay !== null && replay.trim() !== '') out.replay = replay.trim();
  const frame = int(q.get('frame'), 0, 1_000_000);
  if (frame !== undefined) out.frame = frame;
  const player = int(q.get('player'), 0, 6);
  if (player !== undefined) out.player = player;
  const radius = int(q.get('radius'), 0, 250);
  if (radius !== undefined) out.radius = radius;
  const bots = q.get('bots');
  if (bots !== null) {
    const list = bots
      .split(',')
      .map((b) => b.trim())
      .map((b) => (isBotUrl(b) ? b : b.toLowerCase()))
      .filter((b) => (isBotUrl(b) ? b.length <= 2000 && !/^\s*javascript:/i.test(b) : /^(saved:)?[a-z0-9_-]{1,32}$/.test(b)));
    if (list.length > 0) out.bots = list.slice(0, 6);
  }
  const seed = int(q.get('seed'), 1, 4_294_967_295);
  if (seed !== undefined) out.seed = seed;
  const size = /^\s*(\d{1,3})\s*[xX]\s*(\d{1,3})\s*$/.exec(q.get('size') ?? '');
  if (size) out.size = { width: Number(size[1]), height: Number(size[2]) };
  const fog = int(q.get('fog'), 0, 250);
  if (fog !== undefined) out.fog = fog;
  const turnMs = budget(q.get('turnMs'));
  if (turnMs !== undefined) out.turnMs = turnMs;
  const initMs = budget(q.get('initMs'));
  if (initMs !== undefined) out.initMs = initMs;
  const speed = int(q.get('speed'), 1, 60);
  if (speed !== undefined) out.speed = speed;
  return out;
}

/** Writes the state as a query string (with the leading `?`, or '' when empty). */
export function buildSearch(s: UrlState): string {
  const q = new URLSearchParams();
  if (s.game && s.game !== 'halite1') q.set('game', s.game);
  if (s.replay) q.set('replay', s.replay);
  if (s.frame !== undefined && s.frame > 0) q.set('frame', String(Math.floor(s.frame)));
  if (s.player !== undefined && s.player > 0) {
    q.set('player', String(s.player));
    if (s.radius !== undefined) q.set('radius', String(s.radius));
  }
  if (s.bots && s.bots.length > 0) q.set('bots', s.bots.join(','));
  if (s.seed !== undefined) q.set('seed', String(s.seed));
  if (s.size) q.set('size', `${s.size.width}x${s.size.height}`);
  if (s.fog !== undefined) q.set('fog', String(s.fog));
  if (s.turnMs !== undefined) q.set('turnMs', s.turnMs === null ? 'none' : String(s.turnMs));
  if (s.initMs !== undefined) q.set('initMs', s.initMs === null ? 'none' : String(s.initMs));
  if (s.speed !== undefined) q.set('speed', String(s.speed));
  const str = q.toString();
  // Keep slashes readable in replay paths.
  return str ? `?${str.replace(/%2F/gi, '/')}` : '';
}
