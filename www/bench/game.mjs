// A full Halite I game in the page through the live path, as fast as it can go: the engine in its
// worker (HALITE1.startMatch), each bot in its own worker (WorkerSeat), the generic match loop
// never waiting for a display. Reports the total time and the share spent outside the bots (the
// engine, the messages and transfers, the workers, the loop). A turn's bot time is the slowest
// seat's time inside its bot function, measured in its worker (the seats think in parallel).
//
//   node www/bench/game.mjs [--reps 3] [--size 50x50] [--bots greedy,greedy] [--seed 1]

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

const server = await serve(dist);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}?bench=1`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30000 });
  // One game to warm up (chunks fetched and compiled, JIT), then the measured ones.
  await page.evaluate(([b, w, h, s]) => window.__bench.fullGame(b, w, h, s), [BOTS, WIDTH, HEIGHT, SEED]);
  const runs = [];
  for (let r = 0; r < REPS; r++) {
    runs.push(await page.evaluate(([b, w, h, s]) => window.__bench.fullGame(b, w, h, s), [BOTS, WIDTH, HEIGHT, SEED]));
  }
  // The median run by its loop time, reported whole so its parts add up.
  const sorted = [...runs].sort((a, b) => a.loopMs - b.loopMs);
  const m = sorted[sorted.length >> 1];
  const outside = m.loopMs - m.botMs;
  const outsideTotal = m.totalMs - m.botMs;
  const rest = m.loopMs - m.observeMs - m.actMs - m.stepMs;
  console.log('');
  console.log(`Full game through the live path — ${m.width}x${m.height}, ${BOTS.join(' vs ')}, seed ${SEED}, ${m.turns} turns; headless Chromium, median of ${REPS} runs (by loop time)`);
  console.log(`  total (workers started, bots loaded, every turn)   ${f(m.totalMs)} ms   runs: ${runs.map((r) => r.totalMs.toFixed(0)).join(', ')}`);
  console.log(`  turn loop                                            ${f(m.loopMs)} ms   (${f(m.loopMs / m.turns)} ms a turn)`);
  console.log(`  inside the bots (slowest seat each turn)             ${f(m.botMs)} ms   (${pct(m.botMs, m.loopMs)} of the loop)`);
  console.log(`  OUTSIDE the bots: ${f(outside)} ms = ${pct(outside, m.loopMs)} of the turn loop (goal < 10%); ${pct(outsideTotal, m.totalMs)} of the total with the start`);
  console.log(`    observations (engine worker round trip)            ${f(m.observeMs)} ms   ${f((1000 * m.observeMs) / m.turns)} us a turn`);
  console.log(`    bots' turn (messages to and from the bot workers + bot time + answer check) ${f(m.actMs)} ms, of which messaging ${f(m.actMs - m.botMs)} ms`);
  console.log(`    step (engine worker round trip, frame copied back) ${f(m.stepMs)} ms   ${f((1000 * m.stepMs) / m.turns)} us a turn`);
  console.log(`    the rest of the loop                               ${f(rest)} ms`);
  console.log(`  ranks: ${m.ranks.join(', ')}`);
  if (errors.length) {
    console.log(`page errors: ${errors.join(' | ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}
