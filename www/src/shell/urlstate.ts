// The view's state in the address bar: `?replay=URL&frame=N&player=P&radius=R` (and `bots=` for
// the live game). Pure functions: unit-tested in node.

export interface UrlState {
  /** Replay address (absolute, or relative to the page). */
  replay?: string;
  /** Frame to open at. */
  frame?: number;
  /** Perspective: 0 the whole map, 1..6 what that player saw. */
  player?: number;
  /** Fog radius of the perspective. */
  radius?: number;
  /** Built-in bots of the live game, in seat order. */
  bots?: string[];
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
      .map((b) => b.trim().toLowerCase())
      .filter((b) => /^[a-z0-9_-]{1,32}$/.test(b));
    if (list.length > 0) out.bots = list.slice(0, 6);
  }
  return out;
}

/** Writes the state as a query string (with the leading `?`, or '' when empty). */
export function buildSearch(s: UrlState): string {
  const q = new URLSearchParams();
  if (s.replay) q.set('replay', s.replay);
  if (s.frame !== undefined && s.frame > 0) q.set('frame', String(Math.floor(s.frame)));
  if (s.player !== undefined && s.player > 0) {
    q.set('player', String(s.player));
    if (s.radius !== undefined) q.set('radius', String(s.radius));
  }
  if (s.bots && s.bots.length > 0) q.set('bots', s.bots.join(','));
  const str = q.toString();
  // Keep slashes readable in replay paths.
  return str ? `?${str.replace(/%2F/gi, '/')}` : '';
}
