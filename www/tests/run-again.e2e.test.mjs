// End-to-end tests of the edit, run, repeat loop of the play page, in headless Chromium at
// 1280x800 and on a 390x844 touch phone: a bot that throws at turn 12 links to its line in the
// editor with the game's set-up kept in the New game form; once fixed, Run again (Ctrl+Enter in
// the editor, or the button) plays the same seats, seed and size with the fixed code. A bot the
// editor marks broken does not start, and the page says which bot and which line; Play against
// it starts a game at once; a finished game with the person's bot is not called the built-in
// bots' game.
//
//   node --test www/tests/run-again.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root } from './support/page.mjs';

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

/** Throws at turn 12, on line 4; logs its version every turn. */
const CRASHER = `export const name = 'Crasher';
export default function bot(obs) {
  let version = 'first version';
  if (obs.turn === 12) null.crash();
  console.log(version + ', turn ' + obs.turn);
  return [];
}
`;

/** Does not parse: the function's brace is never closed (line 5). */
const BROKEN = `export const name = 'Broken';
export default function bot(obs) {
  const moves = [];
  return moves;
`;

const GOOD = `export const name = 'Steady';
export default function bot(obs) {
  return [];
}
`;

/** Puts bots ([id, name, code]) in the page's library before it loads. */
function withBots(bots) {
  const value = JSON.stringify(bots.map(([id, name, code]) => ({ id, name, code, origin: 'editor', updated: 1 })));
  return async (context) => {
    await context.addInitScript((v) => {
      if (window.top !== window) return;
      if (!localStorage.getItem('halite.bots.v1')) localStorage.setItem('halite.bots.v1', v);
    }, value);
  };
}

const seatSelect = (n) => `[data-part="seats"] .seat-row:nth-child(${n}) [data-part="seat-select"]`;

for (const [label, viewport] of [
  ['at 1280x800', DESKTOP],
  ['on a phone', PHONE],
]) {
  test(`a bot that throws: open its line, fix it, run the same game again (${label})`, { timeout: 180000 }, async () => {
    const page = await openPage(browser, server.url, '?bots=saved:crasher,greedy&seed=5&size=20x20', viewport, withBots([['crasher', 'Crasher', CRASHER]]));
    await page.waitForSelector('.player-status[data-kind="ejected"]', { timeout: 60000 });
    assert.match(await page.textContent('.player-status[data-kind="ejected"]'), /turn 12, line 4/);
    const link = page.locator('.toast-link');
    await link.waitFor();
    assert.match(await link.textContent(), /Open line 4 in the editor/);
    await link.click();
    // The play page: the editor on line 4, the New game form keeping the game's set-up.
    await page.waitForSelector('.cm-content');
    await page.waitForFunction(() => document.querySelector('.cm-activeLine')?.textContent?.includes('null.crash()'), null, { timeout: 20000 });
    assert.equal(await page.inputValue(seatSelect(1)), 'saved:crasher');
    assert.equal(await page.inputValue(seatSelect(2)), 'greedy');
    assert.equal(await page.inputValue('[data-part="seed"]'), '5');
    assert.equal(await page.inputValue('[data-part="width"]'), '20');
    assert.equal(await page.inputValue('[data-part="height"]'), '20');
    // The button says it runs that game again.
    assert.equal((await page.textContent('[data-part="run-again"]')).trim(), 'Run again');
    assert.match(await page.getAttribute('[data-part="run-again"]', 'title'), /Ctrl\+Enter|⌘\+Enter/);
    assert.match(await page.textContent('[data-part="run-what"]'), /Crasher vs Greedy · seed 5 · 20×20/);
    // Fix line 4 from the keyboard: the caret is on it.
    await page.locator('.cm-content').focus();
    await page.waitForFunction(() => document.querySelector('.cm-activeLine')?.textContent?.includes('null.crash()'));
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type("version = 'fixed version';");
    // Run again: Ctrl+Enter in the editor at the desk, the button on the phone.
    const navigated = page.waitForURL(/bots=saved(:|%3A)crasher,greedy/, { timeout: 30000, waitUntil: 'commit' });
    if (viewport === DESKTOP) await page.keyboard.press('Control+Enter');
    else await page.tap('[data-part="run-again"]');
    await navigated;
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('seed'), '5');
    assert.equal(url.searchParams.get('size'), '20x20');
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 20, null, { timeout: 60000 });
    // The same seats and seed are shown, and the fixed code plays past turn 12.
    assert.match(await page.title(), /^Crasher vs Greedy/);
    assert.match(await page.textContent('[data-part="meta"]'), /seed 5\b/);
    assert.equal(await page.locator('.player-status[data-kind="ejected"]').count(), 0);
    await page.waitForFunction(() => /fixed version, turn \d+/.test(document.querySelector('[data-part="log-body"]')?.textContent ?? ''), null, { timeout: 30000 });
    assert.doesNotMatch(await page.textContent('[data-part="log-body"]'), /first version/);
    await page.done();
  });

  test(`a bot the editor marks broken does not start, and the page says why (${label})`, { timeout: 90000 }, async () => {
    const page = await openPage(browser, server.url, '?play&bots=saved:broken,greedy&seed=7&bot=broken', viewport, withBots([['broken', 'Broken', BROKEN]]));
    await page.waitForSelector('.cm-content');
    await page.waitForSelector('[data-part="problems"]:not([hidden])', { timeout: 20000 });
    // Start in the New game form.
    await page.click('[data-part="start"]');
    const formError = page.locator('[data-part="form-error"]');
    await formError.waitFor({ state: 'visible' });
    assert.match(await formError.textContent(), /“Broken” \(seat 1\) has a syntax error at line 5, column \d+/);
    assert.match(page.url(), /[?&]play\b/, 'no game started');
    // The button beside the editor.
    await page.click('[data-part="run-again"]');
    const runError = page.locator('[data-part="run-error"]');
    await runError.waitFor({ state: 'visible' });
    assert.match(await runError.textContent(), /“Broken” \(seat 1\) has a syntax error at line 5/);
    assert.match(page.url(), /[?&]play\b/, 'still no game');
    await page.done();
  });

  test(`Play against it starts a game at once, your bot against a built-in bot (${label})`, { timeout: 120000 }, async () => {
    const page = await openPage(browser, server.url, '?play', viewport, withBots([['steady', 'Steady', GOOD]]));
    await page.waitForSelector('[data-part="seats"] .seat-row');
    const started = page.waitForURL(/bots=saved(:|%3A)steady,expander/, { timeout: 30000, waitUntil: 'commit' });
    await page.click('[aria-label="Play against it: Steady"]');
    await started;
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 2, null, { timeout: 60000 });
    assert.match(await page.title(), /^Steady vs Expander/);
    await page.done();
  });
}

test('a finished game with your own bot is not called the built-in bots\u2019 game', { timeout: 180000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=saved:steady,greedy&seed=3&size=20x20&speed=60', DESKTOP, withBots([['steady', 'Steady', GOOD]]));
  await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 170000 });
  const badge = await page.getAttribute('[data-part="badge"]', 'title');
  assert.doesNotMatch(badge, /built-in bots/);
  assert.match(badge, /bots you chose/);
  await page.done();
});
