// What a bot's sandbox costs: a game of 1 and of 5 bots from another origin (beside the built-in
// Greedy, on 20x20), run after the consent dialog as a link's bots are. For each, the time from
// Run to the game's first turn (every bot's sandbox made, its worker started and its module
// loaded and initialised) and the browser's resident memory once the game plays (every process of
// this browser, from DevTools' process list and /proc). The cost of one bot is the difference
// between the two games, divided by 4. With `--baseline DIR` another build (e.g. an older
// commit's dist/, where every bot shared one frame) is measured the same way, in turn, in the same
// browser. Medians of `--runs` runs.
//
//   node www/bench/sandboxes.mjs [--runs 3] [--baseline DIR] [--dist DIR]

import http from 'node:http';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { browserMemoryMb } from '../tests/support/responsive.mjs';
import { builtApp, opt } from './support.mjs';

const dist = builtApp();
const baseline = opt('baseline', '');
const RUNS = Number(opt('runs', '3'));

const BOT = `export const name = 'Calm';
export default function bot(obs) {
  const moves = [];
  for (let i = 0; i < obs.width * obs.height; i++) if (obs.owner[i] === obs.myId && obs.strength[i] > obs.production[i] * 5) moves.push({ x: i % obs.width, y: Math.floor(i / obs.width), dir: 1 + (i % 4) });
  return moves;
}`;

const origin = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
  res.end(BOT);
});
await new Promise((r) => origin.listen(0, '127.0.0.1', r));
const botUrl = (k) => `http://127.0.0.1:${origin.address().port}/calm${k}.js`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);


/** One game of `n` hosted bots on the build served at `url`: ms from Run to the first turn, MB. */
async function once(url, n) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bots = Array.from({ length: n }, (_, k) => botUrl(k)).join(',');
  await page.goto(`${url}?bots=${bots},greedy&seed=5&size=20x20&speed=1`);
  await page.locator('dialog[data-part="consent"]').waitFor();
  const t0 = Date.now();
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.waitForFunction(() => Number((document.querySelector('[data-part="frame-total"]')?.textContent ?? '').replace(/[^0-9]/g, '') || 0) >= 2, null, { timeout: 60_000 });
  const ms = Date.now() - t0;
  await page.waitForTimeout(1500);
  const mb = await browserMemoryMb(browser);
  const frames = await page.locator('iframe.bot-host-frame').count();
  await context.close();
  return { ms, mb, frames };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const builds = [{ name: 'this build', dir: dist }];
if (baseline) builds.push({ name: 'baseline', dir: baseline });
const servers = await Promise.all(builds.map((b) => serve(b.dir)));
const results = builds.map(() => ({ start1: [], start5: [], mem1: [], mem5: [], frames: 0 }));
for (let r = 0; r < RUNS; r++) {
  for (let b = 0; b < builds.length; b++) {
    const one = await once(servers[b].url, 1);
    const five = await once(servers[b].url, 5);
    const s = results[b];
    s.start1.push(one.ms);
    s.start5.push(five.ms);
    s.mem1.push(one.mb);
    s.mem5.push(five.mb);
    s.frames = five.frames;
  }
}
console.log(`bot sandboxes: medians of ${RUNS} runs (a game of 1 and of 5 bots from another origin, beside Greedy, 20x20)`);
console.log('build        | frames (5 bots) | Run to first turn, 1 / 5 bots | a bot more | memory, 1 / 5 bots | a bot more');
for (let b = 0; b < builds.length; b++) {
  const s = results[b];
  const [s1, s5, m1, m5] = [median(s.start1), median(s.start5), median(s.mem1), median(s.mem5)];
  console.log(
    `${builds[b].name.padEnd(12)} | ${String(s.frames).padStart(15)} | ${`${s1} / ${s5} ms`.padStart(29)} | ${`${((s5 - s1) / 4).toFixed(0)} ms`.padStart(10)} | ${`${m1.toFixed(0)} / ${m5.toFixed(0)} MB`.padStart(18)} | ${`${((m5 - m1) / 4).toFixed(1)} MB`.padStart(10)}`,
  );
}
await browser.close();
for (const s of servers) await s.close();
origin.close();
