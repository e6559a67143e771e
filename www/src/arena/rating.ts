// TrueSkill for the arena, as the original Halite ladder rated its bots: the Python `trueskill`
// package's model (ts-trueskill is its port) with μ = 25, σ = 25/3, β = 25/6, no draws, one
// player per team, ranks from the game's ranking (ties share a rank). The library is handed in
// (the rating worker imports it; tests import it directly), so this file stays pure and the
// page never loads the library's heavy maths itself.

import type { Rating as TsRating, TrueSkill as TsTrueSkill } from 'ts-trueskill';
import type { Rating } from './results';

export const MU = 25;
export const SIGMA = 25 / 3;
export const BETA = 25 / 6;
export const DRAW_PROBABILITY = 0;
/** The original ladder's τ (the arena's default is 0: its bots are fixed programs). */
export const LADDER_TAU = 25 / 300;

export interface TrueSkillLib {
  TrueSkill: typeof TsTrueSkill;
  Rating: typeof TsRating;
}

export class Rater {
  private readonly env: TsTrueSkill;
  private readonly ratings: Rating[];

  constructor(
    private readonly lib: TrueSkillLib,
    tau: number,
    participants: number,
  ) {
    this.env = new lib.TrueSkill(MU, SIGMA, BETA, tau, DRAW_PROBABILITY);
    this.ratings = Array.from({ length: participants }, () => ({ mu: MU, sigma: SIGMA }));
  }

  /** Rates one game: `lineup[seat]` played seat `seat` and finished `ranks[seat]` (lower is
   * better). Returns the new ratings by seat. */
  rate(lineup: readonly number[], ranks: readonly number[]): Rating[] {
    if (lineup.length !== ranks.length || lineup.length < 2) throw new Error('a rated game has two or more seats, each with a rank');
    const groups = lineup.map((p) => {
      const r = this.ratings[p];
      if (!r) throw new Error(`no participant ${p}`);
      return [new this.lib.Rating(r.mu, r.sigma)];
    });
    const out = this.env.rate(groups, [...ranks]) as TsRating[][];
    return lineup.map((p, seat) => {
      const r = out[seat][0];
      const next = { mu: r.mu, sigma: r.sigma };
      this.ratings[p] = next;
      return next;
    });
  }

  get(participant: number): Rating | undefined {
    return this.ratings[participant];
  }
}
