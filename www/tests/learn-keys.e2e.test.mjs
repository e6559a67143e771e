// A lesson flown through by keyboard alone, in headless Chromium: Tab enters the board on the
// learner's piece, letters give the orders, Enter on the board resolves the turn, and the verdict
// shows beside the phases still playing (not after them), takes the focus and, on a phone, is
// on screen. The par and the stars are said in words.
//
//   node --test www/tests/learn-keys.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { root, shots } from './support/page.mjs';

const SHOTS = process.env.SHOTS_DIR ?? shots;
/** How soon lichess goes on after a move; the verdict must be as quick. */
const VERDICT_MS = 1200;

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search, viewport) {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // Each Enter's time, and the time the verdict first shows, both from the page's own clock.
  await context.addInitScript(() => {
    window.__enter = [];
    document.addEventListener('keydown', (e) => e.key === 'Enter' && window.__enter.push(performance.now()), true);
    new MutationObserver(() => {
      const box = document.querySelector('[data-part="result"]');
      if (window.__verdict === undefined && box && !box.hidden && box.querySelector('h2')) window.__verdict = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(server.url + search);
  page.done = async () => {
    await context.close();
    assert.deepEqual(errors, [], 'no errors in the page');
  };
  return page;
}

const focused = (page) =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role'),
    name: document.activeElement?.getAttribute('aria-label'),
    part: document.activeElement?.getAttribute('data-part'),
    text: document.activeElement?.textContent,
  }));

/** Tabs into the lesson board (at most 40 Tabs). */
async function tabToBoard(page) {
  for (let k = 0; k < 40; k++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).role === 'gridcell') return;
  }
  assert.fail('the board cannot be reached by Tab');
}

for (const [label, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`a Halite I lesson solved with keys alone; the verdict is quick, focused and in view (${label})`, { timeout: 90000 }, async () => {
    const page = await open('?learn=left-behind', viewport);
    await page.waitForSelector('[role="grid"]');
    await tabToBoard(page);
    assert.match((await focused(page)).name, /^\(1, 1\): player 1, strength 20/, 'Tab enters the board on the learner\'s piece, not on (0, 0)');

    // Turn 1: east, then Enter on the board resolves it; the focus follows the piece.
    await page.keyboard.press('e');
    assert.match(await page.textContent('[data-part="selected"]'), /\(1, 1\): move east/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Turn 1 of/.test(document.querySelector('[data-part="turn"]')?.textContent ?? ''));
    assert.match((await focused(page)).name, /^\(2, 1\)/, 'the focus follows the piece to where it moved');
    assert.equal(await page.isVisible('[data-part="result"]'), false, 'no verdict while the lesson goes on');

    // Turn 2: east again (an order ends the phases' animation on the new board), Enter: solved.
    await page.keyboard.press('e');
    assert.match(await page.textContent('[data-part="selected"]'), /\(2, 1\): move east/);
    assert.match((await focused(page)).name, /^\(2, 1\): player 1/, 'the board shows the new position');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.lg-result.is-passed');
    const ms = await page.evaluate(() => window.__verdict - window.__enter[window.__enter.length - 1]);
    console.log(`# ${label}: the verdict showed ${ms.toFixed(0)} ms after the last Enter`);
    assert.ok(
      ms <= VERDICT_MS,
      `the verdict must show within ${VERDICT_MS} ms of the last Enter (it took ${ms.toFixed(0)} ms), not after the phase animation`,
    );
    assert.equal(await page.getAttribute('.lg-stepper', 'data-playing'), 'true', 'the phases still play beside the verdict');

    // The focus is on the verdict's next step; par and stars are words.
    const f = await focused(page);
    assert.equal(f.part, 'verdict-next', 'the focus lands on "Next lesson" in the verdict');
    assert.match(f.text, /^Next lesson: /);
    const verdict = await page.textContent('[data-part="result"]');
    assert.match(verdict, /Solved in 2 turns/);
    assert.match(verdict, /Par is 2: you matched it, 3 stars\./);
    assert.match(verdict, /your best: 3 of 3/);
    assert.doesNotMatch(verdict, /\(par \d/, 'no "(par 2; best 3)" shorthand');

    // In the viewport (on the phone it was scrolled there).
    const box = await page.locator('[data-part="result"]').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + Math.min(box.height, 120) <= viewport.height, `the verdict is on screen (top ${box?.y})`);
    await page.screenshot({ path: path.join(SHOTS, `learn-keys-verdict-${viewport.width}.png`) });

    // Enter follows the focus to the next lesson.
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /learn=/.test(u.search) && !/learn=left-behind/.test(u.search));
    await page.done();
  });
}

test('a lesson not solved in time: the verdict says so and Retry takes the focus', { timeout: 60000 }, async () => {
  const page = await open('?learn=left-behind', { width: 1280, height: 800 });
  await page.waitForSelector('[role="grid"]');
  await tabToBoard(page);
  // Two turns standing still, each resolved by Enter on the board: the lesson's two turns are gone.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Turn 1 of/.test(document.querySelector('[data-part="turn"]')?.textContent ?? ''));
  await page.keyboard.press('Enter');
  await page.waitForSelector('.lg-result.is-not-yet');
  assert.match(await page.textContent('[data-part="result"]'), /Not solved yet/);
  assert.equal((await focused(page)).part, 'retry', 'the focus lands on Retry');
  await page.keyboard.press('Enter');
  assert.match((await focused(page)).name, /^\(1, 1\): player 1, strength 20/, 'Retry puts the focus back on the piece');
  await page.done();
});

test('Ctrl+Enter resolves a Halite II lesson\'s turn from the board', { timeout: 60000 }, async () => {
  const page = await open('?learn=h2-thrust', { width: 1280, height: 800 });
  await page.waitForSelector('[data-part="board"] [data-ship]');
  const before = await page.textContent('[data-part="turn"]');
  await page.focus('[data-part="board"] [data-ship]');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction((b) => document.querySelector('[data-part="turn"]').textContent !== b, before);
  await page.done();
});
