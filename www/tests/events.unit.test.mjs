// Unit tests of event navigation's pure parts: the keys, finding the neighbour of a frame, and
// Halite I's events read from its statistics series.
//
//   node --test www/tests/events.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const keys = src.load('shell/viewer/keys.js');
const nav = src.load('shell/viewer/events.js');
const h1 = src.load('games/halite1/events.js');

test('Home and End go to the first and last frame; [ and ] to the previous and next event', () => {
  assert.deepEqual(keys.keyAction({ key: 'Home', code: 'Home' }), { kind: 'start' });
  assert.deepEqual(keys.keyAction({ key: 'End', code: 'End' }), { kind: 'end' });
  assert.deepEqual(keys.keyAction({ key: '[', code: 'BracketLeft' }), { kind: 'event', dir: -1 });
  assert.deepEqual(keys.keyAction({ key: ']', code: 'BracketRight' }), { kind: 'event', dir: 1 });
  const help = keys.keyHelp({ layers: [], panNote: undefined });
  assert.ok(help.some(([k]) => /Home \/ End/.test(k)));
  assert.ok(help.some(([k]) => k === '[ / ]'));
});

test('the neighbour of a frame is the nearest event strictly before or after it', () => {
  const ev = [{ frame: 3, label: 'a' }, { frame: 10, label: 'b' }, { frame: 10, label: 'c' }, { frame: 20, label: 'd' }];
  assert.equal(nav.neighbourEvent(ev, 0, 1).label, 'a');
  assert.equal(nav.neighbourEvent(ev, 3, 1).label, 'b');
  assert.equal(nav.neighbourEvent(ev, 10, 1).label, 'd');
  assert.equal(nav.neighbourEvent(ev, 20, 1), null);
  assert.equal(nav.neighbourEvent(ev, 10, -1).label, 'a');
  assert.equal(nav.neighbourEvent(ev, 11, -1).label, 'c');
  assert.equal(nav.neighbourEvent(ev, 3, -1), null);
  assert.equal(nav.eventText(ev[0]), 'Turn 3: a');
});

/** A two-seat source over `frames` frames with the given series (seat-major arrays). */
function source(frames, series) {
  return {
    game: 'halite1', width: 10, height: 10, numFrames: frames, numPlayers: 2, version: 1,
    playerNames: () => ['Alpha', 'Beta'],
    series: (k) => (series[k] ? Uint32Array.from(series[k]) : null),
  };
}

test('Halite I: an elimination, a capture, a battle and an ejection are events at their frames', () => {
  //            frame:  0  1  2  3  4   5   6
  const territory = [1, 2, 4, 8, 20, 30, 40, /* seat 1 */ 1, 2, 4, 8, 12, 3, 0];
  const damage = [0, 0, 0, 10, 900, 0, 0, /* seat 1 */ 0, 0, 0, 10, 800, 0, 0];
  const ev = h1.halite1Events(source(7, { territory, damageToPlayers: damage }), []);
  const at = (f) => ev.filter((e) => e.frame === f).map((e) => e.label);
  assert.deepEqual(at(4), ['big battle (1,700 damage)']);
  assert.deepEqual(at(5), ['player 1 (Alpha) took 9 sites from player 2 (Beta)']);
  assert.deepEqual(at(6), ['player 2 (Beta) eliminated']);
  assert.equal(ev.length, 3, 'nothing else is an event');
  // An ejected seat is said to be ejected, not eliminated.
  const ej = h1.halite1Events(source(7, { territory }), [{ seat: 1, frame: 6, ejected: true }]);
  assert.deepEqual(ej.filter((e) => e.frame === 6).map((e) => e.label), ['player 2 (Beta) ejected']);
  // Before the series are known: no events, no error.
  assert.deepEqual(h1.halite1Events(source(7, {}), []), []);
});
