// A full Halite I game in the page through the live path, as fast as it can go: the engine and
// the match loop in the game's engine worker (HALITE1.startMatch), the built-in bots called there,
// the page never holding the game back. Reports the total time and the time a turn spends outside
// the bots (the engine, the observations, the answers' check, the messages to the page; goal: at
// most 0.15 ms a turn), and the bytes posted between workers and the page a turn. The bots' time is
// measured around each call, in the engine worker. A baseline build from before the loop moved
// (bots in workers of their own, the loop on the page) reports its own breakdown.
//
//   node www/bench/game.mjs [--reps 3] [--size 50x50] [--bots greedy,greedy] [--seed 1] [--baseline DIR] [--module]
//
// `--module`: every seat is the game's starter bot as a module in the bot host (what a person's
// bot is), asked by the engine worker once a turn on the bot worker's port; its bot time is the
// slowest seat's time inside its bot function, measured in its worker (the seats think in parallel).
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
const MODULE = process.argv.includes('--module');

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
    const args = [BOTS, WIDTH, HEIGHT, SEED, MODULE];
    await page.evaluate(([b, w, h, s, m]) => window.__bench.fullGame(b, w, h, s, m), args);
    const runs = [];
    for (let r = 0; r < REPS; r++) {
      runs.push(await page.evaluate(([b, w, h, s, m]) => window.__bench.fullGame(b, w, h, s, m), args));
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
  const old = m.actMs !== undefined;
  console.log('');
  const who = m.bots === 'slowest' ? `the starter bot as a module in the bot host in each of ${BOTS.length} seats` : BOTS.join(' vs ');
  console.log(`${label}: full game through the live path — ${m.width}x${m.height}, ${who}, seed ${SEED}, ${m.turns} turns; headless Chromium, median of ${REPS} runs (by loop time)`);
  console.log(`  total (workers started, bots loaded, every turn)   ${f(m.totalMs)} ms   runs: ${runs.map((r) => r.totalMs.toFixed(0)).join(', ')}`);
  console.log(`  turn loop                                            ${f(m.loopMs)} ms   (${f(m.loopMs / m.turns)} ms a turn)`);
  const how = old || m.bots === 'slowest' ? 'slowest seat each turn, seats in parallel' : 'every seat, one after another';
  console.log(`  inside the bots (${how})   ${f(m.botMs)} ms   (${pct(m.botMs, m.loopMs)} of the loop)`);
  const goal = outside / m.turns <= 0.15 ? 'met' : 'not met';
  console.log(`  OUTSIDE the bots: ${f(outside)} ms = ${f((1000 * outside) / m.turns)} us a turn (goal: at most 150 us a turn: ${goal}), ${pct(outside, m.loopMs)} of the turn loop; ${pct(outsideTotal, m.totalMs)} of the total with the start`);
  if (old) {
    const rest = m.loopMs - m.observeMs - m.actMs - m.stepMs;
    console.log(`    observations (engine worker round trip)            ${f(m.observeMs)} ms   ${f((1000 * m.observeMs) / m.turns)} us a turn`);
    console.log(`    bots' turn (messages to and from the bot workers + bot time + answer check) ${f(m.actMs)} ms, of which messaging ${f(m.actMs - m.botMs)} ms`);
    console.log(`    step (engine worker round trip, frame copied back) ${f(m.stepMs)} ms   ${f((1000 * m.stepMs) / m.turns)} us a turn`);
    console.log(`    the rest of the loop                               ${f(rest)} ms`);
  } else {
    const us = (v) => `${f(v)} ms   ${f((1000 * v) / m.turns)} us a turn`;
    const hosted = m.bots === 'slowest';
    const inWorker = m.loopMs - m.waitMs - (hosted ? 0 : m.botMs);
    const rest = inWorker - m.observeMs - m.checkMs - m.stepMs - m.frameMs - m.postMs;
    console.log(`    in the engine worker:`);
    console.log(`      observations (copied out of the engine)          ${us(m.observeMs)}`);
    console.log(`      answers checked and packed                       ${us(m.checkMs)}`);
    console.log(`      the engine's step                                ${us(m.stepMs)}`);
    console.log(`      the new frame copied out                         ${us(m.frameMs)}`);
    console.log(`      turns and series posted to the page              ${us(m.postMs)}`);
    console.log(`      the rest (loop, yields to messages)              ${us(rest)}`);
    if (hosted) console.log(`    waiting for the hosted bots (to their workers and back), bots excluded  ${us(m.waitMs - m.botMs)}`);
    else console.log(`    waiting for the page (its seats, its credit)       ${f(m.waitMs)} ms`);
  }
  if (m.bytesPerTurn !== undefined) console.log(`    bytes posted between the engine worker and the page  ${f(m.bytesPerTurn)} a turn`);
  // Before, each bot's worker got its observation from the page and answered it: the page posted
  // the engine's observations again, to the bots.
  const botBytes = m.botBytesPerTurn ?? (m.observeBytesPerTurn ?? NaN);
  if (!Number.isNaN(botBytes)) console.log(`    bytes posted to the bot workers                      ${f(botBytes)} a turn`);
  else console.log('    bytes posted between bot workers and the page        (not counted by this build: its observations went on to the bots, as many again as the engine posted for them)');
  console.log(`  ranks: ${m.ranks.join(', ')}`);
  return { outside: outside / m.turns, bytes: m.bytesPerTurn, ranks: m.ranks.join(',') };
}

if (MODULE && BASELINE) console.log('note: a baseline build plays the built-in bots (it has no --module game), so the two are not the same game');
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
try {
  const now = await measure(browser, dist);
  const before = BASELINE ? await measure(browser, BASELINE) : null;
  const a = report('this build', now);
  if (before) {
    const b = report(`baseline (${BASELINE})`, before);
    console.log('');
    console.log(`outside the bots, a turn: ${f(1000 * a.outside)} us now, ${f(1000 * b.outside)} us before: ${(b.outside / a.outside).toFixed(2)}x faster`);
    if (a.bytes !== undefined && b.bytes !== undefined) console.log(`bytes posted between the engine worker and the page a turn: ${f(a.bytes)} now, ${f(b.bytes)} before`);
    console.log(`same result (ranks): ${a.ranks === b.ranks ? 'yes' : `NO (${a.ranks} now, ${b.ranks} before)`}`);
  }
  const errors = [...now.errors, ...(before?.errors ?? [])];
  if (errors.length) {
    console.log(`page errors: ${errors.join(' | ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
