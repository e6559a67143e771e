// The forward model bots call (`debug.simulate`), in the built app (dist/) in headless Chromium.
// Two copies of one deterministic bot play each other, so each computes every seat's moves; every
// turn it logs what it sees and what `debug.simulate` predicted, and the test compares: the
// forward model's next observation equals the engine's next frame when all seats' moves are
// given, for both games (Halite II coordinates exactly, as doubles); a chain of two calls equals
// the frame two turns on; `simulate(moves)` alone (the others do nothing) equals the next frame
// on the turns the other copy rests; bad arguments throw clear errors (the bot plays on); in a fog
// (Blitz) game it throws the fog error; and Debug this turn offers it too.
//
//   node --test www/tests/simulate.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, downloadBytes } from './support/page.mjs';
import { loadFiles } from './support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');

/** What both games' bots share: the schedule of checks and the log lines. `policy(obs, id)` is
 * the moves of player `id` (a pure function of the board), `ids(obs)` every player's id,
 * `first` the first seat's id. On turns divisible by 3 every player but the first rests. */
const COMMON = `
const hex = (a) => Array.from(a, (v) => v.toString(16).padStart(2, '0')).join('');
const enc = (o) => JSON.stringify(o, (k, v) => (ArrayBuffer.isView(v) ? '#' + hex(v) : v));
const movesOf = (obs, id) => (id !== FIRST && obs.turn % 3 === 0 ? [] : policy(obs, id));
const othersOf = (obs) => ids(obs).filter((id) => id !== obs.myId).flatMap((id) => movesOf(obs, id));
const tryIt = (f) => { try { f(); return 'no error'; } catch (e) { return e.message; } };
export default function bot(obs, debug) {
  const mine = movesOf(obs, obs.myId);
  console.log('ACTUAL ' + enc(obs));
  const k = obs.turn % 3;
  if (k === 0) console.log('ONLY ' + enc(debug.simulate(mine)));
  if (k === 1) console.log('PRED ' + enc(debug.simulate(mine, othersOf(obs))));
  if (k === 2) {
    const next = debug.simulate(mine, othersOf(obs));
    // Chained: from the exact state of the prediction, with the moves that will be made then.
    console.log('CHAIN ' + enc(debug.simulate(movesOf(next, next.myId), othersOf(next), next)));
  }
  if (obs.turn === 2) {
    const cyclic = [];
    cyclic.push(cyclic);
    console.log('ERR ' + tryIt(() => debug.simulate('nope')));
    console.log('ERR ' + tryIt(() => debug.simulate(BAD_MINE)));
    console.log('ERR ' + tryIt(() => debug.simulate([], [{ x: 'a' }])));
    console.log('ERR ' + tryIt(() => debug.simulate([], [], { turn: 3 })));
    console.log('ERR ' + tryIt(() => debug.simulate(cyclic)));
  }
  return mine;
}
`;

const H1_BOT = `
export const name = 'Twin';
const FIRST = 1;
const BAD_MINE = [{ x: 0, y: 0, dir: 9 }];
function ids(obs) {
  const seen = new Set();
  for (const o of obs.owner) if (o) seen.add(o);
  return [...seen].sort((a, b) => a - b);
}
function policy(obs, id) {
  const { width: w, owner, strength, production } = obs;
  const out = [];
  for (let i = 0; i < owner.length; i++) {
    if (owner[i] !== id || strength[i] === 0 || strength[i] < 4 * production[i]) continue;
    const x = i % w, y = Math.floor(i / w);
    out.push({ x, y, dir: 1 + ((x * 7 + y * 13 + obs.turn) % 4) });
  }
  return out;
}
${COMMON}`;

const H2_BOT = `
export const name = 'Twin';
const FIRST = 0;
const BAD_MINE = [{ type: 'thrust', ship: 0, magnitude: 9, angle: 0 }];
function ids(obs) {
  return Array.from({ length: obs.players }, (_, k) => k);
}
function policy(obs, id) {
  const out = [];
  for (const s of obs.ships) {
    if (s.owner !== id || s.docking !== 'undocked') continue;
    let best = null, bd = Infinity;
    for (const p of obs.planets) {
      const d = Math.hypot(p.x - s.x, p.y - s.y) - p.radius;
      if (d < bd) { bd = d; best = p; }
    }
    if (!best) continue;
    if (bd < 4 && (best.owner === null || best.owner === id) && best.dockedShips.length < best.dockingSpots) {
      out.push({ type: 'dock', ship: s.id, planet: best.id });
    } else {
      const angle = ((Math.round((Math.atan2(best.y - s.y, best.x - s.x) * 180) / Math.PI) % 360) + 360) % 360;
      out.push({ type: 'thrust', ship: s.id, magnitude: Math.max(0, Math.min(7, Math.floor(bd - 3))), angle });
    }
  }
  return out;
}
${COMMON}`;

/** A bot in a fog game: says what debug.simulate answers. */
const FOG_BOT = `
export const name = 'Fogged';
export default function bot(obs, debug) {
  try { debug.simulate([]); console.log('no error'); } catch (e) { console.log('FOG ' + e.message); }
  return [];
}
`;

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  server = await serve(dist, {
    '/sim/h1.mjs': { type: 'text/javascript', body: Buffer.from(H1_BOT) },
    '/sim/h2.mjs': { type: 'text/javascript', body: Buffer.from(H2_BOT) },
    '/sim/fog.mjs': { type: 'text/javascript', body: Buffer.from(FOG_BOT) },
  });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Seat 0's log lines by turn: `{ACTUAL, PRED, ONLY, CHAIN: parsed; ERR: [messages]}`. */
function readLogs(logs) {
  return logs.map((text) => {
    const out = { ERR: [] };
    for (const line of String(text ?? '').split('\n')) {
      const m = /^(ACTUAL|PRED|ONLY|CHAIN|ERR) (.*)$/.exec(line);
      if (!m) continue;
      if (m[1] === 'ERR') out.ERR.push(m[2]);
      else out[m[1]] = JSON.parse(m[2]);
    }
    return out;
  });
}

/** Every prediction against the observation the engine then gave. */
function checkPredictions(turns, last) {
  const seen = { PRED: 0, ONLY: 0, CHAIN: 0 };
  for (let t = 0; t + 2 <= last; t++) {
    const at = turns[t];
    assert.ok(at.ACTUAL, `turn ${t} logged what it saw`);
    for (const [key, ahead] of [['PRED', 1], ['ONLY', 1], ['CHAIN', 2]]) {
      if (!at[key]) continue;
      const actual = turns[t + ahead]?.ACTUAL;
      assert.ok(actual, `turn ${t + ahead} logged what it saw`);
      assert.deepStrictEqual(at[key], actual, `${key} at turn ${t} is the engine's frame ${t + ahead}`);
      seen[key]++;
    }
  }
  assert.ok(seen.PRED >= 3 && seen.ONLY >= 3 && seen.CHAIN >= 3, JSON.stringify(seen));
}

/** Plays the two copies until `frames` frames, then reads seat 0's logs from the download. */
async function play(search, frames, readJson) {
  const page = await openPage(browser, server.url, search);
  await page.waitForFunction((n) => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > n, frames, { timeout: 90_000 });
  const ejections = await page.$$eval('.player-status[data-kind="ejected"]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(ejections, [], 'no bot was ejected');
  const { bytes } = await downloadBytes(page);
  const json = await readJson(bytes);
  await page.done();
  return json;
}

test('Halite I: the forward model\'s next observation equals the engine\'s next frame when all seats\' moves are given', { timeout: 180_000 }, async () => {
  const json = await play('?bots=/sim/h1.mjs,/sim/h1.mjs&seed=11&size=16x16&speed=20', 14, (b) => JSON.parse(b.toString('utf8')));
  const turns = readLogs(json.bot_logs[0]);
  checkPredictions(turns, 13);
  // The predicted boards are the replay's recorded frames too (owner and strength of each site).
  for (let t = 1; t < 12; t++) {
    const p = turns[t].PRED;
    if (!p) continue;
    const frame = json.frames[t + 1].flat();
    const hex = (a) => a.map((v) => v.toString(16).padStart(2, '0')).join('');
    assert.equal(p.owner, '#' + hex(frame.map((c) => c[0])), `turn ${t}: owners`);
    assert.equal(p.strength, '#' + hex(frame.map((c) => c[1])), `turn ${t}: strengths`);
    assert.equal(p.turn, t + 1);
  }
  assert.deepEqual(turns[2].ERR, [
    'debug.simulate: moves must be an array of moves, in the form the bot answers ([] for none)',
    'debug.simulate: moves: move 0 has direction 9 (0 to 4)',
    'debug.simulate: othersMoves: move 0 has non-integer x, y or dir',
    "debug.simulate: its third argument must be this turn's observation or one that debug.simulate returned",
    turns[2].ERR[4],
  ]);
  assert.match(turns[2].ERR[4], /^debug\.simulate: moves cannot be read \(.*circular/i);
});

test('Halite II: the forward model\'s next observation equals the engine\'s next frame, coordinates exactly', { timeout: 180_000 }, async () => {
  const files = await loadFiles('halite2');
  assert.ok(files, 'pkg/ is built');
  const json = await play('?game=halite2&bots=/sim/h2.mjs,/sim/h2.mjs&seed=9&size=240x160&speed=20', 14, (b) => JSON.parse(new TextDecoder().decode(files.Halite2Files.plainJson(b))));
  const turns = readLogs(json.bot_logs[0]);
  checkPredictions(turns, 13);
  // Ships moved, and the predicted coordinates are not whole numbers: the doubles the engine
  // rounds its extended positions to, compared exactly above.
  const pred = turns.find((t) => t.PRED)?.PRED;
  assert.ok(pred.ships.some((s) => !Number.isInteger(s.x)), 'fractional coordinates');
  assert.deepEqual(turns[2].ERR.slice(0, 4), [
    'debug.simulate: moves must be an array of moves, in the form the bot answers ([] for none)',
    'debug.simulate: moves: command 0: thrust magnitude 9 is not a whole number from 0 to 7',
    'debug.simulate: othersMoves: command 0 has no ship id (a whole number ≥ 0)',
    "debug.simulate: its third argument must be this turn's observation or one that debug.simulate returned",
  ]);
});

test('in a fog (Blitz) game debug.simulate throws the fog error', { timeout: 120_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=/sim/fog.mjs,greedy&seed=4&size=16x16&fog=3&speed=20');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 3, null, { timeout: 60_000 });
  const { bytes } = await downloadBytes(page);
  const logs = JSON.parse(bytes.toString('utf8')).bot_logs[0];
  for (const t of [0, 1, 2]) assert.equal(logs[t].trim(), 'FOG debug.simulate is not available in fog games: it would reveal hidden sites');
  await page.done();
});

test('Debug this turn offers debug.simulate (no time limit there)', { timeout: 180_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=/sim/h1.mjs,greedy&seed=11&size=16x16&speed=20');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 6, null, { timeout: 60_000 });
  await page.keyboard.press(' ');
  await page.fill('[data-part="frame-input"]', '4');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction(() => window.__viewer.frame === 4);
  await page.click('[data-part="debug"]');
  await page.waitForSelector('[data-part="debug-dialog"][open]');
  await page.selectOption('[data-part="debug-seat"]', '0');
  await page.selectOption('[data-part="debug-bot"]', 'own');
  await page.click('[data-part="debug-run"]');
  await page.waitForSelector('[data-part="debug-verdict"]', { timeout: 30_000 });
  const log = await page.textContent('[data-part="debug-log"]');
  // Turn 4: a prediction of frame 5 (not an error), as in the game.
  const pred = /^PRED (.*)$/m.exec(log);
  assert.ok(pred, log.slice(0, 500));
  assert.equal(JSON.parse(pred[1]).turn, 5);
  await page.done();
});
