// End-to-end tests of Halite II in the built app (dist/), in headless Chromium: a live game
// between a bot module loaded by URL (the starter bot, served by the test) and the built-in
// settler, downloaded and re-simulated by the native `halite verify`; the play page's set-up with
// Halite II chosen (seat counts of 1, 2 or 4, the game's own map sizes, no fog) starting a game
// with the chosen seats; the arena playing Halite II games with TrueSkill standings. Screenshots
// of the set-up pages at 1280x800 and 390x844 go to www/tests/screenshots/.
//
//   node --test www/tests/halite2-play.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { downloadBytes, openPage } from './support/page.mjs';
import { compileSources } from './support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'dist');
const shots = path.join(here, 'screenshots');

let server;
let browser;

/** The native binary that re-simulates a replay (built by `cargo build --release` if missing). */
function releaseBin() {
  const bin = path.join(root, 'target/release/halite');
  if (!fs.existsSync(bin)) spawnSync('cargo', ['build', '--release', '--quiet', '--bin', 'halite'], { cwd: root, stdio: 'inherit' });
  return bin;
}

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: build the app first with `npm run build` (or `npx webpack --mode production` after `npm run build:wasm`)');
  }
  const src = compileSources();
  const { HALITE2_STARTER } = src.load('games/halite2/starter.js');
  src.cleanup();
  fs.mkdirSync(shots, { recursive: true });
  const { chromium } = await import('playwright-core');
  server = await serve(dist, { '/h2-bots/starter.mjs': { type: 'text/javascript; charset=utf-8', body: Buffer.from(HALITE2_STARTER) } });
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const open = (search, viewport) => openPage(browser, server.url, search, viewport);

test('a bot loaded by URL plays the settler; the downloaded replay re-simulates clean natively', { timeout: 180000 }, async () => {
  const page = await open('?game=halite2&bots=/h2-bots/starter.mjs,settler&seed=5&size=240x160&speed=60');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 3, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__viewer.game), 'halite2');
  assert.deepEqual(await page.evaluate(() => [window.__viewer.width, window.__viewer.height]), [240, 160]);
  await page.waitForSelector('[data-part="result"]:not([hidden])', { timeout: 150000 });
  await page.screenshot({ path: path.join(shots, 'h2-live-url-bot.png') });
  const { name, bytes } = await downloadBytes(page);
  assert.match(name, /seed5/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'halite2-e2e-')), name);
  fs.writeFileSync(file, bytes);
  const out = spawnSync(releaseBin(), ['verify', file], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /ok$/m);
  const stats = spawnSync(releaseBin(), ['stats', file], { encoding: 'utf8' });
  assert.match(stats.stdout, /My bot/, 'the module named its seat');
  assert.match(stats.stdout, /Settler/);
  await page.done();
});

test('the play page with Halite II chosen: seats of 1, 2 or 4, its own map sizes, no fog; Start plays the chosen seats', { timeout: 120000 }, async () => {
  const page = await open('?play&game=halite2');
  await page.waitForSelector('[data-part="seats"] .seat-row');
  assert.equal(await page.inputValue('[data-part="game"]'), 'halite2');
  assert.equal(await page.isVisible('[data-part="fog-field"]'), false, 'no Blitz fog for Halite II');
  const seats = () => page.$$eval('[data-part="seats"] [data-part="seat-select"]', (s) => s.map((x) => x.value));
  assert.equal((await seats()).length, 2);
  const builtins = await page.$$eval('[data-part="seats"] .seat-row:first-child [data-part="seat-select"] optgroup[label="Built-in bots"] option', (o) => o.map((x) => x.value));
  assert.deepEqual(builtins, ['settler', 'aggressive', 'wanderer'], 'the game’s visible built-ins');
  // From 2 seats the next count is 4: one click adds two; removing one goes back to 2.
  assert.match(await page.textContent('[data-part="add-seat"]'), /Add 2 seats/);
  await page.click('[data-part="add-seat"]');
  assert.equal((await seats()).length, 4);
  assert.equal(await page.isDisabled('[data-part="add-seat"]'), true);
  await page.screenshot({ path: path.join(shots, 'h2-play-setup-4.png'), fullPage: true });
  await page.click('[data-part="seats"] .seat-row:nth-child(3) .seat-row-remove');
  assert.equal((await seats()).length, 2);
  // Down to one seat (a game alone), then back.
  await page.click('[data-part="seats"] .seat-row:nth-child(2) .seat-row-remove');
  assert.equal((await seats()).length, 1);
  await page.click('[data-part="add-seat"]');
  assert.equal((await seats()).length, 2);
  // The map: the game's sizes in a list.
  const sizes = await page.$$eval('[data-part="size-choice"] option', (o) => o.map((x) => x.value));
  assert.deepEqual(sizes, ['240×160', '264×176', '288×192', '312×208', '336×224', '360×240', '384×256']);
  assert.equal(await page.isVisible('[data-part="width"]'), false);
  await page.selectOption('[data-part="seats"] .seat-row:nth-child(1) [data-part="seat-select"]', 'settler');
  await page.selectOption('[data-part="seats"] .seat-row:nth-child(2) [data-part="seat-select"]', 'aggressive');
  await page.uncheck('[data-part="size-random"]');
  await page.selectOption('[data-part="size-choice"]', '288×192');
  await page.fill('[data-part="seed"]', '12');
  // Screenshots of the set-up, laptop and phone.
  await page.screenshot({ path: path.join(shots, 'h2-play-setup.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(shots, 'h2-play-setup-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await Promise.all([page.waitForURL(/bots=/), page.click('[data-part="start"]')]);
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('game'), 'halite2');
  assert.equal(q.get('bots'), 'settler,aggressive');
  assert.equal(q.get('size'), '288x192');
  assert.equal(q.get('seed'), '12');
  assert.equal(q.get('fog'), null);
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 5, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__viewer.game), 'halite2');
  assert.deepEqual(await page.evaluate(() => [window.__viewer.width, window.__viewer.height]), [288, 192]);
  await page.done();
});

test('the play page switches games, and a new bot starts from the game’s starter', { timeout: 60000 }, async () => {
  const page = await open('?play');
  await page.waitForSelector('[data-part="seats"] .seat-row');
  assert.equal(await page.inputValue('[data-part="game"]'), 'halite1');
  assert.equal(await page.isVisible('[data-part="fog-field"]'), true, 'Halite I keeps Blitz fog');
  await Promise.all([page.waitForURL(/game=halite2/), page.selectOption('[data-part="game"]', 'halite2')]);
  await page.waitForSelector('[data-part="seats"] .seat-row');
  assert.equal(await page.inputValue('[data-part="game"]'), 'halite2');
  await page.click('[data-part="new-bot"]');
  await page.waitForFunction(() => /My Halite II bot/.test(document.querySelector('.cm-content')?.textContent ?? ''), null, { timeout: 20000 });
  await page.done();
});

test('the arena plays Halite II games (settler against aggressive) and rates them', { timeout: 240000 }, async () => {
  const page = await open('?arena&game=halite2&bots=settler,aggressive&games=4&size=240x160&seed=21&parallel=2');
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 20000 });
  assert.equal(await page.inputValue('[data-part="game"]'), 'halite2');
  assert.equal(await page.inputValue('[data-part="size-kind"]'), 'fixed');
  assert.equal(await page.inputValue('[data-part="size-list"]'), '240×160');
  assert.equal(await page.isVisible('[data-part="fog-field"]'), false);
  await page.screenshot({ path: path.join(shots, 'h2-arena-setup.png') });
  await page.click('[data-part="start"]');
  await page.waitForFunction(() => window.__arena.state === 'done' && window.__arena.rated === 4, null, { timeout: 220000, polling: 200 });
  const rows = await page.evaluate(() => window.__arena.rows());
  assert.equal(rows.length, 2);
  for (const r of rows) {
    assert.equal(r.games, 4);
    assert.equal(r.rated, 4);
    assert.equal(r.timeouts + r.otherEjections, 0, `${r.name}: no ejections`);
    assert.ok(Number.isFinite(r.rating.mu) && Number.isFinite(r.rating.sigma));
  }
  assert.equal(rows[0].wins + rows[1].wins, 4);
  const games = await page.evaluate(() => window.__arena.games());
  assert.ok(games.every((g) => g.width === 240 && g.height === 160));
  assert.match(new URL(page.url()).search, /game=halite2/, 'the run is linked with its game');
  console.log(`arena (Halite II, 4 games 240x160): ${rows.map((r) => `${r.name} ${r.wins} wins, μ ${r.rating.mu.toFixed(1)} σ ${r.rating.sigma.toFixed(1)}`).join('; ')}`);
  // A game of the run: downloaded, it re-simulates clean natively; opened, the viewer shows it.
  const first = page.locator('[data-part="games-body"] tr').first();
  const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: /^Download/ }).click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'halite2-arena-')), download.suggestedFilename());
  fs.writeFileSync(file, fs.readFileSync(await download.path()));
  const out = spawnSync(releaseBin(), ['verify', file], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /ok$/m);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.getByRole('link', { name: /^Open game 1/ }).click()]);
  await tab.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20000 });
  assert.equal(await tab.evaluate(() => window.__viewer.game), 'halite2');
  assert.equal(await tab.evaluate(() => window.__viewer.numFrames), games[0].turns + 1);
  await tab.close();
  await page.screenshot({ path: path.join(shots, 'h2-arena.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(shots, 'h2-arena-phone.png'), fullPage: true });
  await page.done();
});

test('the arena with any of Halite II’s sizes, and four seats', { timeout: 60000 }, async () => {
  const page = await open('?arena&game=halite2&bots=settler,aggressive,settler,wanderer&games=2&size=any', { width: 390, height: 844 });
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 20000 });
  assert.equal(await page.inputValue('[data-part="size-kind"]'), 'choice');
  assert.equal(await page.$$eval('[data-part="seat-select"]', (s) => s.length), 4);
  // Four seats down to two at once (three is not a Halite II game).
  await page.click('.seat-row:nth-child(4) .seat-row-remove');
  assert.equal(await page.$$eval('[data-part="seat-select"]', (s) => s.length), 2);
  assert.equal(await page.isDisabled('.seat-row:nth-child(1) .seat-row-remove'), true, 'two is the fewest');
  await page.screenshot({ path: path.join(shots, 'h2-arena-setup-phone.png'), fullPage: true });
  await page.done();
});
