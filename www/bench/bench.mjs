// Browser benchmark of the built app (dist/) in headless Chromium (run by `npm run bench`).
//
//   node www/bench/bench.mjs [--reps N] [--draws N] [--seconds S] [--loads N] [--baseline DIR]
//
// (0) the longest main-thread task and the total blocking time while the app loads s107 by URL
//     (PerformanceObserver 'longtask', from navigation until the rules check is done, and from the
//     replay's request on), and the longest task in CPU time (a Chromium trace, on loads of their
//     own), five rounds (`--loads N`) of two loads, each in a new browser context (a first
//     visit); `--baseline DIR` loads
//     another build (e.g. an older commit's dist/) in alternation with this one and prints both;
// (a) opening the 11 MB s107 replay in the engine worker + its first frame drawn, against
// (b) a plain JSON.parse of the same text on the main thread, side by side in one run;
// (c) drawing a 50x50 frame, median over ~200 draws;
// (d) playback at 60 frames a second for ~5 s, counting dropped frames (rAF gaps > 1.5 x 16.7 ms);
// (e) memory held per site per frame; (f) the size of the .wasm in dist/.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt, quantile } from './support.mjs';
import { traced } from '../tests/support/responsive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = builtApp();
const replayFile = path.join(root, 'tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz');

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const REPS = arg('reps', 7);
const DRAWS = arg('draws', 200);
const SECONDS = arg('seconds', 5);
const LOADS = arg('loads', 5);
const baseline = opt('baseline', '');
if (baseline && !fs.existsSync(path.join(baseline, 'index.html'))) {
  console.error(`--baseline ${baseline}: no built app there`);
  process.exit(1);
}

const median = (xs) => quantile(xs, 0.5);
const ms = (v) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
const mb = (b) => `${(b / (1024 * 1024)).toFixed(2)} MiB`;

const gz = fs.readFileSync(replayFile);
const text = zlib.gunzipSync(gz);
const routes = {
  '/bench/s107.hlt': { type: 'application/json', body: text },
  '/bench/s107.hlt.gz': { type: 'application/gzip', body: gz },
};
const server = await serve(dist, routes);
const baselineServer = baseline ? await serve(path.resolve(baseline), routes) : null;
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
try {
  // (0) main-thread long tasks while loading s107 by URL, this build and the baseline's in turn.
  const builds = [{ name: 'this build', url: server.url }];
  if (baseline) builds.push({ name: `baseline (${baseline})`, url: baselineServer.url });
  for (const b of builds) Object.assign(b, { longest: [], blocking: [], longestLoading: [], longestCpu: [], longestLoadingTraced: [] });
  // Each build is loaded twice a round: once as it is, for the long tasks' wall time, and once
  // under a trace, for their CPU time, so that the tracer's own work (every thread's events
  // recorded and sent to the browser) is not in the wall time.
  const load = async (b, withTrace) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const p = await ctx.newPage();
    await p.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const open = async () => {
      await p.goto(`${b.url}?replay=bench/s107.hlt.gz`);
      await p.waitForFunction(() => document.querySelector('[data-part="badge"]')?.dataset.state === 'ok', null, { timeout: 60000 });
      await p.waitForTimeout(300);
    };
    // On two cores the page's thread also waits for a core while the worker parses, and that
    // wait counts in a task's wall time but not in its CPU time.
    if (withTrace) b.longestCpu.push((await traced(browser, p, open)).longest);
    else await open();
    const { tasks, from } = await p.evaluate(() => ({
      tasks: window.__longTasks,
      from: performance.getEntriesByType('resource').find((r) => r.name.includes('s107'))?.startTime ?? 0,
    }));
    const during = tasks.filter((t) => t.start >= from);
    const longestDuring = during.length ? Math.max(...during.map((t) => t.duration)) : 0;
    if (withTrace) {
      b.longestLoadingTraced.push(longestDuring);
    } else {
      b.longest.push(tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0);
      b.blocking.push(tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0));
      b.longestLoading.push(longestDuring);
    }
    await ctx.close();
  };
  for (let r = 0; r < LOADS; r++) {
    for (const b of builds) {
      // Which of the two goes first changes from round to round.
      await load(b, r % 2 === 1);
      await load(b, r % 2 === 0);
    }
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}?bench=1`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30000 });

  const memBefore = await page.evaluate(() => window.__bench.wasmMemory());
  const size = await page.evaluate(() => window.__bench.load('bench/s107.hlt'));

  // (a) and (b), interleaved so both see the same machine state.
  const wasmRuns = [];
  const jsonRuns = [];
  const decodeRuns = [];
  let memAfterFirst = 0;
  let seriesMs = NaN;
  for (let r = 0; r < REPS; r++) {
    wasmRuns.push(await page.evaluate(() => window.__bench.openAndDraw()));
    if (r === 0) {
      seriesMs = await page.evaluate(() => window.__bench.seriesMs());
      memAfterFirst = await page.evaluate(() => window.__bench.wasmMemory());
    }
    jsonRuns.push(await page.evaluate(() => window.__bench.jsonParse()));
    decodeRuns.push(await page.evaluate(() => window.__bench.decodeAndJsonParse()));
  }
  const info = await page.evaluate(() => window.__bench.info());

  // (c) drawing.
  await page.waitForTimeout(300);
  const draws = await page.evaluate((n) => window.__bench.draws(n, false), DRAWS);
  const drawsFlushed = await page.evaluate((n) => window.__bench.draws(n, true), DRAWS);

  // (d) playback at 60 fps.
  const play = await page.evaluate(([fps, s]) => window.__bench.playback(fps, s), [60, SECONDS]);
  const budget = 1.5 * (1000 / 60);
  const dropped = play.deltas.filter((d) => d > budget).length;

  // (f) wasm size.
  const wasmFiles = fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'));
  const wasmBytes = wasmFiles.reduce((s, f) => s + fs.statSync(path.join(dist, f)).size, 0);
  const wasmGz = wasmFiles.reduce((s, f) => s + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);

  const sites = info.width * info.height;
  const held = 3 * sites * info.numFrames;
  const grew = memAfterFirst - memBefore;

  const aMed = median(wasmRuns);
  const bMed = median(jsonRuns);
  console.log('');
  console.log(`Halite I web bench — headless Chromium, replay s107 ${info.width}x${info.height}, ${info.numPlayers} players, ${info.numFrames} frames, ${mb(size)} of JSON`);
  console.log('');
  const runs = (xs) => xs.map((v) => v.toFixed(0)).join(', ');
  console.log(`(0) loading s107 by URL (?replay=...), ${LOADS} first visits${baseline ? ' each, alternating with the baseline' : ''}:`);
  for (const b of builds) {
    console.log(`  ${b.name}: longest main-thread task median ${ms(median(b.longest))} (runs: ${runs(b.longest)} ms; goal < 50 ms)`);
    console.log(`    of which from the replay's request to the rules check: longest median ${ms(median(b.longestLoading))} (runs: ${runs(b.longestLoading)} ms; 0: no task over 50 ms)`);
    console.log(`    longest main-thread task in CPU time (the trace's thread time) median ${ms(median(b.longestCpu))} (runs: ${runs(b.longestCpu)} ms; goal < 50 ms)`);
    console.log(`    the same loads' longest task from the request, wall time under the tracer: median ${ms(median(b.longestLoadingTraced))} (runs: ${runs(b.longestLoadingTraced)} ms)`);
    console.log(`    total blocking time (sum of task time over 50 ms) median ${ms(median(b.blocking))} (runs: ${runs(b.blocking)} ms)`);
  }
  if (baseline) {
    const [now, before] = builds;
    console.log(`    this build / baseline: longest task from the request ${(median(now.longestLoading) / median(before.longestLoading)).toFixed(2)}x, in CPU time ${(median(now.longestCpu) / median(before.longestCpu)).toFixed(2)}x`);
  }
  console.log(`(a) open in the engine worker + first frame drawn median ${ms(aMed)}   runs: ${wasmRuns.map((v) => v.toFixed(0)).join(', ')}`);
  console.log(`(b) JSON.parse of the same text (string ready)   median ${ms(bMed)}   runs: ${jsonRuns.map((v) => v.toFixed(0)).join(', ')}`);
  console.log(`    TextDecoder + JSON.parse of the same bytes     median ${ms(median(decodeRuns))}`);
  console.log(`    ratio (a) / (b)                                 ${(aMed / bMed).toFixed(2)}x  ((a) runs off the main thread, validates every site, copies the frames over and draws; (b) blocks the page)`);
  console.log(`    statistics series for the graphs arrive after    ${ms(seriesMs)}`);
  console.log(`(c) draw one ${info.width}x${info.height} frame (canvas commands)        median ${ms(median(draws))}   p95 ${ms(draws.slice().sort((x, y) => x - y)[Math.floor(draws.length * 0.95)])}   (${draws.length} draws)`);
  console.log(`    draw + read back one pixel (forces raster)     median ${ms(median(drawsFlushed))}`);
  console.log(`(d) playback at 60 fps for ${SECONDS} s: ${play.deltas.length} animation frames, ${dropped} dropped (gap > ${budget.toFixed(1)} ms), median gap ${ms(median(play.deltas))}, ${play.framesAdvanced} replay frames advanced`);
  console.log(`(e) frames held on the page: 3 bytes per site per frame (owner, strength, move; typed arrays) = ${mb(held)} for this replay`);
  console.log(`    the page's wasm memory grew ${mb(grew)} on the first load (the replay lives in its worker)`);
  console.log(`(f) wasm in dist/: ${wasmFiles.join(', ')} ${wasmBytes.toLocaleString('en-US')} bytes (${wasmGz.toLocaleString('en-US')} gzipped)`);
  if (errors.length) {
    console.log('');
    console.log(`page errors: ${errors.join(' | ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
  await baselineServer?.close();
}
