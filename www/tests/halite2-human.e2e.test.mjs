// End-to-end tests of a human playing Halite II in headless Chromium: ships selected by mouse
// fly to a clicked point and dock at a clicked planet; the engine's own record of the game (its
// replay, read back by the engine in node) shows the thrusts, the ship docking then docked, and
// the undock ordered by key; Enter ends each turn.
//
//   node --test www/tests/halite2-human.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';
import { loadEngine, loadFiles, openReplay } from './support/compile.mjs';

const SHIP_STRIDE = 10;
const PLANET_STRIDE = 10;
const DOCKING = ['undocked', 'docking', 'docked', 'undocking'];

let server;
let browser;
let engine;
let files;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  engine = await loadEngine('halite2');
  files = await loadFiles('halite2');
  if (!engine) throw new Error('pkg/ is missing: build the engine first (`npm run build:wasm`)');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(path.join(root, 'dist'), {
    '/test-bots/idle.js': { type: 'text/javascript', body: Buffer.from(`export const name = 'Idle';\nexport default function () { return []; }`) },
  });
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function waitTurn(page, turn) {
  await page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, turn, { timeout: 30000 });
}

/** The engine's record of the game so far: every frame's ships and the recorded moves. */
async function record(page) {
  const bytes = new Uint8Array(await page.evaluate(() => window.__viewer.replayBytes()));
  const r = openReplay(engine, files, 'Halite2', bytes);
  try {
    const frames = [];
    for (let t = 0; t < r.numFrames; t++) {
      const rows = r.ships(t);
      const ships = new Map();
      for (let o = 0; o < rows.length; o += SHIP_STRIDE) {
        ships.set(rows[o], { id: rows[o], owner: rows[o + 1], x: rows[o + 2], y: rows[o + 3], docking: DOCKING[rows[o + 7]], planet: rows[o + 8] });
      }
      const p = r.planets(t);
      const planets = [];
      for (let o = 0; o < p.length; o += PLANET_STRIDE) planets.push({ id: p[o], x: p[o + 1], y: p[o + 2], r: p[o + 3], owner: p[o + 5] });
      frames.push({ ships, planets });
    }
    const moves = JSON.parse(new TextDecoder().decode(files.Halite2Files.write(r.toRecord()))).moves;
    return { frames, moves };
  } finally {
    r.free();
  }
}

async function clickMap(page, x, y, modifiers = []) {
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x, y]);
  assert.ok(p, `(${x.toFixed(1)}, ${y.toFixed(1)}) is on screen`);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(p.x, p.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

test('a human flies a ship and docks it on a planet by mouse, then undocks it by key', { timeout: 180000 }, async () => {
  const page = await openPage(browser, server.url, '?game=halite2&bots=human,test-bots/idle.js&seed=5&size=240x160&speed=60', { width: 1280, height: 800 });
  await waitTurn(page, 0);
  let rec = await record(page);
  const mine = [...rec.frames[0].ships.values()].filter((s) => s.owner === 0);
  assert.equal(mine.length, 3);
  const ship = mine[0];
  const other = mine[2];
  // The nearest planet to the first ship.
  const planet = rec.frames[0].planets.reduce((a, b) => (Math.hypot(a.x - ship.x, a.y - ship.y) < Math.hypot(b.x - ship.x, b.y - ship.y) ? a : b));

  // Fly: select the third ship and click a point of open space beside it.
  await clickMap(page, other.x, other.y);
  assert.match(await page.textContent('[data-part="status"]'), /1 of 3 ships selected/);
  const target = { x: other.x + (other.x < 120 ? -10 : 10), y: other.y + 5 };
  await clickMap(page, target.x, target.y);
  assert.match(await page.textContent('[data-part="status"]'), /1 ship flying to/);

  // Dock: select the first ship and click the planet.
  await clickMap(page, ship.x, ship.y);
  await clickMap(page, planet.x, planet.y);
  assert.match(await page.textContent('[data-part="status"]'), new RegExp(`1 ship docking at planet ${planet.id}`));
  await page.screenshot({ path: path.join(shots, 'h2-human-orders.png') });
  await page.keyboard.press('Enter');
  await waitTurn(page, 1);
  rec = await record(page);
  // moves[turn][player] is the original's list of command queues, each keyed by ship id.
  const first = rec.moves[0]['0'][0];
  const byShip = new Map(Object.values(first).map((m) => [m.shipId, m]));
  assert.equal(byShip.get(other.id)?.type, 'thrust', 'the flying ship thrusts');
  assert.equal(byShip.get(ship.id)?.type, 'thrust', 'the docking ship flies toward the planet first');

  // End turns until the engine shows the ship docking (the order stands: no more clicks).
  let turn = 1;
  let docking = -1;
  for (; turn < 30 && docking < 0; turn++) {
    await page.keyboard.press('Enter');
    await waitTurn(page, turn + 1);
    rec = await record(page);
    const s = rec.frames[turn + 1].ships.get(ship.id);
    if (s.docking === 'docking') docking = turn + 1;
  }
  assert.ok(docking > 0, 'the ship started docking');
  const s = rec.frames[docking].ships.get(ship.id);
  assert.equal(s.planet, planet.id);
  assert.ok(Math.hypot(s.x - planet.x, s.y - planet.y) <= planet.r + 4.5, 'within dock range');
  assert.equal(rec.frames[docking].planets.find((p) => p.id === planet.id).owner, 0, 'the planet is the human\'s');
  // The flying ship stopped at its point.
  const flown = rec.frames[docking].ships.get(other.id);
  assert.ok(Math.hypot(flown.x - target.x, flown.y - target.y) < 1.5, `the other ship reached its point (${flown.x}, ${flown.y})`);

  // Five turns later it is docked; then select it and undock with U.
  for (let k = 0; k < 5; k++) {
    await page.keyboard.press('Enter');
    await waitTurn(page, docking + k + 1);
  }
  rec = await record(page);
  const now = rec.frames.length - 1;
  assert.equal(rec.frames[now].ships.get(ship.id).docking, 'docked');
  await clickMap(page, rec.frames[now].ships.get(ship.id).x, rec.frames[now].ships.get(ship.id).y);
  await page.keyboard.press('u');
  assert.match(await page.textContent('[data-part="status"]'), /1 ship undocking/);
  await page.keyboard.press('Enter');
  await waitTurn(page, now + 1);
  rec = await record(page);
  assert.equal(rec.frames[now + 1].ships.get(ship.id).docking, 'undocking');
  assert.deepEqual(page.errors, []);
  await page.done();
});

test('the orders panel fits a phone, and a tap selects', { timeout: 90000 }, async () => {
  const page = await openPage(browser, server.url, '?game=halite2&bots=human,test-bots/idle.js&seed=5&size=240x160&speed=60', { width: 390, height: 844 });
  await waitTurn(page, 0);
  const rec = await record(page);
  const ship = [...rec.frames[0].ships.values()].find((s) => s.owner === 0);
  await clickMap(page, ship.x, ship.y);
  assert.match(await page.textContent('[data-part="status"]'), /1 of 3 ships selected/);
  const end = page.locator('.orders-bar [data-part="end"]');
  assert.ok(await end.isVisible());
  const box = await end.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the end-turn button is on screen');
  await page.screenshot({ path: path.join(shots, 'h2-human-phone.png') });
  await page.done();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  const phone = viewport.width < 500;
  test(`all ships to the nearest planet on seed 42 keeps all three ships: its two spots, then the next planet${phone ? ', on a phone' : ''}`, { timeout: 180000 }, async () => {
    const page = await openPage(browser, server.url, '?game=halite2&bots=human,settler&seed=42&size=240x160', viewport);
    await waitTurn(page, 0);
    let rec = await record(page);
    const mine = [...rec.frames[0].ships.values()].filter((s) => s.owner === 0);
    assert.equal(mine.length, 3);
    const cx = mine.reduce((a, s) => a + s.x, 0) / 3;
    const cy = mine.reduce((a, s) => a + s.y, 0) / 3;
    const planet = rec.frames[0].planets.reduce((a, b) => (Math.hypot(a.x - cx, a.y - cy) < Math.hypot(b.x - cx, b.y - cy) ? a : b));
    assert.equal(planet.id, 9, 'planet 9 is the nearest');
    if (phone) await page.tap('[data-part="all"]');
    else await page.click('[data-part="all"]');
    await clickMap(page, planet.x, planet.y);
    const status = await page.textContent('[data-part="status"]');
    const m = /2 ships docking at planet 9, 1 ship to planet (\d+), planet 9 has 2 free spots/.exec(status);
    assert.ok(m, status);
    const other = Number(m[1]);
    await page.screenshot({ path: path.join(shots, `h2-group-dock${phone ? '-phone' : ''}.png`) });
    // Enter after the clicks ends each turn; the orders stand.
    let turn = 0;
    for (; turn < 24; turn++) {
      if (phone) await page.tap('[data-part="end"]');
      else await page.keyboard.press('Enter');
      await waitTurn(page, turn + 1);
    }
    rec = await record(page);
    for (let f = 0; f < rec.frames.length; f++) {
      for (const s of mine) assert.ok(rec.frames[f].ships.has(s.id), `frame ${f}: ship ${s.id} is alive`);
    }
    const last = rec.frames[rec.frames.length - 1];
    const at = (pid) => mine.filter((s) => last.ships.get(s.id).docking !== 'undocked' && last.ships.get(s.id).planet === pid).length;
    assert.equal(at(9), 2, 'two ships dock at planet 9');
    assert.equal(at(other), 1, `one ship docks at planet ${other}`);
    assert.equal(await page.isHidden('[data-part="losses"]'), true, 'no losses to report');
    await page.done();
  });
}
