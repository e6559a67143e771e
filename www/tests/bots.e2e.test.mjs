// The built-in Halite I bots in the built app (dist/, `?bench=1`), in headless Chromium: whole
// games played inline with the page's own wasm engine (window.__bench.playBots). Checks that the
// strongest bot beats greedy on 30x30, that every visible bot's answers always pass the engine's check
// (plain maps, odd sizes, six players and Blitz fog, where hidden sites arrive as owner 0,
// strength 0, production 0), and that a game through the live path (engine and bots in workers)
// reports the time inside the bots. (How answers travel from a bot's worker: bot-runtime.unit.test.mjs.)
//
//   node --test www/tests/bots.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');

let server;
let browser;
let page;
const errors = [];

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: build the app first with `npm run build` (or `npx webpack --mode production` after `npm run build:wasm`)');
  }
  const { chromium } = await import('playwright-core');
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}?bench=1`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const play = (config) => page.evaluate((c) => window.__bench.playBots(c), config);

test('the tactician beats greedy in most 30x30 games, seats alternating', { timeout: 120000 }, async () => {
  let wins = 0;
  const games = 6;
  for (let g = 0; g < games; g++) {
    const bots = g % 2 === 0 ? ['tactician', 'greedy'] : ['greedy', 'tactician'];
    const r = await play({ bots, width: 30, height: 30, seed: g + 1 });
    assert.deepEqual(r.rejected, []);
    if (r.ranks[bots.indexOf('tactician')] === 1) wins++;
  }
  assert.ok(wins >= 5, `the tactician won ${wins} of ${games}`);
  assert.deepEqual(errors, []);
});

test('every visible bot answers moves that pass the engine\'s check, fog included', { timeout: 180000 }, async () => {
  const visible = ['tactician', 'expander', 'greedy', 'random'];
  const maps = [
    { bots: visible, width: 24, height: 24, seed: 3 },
    { bots: ['random', 'tactician', 'greedy', 'expander', 'tactician', 'greedy'], width: 30, height: 20, seed: 11 },
    { bots: ['tactician', 'expander'], width: 25, height: 25, seed: 5, fog: 3 },
    { bots: [...visible].reverse(), width: 28, height: 28, seed: 8, fog: 5 },
    { bots: ['greedy', 'tactician'], width: 20, height: 20, seed: 2, fog: 1 },
  ];
  for (const m of maps) {
    const r = await play(m);
    assert.deepEqual(r.rejected, [], `refused answers on ${JSON.stringify(m)}`);
    assert.ok(r.turns > 0);
    // Ranks are a permutation of 1..seats.
    assert.deepEqual([...r.ranks].sort((a, b) => a - b), m.bots.map((_, i) => i + 1));
  }
  assert.deepEqual(errors, []);
});

test('a game through the live path reports the time inside the bots', { timeout: 120000 }, async () => {
  const t = await page.evaluate(() => window.__bench.fullGame(['tactician', 'greedy'], 20, 20, 4));
  assert.ok(t.turns > 10);
  assert.ok(t.botMs > 0, 'the engine worker measured the bots');
  assert.ok(t.botMs <= t.loopMs && t.loopMs <= t.totalMs);
  assert.ok(t.botMs + t.waitMs + t.observeMs + t.checkMs + t.stepMs + t.frameMs + t.postMs <= t.loopMs + 1, 'the parts of the loop add up to at most the loop');
  assert.deepEqual([...t.ranks].sort(), [1, 2]);
  assert.deepEqual(errors, []);
});
