// What the set-up pages (play, arena) may offer for a live game of a module: how many seats, which
// map sizes, whether Blitz fog. A module says so through optional fields; one that says nothing
// takes any seat count the page allows, any map size within the page's bounds, and fog when its
// board has seat perspectives. Also the game a page's address asks for. Pure: unit-tested in node.

import type { GameId, GameModule } from '../game';

export interface MapDims {
  width: number;
  height: number;
}

export interface LiveRules {
  /** Seat counts a game may have, ascending, within the page's own bounds. */
  playerCounts: readonly number[];
  /** The map sizes offered, or null for any size within the page's bounds. */
  sizes: readonly MapDims[] | null;
  fog: boolean;
  /** The name its fog-of-war games go by, when they have one of their own. */
  fogName: string | null;
}

type RulesOf = Pick<GameModule, 'perspectives' | 'playerCounts' | 'sizes' | 'fog' | 'fogName'>;

/** The rules of `module` for a page that allows `min` to `max` seats (a module without its own
 * counts: 2 to `max`, a game between at least two). */
export function liveRules(module: RulesOf, min: number, max: number): LiveRules {
  const all = module.playerCounts ?? Array.from({ length: Math.max(0, max - 1) }, (_, k) => 2 + k);
  const playerCounts = [...new Set(all)].filter((n) => Number.isInteger(n) && n >= min && n <= max).sort((a, b) => a - b);
  const sizes = module.sizes && module.sizes.length > 0 ? module.sizes : null;
  return { playerCounts, sizes, fog: module.fog ?? module.perspectives, fogName: module.fogName ?? null };
}

/** The next seat count up from `n` (null: none). */
export function moreSeats(rules: LiveRules, n: number): number | null {
  return rules.playerCounts.find((c) => c > n) ?? null;
}

/** The next seat count down from `n` (null: none). */
export function fewerSeats(rules: LiveRules, n: number): number | null {
  const down = rules.playerCounts.filter((c) => c < n);
  return down.length > 0 ? down[down.length - 1] : null;
}

/** Whether `n` seats is a game the module can play. */
export function seatsAllowed(rules: LiveRules, n: number): boolean {
  return rules.playerCounts.includes(n);
}

/** "1, 2 or 4". */
export function countsText(counts: readonly (number | string)[]): string {
  if (counts.length <= 1) return counts.join('');
  return `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}`;
}

/** "240×160". */
export const sizeText = (s: MapDims): string => `${s.width}×${s.height}`;

/** Whether `size` is one the rules offer (any size when the rules have no list). */
export function sizeOffered(rules: LiveRules, size: MapDims): boolean {
  return rules.sizes === null || rules.sizes.some((s) => s.width === size.width && s.height === size.height);
}

/** The game a page's address names (`?game=`), or `fallback`. */
export function gameFromSearch(search: string, known: readonly GameId[], fallback: GameId): GameId {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const want = q.get('game')?.trim().toLowerCase() ?? '';
  return (known as readonly string[]).includes(want) ? (want as GameId) : fallback;
}

/** The address of `page` (`play`, `arena`) for another game; `keep` names parameters carried over. */
export function gameSearch(page: string, game: GameId, fallback: GameId, search: string, keep: readonly string[] = []): string {
  const from = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const q = new URLSearchParams();
  q.set(page, '');
  if (game !== fallback) q.set('game', game);
  for (const k of keep) {
    const v = from.get(k);
    if (v !== null) q.set(k, v);
  }
  return `?${q.toString().replace(/=(&|$)/g, '$1')}`;
}
