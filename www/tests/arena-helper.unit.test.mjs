// The arena's helper worker (arena/helper-worker.ts) rating opened results' games again for the
// rating graph, run in node with the real TrueSkill library: it rates a slice (about 40 ms), says
// how far it got, and rates nothing more until the page answers `history-go` (the page does once
// its thread is idle, so that on two cores the worker does not take the core its frames need);
// answered slice by slice it ends at the ratings that rating every game in one go gives, with
// each bot's course; a cancel, or a newer request, leaves an older history's `go` unheard.
//
//   node --test www/tests/arena-helper.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { compileSources } from './support/compile.mjs';

const require = createRequire(import.meta.url);
const trueskill = require('ts-trueskill');
const src = compileSources();
after(() => src.cleanup());
const { Rater } = src.load('arena/rating.js');

/** The helper worker with its scope in hand: `send(m)` is a message from the page, `posted` what
 * it has posted so far. */
function helper() {
  const posted = [];
  const scope = { onmessage: null, postMessage: (m) => posted.push(m) };
  globalThis.self = scope;
  // A fresh copy of the module for each helper: its state is the worker's.
  const file = require.resolve(`${src.dir}/arena/helper-worker.js`);
  delete require.cache[file];
  require(file);
  delete globalThis.self;
  return { send: (m) => scope.onmessage({ data: m }), posted };
}

/** `n` two-seat games between three bots, with made-up but fixed rankings. */
function games(n) {
  const lineup = new Uint8Array(2 * n);
  const ranks = new Uint8Array(2 * n);
  for (let g = 0; g < n; g++) {
    lineup[2 * g] = g % 3;
    lineup[2 * g + 1] = (g + 1 + (g % 2)) % 3;
    const first = (g * 7919) % 10 < 6 ? 0 : 1;
    ranks[2 * g] = first === 0 ? 1 : 2;
    ranks[2 * g + 1] = first === 0 ? 2 : 1;
  }
  return { tau: 0, participants: 3, seats: 2, lineup, ranks };
}

const N = 4000;

test('a history rates one slice, then waits for the page to say go; slice by slice it ends where rating every game at once does', async () => {
  const h = helper();
  const g = games(N);
  h.send({ type: 'history', id: 7, ...g, points: 100 });
  await sleep(0);
  assert.equal(h.posted.length, 1, 'one slice, then a word of progress');
  const first = h.posted[0];
  assert.equal(first.type, 'history-progress', 'the games take more than one slice');
  assert.ok(first.done > 0 && first.done < N && first.total === N);
  // Without the page's go, nothing more comes.
  await sleep(150);
  assert.equal(h.posted.length, 1, 'the worker waits while the page has no time');

  let slices = 1;
  while (h.posted.at(-1).type === 'history-progress') {
    const before = h.posted.at(-1).done;
    h.send({ type: 'history-go', id: 7 });
    await sleep(0);
    const last = h.posted.at(-1);
    if (last.type === 'history-progress') assert.ok(last.done > before, 'each go rates the next slice');
    slices++;
  }
  const done = h.posted.at(-1);
  assert.equal(done.type, 'history');
  assert.ok(slices >= 2);

  // The same games rated at once, in order.
  const r = new Rater(trueskill, 0, 3);
  for (let k = 0; k < N; k++) r.rate([g.lineup[2 * k], g.lineup[2 * k + 1]], [g.ranks[2 * k], g.ranks[2 * k + 1]]);
  for (let p = 0; p < 3; p++) {
    assert.ok(Math.abs(done.final[p].mu - r.get(p).mu) < 1e-9, `bot ${p}'s μ`);
    assert.ok(Math.abs(done.final[p].sigma - r.get(p).sigma) < 1e-9, `bot ${p}'s σ`);
    const course = done.history[p];
    assert.equal(course[0].games, 0, 'each course starts at the prior');
    assert.ok(course.length > 50 && course.length <= 102, `about 100 points (${course.length})`);
    assert.ok(course.every((x, i) => i === 0 || x.games > course[i - 1].games), 'in the games’ order');
    assert.ok(course.at(-1).games > 0.95 * N, 'through to the last games');
  }
});

test('a cancelled or replaced history does not go on when its go comes', async () => {
  const h = helper();
  h.send({ type: 'history', id: 1, ...games(N), points: 50 });
  await sleep(0);
  assert.equal(h.posted.at(-1).type, 'history-progress');
  h.send({ type: 'history-cancel' });
  h.send({ type: 'history-go', id: 1 });
  await sleep(50);
  assert.equal(h.posted.length, 1, 'a cancelled history rates nothing more');

  h.send({ type: 'history', id: 2, ...games(N), points: 50 });
  await sleep(0);
  const n = h.posted.length;
  assert.equal(h.posted.at(-1).id, 2);
  h.send({ type: 'history', id: 3, ...games(N), points: 50 });
  await sleep(0);
  h.send({ type: 'history-go', id: 2 });
  await sleep(50);
  assert.equal(h.posted.length, n + 1, "the older history's go is not heard");
  assert.equal(h.posted.at(-1).id, 3);
  h.send({ type: 'history-go', id: 3 });
  await sleep(0);
  assert.equal(h.posted.at(-1).id, 3, 'the newer one goes on');
  assert.equal(h.posted.length, n + 2);
});
