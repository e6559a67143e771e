// Strength of the built-in Halite I bots in the real engine: N whole games between two or more
// built-in bots, played inline in the built app (dist/, `?bench=1`) in headless Chromium with the
// page's own wasm engine. Seeds 1..N; the seats rotate from game to game (with two bots, the first
// bot is player 1 in odd games and player 2 in even ones). Prints, per bot, the games won (rank 1),
// the win rate, the average final territory and the time per turn inside the bot (average; the
// worst game's 99th percentile; the longest single turn, which a busy machine inflates).
//
//   node www/bench/strength.mjs [--games 50] [--size 30x30] [--bots tactician,greedy] [--fog R] [--verbose]

import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();

const GAMES = Number(opt('games', '50'));
const [WIDTH, HEIGHT] = opt('size', '30x30').split('x').map(Number);
const BOTS = opt('bots', 'tactician,greedy').split(',').map((s) => s.trim()).filter(Boolean);
const FOG = opt('fog', undefined);
const VERBOSE = process.argv.includes('--verbose');

if (!Number.isInteger(GAMES) || GAMES < 1 || !WIDTH || !HEIGHT || BOTS.length < 2) {
  console.error('usage: node www/bench/strength.mjs [--games N] [--size WxH] [--bots a,b[,c...]] [--fog R] [--verbose]');
  process.exit(2);
}
const server = await serve(dist);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}?bench=1`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30000 });

  const k = BOTS.length;
  const wins = new Array(k).fill(0);
  const territory = new Array(k).fill(0);
  const botMs = new Array(k).fill(0);
  const maxMs = new Array(k).fill(0);
  const p99Ms = new Array(k).fill(0);
  let turns = 0;
  let rejected = 0;
  const t0 = Date.now();
  for (let g = 0; g < GAMES; g++) {
    const seed = g + 1;
    // Seat s plays bot (s + g) mod k: every bot takes every seat in turn.
    const lineup = BOTS.map((_, s) => BOTS[(s + g) % k]);
    const config = { bots: lineup, width: WIDTH, height: HEIGHT, seed };
    if (FOG !== undefined) config.fog = Number(FOG);
    const r = await page.evaluate((c) => window.__bench.playBots(c), config);
    turns += r.turns;
    rejected += r.rejected.length;
    for (let s = 0; s < k; s++) {
      const b = (s + g) % k;
      if (r.ranks[s] === 1) wins[b]++;
      territory[b] += r.territory[s] / (WIDTH * HEIGHT);
      botMs[b] += r.botMs[s] / Math.max(1, r.turns);
      maxMs[b] = Math.max(maxMs[b], r.maxBotMs[s]);
      p99Ms[b] = Math.max(p99Ms[b], r.p99BotMs[s]);
    }
    if (VERBOSE) {
      const who = lineup.map((b, s) => `${b}#${s + 1}:rank ${r.ranks[s]}, ${r.territory[s]} sites`).join('  ');
      console.log(`seed ${seed}: ${r.turns} turns  ${who}${r.rejected.length ? `  REJECTED ${JSON.stringify(r.rejected)}` : ''}`);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log('');
  console.log(`Halite I bot strength — ${GAMES} games, ${WIDTH}x${HEIGHT}, ${k} players${FOG !== undefined ? `, fog radius ${FOG}` : ''}, seeds 1..${GAMES}, seats rotating; headless Chromium, the page's wasm engine`);
  for (let b = 0; b < k; b++) {
    const rate = (100 * wins[b]) / GAMES;
    console.log(
      `  ${BOTS[b].padEnd(10)} wins ${String(wins[b]).padStart(3)}/${GAMES} (${rate.toFixed(0)}%)  average final territory ${((100 * territory[b]) / GAMES).toFixed(1)}%  ` +
        `bot time ${(botMs[b] / GAMES).toFixed(2)} ms/turn, 99th percentile up to ${p99Ms[b].toFixed(1)} ms in a game, longest ${maxMs[b].toFixed(1)} ms`,
    );
  }
  console.log(`  ${turns} turns in ${secs.toFixed(1)} s; answers the engine refused: ${rejected}`);
  if (errors.length || rejected) {
    if (errors.length) console.log(`page errors: ${errors.join(' | ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}
