// End-to-end tests of who plays each seat of a continued game, in headless Chromium at 1280x800
// and on a 390x844 touch phone: a seat given to a built-in bot carries that bot's name in the
// title, the players panel, the logs' filter, the result and the downloaded replay; a seat given
// to the person is marked "You" in the players panel and on the board (a ring in the seat's
// colour and a badge), and the orders bar counts the person's own pieces.
//
//   node --test www/tests/seats.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, CHROMIUM } from './support/server.mjs';
import { downloadBytes, openPage, root } from './support/page.mjs';

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const REPLAY = 'replays/s103-25x25-greedy1-greedy1-chaos.hlt.gz';
const RECORDED = ['Greedy104', 'Greedy105', 'Chaos106'];

/** Opens the replay at frame 100 and continues it from the dialog with `seats` (one choice per
 * seat, as the dialog's selects name them). */
async function continueAt100(viewport, seats) {
  const page = await openPage(browser, server.url, `?replay=${REPLAY}&frame=100`, viewport);
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 100, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__viewer.frame), 100);
  await page.click('[data-part="continue"]');
  await page.locator('[data-part="continue-dialog"]').waitFor({ state: 'visible' });
  for (const [k, choice] of seats.entries()) await page.selectOption(`[data-part="continue-seats"] select[data-seat="${k}"]`, choice);
  await page.click('[data-part="continue-play"]');
  await page.waitForFunction(() => window.__viewer.kind === 'live', null, { timeout: 30000 });
  return page;
}

/** The players panel's names, in seat order, as shown. */
const panelNames = (page) => page.$$eval('.players .player', (rows) => rows.map((r) => r.querySelector('.name-label-name').textContent));

for (const [label, viewport] of [
  ['at 1280x800', DESKTOP],
  ['on a phone', PHONE],
]) {
  test(`continuing at frame 100 with Tactician in seat 1 names it everywhere (${label})`, { timeout: 240000 }, async () => {
    const page = await continueAt100(viewport, ['tactician', 'recorded', 'recorded']);
    // The title and the players panel name the new player from the first frame of the game.
    await page.waitForFunction(() => document.title.startsWith('Tactician vs '), null, { timeout: 20000 });
    assert.match(await page.title(), /^Tactician vs Greedy105 vs Chaos106/);
    assert.deepEqual(await panelNames(page), ['Tactician', RECORDED[1], RECORDED[2]]);
    assert.doesNotMatch(await page.textContent('.players'), /Greedy104/, 'the old player is named nowhere in the panel');
    // The logs name it too (their filter lists every seat).
    const options = await page.$$eval('[data-part="log-filter"] option', (os) => os.map((o) => o.textContent));
    assert.deepEqual(options, ['Every bot', 'Tactician', RECORDED[1], RECORDED[2]]);
    // The result names it once the game is over.
    await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 200000 });
    const result = await page.$$eval('[data-part="result-list"] .result-name', (ns) => ns.map((n) => n.textContent));
    assert.ok(result.includes('Tactician'), `the result names Tactician: ${result.join(', ')}`);
    assert.ok(!result.includes('Greedy104'), 'the result does not name the old player');
    // So does the replay downloaded.
    await page.click('[data-part="result"] [data-part="stay"]');
    const { bytes } = await downloadBytes(page);
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
    assert.deepEqual(JSON.parse(text).player_names, ['Tactician', RECORDED[1], RECORDED[2]]);
    await page.done();
  });

  test(`continuing with the person in seat 2 marks it You, and the bar counts their pieces (${label})`, { timeout: 120000 }, async () => {
    const page = await continueAt100(viewport, ['recorded', 'human', 'recorded']);
    await page.waitForFunction(() => window.__viewer.humanTurn === 100, null, { timeout: 30000 });
    // The players panel: the second row is the person's, and says so.
    const you = page.locator('.players .player[data-player="1"]');
    assert.equal(await you.evaluate((r) => r.classList.contains('you')), true);
    assert.equal(await you.locator('.name-label-name').textContent(), 'You');
    assert.deepEqual(await panelNames(page), [RECORDED[0], 'You', RECORDED[2]]);
    assert.equal(await page.locator('.players .player.you').count(), 1, 'one seat is the person\u2019s');
    assert.equal(await page.title(), 'Greedy104 vs You vs Chaos106 — Halite I');
    // The board: a ring in the seat's colour around the map and a badge naming the seat.
    const marker = page.locator('[data-part="you-marker"]');
    assert.equal(await marker.isVisible(), true);
    assert.match(await page.textContent('[data-part="you-badge"]'), /You: player 2/);
    const swatch = await you.locator('.player-swatch').evaluate((s) => getComputedStyle(s).backgroundColor);
    const ring = await marker.evaluate((m) => getComputedStyle(m).borderTopColor);
    assert.equal(ring, swatch, 'the ring is in the seat\u2019s colour');
    const box = await marker.boundingBox();
    assert.ok(box && box.width > 100 && box.height > 100, 'the ring goes around the map');
    // The bar counts the person's own pieces: the sites seat 2 holds in the frame shown.
    const hlt = JSON.parse(await page.evaluate(() => window.__viewer.replayText()));
    const last = hlt.frames[hlt.frames.length - 1];
    const mine = last.flat().filter(([o]) => o === 2).length;
    assert.ok(mine > 0, 'the person holds sites');
    assert.match(await page.textContent('[data-part="status"]'), new RegExp(`\\b0 of ${mine} pieces ordered`));
    // Selecting all and ordering them counts exactly those.
    await page.click('[data-part="all"]');
    await page.click('.orders-dir[data-dir="0"]');
    assert.match(await page.textContent('[data-part="status"]'), new RegExp(`\\b${mine} of ${mine} pieces ordered`));
    await page.done();
  });
}
