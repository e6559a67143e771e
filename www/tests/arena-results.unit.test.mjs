// Unit tests of reading a Python arena run's results.json (node, no browser): the fixtures made
// by the Python arena parse into the numbers the file holds; the page's own score difference and
// TrueSkill give the Python arena's from the same games; every kind of malformed or hostile
// field is refused with its place named; replay names cannot leave the run's folder; file
// selections find the results and the replays beside them.
//
//   node --test www/tests/arena-results.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const opened = src.load('arena/opened.js');
const results = src.load('arena/results.js');
const rating = src.load('arena/rating.js');
const files = src.load('arena/files.js');
const ts = await import('ts-trueskill');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIX = path.join(root, 'tests/fixtures/arena');
const text = (run) => fs.readFileSync(path.join(FIX, run, 'results.json'), 'utf8');

for (const run of ['halite1-15x15', 'halite2-120x80']) {
  test(`${run}: parsed as the file says, in columns`, () => {
    const raw = JSON.parse(text(run));
    const r = opened.parseResults(text(run));
    assert.equal(r.count, raw.games.length);
    assert.equal(r.seats, raw.bots.length);
    assert.equal(r.game, raw.game);
    const rows = opened.openedRows(r);
    raw.bots.forEach((b, i) => {
      assert.equal(rows[i].name, b.name);
      assert.equal(rows[i].games, b.games);
      assert.equal(rows[i].wins, b.wins);
      assert.equal(rows[i].avgRank, b.mean_rank);
      assert.equal(rows[i].rating.mu, b.mu);
      assert.equal(rows[i].rating.sigma, b.sigma);
    });
    raw.games.forEach((g, k) => {
      const rec = opened.openedRecord(r, k);
      assert.equal(rec.seed, g.seed);
      assert.equal(rec.turns, g.frames - 1);
      assert.deepEqual(rec.seats.map((s) => s.participant), g.seats);
      assert.deepEqual(rec.seats.map((s) => s.rank), g.ranks);
      assert.equal(r.replay[k], g.replay);
    });
    // The page's head-to-head from the same games is the Python arena's.
    const ci = results.scoreCi95(raw.games.map((_, k) => opened.openedRecord(r, k)));
    const want = raw.score_ci95;
    for (const [a, b] of [['score', 'score'], ['diff', 'diff'], ['low', 'low'], ['high', 'high'], ['elo', 'elo'], ['eloLow', 'elo_low'], ['eloHigh', 'elo_high']]) {
      assert.ok(Math.abs(ci[a] - want[b]) < 1e-6, `${a}: ${ci[a]} against ${want[b]}`);
    }
    assert.deepEqual(r.scoreCi95, { games: want.games, score: want.score, diff: want.diff, low: want.low, high: want.high, elo: want.elo, eloLow: want.elo_low, eloHigh: want.elo_high });
    // And the page's TrueSkill, game by game, ends at the file's ratings.
    const rater = new rating.Rater(ts, raw.trueskill.tau, raw.bots.length);
    raw.games.forEach((g) => rater.rate(g.seats, g.ranks));
    raw.bots.forEach((b, i) => {
      assert.ok(Math.abs(rater.get(i).mu - b.mu) < 1e-6, `${b.name}: μ`);
      assert.ok(Math.abs(rater.get(i).sigma - b.sigma) < 1e-6, `${b.name}: σ`);
    });
  });
}

test('the SPRT as written', () => {
  const raw = JSON.parse(text('halite1-15x15'));
  const s = opened.parseResults(text('halite1-15x15')).sprt;
  assert.equal(s.llr, raw.sprt.llr);
  assert.equal(s.result, raw.sprt.result);
  assert.equal(s.stoppedAfter, raw.sprt.stopped_after);
  assert.equal(opened.parseResults(text('halite2-120x80')).sprt, null);
});

test('ejections as the engine names them, counted per bot', () => {
  const raw = JSON.parse(text('halite1-15x15'));
  raw.games[0].ejected = ['timed out on turn 12', null];
  raw.games[1].ejected = [null, 'sent an invalid move line on turn 3: bad direction 9'];
  raw.games[2].ejected = ['exited with status 1 during init', null];
  const r = opened.checkResults(raw);
  const b0 = raw.games[0].seats[0];
  assert.equal(r.timeouts[b0], 1);
  assert.equal(r.timeouts.reduce((a, b) => a + b), 1);
  assert.equal(r.otherEjections.reduce((a, b) => a + b), 2);
  const e0 = opened.openedRecord(r, 0).seats[0].ejection;
  assert.deepEqual(e0, { kind: 'timeout', reason: 'timed out on turn 12', frame: 12 });
  assert.equal(opened.openedRecord(r, 1).seats[1].ejection.kind, 'garbage');
  assert.equal(opened.openedRecord(r, 2).seats[0].ejection.kind, 'start');
  assert.equal(opened.openedRecord(r, 3).seats.some((s) => s.ejection), false);
});

test('malformed or hostile fields are refused with their place named', () => {
  const base = () => JSON.parse(text('halite1-15x15'));
  const refuse = (change, re) => {
    const d = base();
    change(d);
    assert.throws(() => opened.checkResults(d), (e) => e instanceof opened.ResultsError && re.test(e.message), String(re));
  };
  assert.throws(() => opened.parseResults('{"bots": ['), /it is not JSON/);
  assert.throws(() => opened.parseResults('null'), /not the object the arena writes/);
  assert.throws(() => opened.parseResults('{"a": 1}'), /no "bots" and "games"/);
  refuse((d) => (d.bots = [d.bots[0]]), /bots has 1 entries: an arena has 2 to 6 bots/);
  refuse((d) => (d.bots = Array(7).fill(d.bots[0])), /bots has 7 entries: at most 6/);
  refuse((d) => (d.bots[1].wins = 99), /bots\[1\]\.wins is 99, more than its 6 games/);
  refuse((d) => (d.bots[0].sigma = -1), /bots\[0\]\.sigma is -1: expected a number from 0/);
  refuse((d) => (d.bots[0].name = 7), /bots\[0\]\.name is 7: expected text/);
  refuse((d) => (d.games[2].seats = [0, 0]), /games\[2\]\.seats names bot 0 twice/);
  refuse((d) => (d.games[2].seats = [0, 2]), /games\[2\]\.seats\[1\] is 2: expected a whole number from 0 to 1/);
  refuse((d) => (d.games[4].ranks = [1, 2.5]), /games\[4\]\.ranks\[1\] is 2\.5/);
  refuse((d) => (d.games[4].index = 9), /games\[4\]\.index is 9: expected 4/);
  refuse((d) => (d.games[0].width = 1e9), /games\[0\]\.width is 1000000000/);
  refuse((d) => (d.games[0].command = 'x'.repeat(9000)), /games\[0\]\.command is 9000 characters long/);
  refuse((d) => (d.games[0].ejected = [null, null, null]), /games\[0\]\.ejected has 3 entries: one per seat \(2\)/);
  refuse((d) => (d.sprt.result = 'H2'), /sprt\.result is "H2"/);
  refuse((d) => (d.score_ci95.elo = 'big'), /score_ci95\.elo is "big"/);
  refuse((d) => (d.games = {}), /games is an object: expected a list/);
  for (const name of ['../game-00000.hlt', '/etc/passwd', 'sub/game.hlt', 'sub\\game.hlt', '..', '.hidden', 'C:game.hlt', 'a b.hlt', 'game%2e.hlt', '']) {
    if (name === '') continue;
    refuse((d) => (d.games[1].replay = name), /games\[1\]\.replay is .*: a replay must be a file name beside results\.json/);
  }
  assert.equal(opened.safeReplayName('game-00000.hlt'), true);
  assert.equal(opened.safeReplayName('a'.repeat(161)), false);
  // A game without a replay is allowed (listed, nothing to open).
  const d = base();
  d.games[1].replay = null;
  assert.equal(opened.checkResults(d).replay[1], '');
  // Old results without frames or ejected are read.
  const old = base();
  for (const g of old.games) {
    delete g.frames;
    delete g.ejected;
  }
  assert.ok(Number.isNaN(opened.openedRecord(opened.checkResults(old), 0).turns));
});

test('a selection finds results.json and the replays beside it, and nothing further down', () => {
  const f = (p) => ({ name: p.split('/').pop(), webkitRelativePath: p });
  const picked = files.pickFromList([f('run/results.json'), f('run/game-00000.hlt'), f('run/game-00001.hlt'), f('run/logs/game-00002.hlt'), f('run/notes.json')]);
  assert.equal(picked.results.path, 'run/results.json');
  assert.deepEqual([...picked.replays.keys()].sort(), ['game-00000.hlt', 'game-00001.hlt']);
  assert.equal(picked.skipped, 2);
  // A deeper results.json loses to the shallowest.
  assert.equal(files.pickFromList([f('run/results.json'), f('run/old/results.json')]).results.path, 'run/results.json');
  assert.throws(() => files.pickFromList([f('runs/a/results.json'), f('runs/b/results.json')]), /the folder holds 2 runs/);
  // Files picked together: the one JSON is the results, whatever its name.
  const plain = files.pickFromList([{ name: 'run-a.json', webkitRelativePath: '' }, { name: 'game-00003.hlt', webkitRelativePath: '' }]);
  assert.equal(plain.results.path, 'run-a.json');
  assert.deepEqual([...plain.replays.keys()], ['game-00003.hlt']);
  assert.throws(() => files.pickFromList([{ name: 'a.json', webkitRelativePath: '' }, { name: 'b.json', webkitRelativePath: '' }]), /2 JSON files/);
  // Replays alone.
  const only = files.pickFromList([{ name: 'game-00001.hlt', webkitRelativePath: '' }]);
  assert.equal(only.results, null);
  assert.equal(only.replays.size, 1);
});

test("the head-to-head's interval is Wilson's: within the score's range, never zero width, Elo from its ends", () => {
  // A record of `wins` games won by participant 0 of `n`.
  const games = (wins, n) => Array.from({ length: n }, (_, k) => ({ error: null, seats: [{ participant: 0, rank: k < wins ? 1 : 2 }, { participant: 1, rank: k < wins ? 2 : 1 }] }));
  for (const [wins, n] of [[6, 6], [0, 6], [17, 20], [20, 20], [1, 1], [3, 5], [500, 1000]]) {
    const ci = results.scoreCi95(games(wins, n));
    assert.equal(ci.games, n);
    assert.ok(ci.low >= -1 && ci.high <= 1, `${wins}/${n}: [${ci.low}, ${ci.high}] within [-1, +1]`);
    assert.ok(ci.high - ci.low > 0, `${wins}/${n}: not zero width`);
    assert.ok(ci.low <= ci.diff && ci.diff <= ci.high);
    assert.ok(ci.eloLow <= ci.elo && ci.elo <= ci.eloHigh);
  }
  // 20 of 20: the point is the clamp, its lower end a finite, modest Elo.
  const sweep = results.scoreCi95(games(20, 20));
  assert.ok(Math.abs(sweep.elo - 2400) < 0.01 && sweep.eloLow > 200 && sweep.eloLow < 400, `sweep: ${sweep.eloLow}`);
  // Wilson's interval for 17 of 20 (a textbook value): [0.640, 0.948].
  const [lo, hi] = results.wilson(17 / 20, 20);
  assert.ok(Math.abs(lo - 0.6396) < 1e-3 && Math.abs(hi - 0.9476) < 1e-3, `${lo} ${hi}`);
});
