// Opening a 10,000-game results.json in the arena page (Results from files), as a person does:
// the file chosen, its standings and first page of games shown, then the page and the games'
// list scrolled and paged (www/tests/support/big-results.mjs). Prints, per build and screen, the
// longest main-thread task from the choice to the end of the paging: its wall time from the
// page's long-task observer on loads without a trace, and its CPU time from a Chromium trace of
// other loads (a traced load's wall time includes the tracer's own work). The goal, no task over
// 50 ms, is printed beside each figure. Each round loads each build twice per screen, once of
// each kind, and which goes first alternates. With `--baseline DIR` another build (e.g. an older
// commit's dist/) is measured the same way in the same browser, in turn.
//
//   node www/bench/results.mjs [--rounds 7] [--games 10000] [--baseline DIR] [--dist DIR]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { traced } from '../tests/support/responsive.mjs';
import { bigResults, pageThroughGames } from '../tests/support/big-results.mjs';
import { builtApp, opt, quantile } from './support.mjs';

const GOAL_MS = 50;
const dist = builtApp();
const baseline = opt('baseline', '');
if (baseline && !fs.existsSync(path.join(baseline, 'index.html'))) {
  console.error(`--baseline ${baseline}: no built app there`);
  process.exit(1);
}
const ROUNDS = Number(opt('rounds', '7'));
const GAMES = Number(opt('games', '10000'));
const SCREENS = [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, hasTouch: false },
  { name: '390x844 at 3x, touch', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'results-bench-'));
const file = path.join(tmp, 'results.json');
fs.writeFileSync(file, JSON.stringify(bigResults(GAMES), null, 1));
const size = fs.statSync(file).size;

const builds = [{ name: 'this build', server: await serve(dist) }];
if (baseline) builds.push({ name: `baseline (${baseline})`, server: await serve(path.resolve(baseline)) });
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);

/** One opening of the file in a fresh context: the longest task from the choice on (wall time,
 * 0 when none was over 50 ms), and under a trace the longest task's CPU time. */
async function openOnce(build, screen, withTrace) {
  const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, hasTouch: screen.hasTouch });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${build.server.url}?arena`);
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="json-input"]'), null, { timeout: 30000 });
  await page.waitForTimeout(300);
  const work = async () => {
    const from = await page.evaluate(() => performance.now());
    await page.setInputFiles('[data-part="json-input"]', file);
    await page.waitForFunction((n) => window.__arena.opened?.count === n, GAMES, { timeout: 30000, polling: 50 });
    await page.waitForFunction(() => document.querySelectorAll('[data-part="games-body"] tr').length >= 50, null, { timeout: 30000 });
    await page.evaluate(pageThroughGames);
    await page.waitForTimeout(500);
    return from;
  };
  let from;
  let cpu = null;
  if (withTrace) ({ result: from, longest: cpu } = await traced(browser, page, work));
  else from = await work();
  const tasks = await page.evaluate((t0) => window.__longTasks.filter((t) => t.start >= t0).map((t) => t.duration), from);
  await context.close();
  if (errors.length) throw new Error(`${build.name}: page errors: ${errors.join('; ')}`);
  return { wall: tasks.length ? Math.max(...tasks) : 0, over: tasks.length, cpu };
}

const figures = new Map();
const at = (b, s) => {
  const key = `${b.name}|${s.name}`;
  if (!figures.has(key)) figures.set(key, { wall: [], over: [], cpu: [] });
  return figures.get(key);
};
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const screen of SCREENS) {
      for (const b of builds) {
        for (const withTrace of r % 2 === 0 ? [false, true] : [true, false]) {
          const one = await openOnce(b, screen, withTrace);
          const f = at(b, screen);
          if (withTrace) f.cpu.push(one.cpu);
          else {
            f.wall.push(one.wall);
            f.over.push(one.over);
          }
        }
      }
    }
  }
} finally {
  await browser.close();
  for (const b of builds) await b.server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const ms = (x) => `${x.toFixed(1)} ms`;
const list = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`A ${GAMES.toLocaleString('en-US')}-game results.json (${(size / 1e6).toFixed(1)} MB) opened, scrolled and paged in the arena page; ${ROUNDS} rounds, load average ${os.loadavg()[0].toFixed(1)} at the end on ${os.cpus().length} cores`);
for (const screen of SCREENS) {
  console.log(`${screen.name}:`);
  for (const b of builds) {
    const f = at(b, screen);
    const clear = f.wall.filter((x) => x === 0).length;
    console.log(`  ${b.name}: longest task from the choice, wall time median ${ms(quantile(f.wall, 0.5))} (runs: ${list(f.wall)}; 0: none over 50 ms; goal: under ${GOAL_MS} ms)`);
    console.log(`    loads with no task over 50 ms: ${clear} of ${f.wall.length}; tasks over 50 ms in all: ${f.over.reduce((s, x) => s + x, 0)}`);
    console.log(`    longest task in CPU time (traced loads) median ${ms(quantile(f.cpu, 0.5))} (runs: ${list(f.cpu)}; goal: under ${GOAL_MS} ms)`);
  }
}
