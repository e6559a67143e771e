import { chromium } from 'playwright-core';
import { serve, CHROMIUM } from './support/server.mjs';
const server = await serve('/work/arv/dist');
const browser = await chromium.launch(CHROMIUM);
const vp = process.argv[2] === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
const ctx = await browser.newContext({ viewport: vp, hasTouch: vp.width < 500 });
const page = await ctx.newPage();
await page.goto(server.url + '?arena');
await page.waitForFunction(() => window.__arena && document.querySelector('[data-part="start"]'));
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
await page.setInputFiles('[data-part="json-input"]', process.argv[3]);
await page.waitForFunction(() => window.__arena.opened?.loadMs > 0);
await page.evaluate(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  for (let k = 0; k < 8; k++) { document.querySelector('[data-part="games-next"]').click(); await frame(); }
});
const trace = JSON.parse((await browser.stopTracing()).toString());
const ev = trace.traceEvents;
const main = new Set(ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const on = ev.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
const tasks = on.filter((e) => e.name === 'RunTask' && e.dur > 10000).sort((a, b) => b.dur - a.dur).slice(0, 12);
for (const t of tasks) {
  const parts = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && (e.dur ?? 0) >= 2000 && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask').sort((a, b) => b.dur - a.dur).slice(0, 6);
  console.log(`wall ${(t.dur / 1000).toFixed(1)} cpu ${((t.tdur ?? 0) / 1000).toFixed(1)} ms:`, parts.map((e) => `${e.name} ${(e.dur / 1000).toFixed(1)}/${((e.tdur ?? 0) / 1000).toFixed(1)}`).join(', '));
}
await browser.close();
await server.close();
