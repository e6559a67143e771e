// Unit tests of the front end's pure logic (no browser): wrap-around and camera maths, palettes,
// the playback clock, URL state, keyboard mapping, bot answer checking, and the built-in bots
// playing real games in the engine (the wasm package loaded in node).
//
//   node --test www/tests/

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources, loadEngine } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const wrap = src.load('games/halite1/wrap.js');
const palette = src.load('shell/palette.js');
const clock = src.load('shell/viewer/playback.js');
src.load('shell/catalog.js').registerGames(['halite1', 'halite2'].map((g) => src.load(`games/${g}/info.js`).INFO)); // as the registry does when it loads
const url = src.load('shell/page/urlstate.js');
const keys = src.load('shell/viewer/keys.js');
const protocol = src.load('games/halite1/protocol.js');
const builtin = src.load('games/halite1/bots.js');
const loader = src.load('shell/page/loader.js');
const sourceChecks = src.load('games/halite1/types.js');
const standings = src.load('shell/viewer/standings.js');
const halite1Info = src.load('games/halite1/info.js').INFO;
const framesModule = src.load('games/halite1/frames.js');

// ------------------------------------------------------------------ wrap-around maths

test('mod is always in [0, n)', () => {
  assert.equal(wrap.mod(-1, 5), 4);
  assert.equal(wrap.mod(5, 5), 0);
  assert.equal(wrap.mod(-10, 5), 0);
  assert.equal(wrap.mod(7.5, 5), 2.5);
  assert.equal(wrap.siteIndex(-1, -1, 4, 3), 2 * 4 + 3);
});

test('neighbours wrap around the torus; north is y - 1', () => {
  assert.deepEqual(wrap.neighbour(0, 0, 1, 10, 8), [0, 7]);
  assert.deepEqual(wrap.neighbour(9, 0, 2, 10, 8), [0, 0]);
  assert.deepEqual(wrap.neighbour(0, 7, 3, 10, 8), [0, 0]);
  assert.deepEqual(wrap.neighbour(0, 3, 4, 10, 8), [9, 3]);
  assert.deepEqual(wrap.neighbour(4, 4, 9, 10, 8), [4, 4], 'invalid directions stay');
  assert.equal(wrap.wrapDistance(1, 9, 10), 2);
});

test('wrappedCentre finds the middle of the shortest arc holding every point', () => {
  // Points either side of the seam: the centre is on the seam, not in the middle of the map.
  assert.equal(wrap.wrappedCentre([2, 17], 20), 0);
  assert.equal(wrap.wrappedCentre([5, 10], 20), 8);
  assert.equal(wrap.wrappedCentre([5], 20), 5.5);
  assert.equal(wrap.wrappedCentre([], 20), 10);
  // Points all around: still a value in range.
  const c = wrap.wrappedCentre([0, 5, 10, 15], 20);
  assert.ok(c >= 0 && c < 20);
});

test('camera: site under a point and point of a site agree, across the seam', () => {
  const cam = { scale: 10, cx: 0.5, cy: 0.5 }; // site (0, 0) at the view centre
  const at = (px, py) => wrap.siteAtPoint(cam, 200, 200, 30, 30, px, py);
  assert.deepEqual(at(100, 100), [0, 0]);
  assert.deepEqual(at(85, 100), [29, 0], 'left of site 0 is the last column');
  assert.deepEqual(at(100, 85), [0, 29]);
  const p = wrap.pointOfSite(cam, 200, 200, 30, 30, 29, 0);
  assert.deepEqual(p, [90, 100]);
  assert.deepEqual(at(p[0], p[1]), [29, 0]);
});

test('camera: a map smaller than the view is centred, points outside it hit nothing', () => {
  const cam = { scale: 5, cx: 5, cy: 5 };
  const l = wrap.layout(cam, 200, 100, 10, 10);
  assert.deepEqual([l.clipX, l.clipY, l.clipW, l.clipH], [75, 25, 50, 50]);
  assert.equal(wrap.siteAtPoint(cam, 200, 100, 10, 10, 10, 50), null);
  assert.deepEqual(wrap.siteAtPoint(cam, 200, 100, 10, 10, 76, 26), [0, 0]);
});

test('zoomAt keeps the world point under the pointer', () => {
  const cam = { scale: 10, cx: 15, cy: 15 };
  const before = wrap.siteAtPoint(cam, 300, 300, 30, 30, 40, 250);
  const next = wrap.zoomAt(cam, 25, 300, 300, 30, 30, 40, 250);
  assert.equal(next.scale, 25);
  assert.deepEqual(wrap.siteAtPoint(next, 300, 300, 30, 30, 40, 250), before);
  assert.ok(next.cx >= 0 && next.cx < 30 && next.cy >= 0 && next.cy < 30);
});

test('fitScale fits the map, whole pixels once sites are big', () => {
  assert.equal(wrap.fitScale(500, 300, 20, 20), 15);
  assert.equal(wrap.fitScale(100, 100, 50, 50), 2);
  assert.equal(wrap.fitScale(571, 1000, 24, 24), 23);
});

test('ease runs 0 to 1 smoothly', () => {
  assert.equal(wrap.ease(0), 0);
  assert.equal(wrap.ease(1), 1);
  assert.ok(Math.abs(wrap.ease(0.5) - 0.5) < 1e-12);
  assert.equal(wrap.ease(2), 1);
});

// ------------------------------------------------------------------ palettes

test('hex parsing and packing', () => {
  assert.deepEqual(palette.hexToRgb('#ff8000'), [255, 128, 0]);
  assert.deepEqual(palette.hexToRgb('#f80'), [255, 136, 0]);
  assert.throws(() => palette.hexToRgb('red'));
  assert.equal(palette.rgbToHex([255, 128, 0]), '#ff8000');
  assert.equal(palette.packRgba([1, 2, 3], true), 0xff030201);
  assert.equal(palette.packRgba([1, 2, 3], false), 0x010203ff);
});

test('palettes have neutral plus six distinct player colours', () => {
  for (const p of palette.PALETTES) {
    assert.equal(p.colours.length, 7, p.id);
    assert.equal(new Set(p.colours.map((c) => c.toLowerCase())).size, 7, `${p.id} colours are distinct`);
    for (const c of p.colours) palette.hexToRgb(c);
  }
  assert.equal(palette.paletteById('okabe-ito'), palette.OKABE_ITO_PALETTE);
  assert.equal(palette.paletteById('nope'), palette.DEFAULT_PALETTE);
  assert.equal(palette.ownerColour(palette.DEFAULT_PALETTE, 0), palette.DEFAULT_PALETTE.colours[0]);
  assert.equal(palette.ownerColour(palette.DEFAULT_PALETTE, 7), palette.DEFAULT_PALETTE.colours[1], 'cycles');
});

test('the colour-blind palette is the Okabe-Ito set', () => {
  const okabeIto = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7'];
  for (const c of palette.OKABE_ITO_PALETTE.colours.slice(1)) assert.ok(okabeIto.includes(c), c);
});

test('territory and heat lookup tables', () => {
  const lut = palette.territoryLut(palette.DEFAULT_PALETTE, 10, true);
  assert.equal(lut.length, 7 * 256);
  const lum = (v) => (v & 255) + ((v >> 8) & 255) + ((v >>> 16) & 255);
  assert.ok(lum(lut[1 * 256 + 10]) > lum(lut[1 * 256 + 0]), 'higher production is brighter');
  assert.equal(lut[3 * 256 + 5] >>> 24, 255, 'opaque');
  const heat = palette.heatLut(8, true);
  assert.ok(lum(heat[8]) > lum(heat[4]) && lum(heat[4]) > lum(heat[0]), 'heat ramp rises');
  assert.deepEqual(palette.heat(0).map(Math.round), palette.hexToRgb(palette.HEAT_STOPS[0]));
  assert.deepEqual(palette.heat(1).map(Math.round), palette.hexToRgb(palette.HEAT_STOPS.at(-1)));
});

// ------------------------------------------------------------------ playback clock

test('playback advances at fps and stops at the end (or holds for a live game)', () => {
  const pb = new clock.Playback();
  pb.fps = 10;
  pb.play(100);
  pb.tick(0, 50, 100);
  assert.ok(Math.abs(pb.pos - 0.5) < 1e-9);
  assert.equal(pb.frame, 0);
  assert.ok(Math.abs(pb.transit - 0.5) < 1e-9);
  pb.tick(50, 100, 100);
  assert.ok(Math.abs(pb.pos - 1.5) < 1e-9);
  // A long pause (tab in background) does not jump more than MAX_DT_MS.
  pb.tick(10_000, 9_000, 100);
  assert.ok(Math.abs(pb.pos - 2.5) < 1e-9);
  pb.seek(99, 100);
  pb.play(100);
  for (let i = 0; i < 30; i++) pb.tick(i, 100, 100);
  assert.equal(pb.pos, 100);
  assert.equal(pb.playing, false, 'stops at the last frame');
  pb.play(100);
  assert.equal(pb.pos, 0, 'play at the end restarts');
  const live = new clock.Playback();
  live.play(3);
  for (let i = 0; i < 30; i++) live.tick(i, 100, 3, true);
  assert.equal(live.pos, 3);
  assert.equal(live.playing, true, 'holds waiting for frames');
});

test('a live game played from its newest frame never starts again from frame 0', () => {
  const live = new clock.Playback();
  live.fps = 12;
  live.seek(200, 200);
  live.play(200, false);
  assert.equal(live.pos, 200, 'play at the newest frame of a live game stays there');
  assert.equal(live.playing, true);
  // The game grows by a frame: playback moves on to it, never back.
  let prev = live.pos;
  for (let i = 0; i < 20; i++) {
    live.tick(i * 16, 16, 201, true);
    assert.ok(live.pos >= prev, 'never backwards');
    prev = live.pos;
  }
  assert.equal(live.pos, 201);
  // Played again at the newest frame (a turn asked of a human): still there.
  live.play(201, false);
  assert.equal(live.pos, 201);
});

test('a step animates the move over STEP_MS, forward and back', () => {
  const pb = new clock.Playback();
  pb.seek(5, 10);
  pb.step(1, 1000, 10);
  pb.tick(1000 + clock.STEP_MS / 2, 16, 10);
  assert.equal(pb.frame, 5);
  assert.ok(Math.abs(pb.transit - 0.5) < 1e-9, 'half way through the move');
  pb.tick(1000 + clock.STEP_MS, 16, 10);
  assert.equal(pb.pos, 6);
  pb.step(-1, 2000, 10);
  pb.tick(2000 + clock.STEP_MS / 4, 16, 10);
  assert.equal(pb.frame, 5);
  assert.ok(pb.transit > 0.7, 'pieces slide home');
  // A second step finishes the first at once.
  pb.step(-1, 2010, 10);
  pb.tick(2010 + clock.STEP_MS, 16, 10);
  assert.equal(pb.pos, 4);
  pb.seek(0, 10);
  pb.step(-1, 0, 10);
  assert.equal(pb.animating, false, 'nothing before frame 0');
  // Stepping pauses playback.
  pb.play(10);
  pb.step(1, 0, 10);
  assert.equal(pb.playing, false);
});

test('speeds: 1 to 60, presets and up/down', () => {
  assert.equal(clock.SPEEDS[0], 1);
  assert.equal(clock.SPEEDS.at(-1), 60);
  assert.deepEqual([...clock.SPEED_PRESETS], [1, 3, 6, 10, 15]);
  assert.equal(clock.nextSpeed(10, 1), 12);
  assert.equal(clock.nextSpeed(10, -1), 8);
  assert.equal(clock.nextSpeed(60, 1), 60);
  assert.equal(clock.nextSpeed(1, -1), 1);
  assert.equal(clock.nextSpeed(11, -1), 10);
});

// ------------------------------------------------------------------ URL state

test('URL state round-trips and drops bad values', () => {
  const s = url.parseUrlState('?replay=replays/s101-20x20-greedy-chaos.hlt.gz&frame=42&player=2&radius=3');
  assert.deepEqual(s, { replay: 'replays/s101-20x20-greedy-chaos.hlt.gz', frame: 42, player: 2, radius: 3 });
  assert.equal(url.buildSearch(s), '?replay=replays/s101-20x20-greedy-chaos.hlt.gz&frame=42&player=2&radius=3');
  assert.deepEqual(url.parseUrlState(url.buildSearch(s)), s);
  assert.deepEqual(url.parseUrlState('frame=-1&player=9&radius=x&replay='), {});
  assert.deepEqual(url.parseUrlState('?frame=1e3&player=1.5'), {});
  assert.equal(url.buildSearch({ frame: 0, player: 0, radius: 2 }), '', 'defaults are left out');
  assert.equal(url.buildSearch({}), '');
  const full = url.parseUrlState('?replay=' + encodeURIComponent('https://example.org/a b.hlt?x=1&y=2'));
  assert.equal(full.replay, 'https://example.org/a b.hlt?x=1&y=2');
  assert.deepEqual(url.parseUrlState(url.buildSearch(full)), full);
  assert.deepEqual(url.parseUrlState('?bots=Expander,random,<script>,hang').bots, ['expander', 'random', 'hang']);
  // Seats may be module URLs: an entry with a '/' or ending in .js / .mjs.
  const live = url.parseUrlState('?bots=human,/bots/Mine.js,https://x.org/b.mjs,my.js,javascript:alert(1)/x&seed=42&size=30x30&fog=2&turnMs=none&initMs=5000&speed=60');
  assert.deepEqual(live, {
    bots: ['human', '/bots/Mine.js', 'https://x.org/b.mjs', 'my.js'],
    seed: 42,
    size: { width: 30, height: 30 },
    fog: 2,
    turnMs: null,
    initMs: 5000,
    speed: 60,
  });
  assert.deepEqual(url.parseUrlState(url.buildSearch(live)), live);
  assert.equal(url.isBotUrl('greedy'), false);
  assert.equal(url.isBotUrl('bots/x'), true);
  assert.deepEqual(url.parseUrlState('?size=30&seed=0&fog=-1'), {});
});

// ------------------------------------------------------------------ keyboard

test('the official keys map to their actions', () => {
  // The layers Halite I's module declares (its own keys, P and M).
  const LAYERS = [
    { key: 'production', kbd: 'P' },
    { key: 'arrows', kbd: 'M' },
  ];
  const k = (key, code) => keys.keyAction({ key, code }, LAYERS);
  assert.deepEqual(k(' ', 'Space'), { kind: 'toggle-play' });
  assert.deepEqual(k('ArrowLeft', 'ArrowLeft'), { kind: 'step', dir: -1 });
  assert.deepEqual(k(',', 'Comma'), { kind: 'step', dir: -1 });
  assert.deepEqual(k('.', 'Period'), { kind: 'step', dir: 1 });
  assert.deepEqual(k('ArrowRight', 'ArrowRight'), { kind: 'step', dir: 1 });
  assert.deepEqual(k('3', 'Digit3'), { kind: 'speed-preset', index: 2 });
  assert.deepEqual(k('z', 'KeyZ'), { kind: 'start' });
  assert.deepEqual(k('x', 'KeyX'), { kind: 'end' });
  assert.deepEqual(k('w', 'KeyW'), { kind: 'pan', dx: 0, dy: -1 });
  assert.deepEqual(k('a', 'KeyA'), { kind: 'pan', dx: -1, dy: 0 });
  assert.deepEqual(k('o', 'KeyO'), { kind: 'recentre' });
  assert.deepEqual(k('p', 'KeyP'), { kind: 'layer', key: 'production' });
  assert.deepEqual(k('M', 'KeyM'), { kind: 'layer', key: 'arrows' });
  assert.equal(keys.keyAction({ key: 'p', code: 'KeyP' }), null, 'a board without layers leaves P alone');
  assert.deepEqual(k('E', 'KeyE'), { kind: 'extended' });
  assert.deepEqual(k('?', 'Slash'), { kind: 'help' });
  // WASD by position on an AZERTY keyboard (the key printed there is 'z' for KeyW).
  assert.deepEqual(k('z', 'KeyW'), { kind: 'pan', dx: 0, dy: -1 });
  assert.equal(keys.keyAction({ key: 'r', code: 'KeyR', ctrlKey: true }), null, 'browser shortcuts pass');
  assert.equal(k('q', 'KeyQ'), null);
});

test("the help lists a game's layer keys and its note on panning, and no other game's", () => {
  const layers = [
    { key: 'production', label: 'Production', kbd: 'P', title: 'Production heat map (P)', help: 'Production heat map on / off' },
    { key: 'arrows', label: 'Arrows', kbd: 'M', title: 'Move arrows (M)', help: 'Move arrows on / off' },
  ];
  const withLayers = new Map(keys.keyHelp({ layers, panNote: 'it wraps around' }));
  assert.equal(withLayers.get('P'), 'Production heat map on / off');
  assert.equal(withLayers.get('M'), 'Move arrows on / off');
  assert.equal(withLayers.get('W A S D'), 'Pan the map (it wraps around)');
  assert.equal(withLayers.get('Space'), 'Play / pause');
  const plain = new Map(keys.keyHelp({ layers: [] }));
  assert.equal(plain.has('P'), false);
  assert.equal(plain.has('M'), false);
  assert.equal(plain.get('W A S D'), 'Pan the map');
  assert.equal(plain.size, withLayers.size - 2);
});

test('keys typed into fields stay in the fields', () => {
  assert.equal(keys.keyBelongsToTarget({ tagName: 'INPUT', type: 'number' }, '1'), true);
  assert.equal(keys.keyBelongsToTarget({ tagName: 'INPUT', type: 'range' }, 'ArrowLeft'), true);
  assert.equal(keys.keyBelongsToTarget({ tagName: 'INPUT', type: 'range' }, ' '), false);
  assert.equal(keys.keyBelongsToTarget({ tagName: 'BUTTON' }, ' '), false, 'Space plays even on a button');
  assert.equal(keys.keyBelongsToTarget({ tagName: 'BUTTON' }, 'Enter'), true);
  assert.equal(keys.keyBelongsToTarget({ tagName: 'SELECT' }, 'ArrowDown'), true);
  assert.equal(keys.keyBelongsToTarget({ tagName: 'CANVAS' }, 'ArrowDown'), false);
  assert.equal(keys.keyBelongsToTarget(null, 'a'), false);
});

// ------------------------------------------------------------------ bot answers

test('packMoves packs well-formed moves into quadruples, and names what it cannot pack', () => {
  // The first number of each quadruple is the seat (0-based); below zero is its two's complement.
  assert.deepEqual(protocol.packMoves([{ x: 1, y: 2, dir: 3 }, { x: 0, y: 0, dir: 0 }], 3), { packed: Uint32Array.from([3, 1, 2, 3, 3, 0, 0, 0]) });
  assert.deepEqual([...protocol.packMoves([{ x: -1, y: 0, dir: 0 }], 0).packed], [0, 0xffffffff, 0, 0]);
  assert.deepEqual(protocol.packMoves([], 1), { packed: new Uint32Array(0) });
  assert.equal(protocol.packMoves('nonsense', 1).reason, 'answered a string instead of an array of moves');
  // The moves before the one at fault stay packed, for the engine to check first.
  const cut = protocol.packMoves([{ x: 1, y: 1, dir: 1 }, null], 1);
  assert.deepEqual([cut.reason, [...cut.packed]], ['move 1 is null, not {x, y, dir}', [1, 1, 1, 1]]);
});

test('mulberry32 is deterministic and uniform-ish', () => {
  const a = builtin.rng(7);
  const b = builtin.rng(7);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(xs.slice(0, 5), Array.from({ length: 5 }, () => b()));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05);
});

test('liveLineup seats the requested number of visible bots', () => {
  const r = builtin.rng(3);
  for (let n = 2; n <= 6; n++) {
    const l = builtin.liveLineup(n, r);
    assert.equal(l.length, n);
    assert.ok(l.includes('expander'));
    for (const b of l) assert.ok(builtin.BOTS[b] && !builtin.BOTS[b].hidden);
  }
});

test('downloadName and engine-shape checks', () => {
  assert.equal(loader.downloadName('s101-20x20-greedy-chaos.hlt.gz'), 's101-20x20-greedy-chaos.hlt');
  assert.equal(loader.downloadName('https://x.org/r/game 1.blitz?dl=1'), 'game-1.hlt');
  assert.equal(loader.downloadName(''), 'replay.hlt');
  assert.equal(sourceChecks.asFogFrame({}, 4), null);
  assert.deepEqual(sourceChecks.asVerifyResult({ ok: true }), { ok: true });
  assert.deepEqual(sourceChecks.asVerifyResult({ ok: false, frame: 3, message: 'm' }), { ok: false, frame: 3, message: 'm' });
  assert.equal(sourceChecks.asVerifyResult(undefined).ok, false);
  assert.deepEqual(sourceChecks.asStandings([{ seat: 0, name: 'A', rank: 1, lastFrameAlive: 9, alive: true, ejected: false, territory: 12 }, 3, null]), [
    { seat: 0, name: 'A', rank: 1, lastFrameAlive: 9, alive: true, ejected: false, score: 12 },
  ]);
});

// ------------------------------------------------------------------ standings as of a frame

test('standings at a frame rank by the main series and hide later eliminations', () => {
  // Two seats over 4 frames; seat 1 is eliminated at frame 3 (territory 0 there).
  const score = Uint32Array.from([1, 3, 5, 9, 1, 4, 2, 0]);
  const final = [
    { seat: 0, name: 'A', rank: 1, lastFrameAlive: 3, alive: true, ejected: false, score: 9 },
    { seat: 1, name: 'B', rank: 2, lastFrameAlive: 2, alive: false, ejected: false, score: 0 },
  ];
  const outs = standings.outsOf(final);
  const at1 = standings.standingsAt(1, 2, score, 4, outs, final, false);
  assert.deepEqual(at1.map((s) => [s.rank, s.final, s.out]), [[2, false, null], [1, false, null]], 'B leads at frame 1; nothing spoiled');
  const at3 = standings.standingsAt(3, 2, score, 4, outs, final, false);
  assert.equal(at3[1].out.frame, 3);
  assert.equal(at3[1].rank, 2);
  const fin = standings.standingsAt(0, 2, score, 4, outs, final, true);
  assert.deepEqual(fin.map((s) => [s.rank, s.final]), [[1, true], [2, true]]);
  const tie = standings.standingsAt(0, 2, score, 4, new Map(), null, false);
  assert.deepEqual(tie.map((s) => s.rank), [1, 1], 'equal scores share a rank');
  assert.equal(standings.ordinal(1), '1st');
  assert.equal(standings.ordinal(12), '12th');
  assert.equal(standings.ordinal(23), '23rd');
});

test('the page keeps frames as flat arrays: a whole replay adopted, a live game appended turn by turn', () => {
  const sites = 4;
  const header = { width: 2, height: 2, players: 2, names: ['A', 'B'], production: Uint8Array.from([1, 2, 3, 4]) };
  const f = new framesModule.Halite1Frames(header);
  assert.equal(f.numFrames, 0);
  // Frame 0 only (a live game's start): no moves yet.
  f.append(Uint8Array.from([1, 0, 0, 2]), Uint8Array.from([5, 6, 7, 8]), new Uint8Array(0));
  assert.equal(f.numFrames, 1);
  assert.throws(() => f.moves(0), /no frame 0/);
  const v0 = f.version;
  // Turns arrive one at a time: each batch is a frame and the turn that led to it.
  for (let t = 1; t <= 20; t++) {
    f.append(Uint8Array.from([1, 1, t % 3, 2]), Uint8Array.from([t, t, t, t]), Uint8Array.from([t % 5, 0, 0, 1]));
  }
  assert.equal(f.numFrames, 21);
  assert.ok(f.version > v0);
  assert.deepEqual([...f.owner(0)], [1, 0, 0, 2]);
  assert.deepEqual([...f.strength(13)], [13, 13, 13, 13]);
  assert.deepEqual([...f.moves(12)], [13 % 5, 0, 0, 1], 'turn 12 leads to frame 13');
  assert.throws(() => f.owner(21), /no frame 21/);
  // A whole replay in one batch.
  const g = new framesModule.Halite1Frames(header);
  const frames = 3;
  g.append(new Uint8Array(frames * sites).fill(1), new Uint8Array(frames * sites).fill(9), new Uint8Array((frames - 1) * sites).fill(2));
  assert.equal(g.numFrames, 3);
  assert.deepEqual([...g.moves(1)], [2, 2, 2, 2]);
  assert.equal(g.series('territory'), null, 'no series before they arrive');
  g.setSeries({ territory: Uint32Array.from([1, 2, 3, 4, 5, 6]) });
  assert.deepEqual([...g.series('territory')], [1, 2, 3, 4, 5, 6]);
});

test('Halite I is sure of gzip, takes plain JSON as perhaps its replay, and says no to anything else', () => {
  const enc = new TextEncoder();
  assert.equal(halite1Info.recognise(Uint8Array.from([0x1f, 0x8b, 8, 0])), 'sure');
  assert.equal(halite1Info.recognise(enc.encode(' {"frames":[[[]]]}')), 'maybe');
  assert.equal(halite1Info.recognise(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd])), 'no', 'zstd is not its form');
  assert.equal(halite1Info.recognise(enc.encode('frames')), 'no');
});

// ------------------------------------------------------------------ bots in real games

const engine = await loadEngine('halite1');

/** Plays a game between built-in bots in the engine (no workers); returns the final standings.
 * The engine plays its own bots (`playBuiltin`); the others answer here, checked as a live match
 * checks them. */
function playGame(botIds, width, height, seed) {
  const game = new engine.Halite1Game({ width, height, players: botIds.length, seed, playerNames: botIds });
  const bots = botIds.map((id, k) => (builtin.BOTS[id].native ? null : builtin.BOTS[id].create(seed + k)));
  let turns = 0;
  while (!game.isOver()) {
    for (let seat = 0; seat < botIds.length; seat++) {
      if (!game.isAlive(seat)) continue;
      if (!bots[seat]) {
        const refused = game.playBuiltin(seat, botIds[seat]);
        assert.equal(refused, undefined, `${botIds[seat]} answered garbage on turn ${game.turn}: ${refused}`);
        continue;
      }
      const o = game.observation(seat);
      const moves = bots[seat](o);
      const p = protocol.packMoves(moves, seat);
      assert.equal(p.reason, undefined, `${botIds[seat]} answered garbage on turn ${game.turn}: ${p.reason}`);
      assert.equal(game.acceptAnswer(seat, p.packed, false), undefined, `${botIds[seat]} answered garbage on turn ${game.turn}`);
    }
    game.stepAccepted();
    turns++;
  }
  const results = game.results();
  game.free();
  return { results, turns };
}

test('the engine refuses garbage answers, naming the fault', { skip: engine ? false : 'pkg/ not built' }, () => {
  const game = new engine.Halite1Game({ width: 5, height: 5, players: 2, seed: 1 });
  // The generator may make the map a little smaller than asked.
  const sites = game.width * game.height;
  const refusal = (raw, seat) => {
    const p = protocol.packMoves(raw, seat);
    return game.checkAnswer(seat, p.packed, false) ?? p.reason;
  };
  assert.equal(refusal([{ x: 1, y: 2, dir: 3 }, { x: 0, y: 0, dir: 0 }], 1), undefined);
  const nonInteger = 'move 0 has non-integer x, y or dir';
  const bad = [
    ['nonsense', 'answered a string instead of an array of moves'],
    [null, 'answered null instead of an array of moves'],
    [undefined, 'answered undefined instead of an array of moves'],
    [42, 'answered number instead of an array of moves'],
    [{ x: 1, y: 1, dir: 1 }, 'answered an object instead of an array of moves'],
    [[null], 'move 0 is null, not {x, y, dir}'],
    [[[1, 1, 1]], nonInteger],
    [[{ x: 1.5, y: 1, dir: 1 }], nonInteger],
    [[{ x: '1', y: 1, dir: 1 }], nonInteger],
    [[{ x: 1, y: 1 }], nonInteger],
    [[{ x: 1, y: 1, dir: NaN }], nonInteger],
    [[{ x: game.width, y: 1, dir: 1 }], `move 0 is off the map at (${game.width}, 1)`],
    [[{ x: -1, y: 1, dir: 1 }], 'move 0 is off the map at (-1, 1)'],
    [[{ x: 1, y: 1, dir: 5 }], 'move 0 has direction 5 (0 to 4)'],
    [[{ x: 1, y: 1, dir: -1 }], 'move 0 has direction -1 (0 to 4)'],
    [[{ x: 1, y: 1, dir: 1 }, { x: 1, y: 9, dir: 1 }], 'move 1 is off the map at (1, 9)'],
    [new Array(2 * sites + 1).fill({ x: 0, y: 0, dir: 0 }), `answered ${2 * sites + 1} moves for ${sites} sites`],
  ];
  for (const [raw, reason] of bad) assert.equal(refusal(raw, 1), reason, JSON.stringify(raw)?.slice(0, 80));
  game.free();
});

test('built-in bots play whole games with valid moves; the expander wins', { skip: engine ? false : 'pkg/ not built' }, () => {
  let expanderWins = 0;
  const seeds = [11, 12, 13];
  for (const seed of seeds) {
    const { results } = playGame(['expander', 'greedy', 'random'], 24, 24, seed);
    const winner = results.find((r) => r.rank === 1);
    if (winner.name === 'expander') expanderWins++;
  }
  assert.ok(expanderWins >= 2, `the expander won ${expanderWins} of ${seeds.length}`);
});

test('faulty test bots misbehave on turn 2 as documented', () => {
  const obs = (turn) => ({ width: 3, height: 3, myId: 1, owner: new Uint8Array(9).fill(1), strength: new Uint8Array(9).fill(50), production: new Uint8Array(9).fill(1), turn });
  assert.throws(() => builtin.BOTS.crash.create(1)(obs(2)), /deliberate/);
  assert.equal(protocol.packMoves(builtin.BOTS.garbage.create(1)(obs(2)), 1).reason, 'answered a string instead of an array of moves');
  assert.ok(Array.isArray(builtin.BOTS.garbage.create(1)(obs(1))), 'before turn 2 it answers moves');
  assert.ok(builtin.BOTS.hang.hidden && builtin.BOTS.crash.hidden && builtin.BOTS.garbage.hidden);
});

test('checkAddress names every bad parameter with what is allowed, and keeps what it understood', () => {
  const games = {
    halite1: { title: 'Halite I', seats: [2, 3, 4, 5, 6], side: [1, 250], fog: true },
    halite2: { title: 'Halite II', seats: [1, 2, 4], side: [16, 4096], fog: false },
  };
  const check = (s) => url.checkAddress(s, games, 'halite1');
  assert.deepEqual(check('?bots=human,greedy&seed=42&size=30x30').problems, []);
  let r = check('?bots=human,greedy&seed=42&size=9999x9999');
  assert.deepEqual(r.problems, ['size=9999x9999 is too large: Halite I map sides are 1 to 250.']);
  assert.equal(r.state.seed, 42);
  assert.equal(r.state.size, undefined);
  r = check('?seed=abc');
  assert.match(r.problems[0], /seed=abc is not a seed: a seed is a whole number from 1 to 4294967295 \(0 or none gives a random map\)/);
  assert.deepEqual(check('?seed=0').problems, [], '0 is a random map, as halite run -s 0');
  assert.equal(check('?seed=0').state.seed, undefined);
  assert.match(check('?seed=4294967296').problems[0], /is not a seed/);
  r = check('?bots=a,b,c,d,e,f,g');
  assert.deepEqual(r.problems, ['bots= gives 7 seats: Halite I plays with 2 to 6 players.']);
  assert.equal(r.state.bots.length, 6);
  assert.match(check('?game=halite3').problems[0], /game=halite3 is not a game here: the games are halite1 \(Halite I\) and halite2 \(Halite II\)/);
  assert.deepEqual(check('?game=halite2&bots=human,settler,settler').problems, ['bots= gives 3 seats: Halite II plays with 1, 2 or 4 players.']);
  assert.match(check('?game=halite2&size=10x10').problems[0], /Halite II map sides are 16 to 4096/);
  assert.match(check('?game=halite2&fog=2').problems[0], /Halite II has no fog of war/);
  assert.match(check('?bots=human,human').problems[0], /human more than once/);
  assert.match(check('?speed=0').problems[0], /speed=0 cannot be used: a speed is 1 to 60/);
  assert.match(check('?turnMs=fast').problems[0], /turnMs=fast is not a budget/);
  // continue=: entries in seat order, recorded or a bots= entry; it needs a replay.
  r = check('?replay=a.hlt&frame=200&continue=human,recorded,greedy');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.state.continue, ['human', 'recorded', 'greedy']);
  assert.match(check('?continue=human,recorded').problems[0], /continue= needs replay=/);
  assert.match(check('?replay=a.hlt&continue=human,recorded,human').problems[0], /human more than once/);
  assert.equal(url.buildSearch({ replay: 'a.hlt', frame: 200, continue: ['human', 'recorded'] }), '?replay=a.hlt&frame=200&continue=human,recorded');
});
