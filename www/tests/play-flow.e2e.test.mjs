// End-to-end tests of play as a person meets it, each asserting what the person sees: a whole
// human game played by keyboard with Enter after clicks on the orders bar, the board on the
// newest frame whenever a turn is asked (new, continued and reloaded games), continue by address,
// New game and Resign, no automatic next game, every bad address parameter, and the phone layout.
//
//   node --test www/tests/play-flow.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';

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

const PHONE = { width: 390, height: 844 };
const open = (search, viewport) => openPage(browser, server.url, search, viewport);
const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`) });

/** Waits until the human is asked for turn `turn`, and returns the frame the board shows then. */
async function askedAt(page, turn, timeout = 20000) {
  await page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, turn, { timeout });
  return page.evaluate(() => window.__viewer.frame);
}

test('a 200-turn human game on 20x20, played by keyboard with Enter after clicks on the orders bar', { timeout: 240000 }, async () => {
  // The default playback speed (12 frames a second), as a person opens it.
  const page = await open('?bots=human,random&seed=4242&size=20x20');
  assert.equal(await askedAt(page, 0), 0);
  const started = Date.now();
  let turn = 0;
  const dirs = ['x', 'x', 'x', 'x', 'x', 'x', 'ArrowRight', 'x', 'x', 'x', 'x', 'ArrowDown', 'x', 'x', 'KeyA', 'x', 'x', 'x', 'KeyW'];
  for (;;) {
    // A click on a button of the orders bar (or the playback bar) leaves no focus behind: Enter
    // still ends the turn.
    await page.click('[data-part="all"]');
    if (turn % 10 === 3) await page.click('.orders-dir[data-dir="0"]');
    if (turn % 25 === 7) await page.click('[data-part="layer-production"]');
    if (turn % 25 === 11) await page.click('[data-part="controls"] [data-part="end"]');
    await page.keyboard.press(dirs[turn % dirs.length]);
    await page.keyboard.press('Enter');
    turn++;
    const state = await page.waitForFunction(
      (t) => {
        const v = window.__viewer;
        if (v.humanTurn === t) return { turn: t, frame: v.frame };
        if (!document.querySelector('[data-part="result"]').hidden) return { over: true };
        return false;
      },
      turn,
      { timeout: 20000 },
    );
    const s = await state.jsonValue();
    if (s.over) break;
    assert.equal(s.frame, turn, `turn ${turn} is asked with the board on frame ${turn}`);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`# a ${turn}-turn human game on 20x20 played by keyboard in ${seconds.toFixed(1)} s`);
  assert.equal(turn, 200, 'the game ran to its turn limit');
  assert.match(await page.textContent('[data-part="result-title"]'), /wins|Game over|You win/);
  await shot(page, 'flow-200-turns');
  await page.done();
});

test('a reloaded game asks for the turn it was at with the board on that frame', { timeout: 90000 }, async () => {
  const page = await open('?bots=human,greedy&seed=4242&size=20x20');
  await askedAt(page, 0);
  for (let t = 0; t < 12; t++) {
    await page.keyboard.press('Enter');
    assert.equal(await askedAt(page, t + 1), t + 1);
  }
  await page.waitForTimeout(500); // the save after the last turn
  await page.reload();
  assert.equal(await askedAt(page, 12), 12, 'the board shows frame 12 when turn 12 is asked');
  assert.match(await page.textContent('[data-part="status"]'), /Turn 12: your move/);
  await page.done();
});
