import { chromium } from 'playwright-core';
import { serve, CHROMIUM } from '/work/arv/www/tests/support/server.mjs';
import fs from 'node:fs';
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
for (let k = 0; k < 3; k++) await page.click('[data-part="games-next"]');
const trace = JSON.parse((await browser.stopTracing()).toString());
const ev = trace.traceEvents;
const main = new Set(ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const on = ev.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
const tasks = on.filter((e) => e.name === 'RunTask' && e.dur > 20000).sort((a, b) => b.dur - a.dur).slice(0, 6);
for (const t of tasks) {
  const parts = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && (e.dur ?? 0) >= 3000 && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask').sort((a, b) => b.dur - a.dur).slice(0, 8);
  console.log((t.dur / 1000).toFixed(1), 'ms:', parts.map((e) => `${e.name}${e.args?.data?.functionName ? ':' + e.args.data.functionName : ''} ${(e.dur / 1000).toFixed(1)}`).join(', '));
}
await browser.close();
await server.close();
