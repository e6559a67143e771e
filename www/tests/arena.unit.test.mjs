// Unit tests of the arena's pure parts (node, no browser): game plans (seeds, map sizes, seat
// order), the set-up's checks and address, the results tally (aggregation, failed games, rating
// in game order) and TrueSkill against the Python `trueskill` package the original ladder used.
//
//   node --test www/tests/arena.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const plan = src.load('arena/plan.js');
const results = src.load('arena/results.js');
const rating = src.load('arena/rating.js');
const url = src.load('arena/url.js');
const graph = src.load('arena/graph.js');
const games = src.load('arena/games.js');
const ts = await import('ts-trueskill');

const BASE = {
  entries: ['greedy', 'random'],
  size: { kind: 'fixed', width: 20, height: 20 },
  seed: 7,
  games: 20,
  budgets: { initMs: 30000, turnMs: 1500 },
  tau: 0,
  order: 'rotate',
  parallel: 2,
};

// ------------------------------------------------------------------ plans

test('games use seeds first, first + 1, …', () => {
  assert.deepEqual(
    Array.from({ length: 5 }, (_, i) => plan.planGame(BASE, i).seed),
    [7, 8, 9, 10, 11],
  );
  assert.equal(plan.planGame({ ...BASE, seed: 1000 }, 999).seed, 1999);
});

test('rotation gives every participant every seat once per cycle', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    const seen = Array.from({ length: n }, () => new Set());
    for (let g = 0; g < n; g++) {
      const lineup = plan.seatLineup(n, g, 'rotate', 100 + g);
      assert.deepEqual([...lineup].sort(), Array.from({ length: n }, (_, k) => k), 'a permutation');
      lineup.forEach((p, seat) => seen[p].add(seat));
    }
    for (const s of seen) assert.equal(s.size, n, `${n} players: each takes every seat`);
  }
  assert.deepEqual(plan.seatLineup(2, 0, 'rotate', 1), [0, 1]);
  assert.deepEqual(plan.seatLineup(2, 1, 'rotate', 2), [1, 0]);
});

test('shuffled seats are a permutation drawn from the seed (reproducible); fixed seats never move', () => {
  const orders = new Set();
  for (let seed = 1; seed <= 60; seed++) {
    const a = plan.seatLineup(4, seed, 'shuffle', seed);
    assert.deepEqual(a, plan.seatLineup(4, seed, 'shuffle', seed), 'same seed, same order');
    assert.deepEqual([...a].sort(), [0, 1, 2, 3]);
    orders.add(a.join(''));
    assert.deepEqual(plan.seatLineup(4, seed, 'fixed', seed), [0, 1, 2, 3]);
  }
  assert.ok(orders.size > 12, `shuffling varies (${orders.size} orders of 24 in 60 games)`);
  // Over many games, each participant starts in the first seat about as often.
  const first = [0, 0, 0, 0];
  for (let g = 0; g < 4000; g++) first[plan.seatLineup(4, g, 'shuffle', 1 + g)[0]]++;
  for (const f of first) assert.ok(f > 850 && f < 1150, `first seats ${first}`);
});

test('map sizes: fixed as asked; a range gives square sides within it, from the seed', () => {
  assert.deepEqual(plan.sizeFor({ kind: 'fixed', width: 30, height: 25 }, 5), { width: 30, height: 25 });
  const sides = new Set();
  for (let seed = 1; seed <= 400; seed++) {
    const s = plan.sizeFor({ kind: 'range', min: 20, max: 40 }, seed);
    assert.equal(s.width, s.height);
    assert.ok(s.width >= 20 && s.width <= 40);
    assert.deepEqual(s, plan.sizeFor({ kind: 'range', min: 20, max: 40 }, seed));
    sides.add(s.width);
  }
  assert.equal(sides.size, 21, 'every side of the range occurs');
  assert.deepEqual(plan.sizeFor({ kind: 'range', min: 30, max: 30 }, 9), { width: 30, height: 30 });
});

test('the set-up is checked', () => {
  assert.equal(plan.checkConfig(BASE), null);
  const bad = (change) => plan.checkConfig({ ...BASE, ...change });
  assert.match(bad({ entries: ['greedy'] }), /2 to 6 seats/);
  assert.match(bad({ entries: Array(7).fill('greedy') }), /2 to 6 seats/);
  assert.match(bad({ entries: ['greedy', ''] }), /seat 2 has no bot/);
  assert.match(bad({ games: 0 }), /number of games/);
  assert.match(bad({ games: 1001 }), /number of games/);
  assert.match(bad({ games: 2.5 }), /number of games/);
  assert.match(bad({ size: { kind: 'fixed', width: 9, height: 20 } }), /map sides/);
  assert.match(bad({ size: { kind: 'range', min: 20, max: 251 } }), /map sides/);
  assert.match(bad({ seed: 4_294_967_295, games: 2 }), /seeds/);
  assert.equal(bad({ seed: 4_294_967_294, games: 2 }), null, 'the last seed fits');
  assert.match(bad({ fog: 0 }), /fog radius/);
  assert.match(bad({ budgets: { initMs: 30000, turnMs: NaN } }), /turn budget/);
  assert.match(bad({ tau: -1 }), /τ/);
  assert.match(bad({ parallel: 9 }), /at once/);
  assert.equal(plan.defaultParallel(2), 2);
  assert.equal(plan.defaultParallel(16), 4, 'capped');
  assert.equal(plan.defaultParallel(undefined), 2);
  assert.ok(plan.randomSeed(() => 0) >= 1);
});

test('the set-up goes in the address and back', () => {
  const c = { ...BASE, entries: ['greedy', 'saved:my-bot', '/test-bots/throw.js'], size: { kind: 'range', min: 20, max: 40 }, fog: 4, tau: 25 / 300, order: 'shuffle' };
  const search = url.arenaSearch(c);
  assert.match(search, /^\?arena&bots=greedy,saved:my-bot,\/test-bots\/throw\.js&/);
  const back = url.parseArenaQuery(search);
  assert.deepEqual(back.entries, c.entries);
  assert.deepEqual(back.size, c.size);
  assert.equal(back.seed, 7);
  assert.equal(back.fog, 4);
  assert.equal(back.tau, 25 / 300);
  assert.equal(back.order, 'shuffle');
  assert.equal(back.games, 20);
  assert.equal(back.turnMs, 1500);
  assert.equal(back.initMs, 30000);
  assert.deepEqual(url.parseArenaQuery('?arena&size=30x20').size, { kind: 'fixed', width: 30, height: 20 });
  assert.deepEqual(url.parseArenaQuery('?arena&games=5000&size=5x5&order=odd&bots=greedy').games, undefined);
  assert.deepEqual(url.parseArenaQuery('?arena&games=5000&size=5x5&order=odd&bots=greedy'), {}, 'bad values are left out');
  assert.equal(games.replayName(0, 7), 'arena-1-seed7.hlt');
});

// ------------------------------------------------------------------ results

const seat = (participant, rank, ejection) => ({ participant, name: `P${participant}`, rank, ...(ejection ? { ejection: { kind: ejection, reason: ejection, frame: 3 } } : {}) });
const game = (index, seats, extra = {}) => ({ index, seed: 100 + index, width: 20, height: 20, turns: 150, seats, ...extra });

test('the tally counts games, wins, average rank and ejections per participant, whatever the seat', () => {
  const t = new results.Tally(['A', 'B', 'C'], { mu: 25, sigma: 25 / 3 });
  t.add(game(0, [seat(0, 1), seat(1, 2), seat(2, 3, 'timeout')]));
  t.add(game(1, [seat(1, 1), seat(2, 2, 'error'), seat(0, 3)]));
  t.add(game(2, [seat(2, 1), seat(0, 1), seat(1, 3, 'garbage')])); // a tie for first
  t.add(game(3, [seat(0, 2), seat(1, 2), seat(2, 3, 'start')], { error: 'engine failed' })); // not counted
  const by = Object.fromEntries(t.rows().map((r) => [r.name, r]));
  assert.equal(t.games, 4, 'every game is listed');
  assert.deepEqual([by.A.games, by.B.games, by.C.games], [3, 3, 3]);
  assert.deepEqual([by.A.wins, by.B.wins, by.C.wins], [2, 1, 1], 'tied firsts both win');
  assert.ok(Math.abs(by.A.avgRank - 5 / 3) < 1e-12);
  assert.ok(Math.abs(by.B.avgRank - 2) < 1e-12);
  assert.ok(Math.abs(by.C.avgRank - 2) < 1e-12);
  assert.deepEqual([by.A.timeouts, by.B.timeouts, by.C.timeouts], [0, 0, 1]);
  assert.deepEqual([by.A.otherEjections, by.B.otherEjections, by.C.otherEjections], [0, 1, 1]);
  const wins = t.rows().reduce((s, r) => s + r.wins, 0);
  assert.equal(wins, 4, 'three games, one shared first place');
  assert.throws(() => t.add(game(1, [seat(0, 1), seat(1, 2)])), /already counted/);
  assert.deepEqual(results.byRank([seat(0, 2), seat(1, 1), seat(2, 1)]).map((s) => s.participant), [1, 2, 0]);
});

test('games are rated in game order, whatever order they finish in; failed and unplayed games are skipped', () => {
  const t = new results.Tally(['A', 'B'], { mu: 25, sigma: 25 / 3 });
  t.add(game(1, [seat(1, 1), seat(0, 2)]));
  assert.equal(t.nextToRate(false, 5), null, 'game 0 is not in yet');
  t.add(game(0, [seat(0, 1), seat(1, 2)]));
  assert.equal(t.nextToRate(false, 5).index, 0);
  assert.throws(() => t.setRatings(1, []), /not the next/);
  t.setRatings(0, [{ mu: 29, sigma: 7 }, { mu: 21, sigma: 7 }]);
  assert.equal(t.nextToRate(false, 5).index, 1);
  t.setRatings(1, [{ mu: 26, sigma: 6 }, { mu: 24, sigma: 6 }]);
  t.add(game(2, [seat(0, 1), seat(1, 2)], { error: 'boom' }));
  t.add(game(4, [seat(0, 1), seat(1, 2)]));
  assert.equal(t.nextToRate(false, 5), null, 'game 3 is still running');
  assert.equal(t.nextToRate(true, 5).index, 4, 'once the run is over, the gap is skipped');
  t.setRatings(4, [{ mu: 27, sigma: 5 }, { mu: 23, sigma: 5 }]);
  assert.equal(t.nextToRate(true, 5), null);
  assert.equal(t.rated, 3);
  const [first, second] = t.rows();
  assert.equal(first.name, 'A', 'sorted by μ − 3σ');
  assert.equal(first.conservative, 27 - 15);
  assert.equal(second.rating.mu, 23);
  assert.deepEqual(t.history[1].map((p) => p.games), [0, 1, 2, 3]);
  assert.deepEqual(t.history[1].map((p) => p.mu), [25, 21, 26, 23], 'B played seat 0 in game 1');
});

// ------------------------------------------------------------------ TrueSkill

// Reference numbers from Python's `trueskill` 0.4.5 (the package the original Halite ladder
// used), computed with:
//   env = trueskill.TrueSkill(mu=25, sigma=25/3, beta=25/6, tau=0, draw_probability=0)
//   env.rate([(r,) for r in ratings], ranks=ranks)
// and, for TAU, the same with tau=25/300.
const PY = {
  twoFresh: { priors: [[25, 25 / 3], [25, 25 / 3]], ranks: [0, 1], out: [[29.205220800295937, 7.1944814154933034], [20.794779199704067, 7.1944814154933034]] },
  fourFresh: {
    priors: [[25, 25 / 3], [25, 25 / 3], [25, 25 / 3], [25, 25 / 3]],
    ranks: [3, 1, 0, 2],
    out: [[17.322354020737595, 6.4088040351917925], [27.21661219188745, 5.827220999122335], [32.67764597924889, 6.408804035183229], [22.783387808167166, 5.827220999117148]],
  },
  fourRated: {
    priors: [[25, 25 / 3], [30, 6], [20, 7], [27, 4]],
    ranks: [2, 0, 3, 1],
    out: [[22.61734757791585, 5.552291290952631], [33.30286873269426, 5.024545037631557], [15.820146409453837, 5.77284827638209], [27.445871611827506, 3.5637274497815428]],
  },
  // ranks [0, 0, 1]: a tie for first (no draws expected, yet ties happen in rankings).
  tie: { priors: [[25, 25 / 3], [25, 25 / 3], [25, 25 / 3]], ranks: [0, 0, 1], out: [[27.427884227871967, 5.980974756956182], [27.427886191982303, 5.98097382575261], [20.1442295801457, 6.772439677235792]] },
};
const TAU = { priors: [[28, 5], [24, 6], [25, 25 / 3]], ranks: [1, 0, 2], out: [[26.670463431126628, 4.28546453450545], [28.92033582951432, 4.9594923329653655], [19.201993788453215, 6.431461250154097]] };
// Two games between A and B: A (seat 0) beats B, then seats swap and B (seat 0) beats A.
const SEQUENCE = { A: [23.47264415767226, 6.078655199820895], B: [26.527355842327736, 6.078655199820895] };

function close(got, want, what) {
  for (let i = 0; i < want.length; i++) {
    assert.ok(Math.abs(got[i][0] - want[i][0]) < 1e-6, `${what}: μ of seat ${i}: ${got[i][0]} vs ${want[i][0]}`);
    assert.ok(Math.abs(got[i][1] - want[i][1]) < 1e-6, `${what}: σ of seat ${i}: ${got[i][1]} vs ${want[i][1]}`);
  }
}

test('ts-trueskill agrees with Python trueskill to 1e-6 (2 and 4 players, a tie, τ)', () => {
  const env = new ts.TrueSkill(rating.MU, rating.SIGMA, rating.BETA, 0, rating.DRAW_PROBABILITY);
  for (const [name, c] of Object.entries(PY)) {
    const out = env.rate(c.priors.map(([m, s]) => [new ts.Rating(m, s)]), c.ranks);
    close(out.map((g) => [g[0].mu, g[0].sigma]), c.out, name);
  }
  const envTau = new ts.TrueSkill(rating.MU, rating.SIGMA, rating.BETA, rating.LADDER_TAU, 0);
  const out = envTau.rate(TAU.priors.map(([m, s]) => [new ts.Rating(m, s)]), TAU.ranks);
  close(out.map((g) => [g[0].mu, g[0].sigma]), TAU.out, 'tau 25/300');
});

test('the arena rater: one player a team, ranks by seat, ratings kept per participant', () => {
  const two = new rating.Rater(ts, 0, 2);
  close(two.rate([0, 1], [1, 2]).map((r) => [r.mu, r.sigma]), PY.twoFresh.out, '2 players (ranks from 1)');
  const four = new rating.Rater(ts, 0, 4);
  // Participants in other seats than their numbers: results come back by seat.
  const lineup = [2, 0, 3, 1];
  const got = four.rate(lineup, PY.fourFresh.ranks);
  close(got.map((r) => [r.mu, r.sigma]), PY.fourFresh.out, '4 players');
  close([four.get(2), four.get(0), four.get(3), four.get(1)].map((r) => [r.mu, r.sigma]), PY.fourFresh.out, '4 players, by participant');
  const seq = new rating.Rater(ts, 0, 2);
  seq.rate([0, 1], [1, 2]);
  seq.rate([1, 0], [1, 2]);
  close([seq.get(0), seq.get(1)].map((r) => [r.mu, r.sigma]), [SEQUENCE.A, SEQUENCE.B], 'two games, seats swapped');
  assert.throws(() => seq.rate([0], [1]), /two or more seats/);
});

test('graph ticks are round numbers within the range', () => {
  assert.deepEqual(graph.ticks(10, 40), [10, 20, 30, 40]);
  assert.deepEqual(graph.ticks(13.2, 31.9), [15, 20, 25, 30]);
  assert.deepEqual(graph.ticks(5, 5), [5]);
});
