// An arena's settings and the games they stand for. Game `i` (0-based) of a run is played on seed
// `first + i`, on a map size drawn from that seed, with a seat lineup fixed by the seat order and
// `i`: the same settings always give the same games, whatever order they finish in. Pure.

import { countsText, sizeText } from '../shell/page/live-setup';
import { rng } from '../shell/random';
import type { Budgets } from '../shell/seat';
import type { GameId } from '../shell/game';
import { fmt } from '../shell/format';

/** How participants take the seats from one game to the next (spawn positions differ by seat). */
export type SeatOrder = 'rotate' | 'shuffle' | 'fixed';

/** A fixed size; a square with a side drawn from a range; or one of a game's own sizes, drawn. */
export type MapSize =
  | { kind: 'fixed'; width: number; height: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'choice'; sizes: readonly { width: number; height: number }[] };

export interface ArenaConfig {
  /** The game played, when not the first one (Halite I). */
  game?: GameId;
  /** One `?bots=` entry per participant (2 to 6): a built-in id, `saved:<id>` or a module URL. */
  entries: string[];
  size: MapSize;
  /** The first game's seed. */
  seed: number;
  /** Blitz: the fog radius, if any. */
  fog?: number;
  games: number;
  budgets: Budgets;
  /** TrueSkill's dynamic factor τ (0: fixed programs do not change between games). */
  tau: number;
  order: SeatOrder;
  /** Games played at once. */
  parallel: number;
}

export const LIMITS = {
  seats: { min: 2, max: 6 },
  games: { min: 1, max: 1000 },
  side: { min: 10, max: 250 },
  parallel: { min: 1, max: 8 },
  fog: { min: 1, max: 250 },
  seed: { min: 1, max: 4_294_967_295 },
  tau: { min: 0, max: 25 },
  /** Budgets in ms. */
  initMs: { min: 10, max: 600_000 },
  turnMs: { min: 10, max: 600_000 },
} as const;

/** What one game of a run is. `lineup[seat]` is the participant playing that seat. */
export interface GamePlan {
  index: number;
  seed: number;
  width: number;
  height: number;
  lineup: number[];
}

/** Games played at once by default: one per core, as the machine has them, within limits. */
export function defaultParallel(cores: number | undefined): number {
  const n = Number.isFinite(cores) && cores !== undefined ? Math.floor(cores) : 2;
  return Math.max(LIMITS.parallel.min, Math.min(4, n));
}

/** A fresh first seed for a run left without one (the run then shows it, so it can be replayed). */
export function randomSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 1_000_000_000);
}

/** The seat lineup of game `index` for `n` participants: `lineup[seat] = participant`. Rotation
 * moves everyone one seat on per game (over `n` games each participant has every seat once);
 * shuffling draws a permutation from the game's seed. */
export function seatLineup(n: number, index: number, order: SeatOrder, seed: number): number[] {
  const lineup = Array.from({ length: n }, (_, k) => k);
  if (order === 'rotate') return lineup.map((k) => (k + index) % n);
  if (order === 'shuffle') {
    // A stream of its own (not the one the map size is drawn from).
    const r = rng((seed ^ 0x5bd1e995) >>> 0);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [lineup[i], lineup[j]] = [lineup[j], lineup[i]];
    }
  }
  return lineup;
}

/** The requested map size of the game played on `seed`. */
export function sizeFor(size: MapSize, seed: number): { width: number; height: number } {
  if (size.kind === 'fixed') return { width: size.width, height: size.height };
  if (size.kind === 'choice') {
    const pick = size.sizes[Math.floor(rng(seed)() * size.sizes.length)] ?? size.sizes[0];
    return { width: pick.width, height: pick.height };
  }
  const lo = Math.min(size.min, size.max);
  const hi = Math.max(size.min, size.max);
  const side = lo + Math.floor(rng(seed)() * (hi - lo + 1));
  return { width: side, height: side };
}

/** Game `index` of a run. */
export function planGame(c: Pick<ArenaConfig, 'entries' | 'size' | 'seed' | 'order'>, index: number): GamePlan {
  const seed = c.seed + index;
  return { index, seed, ...sizeFor(c.size, seed), lineup: seatLineup(c.entries.length, index, c.order, seed) };
}

/** What a game allows beyond the arena's own limits (shell/page/live-setup.ts): its seat counts and,
 * when it has a list, its map sizes. */
export interface GameLimits {
  playerCounts: readonly number[];
  sizes: readonly { width: number; height: number }[] | null;
}

/** What is wrong with a configuration, or null. Seeds must stay within the engine's 32 bits. */
export function checkConfig(c: ArenaConfig, game?: GameLimits): string | null {
  const within = (v: number, l: { min: number; max: number }) => Number.isFinite(v) && v >= l.min && v <= l.max;
  if (c.entries.length < LIMITS.seats.min || c.entries.length > LIMITS.seats.max) return `an arena has ${LIMITS.seats.min} to ${LIMITS.seats.max} seats`;
  if (game && !game.playerCounts.includes(c.entries.length)) return `this game is played by ${countsText(game.playerCounts)} bots`;
  const empty = c.entries.findIndex((e) => e.trim() === '');
  if (empty >= 0) return `seat ${empty + 1} has no bot (give its module URL)`;
  if (!Number.isInteger(c.games) || !within(c.games, LIMITS.games)) return `the number of games is ${LIMITS.games.min} to ${LIMITS.games.max}`;
  if (game?.sizes) {
    const listed = (d: { width: number; height: number }) => game.sizes?.some((s) => s.width === d.width && s.height === d.height);
    const ok = c.size.kind === 'fixed' ? listed(c.size) : c.size.kind === 'choice' && c.size.sizes.length > 0 && c.size.sizes.every(listed);
    if (!ok) return `the map sizes are ${countsText(game.sizes.map(sizeText))}`;
  } else {
    if (c.size.kind === 'choice') return 'this game has no list of map sizes';
    const sides = c.size.kind === 'fixed' ? [c.size.width, c.size.height] : [c.size.min, c.size.max];
    if (!sides.every((s) => Number.isInteger(s) && within(s, LIMITS.side))) return `map sides are ${LIMITS.side.min} to ${LIMITS.side.max}`;
  }
  if (!Number.isInteger(c.seed) || c.seed < LIMITS.seed.min || c.seed + c.games - 1 > LIMITS.seed.max) {
    return `seeds are ${LIMITS.seed.min} to ${fmt(LIMITS.seed.max)} (the first seed plus the number of games must stay within)`;
  }
  if (c.fog !== undefined && !(Number.isInteger(c.fog) && within(c.fog, LIMITS.fog))) return `the fog radius is ${LIMITS.fog.min} to ${LIMITS.fog.max}`;
  if (!within(c.budgets.initMs, LIMITS.initMs)) return `the start budget is ${LIMITS.initMs.min / 1000} to ${LIMITS.initMs.max / 1000} s`;
  if (!within(c.budgets.turnMs, LIMITS.turnMs)) return `the turn budget is ${LIMITS.turnMs.min} to ${fmt(LIMITS.turnMs.max)} ms`;
  if (!within(c.tau, LIMITS.tau)) return `τ is ${LIMITS.tau.min} to ${LIMITS.tau.max}`;
  if (!Number.isInteger(c.parallel) || !within(c.parallel, LIMITS.parallel)) return `${LIMITS.parallel.min} to ${LIMITS.parallel.max} games at once`;
  return null;
}
