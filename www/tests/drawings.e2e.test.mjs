// Bots draw on the map (the bot function's second argument, `debug`), in the built app (dist/) in
// headless Chromium: the drawings show at their frames, a download carries exactly those shapes
// as `bot_drawings[seat][turn]` (Halite I: in the JSON; Halite II: in the JSON inside its one zstd
// frame, with the logs), the replay still verifies natively, and opens again with its drawings.
//
//   node --test www/tests/drawings.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, downloadBytes, haliteBin } from './support/page.mjs';
import { loadFiles } from './support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');

/** A Halite I bot that draws one of each shape every turn, and too many dots on turn 5. */
const H1_DRAWER = `
export const name = 'Drawer';
export default function bot(obs, debug) {
  debug.line(0.5, 0.5, 3.5, 0.5, '#ff0000');
  debug.circle((obs.turn % obs.width) + 0.5, 0.5, 1);
  debug.text(1.5, 1.5, 'turn ' + obs.turn);
  debug.dot(2.5, 2.5);
  if (obs.turn === 5) for (let i = 0; i < 1005; i++) debug.dot(i % 20, 3);
  debug.line(NaN, 0, 1, 1);
  return [];
}
`;

/** A Halite II bot that draws where its first ship is and logs it. */
const H2_DRAWER = `
export const name = 'Sketcher';
export default function bot(obs, debug) {
  const mine = obs.ships.filter((s) => s.owner === obs.myId);
  if (mine[0]) {
    debug.circle(mine[0].x, mine[0].y, 3, 'rgb(0, 200, 255)');
    debug.text(mine[0].x, mine[0].y - 4, 'ship ' + mine[0].id);
  }
  console.log('turn ' + obs.turn + ': ' + mine.length + ' ships');
  return [];
}
`;

const expectedH1 = (turn) => [
  ['line', 0.5, 0.5, 3.5, 0.5, '#ff0000'],
  ['circle', (turn % 20) + 0.5, 0.5, 1, null],
  ['text', 1.5, 1.5, `turn ${turn}`, null],
  ['dot', 2.5, 2.5, null],
];

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(dist, {
    '/draw/h1.mjs': { type: 'text/javascript', body: Buffer.from(H1_DRAWER) },
    '/draw/h2.mjs': { type: 'text/javascript', body: Buffer.from(H2_DRAWER) },
  });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function seek(page, frame) {
  await page.fill('[data-part="frame-input"]', String(frame));
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction((f) => window.__viewer.frame === f, frame);
}

/** How many pixels of the drawings overlay are painted. */
const painted = (page) =>
  page.evaluate(() => {
    const c = document.querySelector('[data-part="drawings"]');
    if (!c || c.hidden) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  });

test('a Halite I bot draws: the shapes show at their frames and the download carries exactly them', { timeout: 120_000 }, async () => {
  const page = await openPage(browser, server.url, '?bots=/draw/h1.mjs,greedy&seed=7&size=20x20&speed=30');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 8, null, { timeout: 30_000 });
  await page.keyboard.press(' ');
  await seek(page, 3);
  assert.equal(await page.isVisible('[data-part="bot-drawings"]'), true, 'the Bot drawings toggle shows once a bot drew');
  await page.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden);
  assert.ok((await painted(page)) > 50, 'the drawings are painted over the board');
  await page.screenshot({ path: path.join(shots, 'bot-drawings.png') });
  // B (with the map focused) hides them, B again shows them.
  await page.focus('[data-part="map"]');
  await page.keyboard.press('b');
  await page.waitForFunction(() => document.querySelector('[data-part="drawings"]').hidden);
  await page.keyboard.press('b');
  await page.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden);
  // Filtered by bot like the logs: greedy drew nothing.
  await page.selectOption('[data-part="log-filter"]', '1');
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-part="drawings"]');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return false;
    return true;
  });
  await page.selectOption('[data-part="log-filter"]', '-1');
  // Turn 5 kept the first 1,000 shapes and said so in its log; the NaN line was not drawn.
  await seek(page, 5);
  await page.waitForFunction(() => /past the first 1000 of this turn were not kept/.test(document.querySelector('[data-part="log-body"]').textContent));
  const { name, bytes } = await downloadBytes(page);
  const saved = JSON.parse(bytes.toString('utf8'));
  assert.equal(saved.bot_drawings.length, 2);
  for (const t of [0, 1, 2, 3, 4, 6]) assert.deepEqual(saved.bot_drawings[0][t], expectedH1(t), `turn ${t}`);
  assert.equal(saved.bot_drawings[0][5].length, 1000);
  assert.deepEqual(saved.bot_drawings[0][5].slice(0, 4), expectedH1(5));
  assert.ok(saved.bot_drawings[1].every((t) => t === null), 'greedy drew nothing');
  // The original tools' reading: the file still verifies.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drawings-')), name);
  fs.writeFileSync(file, bytes);
  const v = spawnSync(haliteBin(), ['verify', '--unfinished', file], { encoding: 'utf8' });
  const v2 = v.status === 0 ? v : spawnSync(haliteBin(), ['verify', file], { encoding: 'utf8' });
  assert.ok(v.status === 0 || /unfinished|should have gone on/.test(v2.stdout + v2.stderr), v.stdout + v.stderr);
  await page.done();
  // Opened again, the replay shows its drawings.
  const again = await openPage(browser, server.url, '');
  await again.setInputFiles('[data-part="file"]', file);
  await again.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20_000 });
  await again.keyboard.press(' ');
  await seek(again, 3);
  await again.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden, null, { timeout: 10_000 });
  assert.ok((await painted(again)) > 50);
  await again.done();
});

test('a Halite II bot draws and logs: both are kept inside the one zstd frame of its download', { timeout: 120_000 }, async () => {
  const page = await openPage(browser, server.url, '?game=halite2&bots=/draw/h2.mjs,settler&seed=5&size=240x160&speed=30');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 6, null, { timeout: 30_000 });
  await page.keyboard.press(' ');
  await seek(page, 2);
  await page.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden);
  assert.ok((await painted(page)) > 20);
  await page.screenshot({ path: path.join(shots, 'h2-bot-drawings.png') });
  const { bytes } = await downloadBytes(page);
  assert.deepEqual([...bytes.subarray(0, 4)], [0x28, 0xb5, 0x2f, 0xfd], 'one zstd frame, as the original writes');
  const files = await loadFiles('halite2');
  assert.ok(files, 'pkg/ is built');
  const json = JSON.parse(new TextDecoder().decode(files.Halite2Files.plainJson(bytes)));
  assert.match(json.bot_logs[0][2], /^turn 2: \d+ ships/);
  const shapes = json.bot_drawings[0][2];
  assert.equal(shapes.length, 2);
  assert.equal(shapes[0][0], 'circle');
  assert.equal(shapes[0][3], 3);
  assert.equal(shapes[0][4], 'rgb(0, 200, 255)');
  assert.match(shapes[1][3], /^ship \d+$/);
  await page.done();
});
