// The arena page's throughput: games of built-in bots played by the page's pool of workers, as a
// user runs them (the set-up comes from the address, Start is clicked). Prints the games per
// minute the page itself reports, the standings and the longest main-thread task of the run, from
// Start to the last rating and its replays stored in the browser (wall time, as the browser's
// long-task observer reports it: on a busy machine a short task waits for a core long enough to
// be reported), and apart from it the longest while the page loaded. With `--trace`, the run is
// traced as well, and the main thread's own work is told from its waiting: its busy time in CPU,
// and its longest task in CPU time (the trace's thread time) beside its wall time, and the CPU
// time of all the page's threads (workers included) per game. `--runs N` repeats the run
// in fresh pages of one browser; `--dist DIR` measures another build (e.g. an older commit's);
// `--parallel P` sets the games played at once (the page's default otherwise: its cores, up to 4);
// `--save-trace FILE` keeps the trace (implies `--trace`; `FILE.N` for run N with `--runs`).
//
// Beside each run of the page, the native arena plays the same games (the Python package's
// `python -m halite_engine.arena`, its engine compiled natively, a worker process per core): the
// bench prints both rates, their ratio (goal: the page within 1.5x of native) and both standings.
// The Python is HALITE_PYTHON, else the test venv's (target/python-test-venv, made by `npm test`),
// else `python3`; without the package the native side is skipped, saying so.
//
//   node www/bench/arena.mjs [--games 50] [--size 30x30] [--bots tactician,greedy] [--seed 1] [--runs 1] [--parallel P] [--trace] [--save-trace FILE]

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();
const GAMES = Number(opt('games', '50'));
const SIZE = opt('size', '30x30');
const BOTS = opt('bots', 'tactician,greedy');
const SEED = Number(opt('seed', '1'));
const RUNS = Number(opt('runs', '1'));
const PARALLEL = opt('parallel', '');
const SAVE_TRACE = opt('save-trace', '');
const TRACE = process.argv.includes('--trace') || SAVE_TRACE !== '';

/** The renderer main thread's tasks in a trace: busy wall and CPU time, the longest task by wall
 * time and by CPU time (ms). */
function mainThread(events) {
  const ids = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && ids.has(`${e.pid}:${e.tid}`));
  const ms = (us) => (us ?? 0) / 1000;
  let wall = 0;
  let cpu = 0;
  let longWall = 0;
  let longCpu = 0;
  let cpuOfLongWall = 0;
  for (const t of tasks) {
    wall += ms(t.dur);
    cpu += ms(t.tdur);
    if (ms(t.dur) > longWall) {
      longWall = ms(t.dur);
      cpuOfLongWall = ms(t.tdur);
    }
    longCpu = Math.max(longCpu, ms(t.tdur));
  }
  return { count: tasks.length, wall, cpu, longWall, cpuOfLongWall, longCpu };
}

/** CPU time (ms) of every thread of the page's renderer process in a trace (its main thread, the
 * engines' and bots' workers, the helper), by thread name, and the total: on two cores, what the
 * games compete for. */
function rendererCpu(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const names = new Map(events.filter((e) => e.name === 'thread_name' && e.pid === main?.pid).map((e) => [e.tid, e.args.name]));
  const by = new Map();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask' && e.pid === main?.pid) {
      const n = names.get(e.tid) ?? '?';
      by.set(n, (by.get(n) ?? 0) + (e.tdur ?? 0) / 1000);
    }
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  return { total, by: [...by].sort((a, b) => b[1] - a[1]) };
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** The Python with the package, or null. */
function findPython() {
  const venv = path.resolve('target/python-test-venv/bin/python');
  for (const py of [process.env.HALITE_PYTHON, fs.existsSync(venv) ? venv : null, 'python3']) {
    if (!py) continue;
    try {
      execFileSync(py, ['-c', 'import halite_engine'], { stdio: 'ignore' });
      return py;
    } catch {
      // not this one
    }
  }
  return null;
}
const PYTHON = findPython();

/** The native arena on the same games: its rate (games a minute, from its own clock) and its
 * standings. */
function nativeRun() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-native-'));
  try {
    // The arena's own function, for its clock to the millisecond (its command prints tenths).
    const script = [
      'import json, sys',
      'from halite_engine.arena import arena',
      'r = arena("halite1", sys.argv[1].split(","), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5])',
      'print(json.dumps({"seconds": r["elapsed_seconds"], "games": len(r["games"]), "bots": r["bots"]}))',
    ].join('\n');
    const bots = BOTS.split(',').map((b) => `builtin:${b}`).join(',');
    const r = JSON.parse(execFileSync(PYTHON, ['-c', script, bots, String(GAMES), SIZE, String(SEED), out], { encoding: 'utf8' }));
    return { perMinute: (60 * r.games) / r.seconds, seconds: r.seconds, bots: r.bots.map((b) => `${b.name} ${b.wins} wins, mean rank ${b.mean_rank}`) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** In the page: waits until its service worker is installed and active (or the page has none a
 * few seconds after its load), and says which. */
async function offlineInstalled() {
  if (!('serviceWorker' in navigator)) return 'no service worker';
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const t0 = performance.now();
  for (;;) {
    const reg = await navigator.serviceWorker.getRegistration();
    if (reg?.active && !reg.installing && !reg.waiting) return `offline copy installed after ${(performance.now() - t0).toFixed(0)} ms`;
    if (!reg && document.readyState === 'complete' && performance.now() - t0 > 3000) return 'no service worker';
    if (performance.now() - t0 > 60_000) return 'offline copy still installing after 60 s';
    await sleep(100);
  }
}

const pageRates = [];
const nativeRates = [];

const { chromium } = await import('playwright-core');
const server = await serve(dist);
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(`arena: ${GAMES} games of ${BOTS} on ${SIZE} (seeds ${SEED}..${SEED + GAMES - 1}, seats rotating), ${dist}`);
  for (let run = 0; run < RUNS; run++) {
    const load = os.loadavg()[0];
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: false });
    });
    await page.goto(`${server.url}?arena&bots=${BOTS}&games=${GAMES}&size=${SIZE}&seed=${SEED}&order=rotate${PARALLEL ? `&parallel=${PARALLEL}` : ''}`);
    await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 30000 });
    // A first visit installs the offline copy (the service worker fetches and compiles every
    // file of the app, about half a second of CPU): the run starts once it is in place, so that
    // it measures the arena and not the install.
    const install = await page.evaluate(offlineInstalled);
    if (TRACE) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    // The run's tasks apart from the page's loading (its script, its first layout), told by when
    // each began: the observer reports a task some time after it ends.
    const clickAt = await page.evaluate(() => performance.now());
    await page.click('[data-part="start"]');
    await page.waitForFunction(() => window.__arena.state === 'done', null, { timeout: 30 * 60_000, polling: 250 });
    // The standings are read once every game is rated.
    await page.waitForFunction(() => window.__arena.rated >= window.__arena.done, null, { timeout: 5 * 60_000, polling: 100 });
    // And the run's replays stored in the browser (after the games: part of the run's main-thread work).
    await page.waitForFunction(() => !window.__arena.keeping, null, { timeout: 5 * 60_000, polling: 100 });
    const traced = TRACE ? (await browser.stopTracing()).toString() : null;
    if (SAVE_TRACE) fs.writeFileSync(RUNS > 1 ? `${SAVE_TRACE}.${run}` : SAVE_TRACE, traced);
    const events = traced ? JSON.parse(traced).traceEvents : null;
    const trace = events ? mainThread(events) : null;
    const cpu = events ? rendererCpu(events) : null;
    const r = await page.evaluate(() => ({
      perMinute: window.__arena.gamesPerMinute,
      elapsed: window.__arena.elapsedMs,
      rows: window.__arena.rows(),
      longTasks: window.__longTasks,
    }));
    const longestOf = (tasks) => tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    const atLoad = longestOf(r.longTasks.filter((t) => t.start < clickAt));
    r.longest = longestOf(r.longTasks.filter((t) => t.start >= clickAt));
    await page.close();
    console.log(
      `  ${(r.elapsed / 1000).toFixed(1)} s, ${r.perMinute.toFixed(1)} games a minute; longest main-thread task ${r.longest.toFixed(0)} ms (while the page loaded: ${atLoad.toFixed(0)} ms; ${install}; load average ${load.toFixed(1)} on ${os.cpus().length} cores at the start)`,
    );
    if (trace)
      console.log(
        `  main thread (trace): ${trace.count} tasks, busy ${trace.wall.toFixed(0)} ms of wall time, ${trace.cpu.toFixed(0)} ms of CPU; longest task ${trace.longWall.toFixed(0)} ms (${trace.cpuOfLongWall.toFixed(1)} ms of it CPU); most CPU in one task ${trace.longCpu.toFixed(1)} ms`,
      );
    if (cpu)
      console.log(
        `  the page's threads (trace): ${cpu.total.toFixed(0)} ms of CPU, ${(cpu.total / GAMES).toFixed(1)} a game (${cpu.by
          .slice(0, 4)
          .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
          .join(', ')})`,
      );
    pageRates.push(r.perMinute);
    if (run === RUNS - 1) for (const row of r.rows) console.log(`  ${JSON.stringify(row)}`);
    if (PYTHON) {
      const n = nativeRun();
      nativeRates.push(n.perMinute);
      console.log(`  native (${PYTHON}): ${n.seconds.toFixed(2)} s, ${n.perMinute.toFixed(1)} games a minute; ${n.bots.join('; ')}`);
    }
  }
  const page = median(pageRates);
  console.log(`page: ${page.toFixed(0)} games a minute, median of ${RUNS} (goal: at least 1,000 for tactician vs greedy on 30x30: ${page >= 1000 ? 'met' : 'not met'})`);
  if (PYTHON) {
    const native = median(nativeRates);
    const ratio = native / page;
    console.log(`native: ${native.toFixed(0)} games a minute; native / page ${ratio.toFixed(2)}x (goal: at most 1.5x: ${ratio <= 1.5 ? 'met' : 'not met'})`);
  } else console.log('native: not measured (no Python with halite_engine: pip install ./python, or set HALITE_PYTHON)');
} finally {
  await browser.close();
  await server.close();
}
