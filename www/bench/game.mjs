// A full Halite I game in the page through the live path, as fast as it can go: the engine in its
// worker (HALITE1.startMatch), each bot in its own worker (WorkerSeat), the generic match loop
// never waiting for a display. Reports the total time and the share spent outside the bots (the
// engine, the messages and transfers, the workers, the loop). A turn's bot time is the slowest
// seat's time inside its bot function, measured in its worker (the seats think in parallel).
//
//   node www/bench/game.mjs [--reps 3] [--size 50x50] [--bots greedy,greedy] [--seed 1] [--baseline DIR]
//
// `--baseline DIR`: also measures another build of the app (e.g. an older commit's dist/) in the
// same run, alternating, and prints the two side by side with their ratio.

import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();

const REPS = Number(opt('reps', '3'));
const [WIDTH, HEIGHT] = opt('size', '50x50').split('x').map(Number);
const BOTS = opt('bots', 'greedy,greedy').split(',');
const SEED = Number(opt('seed', '1'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f = (v) => v.toFixed(v < 10 ? 2 : 0);
const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;

const BASELINE = opt('baseline', '');

/** Plays REPS measured games (after one to warm up) on the app in `dir`; the median run by loop
 * time, and page errors. */
async function measure(browser, dir) {
  const server = await serve(dir);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}?bench=1`);
    await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30000 });
    await page.evaluate(([b, w, h, s]) => window.__bench.fullGame(b, w, h, s), [BOTS, WIDTH, HEIGHT, SEED]);
    const runs = [];
    for (let r = 0; r < REPS; r++) {
      runs.push(await page.evaluate(([b, w, h, s]) => window.__bench.fullGame(b, w, h, s), [BOTS, WIDTH, HEIGHT, SEED]));
    }
    await page.close();
    const sorted = [...runs].sort((a, b) => a.loopMs - b.loopMs);
    return { m: sorted[sorted.length >> 1], runs, errors };
  } finally {
    await server.close();
  }
}

function report(label, { m, runs }) {
  const outside = m.loopMs - m.botMs;
  const outsideTotal = m.totalMs - m.botMs;
  const rest = m.loopMs - m.observeMs - m.actMs - m.stepMs;
  console.log('');
  console.log(`${label}: full game through the live path — ${m.width}x${m.height}, ${BOTS.join(' vs ')}, seed ${SEED}, ${m.turns} turns; headless Chromium, median of ${REPS} runs (by loop time)`);
  console.log(`  total (workers started, bots loaded, every turn)   ${f(m.totalMs)} ms   runs: ${runs.map((r) => r.totalMs.toFixed(0)).join(', ')}`);
  console.log(`  turn loop                                            ${f(m.loopMs)} ms   (${f(m.loopMs / m.turns)} ms a turn)`);
  console.log(`  inside the bots (slowest seat each turn)             ${f(m.botMs)} ms   (${pct(m.botMs, m.loopMs)} of the loop)`);
  console.log(`  OUTSIDE the bots: ${f(outside)} ms = ${f(outside / m.turns)} ms a turn (goal: at most 0.15 ms a turn), ${pct(outside, m.loopMs)} of the turn loop; ${pct(outsideTotal, m.totalMs)} of the total with the start`);
  console.log(`    observations (engine worker round trip)            ${f(m.observeMs)} ms   ${f((1000 * m.observeMs) / m.turns)} us a turn`);
  console.log(`    bots' turn (messages to and from the bot workers + bot time + answer check) ${f(m.actMs)} ms, of which messaging ${f(m.actMs - m.botMs)} ms`);
  console.log(`    step (engine worker round trip, frame copied back) ${f(m.stepMs)} ms   ${f((1000 * m.stepMs) / m.turns)} us a turn`);
  console.log(`    the rest of the loop                               ${f(rest)} ms`);
  if (m.bytesPerTurn !== undefined) console.log(`    bytes posted between the engine worker and the page  ${f(m.bytesPerTurn)} a turn`);
  console.log(`  ranks: ${m.ranks.join(', ')}`);
  return outside / m.turns;
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
try {
  const now = await measure(browser, dist);
  const before = BASELINE ? await measure(browser, BASELINE) : null;
  const a = report('this build', now);
  if (before) {
    const b = report(`baseline (${BASELINE})`, before);
    console.log('');
    console.log(`outside the bots, a turn: ${f(a)} ms now, ${f(b)} ms before: ${(b / a).toFixed(2)}x faster`);
  }
  const errors = [...now.errors, ...(before?.errors ?? [])];
  if (errors.length) {
    console.log(`page errors: ${errors.join(' | ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
