// Unit tests of the bot drawings' painter (www/src/shell/drawings.ts, ShapePainter) on a stand-in
// canvas that records what is drawn: a turn of the most shapes of every bot is drawn a slice at a
// time from where the last frame stopped, a finished picture costs nothing while nothing changes,
// and a change of shapes or of the map's projection starts it over.
//
//   node --test www/tests/painter.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { ShapePainter, MAX_SHAPES } = src.load('shell/drawings.js');

/** A canvas whose 2D context counts its texts, other shapes and clears. */
function canvas(width = 800, height = 600) {
  const drawn = { texts: 0, strokes: 0, fills: 0, clears: 0 };
  const g = {
    setTransform() {},
    clearRect() {
      drawn.clears++;
    },
    beginPath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    stroke() {
      drawn.strokes++;
    },
    fill() {
      drawn.fills++;
    },
    strokeText() {},
    fillText() {
      drawn.texts++;
    },
  };
  return { width, height, drawn, getContext: () => g };
}

/** A map of 40×40 units, 20 pixels each, moved by `dx` pixels. */
const projection = (dx = 0) => ({ mapToCanvas: (x, y) => [x * 20 + dx, y * 20], pixelsPerUnit: () => 20 });

/** A bot's turn of the most shapes: texts of 100 characters over the map. */
const turn = (seed) => Array.from({ length: MAX_SHAPES }, (_, i) => ['text', (i * 7 + seed) % 30, (i * 13) % 30, `${seed}:${i}`.padEnd(100, ' '), null]);

test('a turn of the most shapes of two bots is drawn a slice a call, every shape once', () => {
  const c = canvas();
  const layers = [
    { shapes: turn(1), colour: '#f00' },
    { shapes: turn(2), colour: '#00f' },
  ];
  const p = new ShapePainter();
  // A budget of no time: one slice of shapes a call.
  let calls = 0;
  while (!p.paint(c, 1, layers, projection(), 0)) {
    calls++;
    assert.ok(p.pending);
    assert.ok(c.drawn.texts <= calls * 25, `at most a slice a call (${c.drawn.texts} after ${calls})`);
  }
  assert.equal(c.drawn.texts, 2 * MAX_SHAPES, 'every text drawn once');
  assert.equal(c.drawn.clears, 1, 'cleared once, at the start');
  assert.ok(calls >= 79, `spread over many frames (${calls + 1} calls)`);
  assert.equal(p.pending, false);
});

test('a finished picture is kept while the shapes and the map stay; a change starts it over', () => {
  const c = canvas();
  const shapes = [['line', 1, 1, 3, 3, null], ['circle', 2, 2, 1, '#0f0'], ['dot', 4, 4, null], ['text', 5, 5, 'hi', null]];
  const p = new ShapePainter();
  assert.equal(p.paint(c, 1, [{ shapes, colour: '#f00' }], projection()), true);
  assert.deepEqual(c.drawn, { texts: 1, strokes: 2, fills: 1, clears: 1 });
  // The same shapes (a new list of the same layers, as each frame makes): nothing drawn again.
  assert.equal(p.paint(c, 1, [{ shapes, colour: '#f00' }], projection()), true);
  assert.deepEqual(c.drawn, { texts: 1, strokes: 2, fills: 1, clears: 1 });
  // The camera moved: drawn again from a clear canvas.
  p.paint(c, 1, [{ shapes, colour: '#f00' }], projection(5));
  assert.deepEqual(c.drawn, { texts: 2, strokes: 4, fills: 2, clears: 2 });
  // Another turn's shapes, another colour, a resized canvas: each starts over.
  p.paint(c, 1, [{ shapes: shapes.slice(0, 1), colour: '#f00' }], projection(5));
  p.paint(c, 1, [{ shapes: shapes.slice(0, 1), colour: '#0ff' }], projection(5));
  c.width = 400;
  p.paint(c, 1, [{ shapes: shapes.slice(0, 1), colour: '#0ff' }], projection(5));
  assert.equal(c.drawn.clears, 5);
  // Forgotten (the overlay was hidden): drawn again.
  p.reset();
  p.paint(c, 1, [{ shapes: shapes.slice(0, 1), colour: '#0ff' }], projection(5));
  assert.equal(c.drawn.clears, 6);
});

test('texts wholly off the canvas are not drawn', () => {
  const c = canvas(200, 200);
  const shapes = [['text', 5, 5, 'on', null], ['text', 5, 50, 'below', null], ['text', 50, 5, 'right', null], ['text', -100, 5, 'far left', null], ['text', -2, 5, 'reaches in', null]];
  new ShapePainter().paint(c, 1, [{ shapes, colour: '#f00' }], projection());
  assert.equal(c.drawn.texts, 2);
});
