// What the browser tests and benchmarks of hostile input measure: whether the page kept answering
// (the worst delay of its event loop, its longest tasks, its JS heap's peak), the resident memory
// of the whole browser, and the bot that sends the most a live game allows besides its moves.

import fs from 'node:fs';

/** In every page of `context`: a 50 ms timer that keeps the event loop's worst lateness
 * (`window.__lag()`), the longest task seen by a PerformanceObserver (`window.__longest()`), every
 * long task's duration (`window.__tasks()`) and the JS heap's peak (`window.__heap()`); each but
 * the heap starts again from zero once read. */
export function monitorPage(context) {
  return context.addInitScript(() => {
    let worst = 0;
    let last = performance.now();
    let heap = 0;
    let longest = 0;
    let tasks = [];
    setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 50);
      last = now;
      heap = Math.max(heap, performance.memory?.usedJSHeapSize ?? 0);
    }, 50);
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          tasks.push(e.duration);
          longest = Math.max(longest, e.duration);
        }
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long-task timing in this browser
    }
    window.__lag = () => {
      const w = worst;
      worst = 0;
      return w;
    };
    window.__longest = () => {
      const l = longest;
      longest = 0;
      return l;
    };
    window.__tasks = () => {
      const t = tasks;
      tasks = [];
      return t;
    };
    window.__heap = () => heap;
  });
}

/** Samples the page's worst event-loop delay every `every` ms until `until()` holds, and returns
 * it; past `timeoutMs` throws, with `describe()`'s words if given. */
export async function watchLag(page, until, { timeoutMs = 60_000, every = 100, describe = null } = {}) {
  let worst = 0;
  const t0 = Date.now();
  for (;;) {
    worst = Math.max(worst, await page.evaluate(() => window.__lag()));
    if (await until()) return worst;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms${describe ? ` (${await describe()})` : ''}`);
    await page.waitForTimeout(every);
  }
}

/** The resident memory of `browser`'s processes (the browser, its renderers and helpers), MB:
 * DevTools' list of its processes, each read from /proc (Linux). */
export async function browserMemoryMb(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  let kb = 0;
  for (const p of processInfo) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p.id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // a process that has ended since
    }
  }
  return kb / 1024;
}

/** A Halite I bot at the limits of what a turn keeps besides its moves: 1,000 texts of 100
 * characters drawn and 10,000 characters logged every turn; it moves nothing. */
export const LIMITS_BOT = `
export const name = 'Limits';
let state = 0x9e3779b9;
/** Characters that compress as little as a bot's own numbers and names would. */
function noise(n) {
  let out = '';
  while (out.length < n) {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    out += (state >>> 0).toString(36);
  }
  return out.slice(0, n);
}
export default function bot(obs, debug) {
  for (let i = 0; i < 1000; i++) {
    const label = obs.turn + ':' + i + ' ';
    debug.text(((i * 7) % obs.width) + 0.5, ((i * 13 + obs.turn) % obs.height) + 0.5, label + noise(100 - label.length));
  }
  const lines = [];
  for (let k = 0; k < 100; k++) lines.push(noise(99));
  console.log(('turn ' + obs.turn + '\\n' + lines.join('\\n')).slice(0, 9999));
  return [];
}
`;
