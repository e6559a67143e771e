// debug.simulate's cost in the browser (the built app in headless Chromium): a bot's first call
// (the engine compiled in its worker: in the background during init when the bot's source names
// `simulate`, else at that call) and the calls after it, for both games.
//
//   node www/bench/simulate-browser.mjs        (needs dist/: npm run build)

import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { openPage, downloadBytes } from '../tests/support/page.mjs';
const BOT = `
export default function bot(obs, debug) {
  if (obs.turn === 1 || obs.turn === 2) {
    let t0 = performance.now();
    const n = debug.simulate([]);
    const first = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < 200; i++) debug.simulate([], null, n);
    console.log('TIME first ' + first.toFixed(2) + ' ms, then ' + ((performance.now() - t0) / 200).toFixed(3) + ' ms a call');
  }
  return [];
}`;
const server = await serve(new URL('../../dist', import.meta.url).pathname, { '/b.mjs': { type: 'text/javascript', body: Buffer.from(BOT) } });
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
for (const q of ['?bots=/b.mjs,greedy&seed=3&size=30x30&speed=10', '?game=halite2&bots=/b.mjs,settler&seed=3&size=240x160&speed=10']) {
  const page = await openPage(browser, server.url, q);
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 4, null, { timeout: 60000 });
  await page.keyboard.press(' ');
  for (const f of [1, 2]) {
    await page.fill('[data-part="frame-input"]', String(f));
    await page.press('[data-part="frame-input"]', 'Enter');
    await page.waitForFunction((f) => window.__viewer.frame === f, f);
    await page.waitForTimeout(300);
    console.log(q.slice(0, 20), f, (await page.textContent('[data-part="log-body"]')).trim());
  }
  await page.done();
}
await browser.close();
await server.close();
