// Unit tests of the learn page's pure modules in node, against the engine's wasm package: the
// stepper's phases hold the explanation's numbers, typed moves and the sandbox's URL form parse
// (and say what is wrong), stars follow par and hints, and mirrored lesson variants stay
// solvable by their mirrored solutions.
//
//   node --test www/tests/learn.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { compileSources, loadLearn } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const phases = src.load('games/halite1/lessons/phases.js');
const orders = src.load('games/halite1/lessons/orders.js');
const scenario = src.load('games/halite1/lessons/scenario.js');
const variants = src.load('games/halite1/lessons/variants.js');
const stars = src.load('learn/stars.js');
const engine = await loadLearn('halite1');

const lessonDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src/games/halite1/lessons');
const LESSONS = fs
  .readdirSync(lessonDir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => JSON.parse(fs.readFileSync(path.join(lessonDir, f), 'utf8')));
const DIRS = ['still', 'north', 'east', 'south', 'west'];

test('the phases hold the explanation\'s numbers, in the original\'s order', () => {
  const board = { width: 3, height: 1, owner: [1, 0, 1], strength: [150, 200, 150], production: [0, 0, 0] };
  const e = engine.halite1ExplainTurn(board, new Uint8Array([2, 0, 4]), 1, undefined);
  const ps = phases.explainPhases(e);
  assert.deepEqual(ps.map((p) => p.key), ['orders', 'production', 'moves', 'damage', 'removals', 'owners']);
  const moves = ps[2];
  assert.equal(moves.cells[1].loss, 45, 'the cap took 45 on the middle site');
  assert.equal(moves.cells[1].strength, 255);
  assert.ok(moves.lines.some((l) => l.kind === 'cap' && l.text.includes('150 + 150 = 300, capped at 255: 45 lost')));
  assert.ok(ps[3].lines.some((l) => l.text === 'player 1 at (1, 0) hits the neutral site (1, 0) for 255 (200 of it counts)'));
  assert.equal(ps[5].cells[1].strength, e.after.strength[1]);
  assert.equal(e.after.strength[1], 55);
});

test('typed moves parse, with a message for what is wrong', () => {
  assert.deepEqual(orders.parseMoves('3 4 north; 0 0 e\n1 1 still', 5, 5).moves, [
    { x: 3, y: 4, dir: 1 },
    { x: 0, y: 0, dir: 2 },
    { x: 1, y: 1, dir: 0 },
  ]);
  assert.match(orders.parseMoves('3 north', 5, 5).error, /not a move/);
  assert.match(orders.parseMoves('9 0 west', 5, 5).error, /off the 5x5 board/);
});

test('stars: par, then fewer after hints, never below one', () => {
  assert.equal(stars.starsFor(3, 3, 0), 3);
  assert.equal(stars.starsFor(5, 3, 0), 2);
  assert.equal(stars.starsFor(9, 3, 0), 1);
  assert.equal(stars.starsFor(3, 3, 1), 2);
  assert.equal(stars.starsFor(3, 3, 3), 1);
  assert.equal(stars.starsFor(9, 3, 2), 1);
});

test('the sandbox URL form round-trips and bad input is named', () => {
  const s = scenario.defaultScenario();
  const all = { combat: true, production: true, wrap: true, cap: true };
  const text = scenario.scenarioText(s, all);
  assert.deepEqual(scenario.parseScenario(text).scenario, s);
  const off = scenario.parseScenario(scenario.scenarioText(s, { ...all, wrap: false })).scenario;
  assert.deepEqual(off.rules, { wrap: false });
  assert.match(scenario.parseScenario('nope').error, /not valid JSON/);
  assert.match(scenario.parseScenario('{"width":2,"height":1,"owner":[0],"strength":[0,0],"production":[0,0]}').error, /"owner" holds 1 values, not 2/);
  assert.match(scenario.parseScenario('{"width":2,"height":1,"owner":[0,9],"strength":[0,0],"production":[0,0]}').error, /0 to 6/);
  const r = scenario.resized(s, 2, 2);
  assert.equal(r.owner.length, 4);
});

test('every mirrored variant of every lesson is solved by its mirrored solution and not by its mirrored wrong answer', () => {
  const play = (spec, answer) => {
    const l = new engine.Halite1Lesson(JSON.stringify(spec));
    let status = 'ongoing';
    for (let t = 0; status === 'ongoing'; t++) {
      const turn = answer[t] ?? [];
      status = l.step(new Uint32Array(turn.flatMap(([x, y, d]) => [x, y, DIRS.indexOf(d)]))).status;
    }
    l.free();
    return status;
  };
  for (const lesson of LESSONS) {
    const spec = new engine.Halite1Lesson(JSON.stringify(lesson)).spec();
    for (const v of variants.variants(spec)) {
      assert.equal(play(v.spec, v.spec.solution), 'passed', `${lesson.id}, ${v.name}`);
      assert.equal(play(v.spec, v.spec.wrong.moves), 'notYet', `${lesson.id}, ${v.name}: wrong answer`);
    }
  }
});
