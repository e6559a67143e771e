// The live match loop in the browser: built-in bots play inside the game's engine worker (no
// worker of their own), and a watched game goes no further ahead of the viewer than the credit
// the page grants: paused, the game holds a few frames ahead; played, it goes on. A bot in the bot
// host is started by the page and then asked its turns by the engine worker on its own port: the
// page is never asked for its turns.
//
//   node --test www/tests/live-loop.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage } from './support/page.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first (npm run build)');
  const { chromium } = await import('playwright-core');
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const state = (page) => page.evaluate(() => ({ frame: window.__viewer.frame, numFrames: window.__viewer.numFrames, playing: window.__viewer.playing }));

test('built-in bots play in the engine worker; a paused viewer holds the game a few frames ahead, and it goes on when played', { timeout: 90_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=greedy,expander,greedy&seed=5&size=30x30');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 5, null, { timeout: 30_000 });
  // One worker: the game's engine, with the three bots inside it.
  assert.equal(page.workers().length, 1, `workers: ${page.workers().map((w) => w.url()).join(', ')}`);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !window.__viewer.playing, null, { timeout: 5_000 });
  await page.waitForTimeout(1_000);
  const held = await state(page);
  // The page grants up to 7 frames past the viewer's position (which may be between frames).
  assert.ok(held.numFrames <= held.frame + 8, `the game holds within 7 frames of the viewer (frame ${held.frame}, ${held.numFrames} frames)`);
  await page.waitForTimeout(1_000);
  assert.equal((await state(page)).numFrames, held.numFrames, 'and plays no further while paused');
  await page.keyboard.press('Space');
  await page.waitForFunction((n) => window.__viewer.numFrames > n + 10, held.numFrames, { timeout: 20_000 });
  await page.done();
});

test('hosted bots are asked their turns on their ports: no turn goes through the page', { timeout: 90_000 }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}?bench=1`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30_000 });
  const t = await page.evaluate(() => window.__bench.fullGame(['greedy', 'greedy'], 20, 20, 3, true));
  assert.ok(t.turns > 10, `the game was played (${t.turns} turns)`);
  assert.equal(t.turnAsks, 0, 'the engine worker never asked the page for a turn');
  assert.deepEqual(t.hostedTurns, [0, 0], 'no seat answered a turn through the page');
  assert.ok(t.botBytesPerTurn > 0, 'the observations went to the bots');
  assert.deepEqual(errors, []);
  await page.close();
});
