// Each game's engine is its own WebAssembly binary; the reading of its replay files another, their
// writing a third, its lessons a fourth and bots' forward model a fifth: the built app (dist/)
// holds five per game (pkg/games.json, the build's list), each within a size limit; a page
// fetches only the binaries of the game it shows, the reader only when it opens a replay file,
// the writer only when it saves one, and the learn module only for lessons (every request of the
// page and its workers, listed by playwright).
//
//   node --test www/tests/engines.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage } from './support/page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'dist');
const GAMES = JSON.parse(fs.readFileSync(path.join(root, 'pkg/games.json'), 'utf8'));

/** The most one game's binary may weigh, raw and compressed (gzip -9), in bytes: what a page may
 * download for one part of one game (docs/performance.md, "WebAssembly sizes"). */
const LIMIT = { raw: 350_000, gzip: 130_000 };

/** The game whose binary a file or address is (`<id>_bg.<hash>.wasm`, or
 * `<id>-<part>_bg.<hash>.wasm` for its read, write, learn or sim part), or null. */
function gameOf(name) {
  const m = /(?:^|\/)([a-z0-9]+)(?:-read|-write|-learn|-sim)?_bg\.[0-9a-f]+\.wasm$/.exec(name);
  return m ? m[1] : null;
}

/** The package a binary comes from: `<id>` (the engine), `<id>-read` (its reader), `<id>-write`
 * (its writer), `<id>-learn` (its learn module) or `<id>-sim` (its forward model). */
function packageOf(name) {
  const m = /(?:^|\/)([a-z0-9]+(?:-read|-write|-learn|-sim)?)_bg\.[0-9a-f]+\.wasm$/.exec(name);
  return m ? m[1] : null;
}

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  const { chromium } = await import('playwright-core');
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('dist/ holds five wasm binaries per game (engine, read, write, learn, sim), each within the size limit', () => {
  const wasm = fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 5 * GAMES.length, `five binaries per game: ${wasm.join(', ')}`);
  assert.deepEqual(wasm.map(packageOf).sort(), GAMES.flatMap((id) => [id, `${id}-read`, `${id}-write`, `${id}-learn`, `${id}-sim`]).sort(), 'each named after its game and part');
  for (const file of wasm) {
    const bytes = fs.readFileSync(path.join(dist, file));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    assert.ok(bytes.length <= LIMIT.raw, `${file}: ${bytes.length} bytes (limit ${LIMIT.raw})`);
    assert.ok(gz <= LIMIT.gzip, `${file}: ${gz} bytes gzipped (limit ${LIMIT.gzip})`);
    // The same bytes as the game's package: the build emits the binary as it is.
    assert.ok(bytes.equals(fs.readFileSync(path.join(root, 'pkg', packageOf(file), `${packageOf(file)}_bg.wasm`))), `${file} is pkg's binary`);
  }
});

/** Opens `search`, waits until `ready` (by default: the replay is checked and drawn), does `act`
 * (if any) and waits until the network is idle; the wasm binaries the page and its workers
 * fetched (not the service worker). */
async function wasmFetched(search, ready = () => document.querySelector('[data-part="badge"]')?.dataset.state === 'ok' && document.querySelector('canvas[data-part="map"]')?.width > 0, act = null) {
  const fetched = [];
  const page = await openPage(browser, server.url, search, undefined, (context) => {
    context.on('request', (r) => {
      // The page's and its workers' fetches; the service worker's own (it keeps the whole built
      // app for offline use, after the page has loaded) are not what the page needs.
      if (r.serviceWorker()) return;
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.wasm')) fetched.push(p);
    });
  });
  await page.waitForFunction(ready, null, { timeout: 60000 });
  if (act) await act(page);
  // The page's own engine loads when it is idle: wait for everything it fetches.
  await page.waitForLoadState('networkidle');
  await page.done();
  return fetched;
}

test("a Halite I replay page fetches Halite I's binaries only: its engine and its reader", async () => {
  const fetched = await wasmFetched('?replay=replays/s101-20x20-greedy-chaos.hlt.gz');
  assert.ok(fetched.length >= 1, 'the engine was fetched');
  assert.deepEqual([...new Set(fetched.map(gameOf))], ['halite1'], `fetched: ${fetched.join(', ')}`);
  assert.deepEqual([...new Set(fetched.map(packageOf))].sort(), ['halite1', 'halite1-read'], `fetched: ${fetched.join(', ')}`);
});

test("a Halite II replay page fetches Halite II's binaries only: its engine and its reader", async () => {
  const fetched = await wasmFetched('?replay=replays/h2-g01-240x160-settler-vs-settler.hlt');
  assert.ok(fetched.length >= 1, 'the engine was fetched');
  assert.deepEqual([...new Set(fetched.map(gameOf))], ['halite2'], `fetched: ${fetched.join(', ')}`);
  assert.deepEqual([...new Set(fetched.map(packageOf))].sort(), ['halite2', 'halite2-read'], `fetched: ${fetched.join(', ')}`);
});

test('a live game fetches its engine only: no reader or writer until a replay file is opened or saved', async () => {
  for (const [search, id] of [
    ['?bots=greedy,greedy&seed=3&size=20x20&speed=60', 'halite1'],
    ['?game=halite2&bots=settler,settler&seed=3&size=240x160&speed=60', 'halite2'],
  ]) {
    const fetched = await wasmFetched(search, () => window.__viewer?.kind === 'live' && window.__viewer.numFrames > 3 && document.querySelector('canvas[data-part="map"]')?.width > 0);
    assert.deepEqual([...new Set(fetched.map(packageOf))], [id], `${search}: fetched ${fetched.join(', ')}`);
  }
});

test('saving a live game fetches its writer, and no reader', async () => {
  for (const [search, id] of [
    ['?bots=greedy,greedy&seed=3&size=20x20&speed=60', 'halite1'],
    ['?game=halite2&bots=settler,settler&seed=3&size=240x160&speed=60', 'halite2'],
  ]) {
    let saved = 0;
    const fetched = await wasmFetched(
      search,
      () => window.__viewer?.kind === 'live' && window.__viewer.numFrames > 3 && document.querySelector('canvas[data-part="map"]')?.width > 0,
      async (page) => {
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-part="download"]')]);
        saved = fs.statSync(await download.path()).size;
      },
    );
    assert.ok(saved > 100, `${search}: a replay of ${saved} bytes was saved`);
    assert.deepEqual([...new Set(fetched.map(packageOf))].sort(), [id, `${id}-write`], `${search}: fetched ${fetched.join(', ')}`);
  }
});

test("a lesson fetches its game's learn module only", async () => {
  for (const [lesson, id] of [
    ['wrap-around', 'halite1'],
    ['h2-thrust', 'halite2'],
  ]) {
    // The lesson's view is drawn once its module has loaded.
    const fetched = await wasmFetched(`?learn=${lesson}`, () => document.querySelector('[data-part="turn"]') !== null);
    assert.deepEqual([...new Set(fetched.map(packageOf))], [`${id}-learn`], `${lesson}: fetched ${fetched.join(', ')}`);
  }
});
