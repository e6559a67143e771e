// Debugging a bot in the page, in the built app (dist/) in headless Chromium: Debug this turn on
// frame 37 of a recorded game reproduces the recorded answer for the unchanged bot and lists the
// differences for an edited one; a bot with a `debugger` statement and no time limit is not
// ejected; a runtime error names its turn, line and column, with a link to that line in the
// editor; a syntax error is marked at its line in the editor before any game starts.
//
//   node --test www/tests/debug.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, downloadBytes } from './support/page.mjs';
import { STEADY } from './support/steady-bot.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');


/** The same bot, edited: it now holds every piece still. */
const EDITED = STEADY.replace('return moves;', 'return [];');

/** Stops in the debugger when the tools are open; otherwise plays on. */
const PAUSER = `export const name = 'Pauser';
export default function bot(obs) {
  debugger;
  return [];
}
`;

/** Throws in its third turn, at line 4. */
const THROWER = `export const name = 'Thrower';
export default function bot(obs) {
  if (obs.turn === 2) {
    null.crash();
  }
  return [];
}
`;

const library = (bots) =>
  JSON.stringify(bots.map(([id, name, code]) => ({ id, name, code, origin: 'editor', updated: 1 })));

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(dist);
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page whose browser has these saved bots ([id, name, code]). */
function withBots(bots) {
  return async (context) => {
    await context.addInitScript((v) => {
      // The page itself (the bot host's sandboxed frame has no storage).
      if (window.top !== window) return;
      if (!localStorage.getItem('halite.bots.v1')) localStorage.setItem('halite.bots.v1', v);
    }, library(bots));
  };
}

async function seek(page, frame) {
  await page.fill('[data-part="frame-input"]', String(frame));
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction((f) => window.__viewer.frame === f, frame);
}

test('Debug this turn on frame 37 reproduces the recorded answer, and shows what an edited bot changes', { timeout: 180_000 }, async () => {
  // A game played by the saved bot, downloaded as a replay.
  const live = await openPage(browser, server.url, '?bots=saved:steady,greedy&seed=3&size=20x20&speed=60', undefined, withBots([['steady', 'Steady', STEADY]]));
  await live.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 45, null, { timeout: 60_000 });
  const { name, bytes } = await downloadBytes(live);
  await live.done();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'debug-')), name);
  fs.writeFileSync(file, bytes);

  const page = await openPage(browser, server.url, '', undefined, withBots([['steady', 'Steady', STEADY]]));
  await page.setInputFiles('[data-part="file"]', file);
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20_000 });
  await page.keyboard.press(' ');
  await seek(page, 37);
  await page.click('[data-part="debug"]');
  await page.waitForSelector('[data-part="debug-dialog"][open]');
  await page.selectOption('[data-part="debug-seat"]', '0');
  await page.selectOption('[data-part="debug-bot"]', 'saved:steady');
  assert.match(await page.textContent('[data-part="debug-run"]'), /Run on frame 37/);
  await page.click('[data-part="debug-run"]');
  await page.waitForSelector('[data-part="debug-verdict"]', { timeout: 30_000 });
  const verdict = await page.textContent('[data-part="debug-verdict"]');
  const listed = await page.$$eval('[data-part="debug-diffs"] li', (els) => els.map((e) => e.textContent));
  assert.match(verdict, /^Same answer as recorded: \d+ orders?\.$/, listed.join('; '));
  assert.ok(Number(/(\d+) order/.exec(verdict)[1]) > 0, 'the bot gave orders at that frame');
  await page.screenshot({ path: path.join(shots, 'debug-same.png') });

  // The editor's bot changed (autosaved in this browser): the run shows what differs.
  await page.evaluate((code) => {
    const list = JSON.parse(localStorage.getItem('halite.bots.v1'));
    list[0].code = code;
    localStorage.setItem('halite.bots.v1', JSON.stringify(list));
  }, EDITED);
  await page.click('[data-part="debug-run"]');
  await page.waitForFunction(() => /differ from the recorded answer/.test(document.querySelector('[data-part="debug-verdict"]')?.textContent ?? ''), null, { timeout: 30_000 });
  const diffs = await page.$$eval('[data-part="debug-diffs"] li', (els) => els.map((e) => e.textContent));
  assert.ok(diffs.length > 0);
  for (const d of diffs) assert.match(d, /^\(\d+, \d+\): this bot nothing \(stays\); recorded (north|east|south|west)$/);
  // The differing pieces are circled on the board at that frame.
  const painted = await page.evaluate(() => {
    const c = document.querySelector('[data-part="drawings"]');
    if (c.hidden) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  });
  assert.ok(painted > 20, 'the differences are circled on the map');
  await page.screenshot({ path: path.join(shots, 'debug-differs.png') });

  // An answer the engine refuses: the panel gives the reason a live game would eject it with.
  await page.evaluate((code) => {
    const list = JSON.parse(localStorage.getItem('halite.bots.v1'));
    list[0].code = code;
    localStorage.setItem('halite.bots.v1', JSON.stringify(list));
  }, STEADY.replace('return moves;', 'return [{ x: 999, y: 0, dir: 1 }];'));
  await page.click('[data-part="debug-run"]');
  await page.waitForFunction(() => /answered garbage/.test(document.querySelector('[data-part="debug-dialog"]')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.match(await page.textContent('[data-part="debug-dialog"]'), /answered garbage: move 0 is off the map at \(999, 0\)/);
  await page.screenshot({ path: path.join(shots, 'debug-garbage.png') });
  await page.done();
});

test('a bot with a debugger statement and no time limit is not ejected', { timeout: 60_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=saved:pauser,greedy&seed=3&size=20x20&turnMs=none&initMs=none&speed=30', undefined, withBots([['pauser', 'Pauser', PAUSER]]));
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 20, null, { timeout: 40_000 });
  assert.equal(await page.locator('.player-status[data-kind="ejected"]').count(), 0);
  await page.done();
});

test('a runtime error names its turn, line and column, and links to that line in the editor', { timeout: 60_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=saved:thrower,greedy&seed=3&size=20x20', undefined, withBots([['thrower', 'Thrower', THROWER]]));
  await page.waitForSelector('.player-status[data-kind="ejected"]', { timeout: 30_000 });
  const status = await page.textContent('.player-status[data-kind="ejected"]');
  assert.match(status, /threw: TypeError: .* \(turn 2, line 4, column \d+\)/);
  const link = page.locator('.toast-link');
  await link.waitFor();
  assert.match(await link.textContent(), /Open line 4 in the editor/);
  await link.click();
  await page.waitForSelector('.cm-content');
  // The editor opens the bot with the caret on line 4.
  await page.waitForFunction(() => document.querySelector('.cm-activeLine')?.textContent?.includes('null.crash()'), null, { timeout: 20_000 });
  assert.deepEqual(page.errors, []);
  await page.done();
});

test('a syntax error is marked at its line in the editor before any game starts', { timeout: 60_000 }, async () => {
  const broken = 'export default function bot(obs) {\n  const moves = [];\n  if (obs.turn > 1) {\n    return moves;\n';
  const page = await openPage(browser, server.url, '?play', undefined, withBots([['broken', 'Broken', broken]]));
  await page.waitForSelector('.cm-content');
  await page.waitForSelector('.cm-lintRange-error', { timeout: 20_000 });
  const problem = await page.textContent('[data-part="problems"]');
  assert.match(problem, /Syntax error at line 5, column \d+: Unexpected token/);
  await page.screenshot({ path: path.join(shots, 'editor-syntax-error.png') });
  await page.done();
});
