// Unit tests of a human's turn plan (games/halite1/plan.ts): selection by click, box (across the
// wrapped edge), filter and all; directions, go-to orders carried over turns, undo and redo.
//
//   node --test www/tests/plan.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { TurnPlan, stepToward, UNSET } = src.load('games/halite1/plan.js');

/** A W x H observation for player `me` with pieces at the given [x, y, strength] sites. */
function obs(W, H, me, pieces, turn = 0, others = []) {
  const owner = new Uint8Array(W * H);
  const strength = new Uint8Array(W * H);
  for (const [x, y, s] of pieces) {
    owner[y * W + x] = me;
    strength[y * W + x] = s;
  }
  for (const [x, y, s, o] of others) {
    owner[y * W + x] = o;
    strength[y * W + x] = s;
  }
  return { width: W, height: H, myId: me, owner, strength, production: new Uint8Array(W * H), turn };
}

test('stepToward takes the shorter way round the torus, longer axis first', () => {
  const W = 10;
  const H = 8;
  const at = (x, y) => y * W + x;
  assert.equal(stepToward(at(1, 1), at(1, 1), W, H), 0);
  assert.equal(stepToward(at(1, 1), at(4, 2), W, H), 2, 'east first: 3 across, 1 down');
  assert.equal(stepToward(at(1, 1), at(8, 1), W, H), 4, 'west across the edge: 3 steps, not 7');
  assert.equal(stepToward(at(1, 1), at(1, 7), W, H), 1, 'north across the edge');
  assert.equal(stepToward(at(1, 1), at(2, 4), W, H), 3);
});

test('click, shift-click, box across the wrapped edge, all and the strength filter', () => {
  const W = 6;
  const H = 5;
  const p = new TurnPlan(W, H, 2);
  p.begin(obs(W, H, 2, [[0, 0, 10], [5, 0, 40], [5, 4, 90], [2, 2, 5]], 0, [[1, 0, 50, 1]]));
  p.click(0, false);
  assert.equal(p.selectedCount, 1);
  p.click(2 * W + 2, true);
  assert.equal(p.selectedCount, 2, 'shift-click adds');
  p.click(2 * W + 2, true);
  assert.equal(p.selectedCount, 1, 'shift-click again removes');
  p.click(1, false);
  assert.equal(p.selectedCount, 0, 'an enemy site is never selected; a plain click there clears');
  // Box from (5, 4) to (6, 5) in unwrapped coordinates: columns 5, 0 and rows 4, 0.
  p.selectBox(5, 4, 6, 5, false);
  assert.deepEqual([...p.selected.keys()].filter((i) => p.selected[i]), [0, 5, 4 * W + 5]);
  p.selectAll();
  assert.equal(p.selectedCount, 4);
  p.selectStrongerThan(40, false);
  assert.equal(p.selectedCount, 2);
  assert.equal(p.pieceCount, 4);
});

test('directions, undo and redo; unset pieces stay (no move sent)', () => {
  const W = 6;
  const H = 5;
  const p = new TurnPlan(W, H, 1);
  p.begin(obs(W, H, 1, [[0, 0, 10], [3, 3, 40]]));
  assert.deepEqual(p.moves(), []);
  p.selectAll();
  assert.equal(p.direct(2), 2);
  p.click(3 * W + 3, false);
  p.direct(0);
  assert.deepEqual(p.moves(), [{ x: 0, y: 0, dir: 2 }, { x: 3, y: 3, dir: 0 }]);
  assert.ok(p.undo());
  assert.deepEqual(p.moves(), [{ x: 0, y: 0, dir: 2 }, { x: 3, y: 3, dir: 2 }]);
  assert.ok(p.undo());
  assert.deepEqual(p.moves(), []);
  assert.equal(p.undo(), false);
  assert.ok(p.redo());
  assert.ok(p.redo());
  assert.deepEqual(p.moves(), [{ x: 0, y: 0, dir: 2 }, { x: 3, y: 3, dir: 0 }]);
  p.clear(true);
  assert.equal(p.dirs[0], UNSET);
  assert.equal(p.setCount, 0);
});

test('a go-to order walks the piece over turns and ends when it arrives or the piece is lost', () => {
  const W = 8;
  const H = 8;
  const p = new TurnPlan(W, H, 1);
  p.begin(obs(W, H, 1, [[1, 1, 50]]));
  p.click(1 * W + 1, false);
  assert.equal(p.goTo(1 * W + 7), 1, 'ordered to (7, 1): two steps west across the edge');
  assert.deepEqual(p.moves(), [{ x: 1, y: 1, dir: 4 }]);
  // The engine moved it to (0, 1).
  p.begin(obs(W, H, 1, [[0, 1, 50]], 1));
  assert.deepEqual(p.moves(), [{ x: 0, y: 1, dir: 4 }], 'the order carried over');
  assert.equal(p.selectedCount, 1, 'the selection followed the piece');
  p.begin(obs(W, H, 1, [[7, 1, 50]], 2));
  assert.deepEqual(p.moves(), [], 'arrived: the order is done');
  assert.equal(p.orders.size, 0);
  // An order whose piece is captured is dropped.
  p.click(1 * W + 7, false);
  p.goTo(5 * W + 7);
  p.begin(obs(W, H, 1, [], 3, [[7, 2, 80, 2]]));
  assert.equal(p.orders.size, 0);
  assert.deepEqual(p.moves(), []);
});
