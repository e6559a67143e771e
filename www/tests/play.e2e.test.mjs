// End-to-end tests of the play page (`?play`) in headless Chromium: the set-up form, the bot
// editor (typing, autosave, Ctrl+S, leaving it by keyboard), bots kept across a reload and played
// on the watch page, a saved endless loop that must not freeze the page, bot files picked,
// dropped and given to a seat, and the form's checks. The production build must exist (dist/).
//
//   node --test www/tests/play.e2e.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage } from './support/page.mjs';
import { ANSWER_MS } from './support/responsive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'dist');
const shots = path.join(here, 'screenshots');
const KEY = 'halite.bots.v1';

let chromium;
let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: build the app first with `npm run build` (or `npx webpack --mode production` after `npm run build:wasm`)');
  }
  ({ chromium } = await import('playwright-core'));
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new page (own storage) that records console errors and uncaught exceptions. `bots`: saved
 * bots put in the library before the page loads. */
async function open(search = '?play', { viewport = { width: 1280, height: 800 }, bots = null } = {}) {
  const page = await openPage(browser, server.url, search, viewport, async (context) => {
    // Main-thread tasks over 50 ms, for the measurements printed below.
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    if (bots) await context.addInitScript(([key, value]) => localStorage.getItem(key) === null && localStorage.setItem(key, value), [KEY, JSON.stringify(bots)]);
  });
  await page.waitForSelector('[data-part="seats"] .seat-row');
  return page;
}

/** Waits until `f()` holds (node side). */
async function waitFor(f, what, ms = 10000) {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const library = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), KEY);
const botNames = (page) => page.$$eval('[data-part="bot-list"] .play-bot-name', (els) => els.map((e) => e.textContent));
const seatSelect = (n) => `[data-part="seats"] .seat-row:nth-child(${n}) [data-part="seat-select"]`;
const editorText = (page) => page.evaluate(() => [...document.querySelectorAll('.cm-content .cm-line')].map((l) => l.textContent).join('\n'));

test('the set-up page renders, labelled, on a laptop and a phone', { timeout: 60000 }, async () => {
  const page = await open();
  assert.equal(await page.textContent('h1'), 'Play');
  assert.match(await page.textContent('.page-nav a.page-link[href="./"]'), /Watch/, 'a link back to the watch page');
  assert.equal(await page.textContent('.page-nav [aria-current="page"]'), 'Play', 'the page links mark this page');
  // Two seats by default: you against the expander.
  assert.equal(await page.$$eval('.seat-row', (els) => els.length), 2);
  assert.equal(await page.inputValue(seatSelect(1)), 'human');
  assert.equal(await page.inputValue(seatSelect(2)), 'expander');
  assert.equal(await page.getAttribute(seatSelect(2), 'aria-label'), 'Seat 2');
  // Every form control has an accessible name.
  const unnamed = await page.$$eval('input:not([type="hidden"]), select, button', (els) =>
    els
      .filter((e) => !e.closest('dialog') && !e.closest('[hidden]'))
      .filter((e) => !(e.getAttribute('aria-label') || e.labels?.length || e.textContent.trim() || e.getAttribute('aria-labelledby')))
      .map((e) => e.outerHTML.slice(0, 80)),
  );
  assert.deepEqual(unnamed, []);
  // Seats: add up to six, remove down to two.
  for (let k = 0; k < 4; k++) await page.click('[data-part="add-seat"]');
  assert.equal(await page.$$eval('.seat-row', (els) => els.length), 6);
  assert.equal(await page.isDisabled('[data-part="add-seat"]'), true);
  await page.click('[aria-label="Remove seat 3"]');
  assert.equal(await page.$$eval('.seat-row', (els) => els.length), 5);
  assert.equal(await page.getAttribute(seatSelect(3), 'aria-label'), 'Seat 3', 'seats are renumbered');
  await page.screenshot({ path: path.join(shots, 'play-desktop.png') });
  await page.done();

  const phone = await open('?play', { viewport: { width: 390, height: 844 } });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
  await phone.click('[data-part="new-bot"]');
  await phone.waitForSelector('.cm-content');
  await phone.screenshot({ path: path.join(shots, 'play-phone.png') });
  await phone.screenshot({ path: path.join(shots, 'play-phone-full.png'), fullPage: true });
  assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'no horizontal scrolling with the editor open');
  await phone.done();
});

test('a bot typed in the editor is kept across a reload and plays on the watch page', { timeout: 90000 }, async () => {
  const page = await open();
  assert.equal(await page.isVisible('[data-part="bots-empty"]'), true, 'no bots yet');
  await page.evaluate(() => window.__longTasks.splice(0));
  await page.click('[data-part="new-bot"]');
  await page.waitForSelector('.cm-content');
  await page.waitForTimeout(600);
  console.log(`# opening the editor the first time: main-thread tasks over 50 ms: [${await page.evaluate(() => window.__longTasks.splice(0).join(', '))}]`);
  assert.match(await editorText(page), /TODO 1/, 'a new bot starts from the template');
  assert.deepEqual(await botNames(page), ['My bot']);
  // The starter template is text here: it is never run on this page.
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type("export const name = 'Typed';");
  await page.keyboard.insertText('\n// answers with no moves: every piece stays and grows\nexport default function (obs) {\n  return [];\n}\n');
  assert.match(await editorText(page), /^export const name = 'Typed';\n\/\/ answers/);
  // Autosave a moment after typing.
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes("name = 'Typed'"), KEY, { timeout: 5000 });
  await page.waitForFunction(() => document.querySelector('[data-part="save-state"]').dataset.state === 'saved');
  assert.deepEqual(await botNames(page), ['Typed'], "the list follows the code's declared name");

  // Ctrl+S saves at once (no waiting for the autosave).
  await page.keyboard.insertText('// saved with Ctrl+S\n');
  await page.keyboard.press('Control+S');
  assert.match((await library(page))[0].code, /saved with Ctrl\+S/);

  // Tab indents; Escape then Shift+Tab leaves the editor (a first Escape may close a completion
  // list, so twice).
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => !!document.activeElement.closest('.cm-editor')), true, 'Tab stays in the editor');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Delete Typed', 'focus moved back out of the editor');

  await page.reload();
  await page.waitForSelector('.cm-content');
  assert.deepEqual(await botNames(page), ['Typed'], 'kept after a reload');
  assert.match(await editorText(page), /export const name = 'Typed';[\s\S]*saved with Ctrl\+S/, 'the editor reopens it');
  const [bot] = await library(page);
  assert.equal(bot.origin, 'editor');

  // A built-in for seat 1 (no human), the typed bot for seat 2.
  await page.selectOption(seatSelect(1), 'greedy');
  await page.selectOption(seatSelect(2), `saved:${bot.id}`);
  await page.fill('[data-part="seed"]', '42');
  await page.uncheck('[data-part="size-random"]');
  await page.fill('[data-part="width"]', '24');
  await page.fill('[data-part="height"]', '20');
  await Promise.all([page.waitForURL(/bots=/), page.click('[data-part="start"]')]);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('bots'), `greedy,saved:${bot.id}`);
  assert.equal(url.searchParams.get('seed'), '42');
  assert.equal(url.searchParams.get('size'), '24x20');
  assert.equal(url.searchParams.has('turnMs'), false, 'the default budgets are the watch page own');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 5, null, { timeout: 30000 });
  const a = await page.evaluate(() => window.__viewer.numFrames);
  await page.waitForTimeout(1000);
  const b = await page.evaluate(() => window.__viewer.numFrames);
  assert.ok(b > a, `frames advance (${a} -> ${b})`);
  assert.equal(await page.evaluate(() => window.__viewer.width), 24);
  await page.waitForFunction(() => document.querySelector('[data-part="title"]').textContent.includes('Typed'), null, { timeout: 10000 });
  const players = await page.$$eval('.players .player-name', (els) => els.map((e) => e.textContent));
  assert.ok(players.some((n) => n.includes('Typed')), `a player named Typed (${players.join(', ')})`);
  await page.done();
});

test('a saved endless loop does not freeze the set-up page on reload', { timeout: 60000 }, async () => {
  const loop = { id: 'loop', name: 'Loop', code: 'export default function(){ for(;;){} }', origin: 'editor', updated: Date.now() };
  const page = await open('?play&bot=loop', { bots: [loop] });
  await page.waitForSelector('.cm-content');
  assert.match(await editorText(page), /for\(;;\)\{\}/, 'the loop is shown as text');
  // A click answers promptly.
  let t0 = Date.now();
  await page.click('[data-part="add-seat"]');
  await page.waitForFunction(() => document.querySelectorAll('.seat-row').length === 3);
  const click = Date.now() - t0;
  // A key press answers promptly.
  await page.focus('[data-part="seed"]');
  t0 = Date.now();
  await page.keyboard.press('7');
  await page.waitForFunction(() => document.querySelector('[data-part="seed"]').value === '7');
  const key = Date.now() - t0;
  // And the page's own event loop is free (a timer fires on time).
  const lag = await page.evaluate(() => new Promise((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t - 50), 50); }));
  const long = await page.evaluate(() => window.__longTasks.join(', '));
  console.log(`# saved endless loop on reload: click answered in ${click} ms, key press in ${key} ms, timer lag ${lag.toFixed(1)} ms; tasks over 50 ms since load: [${long}]`);
  assert.ok(click < 1000 && key < 1000, 'the page answers within a second');
  assert.ok(lag < ANSWER_MS, `the event loop is not blocked (a timer ${lag.toFixed(0)} ms late)`);
  await page.done();
});

test('bot files: the Open file input, a drop on the page, and a seat picker', { timeout: 60000 }, async () => {
  const page = await open();
  // Listening from the start: the browser's file dialogs are then reported, never shown.
  const choosers = [];
  page.on('filechooser', (c) => choosers.push(c));
  await page.setInputFiles('[data-part="open-file"]', { name: 'file-bot.js', mimeType: 'text/javascript', buffer: Buffer.from("export const name = 'FromFile';\nexport default () => [];\n") });
  await page.waitForFunction(() => [...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'FromFile'));
  assert.match(await page.textContent('[data-part="bot-list"]'), /from a file/);
  await page.waitForSelector('.cm-content');
  assert.match(await editorText(page), /FromFile/, 'the opened file is shown in the editor');
  // The same file again is the same bot, not a copy.
  await page.setInputFiles('[data-part="open-file"]', { name: 'file-bot.js', mimeType: 'text/javascript', buffer: Buffer.from("export const name = 'FromFile';\nexport default () => [];\n") });
  await page.waitForTimeout(200);
  assert.equal((await botNames(page)).length, 1);

  // Dropped anywhere on the page.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['export default () => [];\n'], 'dropped.js', { type: 'text/javascript' }));
    document.querySelector('.play-where').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => [...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'dropped'));

  // A seat's own file input (behind its "Bot file…" choice): saved and chosen for that seat.
  await page.setInputFiles(`[data-part="seats"] .seat-row:nth-child(2) [data-part="seat-file"]`, { name: 'seat.js', mimeType: 'text/javascript', buffer: Buffer.from("export const name = 'SeatBot';\nexport default () => [];\n") });
  await page.waitForFunction(() => [...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'SeatBot'));
  const id = (await library(page)).find((b) => b.name === 'SeatBot').id;
  assert.equal(await page.inputValue(seatSelect(2)), `saved:${id}`);
  // Every picker lists the new bot.
  assert.ok(await page.$eval(seatSelect(1), (s, v) => [...s.options].some((o) => o.value === v), `saved:${id}`));

  // Choosing "Bot file…" with the keyboard (the last choice) opens the file dialog; the file
  // picked is saved and chosen.
  await page.focus(seatSelect(1));
  await page.keyboard.press('End');
  await waitFor(() => choosers.length > 0, 'a file dialog opened');
  await choosers.shift().setFiles({ name: 'keyboard.js', mimeType: 'text/javascript', buffer: Buffer.from("export const name = 'KeyBot';\nexport default () => [];\n") });
  await page.waitForFunction(() => [...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'KeyBot'));
  const keyId = (await library(page)).find((b) => b.name === 'KeyBot').id;
  assert.equal(await page.inputValue(seatSelect(1)), `saved:${keyId}`);
  assert.match(await page.textContent('[data-part="seats"] .seat-row:nth-child(1) [data-part="seat-note"]'), /Saved keyboard\.js/);

  // Delete asks first; the seat that played it falls back to the first choice.
  await page.click(`[aria-label="Delete SeatBot"]`);
  await page.waitForSelector('[data-part="delete-dialog"][open]');
  await page.click('[data-part="delete-ok"]');
  await page.waitForFunction(() => ![...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'SeatBot'));
  assert.equal(await page.inputValue(seatSelect(2)), 'human');

  // Rename: the list and the code's declared name follow.
  await page.click(`[aria-label="Rename FromFile"]`);
  await page.fill('[data-part="rename-input"]', 'Renamed');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('.play-bot-name')].some((e) => e.textContent === 'Renamed'));
  assert.match((await library(page)).find((b) => b.name === 'Renamed').code, /export const name = 'Renamed'/);

  // "Play against it" starts a game at once: the bot against a built-in bot.
  const renamed = (await library(page)).find((b) => b.name === 'Renamed');
  const started = page.waitForURL((u) => new URL(u).searchParams.get('bots')?.startsWith(`saved:${renamed.id},`), { waitUntil: 'commit' });
  await page.click(`[aria-label="Play against it: Renamed"]`);
  await started;
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 30000 });
  await page.done();
});

test('Start checks the form: a URL seat without an address is told so', { timeout: 60000 }, async () => {
  const page = await open();
  await page.selectOption(seatSelect(2), '@url');
  const url = '[data-part="seats"] .seat-row:nth-child(2) [data-part="seat-url"]';
  assert.equal(await page.isVisible(url), true);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.part), 'seat-url', 'the URL field gets focus');
  await page.click('[data-part="start"]');
  assert.match(await page.textContent('[data-part="seats"] .seat-row:nth-child(2) .seat-row-error'), /address of a bot module/);
  assert.equal(await page.getAttribute(url, 'aria-invalid'), 'true');
  assert.match(page.url(), /\?play/, 'still on the set-up page');
  await page.fill('[data-part="seed"]', 'abc');
  await page.click('[data-part="start"]');
  assert.equal(await page.isVisible('[data-part="seed-error"]'), true);
  // Fixed: goes to the watch page with the URL seat, no limits, and fog.
  await page.fill(url, 'bots/example.js');
  await page.fill('[data-part="seed"]', '');
  await page.check('[data-part="no-limit"]');
  await page.check('[data-part="fog-on"]');
  await Promise.all([page.waitForURL(/bots=/), page.click('[data-part="start"]')]);
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('bots'), 'human,bots/example.js');
  assert.match(q.get('seed'), /^\d+$/, 'a random seed is written down');
  assert.match(q.get('size'), /^\d+x\d+$/);
  assert.equal(q.get('turnMs'), 'none');
  assert.equal(q.get('initMs'), 'none');
  assert.equal(q.get('fog'), '3');
  await page.done();
});
