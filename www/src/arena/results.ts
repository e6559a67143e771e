// The arena's results: every finished game, and per participant (a seat choice, whichever seat
// it played) the games, wins, average rank, ejections and TrueSkill rating. Ratings arrive from
// the rating worker; games are rated in game order (not finishing order), so a run's ratings do
// not depend on how many games ran at once. Pure.

import type { EjectionKind } from '../seats/match';

export interface Rating {
  mu: number;
  sigma: number;
}

/** One seat of a finished game. */
export interface GameSeat {
  participant: number;
  /** The seat's name in that game. */
  name: string;
  /** 1 is first; tied seats share a rank. */
  rank: number;
  ejection?: { kind: EjectionKind; reason: string; frame: number };
}

/** A game that was played to its end, or that failed (`error`: it is listed, not counted). */
export interface GameRecord {
  index: number;
  seed: number;
  width: number;
  height: number;
  turns: number;
  /** By seat. */
  seats: GameSeat[];
  error?: string;
}

export interface Row {
  participant: number;
  name: string;
  games: number;
  wins: number;
  /** Mean rank (1 is first), NaN before any game. */
  avgRank: number;
  timeouts: number;
  /** Ejections other than timeouts: errors, garbage, failed starts. */
  otherEjections: number;
  rating: Rating;
  /** μ − 3σ: a rating the bot is very likely above (the ladder's sort key). */
  conservative: number;
  /** Games rated so far. */
  rated: number;
}

/** One point of a participant's rating history: after `games` rated games. */
export interface RatingPoint {
  games: number;
  mu: number;
  sigma: number;
}

export class Tally {
  private readonly records = new Map<number, GameRecord>();
  private readonly rows_: Row[];
  /** Games below this index are rated (or have nothing to rate). */
  private frontier = 0;
  private ratedGames = 0;
  readonly history: RatingPoint[][];
  /** Bumped by every change (so views redraw only when something changed). */
  version = 0;

  constructor(
    names: readonly string[],
    readonly prior: Rating,
  ) {
    this.rows_ = names.map((name, participant) => ({
      participant,
      name,
      games: 0,
      wins: 0,
      avgRank: NaN,
      timeouts: 0,
      otherEjections: 0,
      rating: { ...prior },
      conservative: prior.mu - 3 * prior.sigma,
      rated: 0,
    }));
    this.history = names.map(() => [{ games: 0, mu: prior.mu, sigma: prior.sigma }]);
  }

  get games(): number {
    return this.records.size;
  }

  /** Games listed, by index. */
  list(): GameRecord[] {
    return [...this.records.values()].sort((a, b) => a.index - b.index);
  }

  get(index: number): GameRecord | undefined {
    return this.records.get(index);
  }

  /** Counts a finished game. A failed game is listed but counts for no one. */
  add(r: GameRecord): void {
    if (this.records.has(r.index)) throw new Error(`game ${r.index + 1} is already counted`);
    this.records.set(r.index, r);
    this.version++;
    if (r.error) return;
    for (const s of r.seats) {
      const row = this.rows_[s.participant];
      if (!row) continue;
      const rankSum = (Number.isNaN(row.avgRank) ? 0 : row.avgRank * row.games) + s.rank;
      row.games++;
      row.avgRank = rankSum / row.games;
      if (s.rank === 1) row.wins++;
      if (s.ejection?.kind === 'timeout') row.timeouts++;
      else if (s.ejection) row.otherEjections++;
    }
  }

  /** Renames a participant (a bot module names itself when it starts). */
  rename(participant: number, name: string): void {
    const row = this.rows_[participant];
    if (row) row.name = name;
    this.version++;
  }

  /**
   * The next game to rate, in game order: the first one not yet rated once every game before it
   * is in. `final` (the run is over, or stopped): games that were never played are skipped.
   * Failed games are skipped. Null: nothing can be rated now.
   */
  nextToRate(final: boolean, total: number): GameRecord | null {
    while (this.frontier < total) {
      const r = this.records.get(this.frontier);
      if (!r) {
        if (!final) return null;
        this.frontier++;
        continue;
      }
      if (r.error) {
        this.frontier++;
        continue;
      }
      return r;
    }
    return null;
  }

  /** The ratings after game `index` (the one `nextToRate` gave), by seat. */
  setRatings(index: number, bySeat: readonly Rating[]): void {
    const r = this.records.get(index);
    if (!r || index !== this.frontier) throw new Error(`game ${index + 1} is not the next to rate`);
    this.frontier++;
    this.ratedGames++;
    this.version++;
    r.seats.forEach((s, seat) => {
      const row = this.rows_[s.participant];
      const rating = bySeat[seat];
      if (!row || !rating) return;
      row.rating = { mu: rating.mu, sigma: rating.sigma };
      row.conservative = rating.mu - 3 * rating.sigma;
      row.rated++;
      this.history[s.participant].push({ games: this.ratedGames, mu: rating.mu, sigma: rating.sigma });
    });
  }

  /** Games rated so far. */
  get rated(): number {
    return this.ratedGames;
  }

  /** Rows sorted by μ − 3σ, then wins, then average rank. */
  rows(): Row[] {
    return this.rows_
      .map((r) => ({ ...r, rating: { ...r.rating } }))
      .sort((a, b) => b.conservative - a.conservative || b.wins - a.wins || (a.avgRank || Infinity) - (b.avgRank || Infinity) || a.participant - b.participant);
  }
}

/** A game's seats by rank (ties in seat order), for listing. */
export function byRank(seats: readonly GameSeat[]): GameSeat[] {
  return seats.map((s, seat) => ({ s, seat })).sort((a, b) => a.s.rank - b.s.rank || a.seat - b.seat).map((x) => x.s);
}

/** The first two participants' score difference over the games played (not failed), as the
 * Python arena's `score_ci95`: a game scores 1 for the first participant when it ranked above
 * the second, else 0; the mean with Wilson's 95% interval on the win rate (it stays within the
 * score's range and is never zero width after a finite number of games), each also as a
 * difference (2·score − 1) and as logistic Elo (clamped at ±2400). Null before the first game. */
export function scoreCi95(records: readonly GameRecord[]): { games: number; score: number; diff: number; low: number; high: number; elo: number; eloLow: number; eloHigh: number } | null {
  let wins = 0;
  let n = 0;
  for (const r of records) {
    if (r.error) continue;
    const a = r.seats.find((s) => s.participant === 0);
    const b = r.seats.find((s) => s.participant === 1);
    if (!a || !b) continue;
    n++;
    if (a.rank < b.rank) wins++;
  }
  if (n === 0) return null;
  const mean = wins / n;
  const [lo, hi] = wilson(mean, n);
  const elo = (p: number) => {
    const q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
    return -400 * Math.log10(1 / q - 1);
  };
  return { games: n, score: mean, diff: 2 * mean - 1, low: 2 * lo - 1, high: 2 * hi - 1, elo: elo(mean), eloLow: elo(lo), eloHigh: elo(hi) };
}

/** Wilson's 95% score interval for a win rate `p` over `n` games. */
export function wilson(p: number, n: number, z = 1.96): [number, number] {
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At a rate of 0 or 1 that end is exactly 0 or 1 (rounding would put it a hair inside).
  return [p <= 0 ? 0 : Math.max(0, centre - half), p >= 1 ? 1 : Math.min(1, centre + half)];
}
