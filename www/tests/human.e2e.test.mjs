// End-to-end tests of a human seat in headless Chromium: orders by keyboard, mouse (click, box
// across the wrapped edge, the d-pad), undo, go-to orders, fog, the game surviving a reload, and
// a whole game played in the page re-simulating clean with the native `halite verify`. Every
// check reads the engine's own record of the game (the replay the page's engine writes).
//
//   node --test www/tests/human.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, CHROMIUM } from './support/server.mjs';
import { downloadBytes, haliteBin, openPage, root, shots } from './support/page.mjs';

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const open = (search, viewport) => openPage(browser, server.url, search, viewport);

/** Waits until the human is asked for turn `turn` (the previous turns were played). */
async function waitTurn(page, turn) {
  await page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, turn, { timeout: 20000 });
}

/** The engine's record of the game so far. */
async function replay(page) {
  return JSON.parse(await page.evaluate(() => window.__viewer.replayText()));
}

/** Sites owned by player `p` (1-based) in frame `f`, as [x, y, strength]. */
function owned(hlt, f, p) {
  const out = [];
  hlt.frames[f].forEach((row, y) => row.forEach(([o, s], x) => o === p && out.push([x, y, s])));
  return out;
}

async function clickSite(page, x, y, modifiers = []) {
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x, y]);
  assert.ok(p, `site (${x}, ${y}) is on screen`);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(p.x, p.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

test('a human plays turns by keyboard and by mouse; the engine records exactly those moves', { timeout: 90000 }, async () => {
  const page = await open('?bots=human,greedy&seed=11&size=20x20&speed=60');
  await waitTurn(page, 0);
  assert.match(await page.textContent('[data-part="title"]'), /You vs Greedy/);
  let hlt = await replay(page);
  const [[x0, y0, s0]] = owned(hlt, 0, 1);
  assert.ok(s0 > 0);

  // Keyboard: Ctrl+A selects every piece (and not the page's text), the arrow sets east, Enter ends the turn.
  await page.locator('[data-part="map"]').focus();
  await page.keyboard.press('Control+a');
  assert.equal(await page.evaluate(() => String(window.getSelection())), '', "the browser's own select-all did not run");
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-part="status"]'), /1 of 1 pieces ordered/);
  await page.screenshot({ path: path.join(shots, 'play-planned.png') });
  await page.keyboard.press('Enter');
  await waitTurn(page, 1);
  hlt = await replay(page);
  assert.equal(hlt.moves[0][y0][x0], 2, 'the engine moved the piece east');

  // Let it grow a few turns by ending them with nothing set (unset pieces stay).
  for (let t = 1; t < 6; t++) {
    await page.keyboard.press('Enter');
    await waitTurn(page, t + 1);
  }
  hlt = await replay(page);
  for (let t = 1; t < 6; t++) for (const [x, y] of owned(hlt, t, 1)) assert.equal(hlt.moves[t][y][x], 0, `turn ${t}: (${x}, ${y}) stayed`);

  // Mouse: click a piece, the d-pad's South; shift-click another and WASD's A sets it west;
  // then undo the last order with Ctrl+Z.
  const mine = owned(hlt, 6, 1);
  assert.ok(mine.length >= 1);
  const [ax, ay] = mine[0];
  await clickSite(page, ax, ay);
  await page.click('.orders-dir[data-dir="3"]');
  if (mine.length > 1) {
    const [bx, by] = mine[1];
    await clickSite(page, bx, by);
    await page.locator('[data-part="map"]').focus();
    await page.keyboard.press('KeyA');
    await page.keyboard.press('Control+z');
  }
  await page.click('[data-part="end"]');
  await waitTurn(page, 7);
  hlt = await replay(page);
  assert.equal(hlt.moves[6][ay][ax], 3, 'the clicked piece went south');
  if (mine.length > 1) assert.equal(hlt.moves[6][mine[1][1]][mine[1][0]], 0, 'the undone order was not sent');

  // A box dragged over the whole map (corner to corner of what is drawn) selects every piece;
  // X makes them all stay.
  const corners = await page.evaluate(() => {
    const xs = [];
    const ys = [];
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) {
      const p = window.__viewer.siteToClient(x, y);
      if (p) {
        xs.push(p.x);
        ys.push(p.y);
      }
    }
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  });
  await page.mouse.move(corners.x0, corners.y0);
  await page.mouse.down();
  await page.mouse.move((corners.x0 + corners.x1) / 2, (corners.y0 + corners.y1) / 2, { steps: 4 });
  await page.mouse.move(corners.x1, corners.y1, { steps: 4 });
  await page.mouse.up();
  const count = owned(hlt, 7, 1).length;
  assert.match(await page.textContent('[data-part="status"]'), new RegExp(`${count} selected`));
  await page.keyboard.press('x');
  assert.match(await page.textContent('[data-part="status"]'), new RegExp(`${count} of ${count} pieces ordered`));
  await page.keyboard.press('Enter');
  await waitTurn(page, 8);
  await page.done();
});

test('a box across the wrapped edge, and a go-to order that walks a piece over turns', { timeout: 90000 }, async () => {
  // Seed 23 starts the second player on the map's top row, (14, 0).
  const page = await open('?bots=random,human&seed=23&size=20x20&speed=60');
  await waitTurn(page, 0);
  let hlt = await replay(page);
  const [[x0, y0]] = owned(hlt, 0, 2);
  assert.deepEqual([x0, y0], [14, 0]);
  // The view is centred between the players, so the edge between rows 19 and 0 runs through it:
  // row 19 is drawn just above row 0. A box from (13, 19) to (15, 1) crosses that edge.
  const at = (x, y) => page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x, y]);
  const top = await at(13, 19);
  const bottom = await at(15, 1);
  const row19 = await at(14, 19);
  const row0 = await at(14, 0);
  assert.ok(row19.y < row0.y && row0.y - row19.y < 40, 'row 19 is drawn right above row 0');
  await page.mouse.move(top.x, top.y);
  await page.mouse.down();
  await page.mouse.move(bottom.x, bottom.y, { steps: 5 });
  await page.screenshot({ path: path.join(shots, 'play-box-select.png') });
  await page.mouse.up();
  assert.match(await page.textContent('[data-part="status"]'), /1 selected/);
  // Go to a site 3 to the west (across the edge when the piece is near it): G, then click it.
  const tx = (x0 + 17) % 20;
  await page.keyboard.press('g');
  await clickSite(page, tx, y0);
  assert.match(await page.textContent('[data-part="status"]'), /1 walking to a site/);
  for (let t = 0; t < 3; t++) {
    await page.keyboard.press('Enter');
    await waitTurn(page, t + 1);
  }
  hlt = await replay(page);
  // Turn 0 the piece steps west; while it holds each new site it keeps walking west.
  assert.equal(hlt.moves[0][y0][x0], 4);
  let x = x0;
  for (let t = 1; t < 3; t++) {
    const next = (x + 19) % 20;
    if (hlt.frames[t][y0][next][0] !== 2) break; // it did not take the site: the order ends
    assert.equal(hlt.moves[t][y0][next], 4, `turn ${t}: still walking west`);
    x = next;
  }
  await page.done();
});

test('with fog the human sees only its own view; the game comes back after a reload', { timeout: 90000 }, async () => {
  const search = '?bots=human,greedy&seed=23&size=20x20&fog=3&speed=60';
  const page = await open(search);
  await waitTurn(page, 0);
  assert.equal(await page.evaluate(() => window.__viewer.perspective), 1, "the view is the human's");
  assert.equal(await page.isDisabled('[data-part="perspective"]'), true, 'and cannot be changed');
  const hidden = await page.evaluate(() => {
    let n = 0;
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) if (!window.__viewer.isVisible(x, y)) n++;
    return n;
  });
  assert.ok(hidden > 300, `most of the map is hidden (${hidden} sites)`);
  for (let t = 0; t < 3; t++) {
    await page.keyboard.press('Enter');
    await waitTurn(page, t + 1);
  }
  const before = await replay(page);
  await page.waitForTimeout(500); // the save after the last turn
  await page.reload();
  await waitTurn(page, 3);
  const after = await replay(page);
  assert.equal(after.num_frames, 4, 'the game is back at turn 3');
  assert.deepEqual(after.frames, before.frames);
  await page.done();
});

test('a whole game played by a human in the page re-simulates clean natively', { timeout: 180000 }, async () => {
  const page = await open('?bots=human,greedy&seed=3&size=20x20&speed=60');
  let turn = 0;
  await waitTurn(page, 0);
  await page.locator('[data-part="map"]').focus();
  // Every turn: select all, send them a direction (varied), end the turn; until the game ends.
  const dirs = ['ArrowRight', 'x', 'x', 'x', 'ArrowDown', 'x', 'x', 'x', 'KeyA', 'x', 'x', 'KeyW'];
  for (;;) {
    const done = await page.evaluate(() => !document.querySelector('[data-part="result"]').hidden || window.__viewer.humanTurn < 0);
    const t = await page.evaluate(() => window.__viewer.humanTurn);
    if (t < 0 && done) {
      const over = await page.evaluate(() => !document.querySelector('[data-part="result"]').hidden);
      if (over) break;
      await page.waitForTimeout(50);
      continue;
    }
    if (t !== turn) {
      await page.waitForTimeout(10);
      continue;
    }
    await page.keyboard.press('Control+a');
    await page.keyboard.press(dirs[turn % dirs.length]);
    await page.keyboard.press('Enter');
    turn++;
  }
  const { name, bytes } = await downloadBytes(page);
  assert.equal(name, 'live-seed3.hlt');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'halite-human-')), name);
  fs.writeFileSync(file, bytes);
  const out = spawnSync(haliteBin(), ['verify', file], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /: ok$/m);
  console.log(`# a human game of ${turn} turns verified natively`);
  await page.done();
});

test('continue from here gives a seat of a reference replay to the human', { timeout: 90000 }, async () => {
  const page = await open('?replay=replays/s101-20x20-greedy-chaos.hlt.gz&frame=60');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 60, null, { timeout: 20000 });
  await page.click('[data-part="continue"]');
  await page.locator('[data-part="continue-dialog"]').waitFor({ state: 'visible' });
  await page.selectOption('[data-part="continue-seats"] select[data-seat="0"]', 'human');
  await page.click('[data-part="continue-play"]');
  await waitTurn(page, 60);
  const before = await replay(page);
  const mine = owned(before, 60, 1);
  assert.ok(mine.length > 0, 'the human holds sites at frame 60');
  await page.locator('[data-part="map"]').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('x');
  await page.keyboard.press('Enter');
  await waitTurn(page, 61);
  const after = await replay(page);
  for (const [x, y] of mine) assert.equal(after.moves[60][y][x], 0, `(${x}, ${y}) stayed as ordered`);
  await page.done();
});

test('on a phone: tap a piece, tap a direction on the d-pad, tap End turn', { timeout: 60000 }, async () => {
  const page = await open('?bots=human,greedy&seed=11&size=20x20&speed=60', { width: 390, height: 844 });
  await waitTurn(page, 0);
  const hlt = await replay(page);
  const [[x0, y0]] = owned(hlt, 0, 1);
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x0, y0]);
  await page.touchscreen.tap(p.x, p.y);
  assert.match(await page.textContent('[data-part="status"]'), /1 selected/);
  await page.tap('.orders-dir[data-dir="1"]');
  await page.screenshot({ path: path.join(shots, 'play-phone.png') });
  await page.tap('[data-part="end"]');
  await waitTurn(page, 1);
  assert.equal((await replay(page)).moves[0][y0][x0], 1, 'the piece went north');
  await page.done();
});
