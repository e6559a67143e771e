// Unit tests of the Halite II lessons' pure parts in node: a turn as the stepper's phases (its
// lines carry the engine's numbers) and the board's aiming arithmetic.
//
//   node --test www/tests/learn-halite2.unit.test.mjs   (needs pkg/ for the engine)

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { compileSources, loadLearn } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { h2Phases, orderText, shipName } = src.load('games/halite2/lessons/phases.js');
const { aimAt, thrustVector } = src.load('games/halite2/lessons/scene.js');
const lessonDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src/games/halite2/lessons');
// One engine instance for the whole file (its glue module holds one instance at a time).
const enginePromise = loadLearn('halite2');
const read = (id) => fs.readFileSync(path.join(lessonDir, `${id}.json`), 'utf8');

test('orders and ships in words', () => {
  assert.equal(orderText({ thrust: [0, 7, 53] }), 'thrust 7 at 53°');
  assert.equal(orderText({ dock: [2, 1] }), 'dock at planet 1');
  assert.equal(orderText({ undock: 4 }), 'undock');
  assert.equal(shipName(0, 0, 0), 'your ship 0');
  assert.equal(shipName(2, 1, 0), 'enemy ship 2 (player 2)');
});

test('aiming: whole magnitudes up to the top speed, whole degrees clockwise from east', () => {
  assert.deepEqual(aimAt(0, 0, 3, 4, 7), { magnitude: 5, angle: 53 });
  assert.deepEqual(aimAt(10, 10, 10, 0, 7), { magnitude: 7, angle: 270 });
  assert.deepEqual(aimAt(10, 10, 9, 10, 7), { magnitude: 1, angle: 180 });
  const [dx, dy] = thrustVector(7, 90);
  assert.ok(Math.abs(dx) < 1e-12 && dy === 7, 'angle 90 points down the map (south)');
});

test('a turn as phases: the split of a shot and the docked ship that does not fire', async () => {
  const engine = await enginePromise;
  if (!engine) return;
  const lesson = new engine.Halite2Lesson(read('h2-weapons'));
  const first = lesson.step([{ thrust: [0, 7, 0] }]);
  const phases = h2Phases(first, 0);
  assert.deepEqual(phases.map((p) => p.key), ['orders', 'docking', 'movement', 'production', 'after']);
  assert.deepEqual(
    phases[0].lines.map((l) => l.text),
    ['your ship 0: thrust 7 at 0°.', 'enemy ship 2 (player 2): thrust 3 at 180°.'],
    'the learner\'s order and the script\'s',
  );
  lesson.step([{ thrust: [0, 6, 31] }]);
  const third = lesson.step([]);
  const lines = h2Phases(third, 0)[2].lines.map((l) => l.text);
  const mine = lines.find((l) => l.startsWith('t = 0.00: your ship 0 fires at '));
  assert.match(mine, /enemy ship 1 \(player 2\)/);
  assert.match(mine, /enemy ship 2 \(player 2\)/);
  assert.match(mine, /\(32 each: 64 split 2 ways\)\.$/);
  assert.ok(lines.includes('t = 0.00: enemy ship 2 (player 2) fires at your ship 0 for 64.'));
  assert.ok(!lines.some((l) => l.includes('enemy ship 1 (player 2) fires')), 'a docked ship does not fire');
  const health = third.after.ships.find((s) => s.id === 0).health;
  assert.ok(lines.includes(`your ship 0: health ${health + 64} → ${health}.`));
});

test('docking and production lines come from the engine\'s turn', async () => {
  const engine = await enginePromise;
  if (!engine) return;
  const lesson = new engine.Halite2Lesson(read('h2-docking'));
  const step = lesson.step([{ dock: [0, 0] }, { dock: [2, 0] }]);
  const lines = h2Phases(step, 0)[1].lines.map((l) => l.text);
  assert.deepEqual(lines, [
    'your ship 0 starts docking at planet 0: 5 turns left.',
    'your ship 2 cannot dock at planet 0: out of range (16 from its centre, docking reaches 11.5).',
  ]);
  let last = step;
  for (let t = 0; t < 5; t++) last = lesson.step([]);
  const production = h2Phases(last, 0)[3].lines.map((l) => l.text);
  assert.deepEqual(production, ['Planet 0 (yours): 1 docked ship, production 0 → 6.']);
});
