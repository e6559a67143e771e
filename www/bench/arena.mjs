// The arena page's throughput: games of built-in bots played by the page's pool of workers, as a
// user runs them (the set-up comes from the address, Start is clicked). Prints the games per
// minute the page itself reports, the standings and the longest main-thread task of the run.
//
//   node www/bench/arena.mjs [--games 50] [--size 30x30] [--bots tactician,greedy] [--seed 1]

import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();
const GAMES = Number(opt('games', '50'));
const SIZE = opt('size', '30x30');
const BOTS = opt('bots', 'tactician,greedy');
const SEED = Number(opt('seed', '1'));

const { chromium } = await import('playwright-core');
const server = await serve(dist);
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.goto(`${server.url}?arena&bots=${BOTS}&games=${GAMES}&size=${SIZE}&seed=${SEED}&order=rotate`);
  await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'), null, { timeout: 30000 });
  await page.click('[data-part="start"]');
  await page.waitForFunction(() => window.__arena.state === 'done', null, { timeout: 30 * 60_000, polling: 250 });
  // The standings are read once every game is rated.
  await page.waitForFunction(() => window.__arena.rated >= window.__arena.done, null, { timeout: 5 * 60_000, polling: 100 });
  const r = await page.evaluate(() => ({
    perMinute: window.__arena.gamesPerMinute,
    elapsed: window.__arena.elapsedMs,
    rows: window.__arena.rows(),
    longest: window.__longest,
  }));
  console.log(`arena: ${GAMES} games of ${BOTS} on ${SIZE} (seeds ${SEED}..${SEED + GAMES - 1}, seats rotating)`);
  console.log(`  ${(r.elapsed / 1000).toFixed(1)} s, ${r.perMinute.toFixed(1)} games a minute; longest main-thread task ${r.longest.toFixed(0)} ms`);
  for (const row of r.rows) console.log(`  ${JSON.stringify(row)}`);
} finally {
  await browser.close();
  await server.close();
}
