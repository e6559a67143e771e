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

/** The bound on the page's worst event-loop delay that says it kept answering. A timer's lateness
 * is the page's own work plus the time its thread waits for a core, and on two cores shared with
 * the bots' workers, their sandboxes and the engine, the wait alone reaches a few hundred
 * milliseconds (www/bench/limits.mjs measured 206 to 338 ms at worst over 60 turns of a quiet
 * page). A page a bot or an input froze is late by seconds. The page's own part is bounded apart,
 * in CPU time, which a busy machine does not stretch: MAX_TASK_CPU_MS. */
export const ANSWER_MS = 500;
/** The longest task of a main thread in CPU time: the project's rule for the main thread, a task
 * under 50 ms. */
export const MAX_TASK_CPU_MS = 50;

/** The longest task in CPU time (ms) of any renderer main thread in a Chromium trace (the page's
 * and, where they have a process of their own, its bot hosts'): each `RunTask`'s thread time. */
export function longestTaskCpu(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  let top = 0;
  for (const e of events) if (e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`)) top = Math.max(top, (e.tdur ?? 0) / 1000);
  return top;
}

/** Traces the browser while `work()` runs, and returns what it returned with the longest
 * main-thread task's CPU time (`longest`, ms). One trace at a time per browser. */
export async function traced(browser, page, work) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let result;
  let trace;
  try {
    result = await work();
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString());
  }
  return { result, longest: longestTaskCpu(trace) };
}

/** `watchLag` under a trace: `{ worst, longest }`, the worst event-loop delay and the longest
 * main-thread task in CPU time, both ms. */
export async function watchPage(browser, page, until, options) {
  const { result: worst, longest } = await traced(browser, page, () => watchLag(page, until, options));
  return { worst, longest };
}

/** Fails unless the page kept answering while it was watched (`watchPage`'s figures): its
 * event loop never late by ANSWER_MS and no main-thread task over MAX_TASK_CPU_MS of CPU. Logs
 * both figures under `label`. */
export function assertAnswered(assert, label, { worst, longest }) {
  console.log(`# ${label}: worst event-loop delay ${worst.toFixed(0)} ms, longest main-thread task ${longest.toFixed(1)} ms of CPU`);
  assert.ok(worst < ANSWER_MS, `${label}: the page answered within ${ANSWER_MS} ms (worst delay ${worst.toFixed(0)} ms)`);
  assert.ok(longest < MAX_TASK_CPU_MS, `${label}: no main-thread task over ${MAX_TASK_CPU_MS} ms of CPU (longest ${longest.toFixed(1)} ms)`);
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
