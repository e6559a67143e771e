// The match loop's steps one at a time (shell/engine/match-loop.ts, class MatchLoop), on a small
// Halite I game of the real engine (the wasm package): an ejection happens once, closes the seat's
// port and ends the wait for its answer; a post carries everything new once and nothing when
// nothing is new; an answer the engine refuses ejects the seat as answering garbage, with the
// engine's reason; a page answer to another ask than the last is dropped.
//
//   node --test www/tests/match-loop-parts.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { halite1Codec, halite1LiveGame } from './support/halite1-loop.mjs';
import { compileSources, loadEngine } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { MatchLoop } = src.load('shell/engine/match-loop.js');
const protocol = src.load('games/halite1/protocol.js');
const builtin = src.load('games/halite1/bots.js');
const engineHost = src.load('shell/engine/engine-host.js');
const engine = await loadEngine('halite1');
const skip = engine ? false : 'pkg/ not built';

const W = 12;
const H = 12;

const liveGame = (g) => halite1LiveGame(engineHost, g);
const codec = halite1Codec(protocol, builtin);

/** A loop on a new two-seat game, never started: its steps are called one by one. `seats` are
 * the setup's seats (built-in bots by default); every message it posts is kept in `posted`. */
function newLoop(seats = [
  { kind: 'builtin', id: 'expander', seed: 1 },
  { kind: 'builtin', id: 'greedy', seed: 2 },
]) {
  const g = new engine.Halite1Game({ width: W, height: H, players: seats.length, seed: 21, playerNames: seats.map((_, k) => `p${k}`) });
  const posted = [];
  const since = (from) => ({ from, frames: Math.max(0, g.numFrames - from), values: {} });
  const setup = { seats, initMs: 30_000, turnMs: Infinity, forward: false, credit: Infinity, width: W, height: H };
  const loop = new MatchLoop(liveGame(g), codec, setup, (m) => posted.push(m), since);
  return { g, loop, posted };
}

const pageSeats = [
  { kind: 'page', bot: true, lenient: false },
  { kind: 'page', bot: true, lenient: false },
];

test('an ejection happens once: it closes the seat\'s port and ends the wait for its answers', { skip }, async () => {
  const { g, loop, posted } = newLoop(pageSeats);
  const seen = loop.game.observe(false);
  // Seat 1 is a hosted bot on a port, awaited on it for turn 0; the page is asked for seat 0.
  const ch = new MessageChannel();
  const closed = once(ch.port2, 'close');
  const turns = [];
  ch.port2.onmessage = (e) => turns.push(e.data.turn);
  loop.attach(1, ch.port1);
  const hosted = loop.askHostedBots(0, seen, [1]);
  const page = loop.askPage(false, 0, seen);
  assert.deepEqual(posted.map((m) => [m.type, m.seats]), [['ask', [0]]], 'the page is asked only for its own seat');

  loop.eject(1, 'resigned', 'resigned');
  loop.eject(1, 'answered garbage: twice', 'garbage');
  loop.eject(0, 'timed out (no answer within 10 ms)', 'timeout');
  assert.deepEqual(await hosted, [null], 'the hosted wait ends with no answer');
  assert.deepEqual(await page, [null, null], 'the page wait ends with no answer');
  await closed;
  assert.equal(loop.ports[1], null, 'its port is let go');
  assert.equal(loop.probeTimer, null, 'no probes left running');
  assert.deepEqual(turns, [0], 'it was asked its turn once');
  assert.deepEqual(loop.ejected, [
    { seat: 1, reason: 'resigned', kind: 'resigned', frame: 1 },
    { seat: 0, reason: 'timed out (no answer within 10 ms)', kind: 'timeout', frame: 1 },
  ]);
  // A late answer from the page changes nothing.
  loop.answer(0, 0, { ok: true, raw: [] });
  assert.equal(loop.ejected.length, 2);
  g.free();
});

test('a post carries everything new once, and nothing is posted when nothing is new', { skip }, async () => {
  const { g, loop, posted } = newLoop();
  loop.flush();
  assert.deepEqual(posted, [], 'nothing new: no post');
  await loop.startSeats();
  assert.deepEqual(posted, [], 'built-in bots start without the page');
  await loop.playTurn();
  await loop.playTurn();
  loop.flush();
  loop.flush();
  assert.equal(posted.length, 1, 'one post for both turns');
  const [m] = posted;
  assert.equal(m.type, 'played');
  assert.equal(m.batches.length, 2, 'both turns, batched');
  assert.deepEqual(m.batches[1].owners, g.owner(2), 'the last turn as the game has it');
  assert.deepEqual([m.series.from, m.series.frames, m.turn, m.over], [1, 2, 2, false]);
  assert.deepEqual(m.ejected, []);
  // An ejection alone is new: it is posted with no frame.
  loop.eject(1, 'resigned', 'resigned');
  loop.flush();
  loop.flush();
  assert.equal(posted.length, 2);
  assert.deepEqual(posted[1].batches, []);
  assert.deepEqual(posted[1].ejected, [{ seat: 1, reason: 'resigned', kind: 'resigned', frame: 3 }]);
  assert.deepEqual(posted[1].series.frames, 0);
  g.free();
});

test("an answer the engine refuses ejects the seat as answering garbage, with the engine's reason", { skip }, () => {
  const { g, loop } = newLoop(pageSeats);
  loop.checkAnswer(0, [{ x: 1, y: 1, dir: 0 }]);
  assert.deepEqual(loop.ejected, [], 'a valid answer passes');
  loop.checkAnswer(0, [{ x: -1, y: 0, dir: 1 }]);
  loop.checkAnswer(1, 'nonsense');
  assert.deepEqual(
    loop.ejected.map((e) => [e.seat, e.kind, e.reason]),
    [
      [0, 'garbage', 'answered garbage: move 0 is off the map at (-1, 0)'],
      [1, 'garbage', 'answered garbage: answered a string instead of an array of moves'],
    ],
  );
  g.free();
});

test("the page's answers reach the loop only for the last ask, through the control it gets", { skip }, async () => {
  const { g, loop, posted } = newLoop(pageSeats);
  const control = loop.control();
  const seen = loop.game.observe(false);
  const start = loop.askPage(true, 0, seen);
  assert.deepEqual(posted.map((m) => [m.type, m.start, m.turn]), [['ask', true, -1]], 'a start is asked as turn -1');
  control.answer(0, 0, { ok: true, raw: ['late'] });
  control.answer(-1, 0, { ok: true, raw: null });
  control.answer(-1, 1, { ok: false, eject: { reason: 'failed to start: no', kind: 'start' } });
  assert.deepEqual(await start, [{ ok: true, raw: null }, { ok: false, eject: { reason: 'failed to start: no', kind: 'start' } }]);
  control.halt();
  assert.equal(loop.halted, true);
  control.resign(0);
  assert.deepEqual(loop.ejected, [], 'a halted loop ejects nobody');
  g.free();
});
