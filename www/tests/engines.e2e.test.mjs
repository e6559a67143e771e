// Each game's engine is its own WebAssembly binary: the built app (dist/) holds one per game
// (pkg/games.json, the build's list), each within a size limit, and a page fetches only the
// binary of the game it shows (every request of the page and its workers, listed by playwright).
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

/** The most one game's binary may weigh, raw and compressed (gzip -9), in bytes: above every
 * game's size today (README, "Sizes"), so that none grows unnoticed. */
const LIMIT = { raw: 800_000, gzip: 300_000 };

/** The game whose binary a file or address is (`<id>_bg.<hash>.wasm`), or null. */
function gameOf(name) {
  const m = /(?:^|\/)([a-z0-9]+)_bg\.[0-9a-f]+\.wasm$/.exec(name);
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

test('dist/ holds one wasm binary per game, each within the size limit', () => {
  const wasm = fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, GAMES.length, `one binary per game: ${wasm.join(', ')}`);
  assert.deepEqual(wasm.map(gameOf).sort(), [...GAMES].sort(), 'each named after its game');
  for (const file of wasm) {
    const bytes = fs.readFileSync(path.join(dist, file));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    assert.ok(bytes.length <= LIMIT.raw, `${file}: ${bytes.length} bytes (limit ${LIMIT.raw})`);
    assert.ok(gz <= LIMIT.gzip, `${file}: ${gz} bytes gzipped (limit ${LIMIT.gzip})`);
    // The same bytes as the game's package: the build emits the binary as it is.
    assert.ok(bytes.equals(fs.readFileSync(path.join(root, 'pkg', gameOf(file), `${gameOf(file)}_bg.wasm`))), `${file} is pkg's binary`);
  }
});

/** Opens `search`, waits until the replay is checked and the network is idle; the wasm binaries
 * the page and its workers fetched, by game. */
async function wasmFetched(search) {
  const fetched = [];
  const page = await openPage(browser, server.url, search, undefined, (context) => {
    context.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.wasm')) fetched.push(p);
    });
  });
  await page.waitForFunction(() => document.querySelector('[data-part="badge"]')?.dataset.state === 'ok', null, { timeout: 60000 });
  // The page's own engine loads when it is idle: wait for everything it fetches.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('canvas[data-part="map"]')?.width > 0);
  await page.done();
  return fetched;
}

test("a Halite I replay page fetches Halite I's binary only", async () => {
  const fetched = await wasmFetched('?replay=replays/s101-20x20-greedy-chaos.hlt.gz');
  assert.ok(fetched.length >= 1, 'the engine was fetched');
  assert.deepEqual([...new Set(fetched.map(gameOf))], ['halite1'], `fetched: ${fetched.join(', ')}`);
});

test("a Halite II replay page fetches Halite II's binary only", async () => {
  const fetched = await wasmFetched('?replay=replays/h2-g01-240x160-settler-vs-settler.hlt');
  assert.ok(fetched.length >= 1, 'the engine was fetched');
  assert.deepEqual([...new Set(fetched.map(gameOf))], ['halite2'], `fetched: ${fetched.join(', ')}`);
});
