// An arena's settings in the address: `?arena&game=G&bots=a,b&games=N&size=WxH|A-B|any&seed=S
// &fog=R&tau=T&order=rotate|shuffle|fixed&parallel=P&turnMs=T&initMs=T`, so a set-up can be linked
// to and a run repeated. `size=any`: one of the game's own sizes, drawn per game. Pure: bad values
// are left out (the form keeps its defaults; a size the game does not offer is the form's to
// refuse).

import { parseUrlState } from '../shell/page/urlstate';
import { LIMITS, type ArenaConfig, type MapSize, type SeatOrder } from './plan';

export type ArenaQuery = Partial<Omit<ArenaConfig, 'budgets' | 'size'>> & {
  /** `any` stands for a size drawn from the game's list. */
  size?: Exclude<MapSize, { kind: 'choice' }> | { kind: 'any' };
  initMs?: number;
  turnMs?: number;
};

function num(v: string | null, lo: number, hi: number, integer = true): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < lo || n > hi || (integer && !Number.isInteger(n))) return undefined;
  return n;
}

export function parseArenaQuery(search: string): ArenaQuery {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const base = parseUrlState(search);
  const out: ArenaQuery = {};
  if (base.bots && base.bots.length >= LIMITS.seats.min) out.entries = base.bots.filter((b) => b !== 'human').slice(0, LIMITS.seats.max);
  if (out.entries && out.entries.length < LIMITS.seats.min) delete out.entries;
  if (base.seed !== undefined) out.seed = base.seed;
  if (base.fog !== undefined && base.fog >= LIMITS.fog.min) out.fog = base.fog;
  if (typeof base.turnMs === 'number' && base.turnMs >= LIMITS.turnMs.min) out.turnMs = base.turnMs;
  if (typeof base.initMs === 'number' && base.initMs >= LIMITS.initMs.min) out.initMs = base.initMs;
  const side = (n: number) => n >= LIMITS.side.min && n <= LIMITS.side.max;
  // A fixed size may go beyond the sides' upper limit: a game with its own list of sizes checks
  // it against the list (the form does).
  const fixedSide = (n: number) => n >= LIMITS.side.min;
  if (base.size && fixedSide(base.size.width) && fixedSide(base.size.height)) out.size = { kind: 'fixed', ...base.size };
  if ((q.get('size') ?? '').trim().toLowerCase() === 'any') out.size = { kind: 'any' };
  const range = /^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$/.exec(q.get('size') ?? '');
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (side(a) && side(b)) out.size = { kind: 'range', min: Math.min(a, b), max: Math.max(a, b) };
  }
  const games = num(q.get('games'), LIMITS.games.min, LIMITS.games.max);
  if (games !== undefined) out.games = games;
  const tau = num(q.get('tau'), LIMITS.tau.min, LIMITS.tau.max, false);
  if (tau !== undefined) out.tau = tau;
  const parallel = num(q.get('parallel'), LIMITS.parallel.min, LIMITS.parallel.max);
  if (parallel !== undefined) out.parallel = parallel;
  const order = q.get('order');
  if (order === 'rotate' || order === 'shuffle' || order === 'fixed') out.order = order as SeatOrder;
  return out;
}

function sizeText(s: MapSize): string {
  if (s.kind === 'choice') return 'any';
  return s.kind === 'fixed' ? `${s.width}x${s.height}` : `${s.min}-${s.max}`;
}

/** The address of a configuration (`seed` is left out when `withSeed` is false). */
export function arenaSearch(c: ArenaConfig, withSeed = true): string {
  const q = new URLSearchParams();
  q.set('arena', '');
  if (c.game) q.set('game', c.game);
  q.set('bots', c.entries.join(','));
  q.set('games', String(c.games));
  q.set('size', sizeText(c.size));
  if (withSeed) q.set('seed', String(c.seed));
  if (c.fog !== undefined) q.set('fog', String(c.fog));
  q.set('order', c.order);
  if (c.tau !== 0) q.set('tau', String(c.tau));
  q.set('parallel', String(c.parallel));
  q.set('initMs', String(c.budgets.initMs));
  q.set('turnMs', String(c.budgets.turnMs));
  return `?${q.toString().replace(/^arena=&/, 'arena&').replace(/%2F/gi, '/').replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`;
}
