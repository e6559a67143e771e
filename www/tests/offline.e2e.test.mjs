// The app with no network, against the built app (dist/) behind the plain static server, in
// headless Chromium:
// - after one visit (the service worker has installed and kept the build), the server is stopped
//   and the app still works: the home page plays a live game between built-in bots, the sample
//   replays of both games open, a lesson opens and its board is there, the arena plays its games,
//   a bot kept in the page's library plays in its sandbox, and a replay file the person opens is
//   shown; screenshots of the offline home page (1280x800 and 390x844);
// - an update: a changed build served from the same address installs beside the running one, the
//   page says a new version is ready and its game keeps running; the next load runs the new
//   version and says "Updated to the latest version";
// - on a first visit to a replay link, the service worker registers (and starts downloading the
//   whole app) only once the replay is read, drawn, its statistics computed and its rules checked;
// - the web app manifest parses, has what installing needs, and its icons have their sizes.
//
//   node --test www/tests/offline.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');
const S103 = path.resolve(here, '../../tests/fixtures/halite1/s103-25x25-greedy1-greedy1-chaos.hlt.gz');

let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'sw.js'))) throw new Error('dist/ is missing or not a production build: build it with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
});

/** A page that keeps its uncaught errors. */
async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** Waits until the service worker is active and has every file of its list in its cache. */
async function untilKept(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const text = await (await fetch(reg.active.scriptURL)).text();
    const names = await caches.keys();
    const kept = [];
    for (const n of names) kept.push(...(await (await caches.open(n)).keys()).map((r) => r.url));
    return { text, kept };
  });
}

/** The live game's frames so far. */
const liveFrames = (page) => page.evaluate(() => (window.__viewer && window.__viewer.kind === 'live' ? window.__viewer.numFrames : -1));

/** A game with the person in a seat, in progress: it waits for them, so it never ends while a
 * test takes its time (a game between bots can finish on a fast machine before the update does).
 * Ends the person's turn and checks the game plays on to their next one. */
async function advances(page, label) {
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 3, null, { timeout: 30_000 });
  const a = await liveFrames(page);
  await page.waitForFunction((a) => window.__viewer.numFrames > a + 2, a, { timeout: 30_000 });
  const b = await liveFrames(page);
  assert.ok(b > a, `${label}: the game plays on (${a} -> ${b} frames)`);
}

async function personPlaysOn(page, label) {
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && typeof window.__viewer.humanTurn === 'number', null, { timeout: 30_000 });
  const t = await page.evaluate(() => window.__viewer.humanTurn);
  await page.click('[data-part="end"]');
  await page.waitForFunction((t) => window.__viewer.humanTurn > t, t, { timeout: 30_000 });
  const next = await page.evaluate(() => window.__viewer.humanTurn);
  assert.ok(next > t, `${label}: the game plays on (turn ${t} -> ${next})`);
}

/** The service worker's version, asked of the worker that controls the page. */
const servingVersion = (page) =>
  page.evaluate(
    () =>
      new Promise((res) => {
        const c = navigator.serviceWorker.controller;
        if (!c) return res(null);
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => res(e.data.version);
        c.postMessage({ type: 'version' }, [ch.port2]);
      }),
  );

test('after one visit the app works with no network at all', { timeout: 300_000 }, async () => {
  const server = await serve(dist);
  const url = server.url;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await newPage(context);
  await page.goto(url);
  await advances(page, 'online home page');
  const { text, kept } = await untilKept(page);
  const files = JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(text)[1])).files;
  assert.ok(files.includes('index.html') && files.includes('bot-host.html') && files.includes('manifest.webmanifest'), 'the app shell is in the list');
  assert.ok(files.some((f) => f.endsWith('.wasm')) && files.some((f) => f.startsWith('replays/')), 'engines and sample replays are in the list');
  assert.ok(!files.some((f) => f.endsWith('.map')), 'no source map is kept');
  for (const f of files) assert.ok(kept.includes(new URL(f, url).href), `${f} is kept`);
  // A bot of the person's own, kept in the page's library (as the editor saves it).
  const bot = {
    id: 'homebody',
    name: 'Homebody',
    code: "export const name = 'Homebody';\nexport default function bot(obs) { return []; }\n",
    origin: 'editor',
    updated: Date.now(),
  };
  await page.evaluate((b) => localStorage.setItem('halite.bots.v1', JSON.stringify([b])), bot);

  await server.close();
  const nothing = await page.evaluate(async (u) => {
    try {
      await fetch(`${u}?probe=${Math.random()}`, { cache: 'no-store' });
      return false;
    } catch {
      return true;
    }
  }, url);
  assert.ok(nothing, 'the server is gone');

  // The home page: a live game between built-in bots.
  await page.reload();
  await advances(page, 'offline home page');
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is served by the service worker');
  await page.screenshot({ path: path.join(shots, 'offline-1280x800.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, 'offline-390x844.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every sample replay of both games.
  for (const f of files.filter((f) => f.startsWith('replays/'))) {
    await page.goto(`${url}?replay=${f}`);
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 1, null, { timeout: 30_000 });
    assert.match(await page.textContent('[data-part="title"]'), /\S/, `${f} shows its title`);
  }

  // A lesson, with its board.
  await page.goto(`${url}?learn=wrap-around`);
  await page.waitForSelector('[role="grid"]', { timeout: 30_000 });

  // The arena plays its games.
  await page.goto(`${url}?arena&bots=greedy,random&games=2&size=20x20&seed=7`);
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 30_000 });
  await page.click('[data-part="start"]');
  await page.waitForFunction(() => window.__arena.state === 'done' && window.__arena.done === 2, null, { timeout: 120_000, polling: 200 });

  // The person's own bot, in its sandbox, against a built-in one.
  await page.goto(`${url}?bots=greedy,saved:${bot.id}&size=20x20&seed=3`);
  await advances(page, 'a saved bot offline');
  assert.equal(await page.locator('iframe.bot-host-frame').count(), 1, 'the bot runs in a sandbox of its own');
  assert.equal(await page.locator('iframe.bot-host-frame').getAttribute('sandbox'), 'allow-scripts');
  const names = await page.$$eval('.players .player-name', (els) => els.map((e) => e.textContent));
  assert.ok(names.some((n) => n.includes('Homebody')), `the saved bot plays (${names.join(', ')})`);
  await page.waitForFunction(() => document.querySelector('[data-part="title"]')?.textContent.includes('Homebody'), null, { timeout: 10_000 });

  // A replay file the person opens.
  await page.goto(url);
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 30_000 });
  await page.setInputFiles('[data-part="file"]', S103);
  await page.waitForFunction(() => window.__viewer.kind === 'replay' && window.__viewer.numFrames > 1, null, { timeout: 30_000 });
  assert.match(await page.textContent('[data-part="title"]'), /vs/);

  assert.deepEqual(page.errors, [], 'no uncaught error');
  await context.close();
});

test('an update never breaks a game in progress; the next load runs it and says so', { timeout: 180_000 }, async () => {
  // A copy of the build, changed in place later: the same address serves the next version.
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'halite-offline-'));
  fs.cpSync(dist, site, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const server = await serve(site);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(context);
    await page.goto(server.url);
    await untilKept(page);
    // A game in progress through the whole update: the person's turns keep coming.
    await page.goto(`${server.url}?bots=human,greedy&size=30x30&seed=11`);
    await personPlaysOn(page, 'the first version');
    const first = await servingVersion(page);
    assert.match(first, /^[0-9a-f]{16}$/);

    // The next version of the build.
    const swFile = path.join(site, 'sw.js');
    const next = first.split('').reverse().join('') === first ? `0${first.slice(1)}` : first.split('').reverse().join('');
    fs.writeFileSync(swFile, fs.readFileSync(swFile, 'utf8').replaceAll(first, next));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null, null, { timeout: 60_000, polling: 200 });
    await page.getByText('A new version is ready: it will be used next time you open the page.').waitFor({ timeout: 10_000 });
    // The game keeps running on the version it started with.
    await personPlaysOn(page, 'while the new version waits');
    assert.equal(await servingVersion(page), first, 'the running page stays on its version');

    // The next load.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.getByText('Updated to the latest version.').waitFor({ timeout: 30_000 });
    assert.equal(await servingVersion(page), next, 'the new version serves the page');
    await personPlaysOn(page, 'under the new version');
    const cacheNames = await page.evaluate(() => caches.keys());
    assert.deepEqual(cacheNames, [`halite-app-${next}`], 'the old version\u2019s files are gone');
    assert.deepEqual(page.errors, [], 'no uncaught error');
    await context.close();
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('a first visit to a replay link keeps the app offline only after the replay is shown and checked', { timeout: 120_000 }, async () => {
  const server = await serve(dist);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await newPage(context);
    // What the page shows at the moment it registers the service worker.
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.__atRegister = {
          badge: document.querySelector('[data-part="badge"]')?.dataset.state ?? null,
          graphFrames: Number(document.querySelector('[data-part="graphs"]')?.dataset.frames ?? 0),
        };
        return register.apply(this, args);
      };
    });
    await page.goto(`${server.url}?replay=replays/s103-25x25-greedy1-greedy1-chaos.hlt.gz`);
    await page.waitForFunction(() => window.__atRegister !== undefined, null, { timeout: 60_000 });
    const at = await page.evaluate(() => window.__atRegister);
    assert.equal(at.badge, 'ok', 'the rules check had finished when the service worker registered');
    assert.ok(at.graphFrames > 1, `the statistics were on the graphs when it registered (${at.graphFrames} frames)`);
    // And it then keeps the app as on any other page.
    const { kept } = await untilKept(page);
    assert.ok(kept.some((u) => u.endsWith('.wasm')), 'the engines are kept');
    assert.deepEqual(page.errors, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test('the web app manifest has what installing needs, and its icons have their sizes', { timeout: 60_000 }, async () => {
  const server = await serve(dist);
  try {
    const context = await browser.newContext();
    const page = await newPage(context);
    await page.goto(server.url);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    assert.ok(href, 'the page links its manifest');
    assert.ok(await page.getAttribute('meta[name="theme-color"]', 'content'));
    const manifestUrl = new URL(href, server.url);
    const m = JSON.parse(await (await fetch(manifestUrl)).text());
    assert.ok(m.name && m.short_name, 'names');
    assert.equal(m.display, 'standalone');
    assert.equal(new URL(m.start_url, manifestUrl).href, server.url, 'starts at the app');
    assert.ok(new URL(m.start_url, manifestUrl).href.startsWith(new URL(m.scope, manifestUrl).href), 'the start is in scope');
    assert.match(m.theme_color, /^#[0-9a-f]{6}$/i);
    assert.match(m.background_color, /^#[0-9a-f]{6}$/i);
    const pngs = m.icons.filter((i) => i.type === 'image/png');
    for (const want of ['192x192', '512x512']) assert.ok(pngs.some((i) => i.sizes === want), `a ${want} icon`);
    assert.ok(pngs.some((i) => (i.purpose ?? '').split(' ').includes('maskable')), 'a maskable icon');
    for (const icon of pngs) {
      const r = await fetch(new URL(icon.src, manifestUrl));
      assert.equal(r.status, 200, `${icon.src} is there`);
      const b = Buffer.from(await r.arrayBuffer());
      assert.equal(b.subarray(1, 4).toString('latin1'), 'PNG', `${icon.src} is a PNG`);
      assert.equal(`${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`, icon.sizes, `${icon.src} has its declared size`);
    }
    await context.close();
  } finally {
    await server.close();
  }
});
