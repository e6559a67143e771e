// The home page (a live game between built-in bots) in headless Chromium: when the live game's
// canvas is first painted with the game, and the WebAssembly the page fetched to get there (every
// request of the page and its workers whose address ends in .wasm, by file, with bytes), for the
// built app and, with `--baseline DIR`, another build (e.g. an older commit's dist/) side by
// side, alternating runs. `--page ADDRESS` measures another page the same way, e.g. a replay:
// `--page '?replay=replays/h2-g01-240x160-settler-vs-settler.hlt'` (a sample of dist/).
//
//   node www/bench/home.mjs [--runs 7] [--baseline DIR] [--dist DIR] [--mbps 20] [--rtt 40] [--page ?...]
//
// `--mbps`/`--rtt`: the page's network is throttled to this bandwidth (Mbit/s) and round trip
// (ms) through the DevTools protocol, so bytes cost time as on a real connection (`--mbps 0`: no
// throttling, the files come from this machine). First paint: the first animation frame in which
// the map canvas holds more than one colour, timed from the navigation's start (an init script
// watches the canvas; the page itself is not changed, so any build is measured the same way).

import path from 'node:path';
import { serve, CHROMIUM } from '../tests/support/server.mjs';
import { builtApp, opt } from './support.mjs';

const RUNS = Number(opt('runs', '7'));
const BASELINE = opt('baseline', '');
const MBPS = Number(opt('mbps', '20'));
const RTT = Number(opt('rtt', '40'));
const PAGE = opt('page', '');
const builds = [{ label: 'this build', dir: builtApp() }];
if (BASELINE) builds.push({ label: `baseline (${BASELINE})`, dir: path.resolve(BASELINE) });

/** Runs in the page before its scripts: records the first animation frame in which the map
 * canvas has been drawn on with more than one colour. */
function watchFirstPaint() {
  window.__firstPaint = null;
  let drawn = false;
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['drawImage', 'fillRect', 'putImageData', 'fill']) {
    const f = proto[name];
    proto[name] = function (...args) {
      if (!drawn && this.canvas instanceof HTMLCanvasElement && this.canvas.dataset.part === 'map') drawn = true;
      return f.apply(this, args);
    };
  }
  const probe = document.createElement('canvas');
  const look = (now) => {
    if (window.__firstPaint !== null) return;
    const map = document.querySelector('canvas[data-part="map"]');
    if (drawn && map && map.width > 0 && map.height > 0) {
      // A small copy of the canvas: more than one colour means the game is on it.
      probe.width = 64;
      probe.height = 64;
      const g = probe.getContext('2d', { willReadFrequently: true });
      g.drawImage(map, 0, 0, 64, 64);
      const d = g.getImageData(0, 0, 64, 64).data;
      for (let i = 4; i < d.length; i += 4) {
        if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) {
          window.__firstPaint = now;
          return;
        }
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

async function run(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  if (MBPS > 0) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerS = (MBPS * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: bytesPerS, uploadThroughput: bytesPerS });
  }
  const wasm = new Map();
  const errors = [];
  ctx.on('requestfinished', async (r) => {
    if (!new URL(r.url()).pathname.endsWith('.wasm')) return;
    const sizes = await r.sizes().catch(() => null);
    const name = path.basename(new URL(r.url()).pathname);
    const w = wasm.get(name) ?? { fetches: 0, bytes: 0 };
    w.fetches += 1;
    w.bytes += sizes ? sizes.responseBodySize : 0;
    wasm.set(name, w);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(watchFirstPaint);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstPaint !== null, null, { timeout: 120000, polling: 100 });
  const firstPaint = await page.evaluate(() => window.__firstPaint);
  // Whatever else the page fetches once it is up (its main thread's engine, when idle).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await ctx.close();
  if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
  return { firstPaint, wasm };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (b) => `${(b / 1000).toFixed(1)} kB`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM);
const servers = await Promise.all(builds.map((b) => serve(b.dir)));
try {
  const results = builds.map(() => []);
  for (let r = 0; r < RUNS; r++) {
    for (let k = 0; k < builds.length; k++) results[k].push(await run(browser, `${servers[k].url}${PAGE}`));
  }
  console.log(`${PAGE ? `The page ${PAGE}` : 'Home page (a live game)'}, ${RUNS} runs each, alternating; network ${MBPS > 0 ? `${MBPS} Mbit/s, ${RTT} ms round trip` : 'not throttled'}`);
  builds.forEach((b, k) => {
    const rs = results[k];
    const paints = rs.map((x) => x.firstPaint);
    const last = rs[rs.length - 1].wasm;
    const total = [...last.values()].reduce((s, w) => s + w.bytes, 0);
    const files = [...last.entries()].map(([name, w]) => `${name} ${w.fetches}x ${kb(w.bytes / w.fetches)}`).join(', ');
    console.log(`  ${b.label}`);
    console.log(`    first paint of the ${PAGE ? 'game' : 'live game'}  median ${median(paints).toFixed(0)} ms   (runs: ${paints.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`    wasm fetched  ${kb(total)} in ${[...last.values()].reduce((s, w) => s + w.fetches, 0)} requests: ${files || 'none'}`);
  });
  if (builds.length === 2) {
    const [a, b] = results.map((rs) => median(rs.map((x) => x.firstPaint)));
    console.log(`  first paint, this build / baseline  ${(a / b).toFixed(2)}x`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
