// End-to-end tests of the built app (dist/) in headless Chromium with playwright-core.
// The production build must exist: `npm run build` (the test script builds it first).
//
//   node --test www/tests/
//
// Serves dist/ on a free port, opens the app, and checks the live game, opening replays (file
// input, URL, drag and drop), the worker's statistics and rules check waiting for the page to
// draw the replay, stepping and seeking, the inspector against the fixture's own numbers, graph
// seeking, the fog perspective, broken files, misbehaving bots, and that no console error
// happens anywhere. Screenshots go to www/tests/screenshots/ (gitignored).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { serve, CHROMIUM } from './support/server.mjs';
import { downloadBytes, haliteBin, openPage } from './support/page.mjs';
import { fontLists, fontsInUse } from './support/fonts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'dist');
const fixtures = path.join(root, 'tests/fixtures/halite1');
const shots = path.join(here, 'screenshots');
const S101 = 's101-20x20-greedy-chaos.hlt.gz';
const S103 = 's103-25x25-greedy1-greedy1-chaos.hlt.gz';
const S105 = 's105-35x35-greedy1-greedy2-greedy0.5-greedy1-chaos.hlt.gz';

/** The fixture's replay JSON, read independently of the app (node zlib + JSON.parse). */
function fixture(name) {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(fixtures, name))).toString('utf8'));
}

let chromium;
let server;
let browser;
const errors = [];

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: build the app first with `npm run build` (or `npx webpack --mode production` after `npm run build:wasm`)');
  }
  ({ chromium } = await import('playwright-core'));
  fs.mkdirSync(shots, { recursive: true });
  // A replay whose frame 50 was tampered with: readable, but not what the rules produce.
  const tampered = fixture(S101);
  const [x, y] = [3, 4];
  tampered.frames[50][y][x][1] = (tampered.frames[50][y][x][1] + 7) % 256;
  server = await serve(dist, {
    '/broken.hlt.gz': { type: 'application/gzip', body: Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7]) },
    '/tampered.hlt': { type: 'application/json', body: Buffer.from(JSON.stringify(tampered)) },
    '/s105.hlt.gz': { type: 'application/gzip', body: fs.readFileSync(path.join(fixtures, S105)) },
    // Bot modules for the page, as a user would host them.
    '/test-bots/logger.js': { type: 'text/javascript', body: Buffer.from(`export const name = 'Logger';
export function init(obs) { console.log('init', obs.width, obs.height, obs.myId); }
export default function (obs) { console.log('turn', obs.turn, { mine: obs.owner.filter((o) => o === obs.myId).length }); return []; }`) },
    '/test-bots/loop.js': { type: 'text/javascript', body: Buffer.from(`export const name = 'Looper';
export default function (obs) { if (obs.turn >= 1) { for (;;) {} } return []; }`) },
    '/test-bots/throw.js': { type: 'text/javascript', body: Buffer.from(`export const name = 'Thrower';
export default function (obs) { if (obs.turn >= 1) throw new Error('bot bug on purpose'); return []; }`) },
    '/test-bots/garbage.js': { type: 'text/javascript', body: Buffer.from(`export default function (obs) { return obs.turn >= 1 ? [{ x: 'left', y: 0, dir: 9 }] : []; }`) },
  });
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new page that records console errors and uncaught exceptions. */
async function open(search = '', viewport = { width: 1280, height: 800 }) {
  const page = await openPage(browser, server.url, search, viewport);
  const done = page.done;
  page.done = async () => {
    errors.push(...page.errors);
    await done();
  };
  return page;
}

const state = (page) => page.evaluate(() => ({ ...window.__viewer, frame: window.__viewer.frame, numFrames: window.__viewer.numFrames, kind: window.__viewer.kind, perspective: window.__viewer.perspective, playing: window.__viewer.playing }));

async function waitReplay(page, frames) {
  await page.waitForFunction((n) => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames === n, frames, { timeout: 20000 });
}

/** Clicks the centre of site (x, y) on the map and returns the inspector's fields. */
async function inspect(page, x, y) {
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x, y]);
  assert.ok(p, `site (${x}, ${y}) is on screen`);
  await page.mouse.click(p.x, p.y);
  return readInspector(page);
}

function readInspector(page) {
  return page.evaluate(() => {
    const t = (f) => document.querySelector(`[data-part="inspector"] [data-field="${f}"]`).textContent.trim();
    return { loc: t('loc'), owner: t('owner'), strength: t('strength'), production: t('production'), move: t('move'), dealt: t('dealt'), taken: t('taken') };
  });
}

/** Fraction of the map canvas's pixels that are painted. */
function paintedFraction(page) {
  return page.evaluate(() => {
    const c = document.querySelector('[data-part="map"]');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let painted = 0;
    for (let i = 3; i < d.length; i += 4 * 7) if (d[i] > 0) painted++;
    return painted / (d.length / (4 * 7));
  });
}

test('the home page plays a live game between built-in bots at once', { timeout: 60000 }, async () => {
  const page = await open('');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 3, null, { timeout: 20000 });
  assert.ok((await paintedFraction(page)) > 0.3, 'the map is drawn');
  const a = await state(page);
  await page.waitForTimeout(800);
  const b = await state(page);
  assert.ok(b.frame > a.frame, `the frame counter advances (${a.frame} -> ${b.frame})`);
  assert.equal(b.playing, true);
  assert.match(await page.textContent('[data-part="title"]'), / vs /);
  assert.equal(await page.isVisible('text=Open replay'), true, 'a visible way to open a replay');
  assert.match(await page.textContent('[data-part="badge"]'), /Live/);
  const players = await page.$$eval('.players .player', (els) => els.length);
  assert.ok(players >= 2);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(shots, 'home-desktop.png') });
  await page.done();
});

test('the fonts the page looks up while it loads are every font its text uses, on a laptop and on a phone', { timeout: 120000 }, async () => {
  const known = fontLists().PAGE_FONTS;
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    for (const search of [`?replay=replays/${S101}`, '']) {
      const page = await open(search, viewport);
      const seen = new Set(await page.evaluate(fontsInUse));
      if (search) await page.waitForFunction(() => document.querySelector('[data-part="badge"]')?.dataset.state === 'ok', null, { timeout: 20000 });
      else await page.waitForFunction(() => window.__viewer && window.__viewer.numFrames > 20, null, { timeout: 20000 });
      for (const f of await page.evaluate(fontsInUse)) seen.add(f);
      assert.ok([...seen].filter((f) => f.endsWith(' sans')).length >= 8, `the page's text is in the style sheet's fonts: ${[...seen].join('; ')}`);
      const missing = [...seen].filter((f) => !known.has(f));
      assert.deepEqual(missing, [], `${viewport.width}x${viewport.height} ${search || 'home'}: fonts the page uses but does not look up ahead (shell/page/fonts.ts)`);
      await page.done();
    }
  }
});

test('the home page on a phone', { timeout: 60000 }, async () => {
  const page = await open('', { width: 390, height: 844 });
  await page.waitForFunction(() => window.__viewer && window.__viewer.numFrames > 20, null, { timeout: 20000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
  await page.screenshot({ path: path.join(shots, 'home-phone.png') });
  await page.screenshot({ path: path.join(shots, 'home-phone-full.png'), fullPage: true });
  await page.done();
});

test('a replay from the URL: step, seek, keys, URL state and the rules badge', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}&frame=10`);
  await waitReplay(page, hlt.num_frames);
  let s = await state(page);
  assert.equal(s.frame, 10);
  assert.equal(s.playing, false);
  assert.equal(await page.textContent('[data-part="title"]'), hlt.player_names.join(' vs '));
  await page.waitForFunction(() => document.querySelector('[data-part="badge"]').dataset.state === 'ok', null, { timeout: 20000 });
  assert.match(await page.textContent('[data-part="badge"]'), /Rules verified/);

  await page.keyboard.press('.');
  await page.waitForFunction(() => window.__viewer.frame === 11);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.__viewer.frame === 12);
  await page.keyboard.press(',');
  await page.waitForFunction(() => window.__viewer.frame === 11);
  await page.click('[data-part="forward"]');
  await page.waitForFunction(() => window.__viewer.frame === 12);
  await page.keyboard.press('x');
  await page.waitForFunction((n) => window.__viewer.frame === n - 1, hlt.num_frames);
  await page.keyboard.press('z');
  await page.waitForFunction(() => window.__viewer.frame === 0);

  // WASD pans by one site (the map wraps, so site (0, 0) moves one site width).
  const at0 = await page.evaluate(() => window.__viewer.siteToClient(3, 3));
  await page.keyboard.press('d');
  await page.waitForTimeout(50);
  const at1 = await page.evaluate(() => window.__viewer.siteToClient(3, 3));
  assert.ok(at1.x < at0.x && Math.abs(at1.y - at0.y) < 0.01, 'D moves the view right');
  await page.keyboard.press('a');
  await page.waitForTimeout(50);
  assert.deepEqual(await page.evaluate(() => window.__viewer.siteToClient(3, 3)), at0);

  await page.fill('[data-part="frame-input"]', '50');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction(() => window.__viewer.frame === 50);
  await page.focus('[data-part="timeline"]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.__viewer.frame === 51);
  assert.equal(await page.inputValue('[data-part="timeline"]'), '51');

  // Play, then pause with Space; the speed presets work.
  await page.click('[data-part="map"]', { position: { x: 5, y: 5 } });
  await page.keyboard.press('5');
  assert.equal(await page.inputValue('[data-part="speed"]'), '15');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__viewer.frame > 53);
  await page.keyboard.press('Space');
  s = await state(page);
  assert.equal(s.playing, false);

  // The address bar follows the view.
  await page.fill('[data-part="frame-input"]', '77');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('frame') === '77', null, { timeout: 5000 });
  assert.equal(new URL(page.url()).searchParams.get('replay'), `replays/${S101}`);

  // Help dialog, by key (outside the number field, which keeps its keys) and by button.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('?');
  assert.equal(await page.isVisible('[data-part="help-dialog"]'), true);
  const helpKeys = await page.textContent('[data-part="help-keys"]');
  assert.match(helpKeys, /Play \/ pause/);
  // Halite I's own lines: its map wraps, and P and M toggle its layers.
  assert.match(helpKeys, /Pan the map \(it wraps around\)/);
  assert.match(helpKeys, /PProduction heat map on \/ off/);
  assert.match(helpKeys, /MMove arrows on \/ off/);
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('[data-part="help-dialog"]'), false);
  await page.click('[data-part="help-button"]');
  assert.equal(await page.isVisible('[data-part="help-dialog"]'), true);
  await page.screenshot({ path: path.join(shots, 'help-dialog.png') });
  await page.click('[data-part="help-close"]');
  assert.equal(await page.isVisible('[data-part="help-dialog"]'), false);
  await page.done();
});

test("a replay link's worker computes the statistics once the page has drawn the replay, and checks the rules once the graphs are drawn", { timeout: 60000 }, async () => {
  // What the page's workers post it, and each `drawn` it posts them (with whether the map was
  // painted by then), in order.
  const page = await openPage(browser, server.url, `?replay=replays/${S101}`, { width: 1280, height: 800 }, (context) =>
    context.addInitScript(() => {
      const Native = window.Worker;
      const log = (window.__workerLog = []);
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', (e) => log.push(`got ${e.data?.type}`));
        }
        postMessage(m, transfer) {
          if (m?.type === 'drawn') {
            const c = document.querySelector('[data-part="map"]');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let painted = false;
            for (let i = 3; i < d.length && !painted; i += 4 * 7) painted = d[i] > 0;
            log.push(`sent drawn${painted ? ', map painted' : ''}`);
          }
          return super.postMessage(m, transfer);
        }
      };
    }),
  );
  await page.waitForFunction(() => document.querySelector('[data-part="badge"]')?.dataset.state === 'ok', null, { timeout: 20000 });
  const log = await page.evaluate(() => window.__workerLog.filter((e) => /^got (opened|series|verdict)$|^sent drawn/.test(e)));
  assert.deepEqual(log, ['got opened', 'sent drawn, map painted', 'got series', 'sent drawn, map painted', 'got verdict']);
  errors.push(...page.errors);
  await page.done();
});

test('the inspector shows what the replay holds at a site and frame', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const frame = 60;
  // A site of player 1 with some strength, and a neutral one.
  let site = null;
  let neutral = null;
  for (let y = 0; y < hlt.height; y++) {
    for (let x = 0; x < hlt.width; x++) {
      const [owner, strength] = hlt.frames[frame][y][x];
      if (!site && owner === 1 && strength > 20) site = { x, y, strength };
      if (!neutral && owner === 0 && strength > 0) neutral = { x, y, strength };
    }
  }
  assert.ok(site && neutral);
  const page = await open(`?replay=replays/${S101}&frame=${frame}`);
  await waitReplay(page, hlt.num_frames);
  let insp = await inspect(page, site.x, site.y);
  assert.equal(insp.loc, `(${site.x}, ${site.y})`);
  assert.equal(insp.strength, String(site.strength));
  assert.equal(insp.owner, hlt.player_names[0]);
  assert.equal(insp.production, String(hlt.productions[site.y][site.x]));
  const dir = hlt.moves[frame][site.y][site.x];
  assert.match(insp.move, new RegExp(['Still', 'North', 'East', 'South', 'West'][dir]));
  // Damage comes from the engine's turn report (the page's engine may still be loading).
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-part="inspector"] [data-field="dealt"]').textContent));
  insp = await readInspector(page);
  assert.match(insp.dealt, /^\d+$/);
  assert.match(insp.taken, /^\d+$/);
  // Pinned: it follows the frame.
  await page.keyboard.press('.');
  await page.waitForFunction(() => window.__viewer.frame === 61);
  insp = await readInspector(page);
  assert.equal(insp.strength, String(hlt.frames[61][site.y][site.x][1]));
  insp = await inspect(page, neutral.x, neutral.y);
  assert.equal(insp.owner, 'Neutral');
  assert.equal(insp.strength, String(hlt.frames[61][neutral.y][neutral.x][1]));

  // Zoom with the wheel at a site: the site under the pointer stays under it.
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [site.x, site.y]);
  await page.mouse.move(p.x, p.y);
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(100);
  await page.mouse.move(p.x + 1, p.y + 1);
  await page.mouse.click(p.x + 1, p.y + 1);
  insp = await readInspector(page);
  assert.equal(insp.loc, `(${site.x}, ${site.y})`, 'zoom is anchored at the pointer');
  // Arrows and the production map draw without errors.
  await page.keyboard.press('m');
  await page.keyboard.press('p');
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(shots, 'replay-zoomed-production.png') });
  await page.keyboard.press('p');
  await page.keyboard.press('o');
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(shots, 'replay-inspector-arrows.png') });
  await page.done();
});

test('clicking and dragging on a graph seeks', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}&frame=5`);
  await waitReplay(page, hlt.num_frames);
  const graph = page.locator('.graph[data-series="territory"] canvas');
  await graph.waitFor();
  // The statistics arrive from the engine worker after the first frame.
  await page.waitForFunction((n) => document.querySelector('[data-part="graphs"]').dataset.frames === String(n), hlt.num_frames);
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const expected = Math.round(0.75 * (hlt.num_frames - 1));
  await page.waitForFunction((e) => Math.abs(window.__viewer.frame - e) <= 2, expected);
  // Drag to the start.
  await page.mouse.move(box.x + box.width * 0.5, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + 1, box.y + 10, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__viewer.frame <= 1);
  // Extended statistics show all eleven graphs.
  await page.keyboard.press('e');
  assert.equal(await page.locator('.graph:visible').count(), 11);
  await page.done();
});

test('the fog perspective shows only what the player saw', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const frame = 40;
  const radius = 1;
  const { width: W, height: H } = hlt;
  const mine = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (hlt.frames[frame][y][x][0] === 1) mine.push([x, y]);
  const d = (a, b, n) => Math.min(Math.abs(a - b), n - Math.abs(a - b));
  const seen = (x, y) => mine.some(([mx, my]) => d(x, mx, W) ** 2 + d(y, my, H) ** 2 <= radius * radius);
  // A site player 2 owns that player 1 cannot see, and one of player 1's own sites.
  let hidden = null;
  for (let y = 0; y < H && !hidden; y++) for (let x = 0; x < W && !hidden; x++) if (hlt.frames[frame][y][x][0] === 2 && !seen(x, y)) hidden = [x, y];
  assert.ok(hidden, 'the fixture has a site hidden from player 1');
  const own = mine[0];

  const page = await open(`?replay=replays/${S101}&frame=${frame}&player=1&radius=${radius}`);
  await waitReplay(page, hlt.num_frames);
  const s = await state(page);
  assert.equal(s.perspective, 1);
  assert.equal(await page.evaluate(() => window.__viewer.radius), radius);
  assert.equal(await page.inputValue('[data-part="perspective"]'), '0', 'player 1 is seat 0');
  // The fog view comes from the page's engine, which loads in the background.
  await page.waitForFunction(([x, y]) => window.__viewer.isVisible(x, y), own);
  assert.equal(await page.evaluate(([x, y]) => window.__viewer.isVisible(x, y), hidden), false);
  let insp = await inspect(page, hidden[0], hidden[1]);
  assert.equal(insp.owner, 'Hidden by fog');
  assert.equal(insp.strength, '?');
  insp = await inspect(page, own[0], own[1]);
  assert.equal(insp.owner, hlt.player_names[0]);
  assert.equal(insp.strength, String(hlt.frames[frame][own[1]][own[0]][1]));
  await page.screenshot({ path: path.join(shots, 'replay-fog.png') });
  // Back to the whole map: the hidden site shows its owner.
  await page.selectOption('[data-part="perspective"]', '-1');
  insp = await inspect(page, hidden[0], hidden[1]);
  assert.equal(insp.owner, hlt.player_names[1]);
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('player'), null, { timeout: 5000 });
  // The radius input drives the fog.
  await page.selectOption('[data-part="perspective"]', '0');
  await page.fill('[data-part="radius"]', '40');
  await page.press('[data-part="radius"]', 'Enter');
  await page.waitForFunction(() => window.__viewer.radius === 40);
  assert.equal(await page.evaluate(([x, y]) => window.__viewer.isVisible(x, y), hidden), true);
  await page.done();
});

test('opening replays by file input and by drag and drop; the URL forgets file replays', { timeout: 60000 }, async () => {
  const page = await open('');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 20000 });
  const s103 = fixture(S103);
  await page.setInputFiles('[data-part="file"]', path.join(fixtures, S103));
  await waitReplay(page, s103.num_frames);
  assert.equal(await page.textContent('[data-part="title"]'), s103.player_names.join(' vs '));
  await page.waitForTimeout(500);
  assert.equal(new URL(page.url()).searchParams.get('replay'), null);
  await page.waitForFunction(() => window.__viewer.frame > 2, null, { timeout: 10000 });

  const s101 = fixture(S101);
  const b64 = fs.readFileSync(path.join(fixtures, S101)).toString('base64');
  await page.evaluate((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.hlt.gz', { type: 'application/gzip' }));
    document.body.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, b64);
  await waitReplay(page, s101.num_frames);
  assert.equal(await page.isVisible('[data-part="drop"]'), false);
  await page.screenshot({ path: path.join(shots, 'replay-desktop.png') });
  await page.done();
});

test('a broken file shows the engine message and the previous game keeps working', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}&frame=20`);
  await waitReplay(page, hlt.num_frames);
  await page.setInputFiles('[data-part="file"]', { name: 'broken.hlt', mimeType: 'application/json', buffer: Buffer.from('{"version": 11, "width": 3, "height"') });
  await page.waitForSelector('[data-part="banner"]:not([hidden])');
  const msg = await page.textContent('[data-part="banner-text"]');
  assert.match(msg, /^Could not open broken\.hlt: \S/);
  assert.equal((await state(page)).numFrames, hlt.num_frames, 'the previous replay is still open');
  await page.keyboard.press('.');
  await page.waitForFunction(() => window.__viewer.frame === 21);
  await page.screenshot({ path: path.join(shots, 'broken-file.png') });
  await page.click('[data-part="banner-close"]');
  assert.equal(await page.isVisible('[data-part="banner"]'), false);

  // Bad gzip from a URL (served 200): the engine's error, shown in the page.
  await page.goto(`${server.url}?replay=broken.hlt.gz`);
  await page.waitForSelector('[data-part="banner"]:not([hidden])');
  assert.match(await page.textContent('[data-part="banner-text"]'), /^Could not open broken\.hlt\.gz: \S/);
  // The page offers the ways to open a replay (not an unrelated game) and stays usable.
  await page.locator('[data-part="empty"]').waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => window.__viewer.kind), 'none');
  await page.click('[data-part="empty-live"]');
  await page.waitForFunction(() => window.__viewer.kind === 'live' && window.__viewer.numFrames > 2, null, { timeout: 20000 });
  await page.done();
});

test('a replay that breaks the rules is flagged at the frame where it does', { timeout: 60000 }, async () => {
  const page = await open('?replay=tampered.hlt&frame=3');
  await page.waitForFunction(() => document.querySelector('[data-part="badge"]').dataset.state === 'bad', null, { timeout: 20000 });
  const badge = await page.textContent('[data-part="badge"]');
  const m = /Breaks the rules at frame (\d+)/.exec(badge);
  assert.ok(m, badge);
  const frame = Number(m[1]);
  assert.ok(frame === 49 || frame === 50, `flagged at frame ${frame}`);
  assert.match(await page.getAttribute('[data-part="badge"]', 'title'), /site \(3, 4\): strength/);
  await page.click('[data-part="badge"]');
  await page.waitForFunction((f) => window.__viewer.frame === f, frame);
  assert.equal((await readInspector(page)).loc, '(3, 4)', 'the offending site is pinned');
  await page.screenshot({ path: path.join(shots, 'replay-breaks-rules.png') });
  await page.done();
});

test('bots that crash, hang or answer garbage are ejected and the game goes on', { timeout: 60000 }, async () => {
  const page = await open('?bots=expander,greedy,crash,hang,garbage');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 20000 });
  await page.waitForFunction(() => document.querySelectorAll('.player-status[data-kind="ejected"]').length === 3, null, { timeout: 20000 });
  const statuses = await page.$$eval('.player-status', (els) => els.map((e) => [e.textContent, e.title]));
  assert.match(statuses[2][1], /threw: deliberate crash/);
  assert.match(statuses[3][1], /timed out/);
  assert.match(statuses[4][1], /garbage/);
  const before = (await state(page)).numFrames;
  await page.waitForFunction((n) => window.__viewer.numFrames > n + 5, before, { timeout: 20000 });
  await page.done();
});

test('a replay on a phone: tap to inspect, controls wrap under the map', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const frame = 30;
  const page = await open(`?replay=replays/${S101}&frame=${frame}`, { width: 390, height: 844 });
  await waitReplay(page, hlt.num_frames);
  let site = null;
  for (let y = 0; y < hlt.height && !site; y++) for (let x = 0; x < hlt.width && !site; x++) if (hlt.frames[frame][y][x][0] === 2) site = [x, y];
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), site);
  await page.touchscreen.tap(p.x, p.y);
  const insp = await readInspector(page);
  assert.equal(insp.loc, `(${site[0]}, ${site[1]})`);
  assert.equal(insp.owner, hlt.player_names[1]);
  assert.equal(insp.strength, String(hlt.frames[frame][site[1]][site[0]][1]));
  const map = await page.locator('[data-part="map"]').boundingBox();
  const side = await page.locator('.side').boundingBox();
  const controls = await page.locator('[data-part="controls"]').boundingBox();
  assert.ok(controls.y >= map.y + map.height - 1, 'controls under the map');
  assert.ok(side.y >= controls.y + controls.height, 'panels stacked under the controls');
  assert.ok(map.width >= 340, 'the map uses the phone width');
  // Pinch (two touch points moving apart) zooms in about the fingers.
  const cdp = await page.context().newCDPSession(page);
  const cx = map.x + map.width / 2;
  const cy = map.y + map.height / 2;
  const gap = () => page.evaluate(() => {
    const a = window.__viewer.siteToClient(9, 9);
    const b = window.__viewer.siteToClient(10, 9);
    return a && b ? b.x - a.x : NaN;
  });
  const before = await gap();
  const touches = (d) => [{ x: cx - d, y: cy, id: 0 }, { x: cx + d, y: cy, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touches(30) });
  for (let d = 40; d <= 90; d += 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: touches(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const zoomed = await gap();
  assert.ok(zoomed > before * 2, `pinch zooms in (${before} -> ${zoomed} px per site)`);
  await page.click('[data-part="recentre"]');
  await page.keyboard.press('c');
  await page.screenshot({ path: path.join(shots, 'replay-phone.png') });
  await page.screenshot({ path: path.join(shots, 'replay-phone-full.png'), fullPage: true });
  await page.done();
});

test('the current game can be downloaded as .hlt JSON', { timeout: 60000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}`);
  await waitReplay(page, hlt.num_frames);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-part="download"]')]);
  assert.equal(download.suggestedFilename(), 's101-20x20-greedy-chaos.hlt');
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.num_frames, hlt.num_frames);
  assert.deepEqual(saved.frames[100], hlt.frames[100]);
  assert.deepEqual(saved.player_names, hlt.player_names);
  // Compressed: the file as it came (the original's own gzip), under the game's gzip ending.
  const gz = await downloadBytes(page, 'download-gz');
  assert.equal(gz.name, 's101-20x20-greedy-chaos.hlt.gz');
  assert.ok(gz.bytes.equals(fs.readFileSync(path.join(fixtures, S101))), 'the replay file as it was served');
  assert.equal(await page.getAttribute('[data-part="download-gz"]', 'aria-label'), 'Download compressed (.hlt.gz): about a tenth of the size');
  await page.done();
});

test('a finished live game shows the result, then a new game starts', { timeout: 60000 }, async () => {
  // The crasher is ejected on turn 2, which leaves one player: the game ends at once.
  const page = await open('?bots=expander,crash');
  await page.waitForSelector('[data-part="result"]:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('[data-part="result-title"]'), /^Expander wins$/);
  assert.match(await page.textContent('[data-part="result-list"]'), /ejected at frame/);
  // A game with an ejection keeps its result until the person moves on (no countdown).
  assert.match(await page.textContent('[data-part="result-next"]'), /A bot was ejected/);
  await page.screenshot({ path: path.join(shots, 'live-result.png') });
  const oldSeed = await page.textContent('[data-part="meta"]');
  await page.click('[data-part="next-game"]');
  await page.waitForFunction((m) => document.querySelector('[data-part="meta"]').textContent !== m, oldSeed);
  assert.equal(await page.isVisible('[data-part="result"]'), false);
  assert.equal((await state(page)).kind, 'live');
  assert.equal(new URL(page.url()).searchParams.get('bots'), 'expander,crash', 'the lineup stays in the address');
  await page.done();
});

test('standings follow the current frame; an eliminated player view says so and shows its last frame', { timeout: 60000 }, async () => {
  const hlt = fixture(S105);
  // The chaos bot (player 5) owns nothing from some frame on: the first such frame.
  let out = -1;
  for (let t = 1; t < hlt.num_frames && out < 0; t++) if (!hlt.frames[t].some((row) => row.some(([o]) => o === 5))) out = t;
  assert.ok(out > 10, 'player 5 is eliminated in the fixture');
  const page = await open(`?replay=s105.hlt.gz&frame=${out - 20}`);
  await waitReplay(page, hlt.num_frames);
  await page.waitForFunction(() => document.querySelector('[data-part="badge"]').dataset.state === 'ok', null, { timeout: 20000 });
  const statuses = () => page.$$eval('.players .player-status', (els) => els.map((e) => e.textContent));
  assert.deepEqual(await statuses(), ['', '', '', '', ''], 'no elimination is shown before it happens');
  // Ranks come with the statistics series, which may arrive after the rules check.
  await page.waitForFunction(() => [...document.querySelectorAll('.players .player-rank')].every((e) => e.textContent !== ''), null, { timeout: 20000 });
  // One way of writing a rank everywhere ("2nd"); the cell says whether it is the final one.
  const ranks = await page.$$eval('.players .player-rank', (els) => els.map((e) => `${e.textContent}:${e.dataset.final}`));
  assert.ok(ranks.every((r) => /^[1-5](st|nd|rd|th):false$/.test(r)), `ranks as of the frame, not the final ones: ${ranks}`);
  await page.fill('[data-part="frame-input"]', String(out + 20));
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction((f) => window.__viewer.frame === f, out + 20);
  await page.waitForFunction((o) => document.querySelectorAll('.players .player-status')[4].textContent === `eliminated at frame ${o}`, out, { timeout: 5000 });
  // Player 5's own view after its elimination: a message and the last frame it saw.
  await page.selectOption('[data-part="perspective"]', '4');
  const note = page.locator('[data-part="map-note"]');
  await note.waitFor({ state: 'visible', timeout: 5000 });
  assert.match(await note.textContent(), new RegExp(`eliminated at frame ${out}\\. Showing the last frame it saw \\(${out - 1}\\)`));
  let owned = null;
  for (let y = 0; y < hlt.height && !owned; y++) for (let x = 0; x < hlt.width && !owned; x++) if (hlt.frames[out - 1][y][x][0] === 5) owned = [x, y];
  // The fog of a perspective comes from the page's engine, loaded when a perspective is first
  // chosen (until then nothing shows as visible).
  await page.waitForFunction(([x, y]) => window.__viewer.isVisible(x, y), owned, { timeout: 20000 }).catch(() => {});
  assert.equal(await page.evaluate(([x, y]) => window.__viewer.isVisible(x, y), owned), true, 'it sees around what it held last');
  assert.ok((await paintedFraction(page)) > 0.3, 'the board is drawn, not blank');
  await page.screenshot({ path: path.join(shots, 'eliminated-view.png') });
  // The final result on request.
  await page.click('[data-part="final"]');
  await page.waitForFunction(() => document.querySelector('.players .player-rank').dataset.final === 'true');
  const finalRanks = await page.$$eval('.players .player-rank', (els) => els.map((e) => e.textContent));
  const expected = fs.readFileSync(path.join(fixtures, S105.replace('.hlt.gz', '.ranks.txt')), 'utf8').trim().split('\n').map((l) => Number(l.split(' ')[1]));
  const ord = (n) => `${n}${['th', 'st', 'nd', 'rd'][n] ?? 'th'}`;
  assert.deepEqual(finalRanks, expected.map(ord));
  await page.done();
});

for (const [w, h] of [[1280, 800], [1440, 900]]) {
  test(`the graphs fit a ${w}x${h} laptop screen without scrolling`, { timeout: 60000 }, async () => {
    const page = await open(`?replay=s105.hlt.gz`, { width: w, height: h });
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20000 });
    const boxes = await page.$$eval('.graph:not([hidden]) canvas', (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    assert.equal(boxes.length, 3);
    for (const b of boxes) {
      assert.ok(b.bottom <= h, `a graph ends at ${b.bottom}px, below the ${h}px window`);
      assert.ok(b.height >= 30, `graphs stay readable (${b.height}px high)`);
    }
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight <= window.innerHeight), true, 'the page does not scroll');
    await page.screenshot({ path: path.join(shots, `laptop-${w}x${h}.png`) });
    await page.done();
  });
}

test('a bot module from a URL plays, names itself and its logs follow the frame', { timeout: 60000 }, async () => {
  const page = await open('?bots=/test-bots/logger.js,bots/example.js&seed=42&size=20x20&speed=30');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 10, null, { timeout: 20000 });
  const names = await page.$$eval('.players .player-name', (els) => els.map((e) => e.textContent));
  assert.deepEqual(names, ['Logger', 'Example'], 'the modules name themselves (export const name)');
  assert.match(await page.textContent('[data-part="title"]'), /Logger vs Example/);
  // The log pane follows the frame: pause, go to turn 3, read it.
  await page.keyboard.press(' ');
  await page.fill('[data-part="frame-input"]', '3');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction(() => window.__viewer.frame === 3);
  await page.waitForFunction(() => /turn 3 \{"mine":\d+\}/.test(document.querySelector('[data-part="log-body"]').textContent));
  await page.selectOption('[data-part="log-filter"]', '0');
  await page.waitForFunction(() => document.querySelector('[data-part="log-body"]').textContent.startsWith('turn 3'));
  await page.fill('[data-part="frame-input"]', '0');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction(() => /--- start ---\ninit 20 20 1/.test(document.querySelector('[data-part="log-body"]').textContent));
  await page.screenshot({ path: path.join(shots, 'url-bot-logs.png') });
  // The logs are kept with the game when it is downloaded.
  const { bytes } = await downloadBytes(page);
  const saved = JSON.parse(bytes.toString('utf8'));
  assert.match(saved.bot_logs[0][3], /^turn 3 /);
  assert.equal(saved.player_names[0], 'Logger');
  await page.done();
});

test('a looping bot is ejected within its budget while the page keeps answering; throwing and garbage bots too, with reasons', { timeout: 60000 }, async () => {
  const page = await open('?bots=/test-bots/loop.js,/test-bots/throw.js,/test-bots/garbage.js,greedy,expander&seed=5&size=24x24&turnMs=1500');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 20000 });
  // While the looper spins (1.5 s), the page answers input: time key presses to their effect.
  const latencies = [];
  for (let k = 0; k < 5; k++) {
    const before = await page.inputValue('[data-part="speed"]');
    const t0 = Date.now();
    await page.keyboard.press(k % 2 ? 'ArrowDown' : 'ArrowUp');
    await page.waitForFunction((b) => document.querySelector('[data-part="speed"]').value !== b, before);
    latencies.push(Date.now() - t0);
    await page.waitForTimeout(150);
  }
  console.log(`# input latency while a bot loops: ${latencies.join(', ')} ms (median ${latencies.sort((a, b) => a - b)[2]} ms)`);
  await page.waitForFunction(() => document.querySelectorAll('.player-status[data-kind="ejected"]').length === 3, null, { timeout: 20000 });
  const statuses = await page.$$eval('.players .player-status', (els) => els.map((e) => e.textContent));
  assert.match(statuses[0], /ejected at frame \d+: timed out \(no answer within 1,500 ms\)/);
  assert.match(statuses[1], /ejected at frame \d+: threw: bot bug on purpose/);
  assert.match(statuses[2], /ejected at frame \d+: answered garbage: move 0 has non-integer x, y or dir/);
  const before = (await state(page)).numFrames;
  await page.waitForFunction((n) => window.__viewer.numFrames > n + 3, before, { timeout: 20000 });
  await page.screenshot({ path: path.join(shots, 'ejections.png') });
  await page.done();
});

test('the same seed and bots give the same replay twice, and it re-simulates clean natively', { timeout: 120000 }, async () => {
  const play = async () => {
    const page = await open('?bots=expander,bots/example.js&seed=7&size=20x20&speed=60');
    await page.waitForSelector('[data-part="result"]:not([hidden])', { timeout: 60000 });
    const got = await downloadBytes(page);
    const gz = await downloadBytes(page, 'download-gz');
    await page.done();
    return { ...got, gz };
  };
  const a = await play();
  const b = await play();
  assert.equal(a.name, 'live-seed7.hlt');
  assert.ok(a.bytes.equals(b.bytes), 'byte-identical replays');
  // The compressed download: the same replay gzipped, a fraction of its size.
  assert.equal(a.gz.name, 'live-seed7.hlt.gz');
  assert.ok(zlib.gunzipSync(a.gz.bytes).equals(a.bytes), 'the gzip holds the plain replay');
  assert.ok(a.gz.bytes.length * 5 < a.bytes.length, `compressed ${a.gz.bytes.length} of ${a.bytes.length} bytes`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halite-e2e-'));
  for (const f of [a, a.gz]) {
    const file = path.join(dir, f.name);
    fs.writeFileSync(file, f.bytes);
    const out = spawnSync(haliteBin(), ['verify', file], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stdout + out.stderr);
    assert.match(out.stdout, /: ok$/m);
  }
});

test('continue from here with the recorded moves replays the rest of a reference game', { timeout: 120000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}&frame=80`);
  await waitReplay(page, hlt.num_frames);
  await page.click('[data-part="continue"]');
  const dialog = page.locator('[data-part="continue-dialog"]');
  await dialog.waitFor({ state: 'visible' });
  assert.match(await page.textContent('[data-part="continue-title"]'), /Continue from frame 80/);
  assert.deepEqual(await page.$$eval('[data-part="continue-seats"] select', (els) => els.map((e) => e.value)), ['recorded', 'recorded']);
  await page.screenshot({ path: path.join(shots, 'continue-dialog.png') });
  await page.click('[data-part="continue-play"]');
  await page.waitForFunction(() => window.__viewer.kind === 'live', null, { timeout: 20000 });
  for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowUp');
  await page.waitForSelector('[data-part="result"]:not([hidden])', { timeout: 60000 });
  const { name, bytes } = await downloadBytes(page);
  assert.equal(name, 's101-20x20-greedy-chaos-continued.hlt');
  const saved = JSON.parse(bytes.toString('utf8'));
  assert.equal(saved.num_frames, hlt.num_frames);
  for (const t of [80, 81, 120, hlt.num_frames - 1]) assert.deepEqual(saved.frames[t], hlt.frames[t], `frame ${t}`);
  await page.done();
});

test('the Continue dialog has the seat list of every set-up: a seat without a bot address is named in its row and the dialog stays open', { timeout: 120000 }, async () => {
  const hlt = fixture(S101);
  const page = await open(`?replay=replays/${S101}&frame=80`);
  await waitReplay(page, hlt.num_frames);
  await page.click('[data-part="continue"]');
  const dialog = page.locator('[data-part="continue-dialog"]');
  await dialog.waitFor({ state: 'visible' });
  const seat = '[data-part="continue-seats"] select[data-seat="1"]';
  const values = await page.$$eval(`${seat} option`, (o) => o.map((x) => x.value));
  assert.deepEqual(values.slice(0, 2), ['recorded', 'human'], 'recorded moves first, then the person');
  assert.ok(values.includes('greedy') && values.includes('@url') && values.includes('@file'), `built-in bots, a module URL and a bot file are offered: ${values}`);
  assert.equal(await page.getAttribute(seat, 'aria-label'), `Seat 2 (${hlt.player_names[1]})`);
  await page.selectOption(seat, '@url');
  await page.click('[data-part="continue-play"]');
  assert.equal(await dialog.isVisible(), true, 'the dialog stays open');
  assert.match(await page.textContent('[data-part="continue-seats"] .seat-row:nth-child(2) .seat-row-error'), /address of a bot module/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.part), 'seat-url', 'the empty address has the focus');
  assert.equal(await page.evaluate(() => window.__viewer.kind), 'replay', 'no game started');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.done();
});

test('no console errors anywhere', () => {
  assert.deepEqual(errors, []);
});
