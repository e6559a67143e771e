// The page within the limits of what bots may send besides their moves, on the production build
// (dist/, served by the plain static server) in headless Chromium. A human plays 60 turns against
// two bots served from another origin that each draw 1,000 texts of 100 characters and log
// 10,000 characters every turn, the most a turn keeps: the page keeps answering (an in-page
// monitor of the event loop's delay, and no main-thread task over 50 ms of CPU in a trace) while
// it shows their drawings and logs, the game kept in the
// browser keeps to its budget, and a reload brings the game back at the same turn, with its
// latest turns' logs and drawings. And the arena's stored
// replays keep to their byte budget, the oldest going first.
//
//   node --test www/tests/smooth.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { ANSWER_MS, LIMITS_BOT, MAX_TASK_CPU_MS, longestTaskCpu, monitorPage } from './support/responsive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');

/** The budget of the game kept in the browser after 60 turns: the engine's replay of a 30×30 game
 * so far, gzipped, is tens of kilobytes; of the bots' 60 turns of drawings and logs (over 14 MB
 * of characters) only the latest turns within MAX_KEPT_TURN_BYTES (2 MiB, www/src/shell/page/resume.ts)
 * are kept, a record per turn. */
const KEPT_TURN_BYTES = 2 * 1024 * 1024;
const SAVED_BUDGET = KEPT_TURN_BYTES + 512 * 1024;
/** The stored replays' byte budget (MAX_STORED_BYTES in www/src/shell/page/resume.ts). */
const STORED_BYTES = 100 * 1024 * 1024;
const TURNS = 60;


let app;
let origin;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  app = await serve(dist);
  // The bots' origin: serves their module with CORS, as a bot author's server must.
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    res.end(LIMITS_BOT);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  origin = { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await app?.close();
  await origin?.close();
});

/** A page with a monitor of the event loop's delay (`window.__lag()`: the worst delay in ms since
 * the last call), recording page errors. */
async function openPage(context, search) {
  await monitorPage(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (search !== null) await page.goto(app.url + search);
  return page;
}

/** Waits until the frame chip reads `Turn <turn>` (what the person sees), naming what it read. */
async function chipAt(page, turn) {
  const chip = page.locator('[data-part="frame-chip"]');
  try {
    await page.waitForFunction((t) => new RegExp(`Turn ${t}\\b`).test(document.querySelector('[data-part="frame-chip"]').textContent), turn, { timeout: 5_000 });
  } catch {
    assert.fail(`the frame chip reads "${await chip.textContent()}", not turn ${turn}`);
  }
}

const waitTurn = (page, turn, timeout = 60_000) => page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, turn, { timeout, polling: 50 });

/** Every record of a store of the page's database: its key and its size (bytes of typed arrays,
 * characters of strings). */
function records(page, store) {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const size = (v) =>
          v === null || v === undefined ? 0 : ArrayBuffer.isView(v) ? v.byteLength : typeof v === 'string' ? v.length : typeof v === 'number' ? 8 : typeof v === 'object' ? Object.entries(v).reduce((s, [k, x]) => s + k.length + size(x), 0) : 1;
        const r = indexedDB.open('halite');
        r.onsuccess = () => {
          const db = r.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const out = [];
          const c = db.transaction(name).objectStore(name).openCursor();
          c.onsuccess = () => {
            const cur = c.result;
            if (!cur) {
              db.close();
              resolve(out);
              return;
            }
            out.push({ key: String(cur.key), bytes: size(cur.value), frames: cur.value?.frames });
            cur.continue();
          };
          c.onerror = () => reject(c.error);
        };
        r.onerror = () => reject(r.error);
      }),
    store,
  );
}

/** Shows frame `frame` (typed into the frame box). */
async function seek(page, frame) {
  await page.fill('[data-part="frame-input"]', String(frame));
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.waitForFunction((f) => window.__viewer.frame === f, frame);
}

/** Pixels of the drawings overlay that are painted. */
const painted = (page) =>
  page.evaluate(() => {
    const c = document.querySelector('[data-part="drawings"]');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  });

test(`a human's ${TURNS} turns against two bots at the limits: the page keeps answering, the kept game stays small and comes back at the same turn`, { timeout: 420_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const bot = `${origin.url}limits.js`;
  const page = await openPage(context, `?bots=human,${bot},${bot}&seed=5&size=30x30&speed=60`);
  await page.locator('dialog[data-part="consent"]').waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  await waitTurn(page, 0);
  await page.locator('[data-part="map"]').focus();
  await page.evaluate(() => window.__lag());
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const lags = [];
  for (let t = 0; t < TURNS; t++) {
    // Enter ends the human's turn (no orders: its pieces stay).
    await page.keyboard.press('Enter');
    await waitTurn(page, t + 1);
    lags.push(await page.evaluate(() => window.__lag()));
  }
  // The chip is painted with the board, in the next animation frame after the turn arrives.
  await chipAt(page, TURNS);
  // The last turn played, its drawings painted and its logs listed.
  await seek(page, TURNS - 1);
  await page.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden);
  await page.waitForTimeout(1500);
  lags.push(await page.evaluate(() => window.__lag()));
  const longest = longestTaskCpu(JSON.parse((await browser.stopTracing()).toString()));
  const worst = Math.max(...lags);
  assert.ok(worst < ANSWER_MS, `the page answered within ${ANSWER_MS} ms every turn (worst ${Math.round(worst)} ms, turn ${lags.indexOf(worst)})`);
  assert.ok(longest < MAX_TASK_CPU_MS, `no main-thread task over ${MAX_TASK_CPU_MS} ms of CPU (longest ${Math.round(longest)} ms)`);
  assert.ok((await painted(page)) > 10_000, 'the bots\u2019 texts are painted over the map');
  const log = await page.textContent('[data-part="log-body"]');
  assert.match(log, new RegExp(`turn ${TURNS - 1}\\n`), 'the log pane shows the turn\u2019s logs');
  assert.ok(log.length > 19_000, `both bots' 10,000 characters are shown (${log.length})`);
  await page.screenshot({ path: path.join(shots, 'smooth-limits.png') });

  // The game kept in the browser: one record, at turn 60, and a record for each of its latest
  // turns' logs and drawings, within their budget.
  const kept = await records(page, 'games-in-progress');
  assert.equal(kept.length, 1, 'one game is kept');
  assert.equal(kept[0].frames, TURNS + 1, `kept at turn ${TURNS}`);
  const turns = await records(page, 'game-turns');
  const turnBytes = turns.reduce((s, r) => s + r.bytes, 0);
  assert.ok(turns.length >= 3 && turns.length < TURNS, `the latest turns' logs and drawings are kept (${turns.length} turns)`);
  assert.ok(turnBytes <= KEPT_TURN_BYTES * 1.1, `their records are ${turnBytes} bytes`);
  const bytes = kept.reduce((s, r) => s + r.bytes, 0) + turnBytes;
  assert.ok(bytes < SAVED_BUDGET, `the kept game is ${bytes} bytes (at most ${SAVED_BUDGET})`);

  // A reload brings it back at the same turn; the bots draw and log again from there.
  await page.reload();
  await waitTurn(page, TURNS);
  await page.locator('.toast', { hasText: `Your game is back at turn ${TURNS}.` }).waitFor();
  await chipAt(page, TURNS);
  // With the latest turns' logs and drawings.
  await seek(page, TURNS - 1);
  await page.waitForFunction((t) => new RegExp(`turn ${t}\\n`).test(document.querySelector('[data-part="log-body"]').textContent), TURNS - 1);
  await page.waitForFunction(() => !document.querySelector('[data-part="drawings"]').hidden);
  await page.waitForTimeout(1000);
  assert.ok((await painted(page)) > 10_000, 'the texts of the last turn played are painted again');
  await seek(page, TURNS);
  await page.locator('[data-part="map"]').focus();
  await page.keyboard.press('Enter');
  await waitTurn(page, TURNS + 1);
  await seek(page, TURNS);
  await page.waitForFunction((t) => new RegExp(`turn ${t}\\n`).test(document.querySelector('[data-part="log-body"]').textContent), TURNS);
  assert.deepEqual(page.errors, [], 'no page errors');
  await context.close();
});

test('stored replays keep to their byte budget: the oldest go first, and the page says so', { timeout: 240_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  // A stored address that names nothing yet: the page makes its database.
  const first = await openPage(context, '?replay=stored:old-0');
  await first.waitForFunction(() => /No replay called old-0 is kept in this browser/.test(document.body.textContent), null, { timeout: 20_000 });
  await first.close();
  const page = await openPage(context, '?arena&bots=greedy,random&games=2&size=20x20&seed=31&parallel=2');
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 20_000 });
  // Ten replays of 10 MiB kept before, old-0 the oldest: the budget is full.
  await page.evaluate(async (each) => {
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open('halite');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    if (!db.objectStoreNames.contains('replays')) throw new Error('the page made no database');
    const t0 = Date.now() - 1_000_000;
    for (let i = 0; i < 10; i++) {
      const tx = db.transaction('replays', 'readwrite');
      tx.objectStore('replays').put({ bytes: new Uint8Array(each).fill(i), savedAt: t0 + i }, `old-${i}`);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }
    db.close();
  }, STORED_BYTES / 10);
  await page.click('[data-part="start"]');
  await page.waitForFunction(() => window.__arena.state === 'done' && window.__arena.listed === 2, null, { timeout: 180_000, polling: 100 });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-part="games-body"] a')].filter((a) => /stored(%3A|:)/.test(a.getAttribute('href'))).length === 2, null, { timeout: 30_000 });
  const kept = await records(page, 'replays');
  const keys = kept.map((r) => r.key);
  const total = kept.reduce((s, r) => s + r.bytes, 0);
  assert.ok(total <= STORED_BYTES + 4096, `the stored replays are ${total} bytes, within the budget`);
  assert.ok(!keys.includes('old-0'), 'the oldest went');
  for (let i = 1; i < 10; i++) assert.ok(keys.includes(`old-${i}`), `old-${i} stays`);
  assert.equal(keys.filter((k) => k.startsWith('arena-')).length, 2, "the run's two games are kept");
  const sizes = await records(page, 'replay-sizes');
  assert.equal(sizes.length, kept.length, 'every stored replay has its size kept beside it');

  // What the person sees: the dropped replay's address says why it is gone, a kept game opens.
  const gone = await openPage(context, '?replay=stored:old-0');
  await gone.waitForFunction(() => /No replay called old-0 is kept in this browser/.test(document.body.textContent), null, { timeout: 20_000 });
  assert.match(await gone.textContent('body'), /the oldest are dropped past 400 replays or 100\.0 MB in all/);
  await gone.close();
  const href = await page.locator('[data-part="games-body"] tr').first().getByRole('link', { name: /^Open game 1/ }).getAttribute('href');
  const tab = await openPage(context, null);
  await tab.goto(new URL(href, page.url()).href);
  await tab.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20_000 });
  await tab.close();
  assert.deepEqual(page.errors, [], 'no page errors');
  await context.close();
});
