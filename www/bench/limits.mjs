// A human's game against bots at the limits of what a bot may send besides its moves: every turn
// each draws the most shapes a turn keeps (1,000 texts of 100 characters) and logs the most
// characters a turn keeps (10,000). The bots are modules served from a second origin (run after
// the consent dialog, as a link's bots are); the human ends each turn with Enter. Prints, per
// build: the worst delay of the page's event loop over a turn (an in-page 50 ms interval's
// lateness, from Enter to the next turn asked and a moment after), the longest main-thread task
// (PerformanceObserver 'longtask'; both in wall time, which a busy machine stretches), the main
// thread's own work from a trace of the turns (its longest task in CPU time, and its CPU time a
// turn), and the bytes the browser keeps for the game in IndexedDB after the last turn (every
// stored record's typed arrays and strings, summed). With
// `--baseline DIR` another build (e.g. an older commit's dist/) is measured the same way, side
// by side, in the same browser.
//
//   node www/bench/limits.mjs [--turns 60] [--bots 2] [--size 30x30] [--seed 5] [--baseline DIR] [--dist DIR]

import http from 'node:http';
import path from 'node:path';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { LIMITS_BOT, monitorPage } from '../tests/support/responsive.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();
const baseline = opt('baseline', '');
const TURNS = Number(opt('turns', '60'));
const BOTS = Number(opt('bots', '2'));
const SIZE = opt('size', '30x30');
const SEED = Number(opt('seed', '5'));

/** Serves `limits.js` with CORS, as a bot author's server must. */
async function botOrigin() {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    res.end(LIMITS_BOT);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** In the page: the bytes of every record of every store of the page's database (typed arrays by
 * their length, strings by their characters, numbers as 8). */
async function storedBytes() {
  const size = (v) => {
    if (v === null || v === undefined) return 0;
    if (ArrayBuffer.isView(v)) return v.byteLength;
    if (v instanceof ArrayBuffer) return v.byteLength;
    if (typeof v === 'string') return v.length;
    if (typeof v === 'number') return 8;
    if (typeof v === 'boolean') return 1;
    if (v instanceof Blob) return v.size;
    if (Array.isArray(v)) return v.reduce((s, x) => s + size(x), 0);
    if (typeof v === 'object') return Object.entries(v).reduce((s, [k, x]) => s + k.length + size(x), 0);
    return 0;
  };
  const dbs = (await indexedDB.databases()).map((d) => d.name);
  let total = 0;
  const stores = {};
  for (const name of dbs) {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    for (const s of db.objectStoreNames) {
      const n = await new Promise((res, rej) => {
        const tx = db.transaction(s, 'readonly');
        const c = tx.objectStore(s).openCursor();
        let sum = 0;
        c.onsuccess = () => {
          const cur = c.result;
          if (!cur) return res(sum);
          sum += size(cur.key) + size(cur.value);
          cur.continue();
        };
        c.onerror = () => rej(c.error);
      });
      stores[`${name}/${s}`] = n;
      total += n;
    }
    db.close();
  }
  return { total, stores };
}

/** Plays `TURNS` turns of a human's game on the build served at `app`; the per-turn worst delay,
 * the longest task and the stored bytes. */
async function measure(browser, app, origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await monitorPage(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const bots = Array.from({ length: BOTS }, () => `${origin.url}limits.js`).join(',');
  await page.goto(`${app.url}?bots=human,${bots}&seed=${SEED}&size=${SIZE}&speed=60`);
  await page.locator('dialog[data-part="consent"]').waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.waitForFunction(() => window.__viewer && window.__viewer.humanTurn === 0, null, { timeout: 60_000 });
  await page.locator('[data-part="map"]').focus();
  await page.waitForTimeout(500);
  await page.evaluate(() => [window.__lag(), window.__longest()]);
  const stalls = [];
  let longest = 0;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let t = 0; t < TURNS; t++) {
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__viewer.humanTurn === n, t + 1, { timeout: 120_000, polling: 50 });
    await page.waitForTimeout(150);
    const [lag, long] = await page.evaluate(() => [window.__lag(), window.__longest()]);
    stalls.push(lag);
    longest = Math.max(longest, long);
  }
  // The save after the last turn.
  await page.waitForTimeout(1500);
  const [lag, long] = await page.evaluate(() => [window.__lag(), window.__longest()]);
  stalls.push(lag);
  longest = Math.max(longest, long);
  const cpu = mainThread(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
  const stored = await page.evaluate(storedBytes);
  await context.close();
  return { stalls, longest, cpu, stored, errors };
}

/** The page's main thread in a trace (the renderer main thread that worked the most: the bots'
 * sandboxed host has a process of its own): its longest task in CPU time (the trace's thread
 * time) and in wall time, and its CPU time in all (ms). */
function mainThread(events) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(k)) continue;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push(e);
  }
  const cpuOf = (tasks) => tasks.reduce((s, t) => s + (t.tdur ?? 0), 0);
  const tasks = [...byThread.values()].sort((a, b) => cpuOf(b) - cpuOf(a))[0] ?? [];
  return {
    longestCpu: Math.max(0, ...tasks.map((t) => t.tdur ?? 0)) / 1000,
    longestWall: Math.max(0, ...tasks.map((t) => t.dur ?? 0)) / 1000,
    total: cpuOf(tasks) / 1000,
  };
}

const fmt = (n) => `${Math.round(n).toLocaleString('en-US')}`;
const { chromium } = await import('playwright-core');
const origin = await botOrigin();
const builds = [...(baseline ? [['baseline', path.resolve(baseline)]] : []), ['this build', dist]];
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(`limits: a human against ${BOTS} bots drawing 1,000 texts and logging 10,000 characters a turn, ${TURNS} turns on ${SIZE} (seed ${SEED})`);
  for (const [label, dir] of builds) {
    const app = await serve(dir);
    try {
      const r = await measure(browser, app, origin);
      const worst = Math.max(...r.stalls);
      const sorted = [...r.stalls].sort((a, b) => a - b);
      console.log(`${label} (${dir}):`);
      console.log(`  worst event-loop delay over a turn: ${fmt(worst)} ms (median turn ${fmt(sorted[Math.floor(sorted.length / 2)])} ms, last turn ${fmt(r.stalls[r.stalls.length - 2])} ms)`);
      console.log(`  longest main-thread task: ${fmt(r.longest)} ms (long-task observer, wall time)`);
      console.log(`  main thread's own work (trace): longest task ${fmt(r.cpu.longestCpu)} ms of CPU (${fmt(r.cpu.longestWall)} ms wall at most), ${fmt(r.cpu.total / TURNS)} ms of CPU a turn`);
      console.log(`  stored in IndexedDB after ${TURNS} turns: ${fmt(r.stored.total)} bytes (${Object.entries(r.stored.stores).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')})`);
      console.log(`  worst delay by turn: ${r.stalls.map(Math.round).join(' ')}`);
      if (r.errors.length) console.log(`  page errors: ${r.errors.join('; ')}`);
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
  await origin.close();
}
