// Each bot in a sandbox of its own, against the built app (dist/) served as a plain static host
// serves it (no Content-Security-Policy or sandbox header), in headless Chromium:
// - bot-host.html framed by another page of the same site (another port), without the sandbox
//   attribute, with `allow-same-origin`, or sandboxed but not by the app, runs nothing: the
//   attacker hears nothing back, and the app's IndexedDB and OPFS are as they were;
// - two bots from one site share no origin: a BroadcastChannel and Web Locks carry nothing from
//   one to the other (while the same channel works inside one bot);
// - a bot is one thread: its nested workers are gone, and an honest bot plays the very same game
//   beside a neighbour that tried to spawn spinning workers as beside a calm twin; a bot that keeps
//   its thread busy after answering is ejected, and the honest one plays on;
// - a bot flooding `self.postMessage` finds no such channel and is ejected at once with a reason
//   naming only it, the other bot plays on, and the browser does not grow.
// Each asserts what the person sees, that nothing reached the attacker, and that the page kept
// answering (its worst event-loop delay, and its longest main-thread task's CPU time in a trace).
//
//   node --test www/tests/sandbox.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';
import { plantSavedGame } from './support/saved-game.mjs';
import { assertAnswered, browserMemoryMb, monitorPage, watchPage } from './support/responsive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');

let app;
let evil;
let browser;
/** Requests that reached the other origin, other than for its pages and bot modules. */
const hits = [];

// ------------------------------------------------------------------ the attacker's pages and bots

/** What an attacker's worker would do on the app's origin: plant a record in the app's saved
 * games, write to OPFS, and report on the port it was given (and on its own channel). */
const STEAL = `
self.onmessage = async (e) => {
  const port = e.ports && e.ports[0];
  const report = (m) => { try { port && port.postMessage(m); } catch {} try { self.postMessage(m); } catch {} };
  report('running on ' + self.origin);
  try {
    await new Promise((res, rej) => {
      const r = indexedDB.open('halite', 3);
      r.onsuccess = () => {
        const db = r.result;
        const tx = db.transaction('games-in-progress', 'readwrite');
        tx.objectStore('games-in-progress').put({ planted: true }, 'planted');
        tx.oncomplete = () => { db.close(); res(); };
        tx.onerror = () => rej(tx.error);
      };
      r.onerror = () => rej(r.error);
    });
    report('planted');
  } catch (err) { report('indexedDB: ' + err); }
  try { const d = await navigator.storage.getDirectory(); await d.getFileHandle('pwned', { create: true }); report('opfs written'); } catch (err) { report('opfs: ' + err); }
};
`;

/** A page of the attacker's, on the same site as the app (another port): frames bot-host.html in
 * each way, speaks to it as the app would (old and new messages), and keeps all it hears. */
const attackerPage = (appUrl) => `<!doctype html><meta charset="utf-8"><title>attacker</title><body><script>
window.__heard = [];
const STEAL = ${JSON.stringify(STEAL)};
const ways = { plain: null, sameOrigin: 'allow-scripts allow-same-origin', sandboxed: 'allow-scripts' };
for (const [way, sandbox] of Object.entries(ways)) {
  const f = document.createElement('iframe');
  if (sandbox !== null) f.setAttribute('sandbox', sandbox);
  f.src = ${JSON.stringify(`${appUrl}bot-host.html`)};
  const listen = (port) => { port.onmessage = (e) => window.__heard.push(way + ' port: ' + JSON.stringify(e.data)); };
  f.onload = () => {
    for (let i = 0; i < 3; i++) {
      const a = new MessageChannel();
      listen(a.port1);
      f.contentWindow.postMessage({ type: 'start', source: STEAL }, '*', [a.port2]);
      const b = new MessageChannel();
      listen(b.port1);
      f.contentWindow.postMessage({ type: 'source', source: STEAL }, '*');
      f.contentWindow.postMessage({ type: 'spawn', id: 1 }, '*', [b.port2]);
      f.contentWindow.postMessage({ type: 'ping', n: 1 }, '*');
    }
  };
  document.body.appendChild(f);
}
addEventListener('message', (e) => window.__heard.push('window: ' + JSON.stringify(e.data)));
</script>`;

/** Halite I moves: every piece of strength over 5 times its production moves north, in a fixed
 * order: a bot whose game depends only on what it sees. `work` spins a fixed count (CPU, not
 * wall-clock) in its first 15 turns. */
const honestBody = (work) => `
export default function bot(obs) {
  if (obs.turn < 15) { let x = 0; for (let i = 0; i < ${work}; i++) x = (x * 31 + i) | 0; if (x === 42) console.log(x); }
  const moves = [];
  for (let i = 0; i < obs.width * obs.height; i++) {
    if (obs.owner[i] === obs.myId && obs.strength[i] > obs.production[i] * 5) moves.push({ x: i % obs.width, y: Math.floor(i / obs.width), dir: 1 + (i % 4) });
  }
  return moves;
}`;

const BOTS = {
  // Colluders: one talks on every same-origin channel it has, the other listens; both check first
  // that the channel works inside their own origin.
  'talker.js': `
export const name = 'Talker';
const bc = new BroadcastChannel('halite-collude');
export async function init() {
  const other = new BroadcastChannel('halite-collude');
  const heard = new Promise((res) => { other.onmessage = () => res(true); setTimeout(() => res(false), 2000); });
  bc.postMessage('self test');
  if (!(await heard)) throw new Error('BroadcastChannel carries nothing even inside one bot');
  other.close();
  try { navigator.locks.request('halite-lock', () => new Promise(() => {})); } catch {}
}
export default function bot(obs) { bc.postMessage({ turn: obs.turn, owner: Array.from(obs.owner) }); return []; }
`,
  'listener.js': `
export const name = 'Listener';
let heard = 0;
const bc = new BroadcastChannel('halite-collude');
bc.onmessage = () => { heard++; };
export default async function bot(obs) {
  let held = 0;
  try { held = (await navigator.locks.query()).held.length; } catch {}
  if (heard > 0 || held > 0) throw new Error('heard ' + heard + ' messages and saw ' + held + ' locks of another bot');
  return [];
}
`,
  'honest.js': `export const name = 'Honest';\n${honestBody(5_000_000)}`,
  // The same moves as the calm twin; its start tries to make 4 spinning workers (and 127).
  'spawner.js': `
export const name = 'Twin';
export function init() {
  let made = 0;
  for (let i = 0; i < 131; i++) {
    try { new Worker(URL.createObjectURL(new Blob(['for(;;){}'], { type: 'text/javascript' }))); made++; } catch {}
  }
  console.log('nested workers made: ' + made);
}
${honestBody(0)}`,
  'calm.js': `export const name = 'Twin';\n${honestBody(0)}`,
  // Answers at once, then keeps its thread busy from turn 3 on.
  'spinner.js': `
export const name = 'Spinner';
export default function bot(obs) {
  if (obs.turn === 3) setTimeout(() => { for (;;) {} }, 0);
  return [];
}`,
  // Floods its worker's own channel in turn 2.
  'flooder.js': `
export const name = 'Flooder';
export default function bot(obs) {
  if (obs.turn === 10) for (let i = 0; i < 5e6; i++) self.postMessage({ junk: 'x'.repeat(64) });
  return [];
}`,
};

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  app = await serve(dist);
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').split('?')[0].replace(/^\//, '');
    if (name === 'attacker.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(attackerPage(app.url));
      return;
    }
    if (name in BOTS) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      res.end(BOTS[name]);
      return;
    }
    if (name !== 'favicon.ico') hits.push(req.url);
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  evil = { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await app?.close();
  await evil?.close();
});

/** A page of `context` at `url`, its event loop watched (support/responsive.mjs). */
async function openPage(context, url) {
  await monitorPage(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}


const players = (page) => page.locator('.players').innerText();
/** The frames played so far (the timeline's "/ N"). */
const frames = (page) => page.evaluate(() => Number((document.querySelector('[data-part="frame-total"]')?.textContent ?? '').replace(/[^0-9]/g, '') || -1));
const framesBeyond = (page, f) => page.waitForFunction((f) => Number((document.querySelector('[data-part="frame-total"]')?.textContent ?? '').replace(/[^0-9]/g, '') || -1) >= f, f, { timeout: 60_000 });

/** Opens a game of bots from the other origin and agrees to run them. */
async function runBots(context, query) {
  const page = await openPage(context, `${app.url}?${query}`);
  await page.locator('dialog[data-part="consent"]').waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  return page;
}

/** The app's saved-game keys and OPFS entries, read on the app's own page. */
async function appStorage(page) {
  return page.evaluate(async () => {
    const keys = await new Promise((res) => {
      const r = indexedDB.open('halite');
      r.onsuccess = () => {
        const db = r.result;
        if (!db.objectStoreNames.contains('games-in-progress')) {
          db.close();
          res([]);
          return;
        }
        const q = db.transaction('games-in-progress').objectStore('games-in-progress').getAllKeys();
        q.onsuccess = () => {
          db.close();
          res(q.result);
        };
        q.onerror = () => res(['(unreadable)']);
      };
      r.onerror = () => res(['(unopenable)']);
    });
    const files = [];
    const dir = await navigator.storage.getDirectory();
    for await (const name of dir.keys()) files.push(name);
    return { keys, files };
  });
}


test('bot-host.html framed by a page of the same site runs nothing, however it is framed', { timeout: 60_000 }, async () => {
  const context = await browser.newContext();
  // The person's saved game, in the app's storage.
  const own = await openPage(context, app.url);
  await plantSavedGame(own, 3);
  const before = await appStorage(own);
  const attacker = await openPage(context, `${evil.url}attacker.html`);
  await attacker.waitForTimeout(4000);
  const heard = await attacker.evaluate(() => window.__heard);
  assert.deepEqual(heard, [], `the attacker heard nothing back (${heard.join('; ')})`);
  assert.equal(await attacker.locator('iframe').count(), 3);
  // The frame framed without the sandbox attribute is on the app's origin: its text says why it
  // does nothing (readable here through the browser's own access to every frame).
  const plain = attacker.frames().find((f) => f.url().endsWith('/bot-host.html') && f !== attacker.mainFrame());
  assert.match(await plain.locator('body').innerText(), /only runs a bot inside the Halite app, in a sandbox/);
  const afterwards = await appStorage(own);
  assert.deepEqual(afterwards, before, 'nothing was planted in IndexedDB or written to OPFS');
  assert.deepEqual(afterwards.keys, ['my-game']);
  assert.deepEqual(hits, [], 'nothing reached the attacker');
  assert.deepEqual(own.errors, []);
  await context.close();
});

test('two bots from one site share no origin: no BroadcastChannel or lock reaches the other', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await runBots(context, `bots=${evil.url}talker.js,${evil.url}listener.js&seed=3&size=20x20&speed=30`);
  const watched = await watchPage(browser, page, async () => (await frames(page)) >= 25 || /ejected/.test(await players(page)), { describe: () => players(page) });
  // Each bot in a frame of its own.
  assert.equal(await page.locator('iframe.bot-host-frame').count(), 2);
  const sandboxes = await page.locator('iframe.bot-host-frame').evaluateAll((fs) => fs.map((f) => f.getAttribute('sandbox')));
  assert.deepEqual(sandboxes, ['allow-scripts', 'allow-scripts']);
  const text = await players(page);
  assert.match(text, /Talker/);
  assert.match(text, /Listener/);
  assert.doesNotMatch(text, /ejected/, `neither bot was ejected: the talker's own channel works and the listener heard nothing (${text})`);
  await page.screenshot({ path: path.join(shots, 'sandbox-colluders.png') });
  assertAnswered(assert, 'colluders', watched);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Plays Honest against `neighbour` to the end of a 20x20 game and returns the replay's bytes and
 * what the players panel says. */
async function honestAgainst(neighbour) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await runBots(context, `bots=${evil.url}honest.js,${evil.url}${neighbour}&seed=5&size=20x20&speed=60`);
  const watched = await watchPage(browser, page, async () => page.locator('[data-part="result"]').isVisible(), { timeoutMs: 120_000, describe: () => players(page) });
  const text = await players(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-part="download"]')]);
  const bytes = fs.readFileSync(await download.path());
  assert.deepEqual(page.errors, []);
  await context.close();
  return { bytes, text, watched };
}

test('a bot is one thread: beside a neighbour that tried to spawn spinning workers, an honest bot plays the very game it plays beside a calm twin', { timeout: 300_000 }, async () => {
  const calm = await honestAgainst('calm.js');
  const spawner = await honestAgainst('spawner.js');
  for (const r of [calm, spawner]) assert.doesNotMatch(r.text, /ejected/, `no bot was ejected (${r.text})`);
  assert.ok(calm.bytes.length > 1000);
  // The same game: the replays differ only in the spawner's log, which says it made no worker.
  const calmGame = JSON.parse(calm.bytes.toString());
  const { bot_logs: logs, ...spawnerGame } = JSON.parse(spawner.bytes.toString());
  assert.equal(calmGame.bot_logs, undefined);
  assert.deepEqual(logs, [[''], ['--- start ---\nnested workers made: 0\n']]);
  assert.deepEqual(spawnerGame, calmGame, 'the two games are the same');
  console.log(`# one thread: the same ${calm.bytes.length}-byte game`);
  assertAnswered(assert, 'beside the calm twin', calm.watched);
  assertAnswered(assert, 'beside the spawner', spawner.watched);
});

test('a bot that keeps its thread busy after answering is ejected; the honest bot plays on in time', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // A third player, so the game goes on after one is out.
  const page = await runBots(context, `bots=${evil.url}honest.js,${evil.url}spinner.js,greedy&seed=5&size=20x20&speed=60`);
  const watched = await watchPage(browser, page, async () => /Spinner[^\n]*\n\S+\nejected/.test(await players(page)), { describe: () => players(page) });
  await framesBeyond(page, (await frames(page)) + 10);
  const text = await players(page);
  assert.match(text, /Spinner \([^)]*\)\n\S+\nejected at frame \d+: (kept computing after its answer|timed out)/);
  assert.match(text, /Honest \([^)]*\)\n\S+\n(?!ejected)/, `the honest bot plays on (${text})`);
  assert.equal(await page.locator('iframe.bot-host-frame').count(), 1, "the spinner's sandbox is gone");
  console.log(`# spinner: ${text.match(/ejected at frame \d+: [^\n]*/)[0]}`);
  assertAnswered(assert, 'spinner', watched);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a bot trying to flood its own channel is ejected at once, naming only it; the other bot plays on and the browser does not grow', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await runBots(context, `bots=${evil.url}flooder.js,${evil.url}calm.js,greedy&seed=5&size=20x20&speed=10`);
  await framesBeyond(page, 3);
  const before = await browserMemoryMb(browser);
  const watched = await watchPage(browser, page, async () => /ejected/.test(await players(page)), { describe: () => players(page) });
  await framesBeyond(page, (await frames(page)) + 10);
  await page.waitForTimeout(3000);
  const grown = (await browserMemoryMb(browser)) - before;
  const text = await players(page);
  // The worker's own channel is gone before the bot loads: its first post throws.
  assert.match(text, /Flooder \([^)]*\)\n\S+\nejected at frame 11: threw: TypeError: self\.postMessage is not a function \(turn 10, line \d+, column \d+\)\n/);
  assert.equal(text.match(/ejected/g).length, 1, `only the flooder was ejected (${text})`);
  // The flooder's sandbox is gone (the calm bot's stays while it plays).
  assert.ok((await page.locator('iframe.bot-host-frame').count()) <= (/Twin[^\n]*\n\S+\neliminated/.test(text) ? 0 : 1), "the flooder's sandbox is gone");
  console.log(`# flooder: browser memory grew ${grown.toFixed(0)} MB`);
  assert.ok(grown < 400, `the browser did not grow (grew ${grown.toFixed(0)} MB)`);
  assertAnswered(assert, 'flooder', watched);
  assert.deepEqual(page.errors, []);
  await context.close();
});
