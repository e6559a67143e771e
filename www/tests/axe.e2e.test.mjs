// Every page and state a person reaches, checked by axe-core in headless Chromium at 1280×800 and
// on a 390×844 touch phone: the home page's live game, the play set-up, the bot editor open, a
// live game between built-in bots, a human's game of each game, a Halite I replay with a site
// inspected, the keys and help, a Blitz replay, a Halite II replay, the lesson list, a Halite I
// lesson at its moves phase and at its damage phase, a Blitz lesson, a Halite II lesson, the
// sandbox after a turn, the arena with its results, Debug this turn with its answer, and on the
// phone the More menu and the inspector sheet. No state may have a finding of impact "serious" or
// "critical", nor text under 4.5:1 that axe cannot judge (it gives up over the page's gradient and
// on generated content; that text is measured here). A failure names each rule, its elements and
// what is wrong with them. AXE_ALL=1 also prints the moderate and minor findings and the text
// axe left unjudged.
//
//   node --test www/tests/axe.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { serve, CHROMIUM } from './support/server.mjs';
import { root, barAction } from './support/page.mjs';
import { STEADY } from './support/steady-bot.mjs';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const FAILING = new Set(['serious', 'critical']);
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const fixtures = path.join(root, 'tests/fixtures');
const H1 = 's106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz';
const H2 = 'g08_4p_240x160_mixed.hlt';
/** A Blitz replay: a Halite I replay that names its fog radius (3), as Blitz's do. */
const blitz = () => {
  const json = zlib.gunzipSync(fs.readFileSync(path.join(fixtures, 'halite1/s101-20x20-greedy-chaos.hlt.gz'))).toString('utf8');
  return Buffer.from(json.replace('{', '{"fog_of_war":3,'));
};

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  server = await serve(path.join(root, 'dist'), {
    [`/fixtures/${H1}`]: { type: 'application/gzip', body: fs.readFileSync(path.join(fixtures, 'halite1', H1)) },
    '/fixtures/s101.blitz': { type: 'application/octet-stream', body: blitz() },
    [`/fixtures/${H2}`]: { type: 'application/octet-stream', body: fs.readFileSync(path.join(fixtures, 'halite2', H2)) },
  });
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** axe's findings on the page as it is now: [{ id, impact, help, nodes: [{ target, summary }] }],
 * and (`unsure`) the text whose contrast axe could not judge, with its reason. */
async function audit(page) {
  // Evaluated through the browser's protocol: the page's policy allows no inline script, and
  // needs no exception for this.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const nodes = (v) => v.nodes.map((n) => ({ target: n.target.join(' '), impact: n.impact, summary: n.failureSummary }));
    return {
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: nodes(v) })),
      unsure: r.incomplete.filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`)),
    };
  });
}

/** The text axe cannot judge, measured here (run in the page): every visible text node and every
 * piece of generated content (::before, ::after) with a letter or a digit in it, against each
 * colour that may lie behind it (its own and its ancestors' backgrounds composited, each stop of a
 * gradient among them, the worst taken), opacity included. Under 4.5:1 (3:1 for large text) it
 * is listed. Disabled controls are left out, as WCAG leaves them. */
function lowContrast() {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (css) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, under) => [0, 1, 2].map((k) => top[k] * top[3] + under[k] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const COLOUR = /(rgba?\([^)]*\)|color\([^)]*\)|#[0-9a-f]{3,8}\b)/gi;
  /** The colours that may lie behind `e`: its own and its ancestors' backgrounds, composited. */
  const behind = (e) => {
    const layers = [];
    for (let a = e; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const stops = /gradient/.test(cs.backgroundImage) ? (cs.backgroundImage.match(COLOUR) ?? []).map(rgba) : [];
      layers.push({ colour: rgba(cs.backgroundColor), stops });
      if (rgba(cs.backgroundColor)[3] === 1 && !stops.length) break;
    }
    let under = [[0, 0, 0, 1]];
    for (const l of layers.reverse()) {
      // A gradient lies over its element's background colour; the colour and each stop are candidates.
      let next = under.map((u) => over(l.colour, u));
      if (l.stops.length) next = next.flatMap((u) => [u, ...l.stops.map((s) => over(s, u))]);
      under = next.slice(0, 24);
    }
    return under;
  };
  const opacity = (e) => {
    let o = 1;
    for (let a = e; a; a = a.parentElement) o *= Number(getComputedStyle(a).opacity);
    return o;
  };
  const large = (cs) => parseFloat(cs.fontSize) >= 24 || (parseFloat(cs.fontSize) >= 18.66 && Number(cs.fontWeight) >= 700);
  const problems = [];
  const judge = (e, cs, text, what) => {
    if (!text.trim() || cs.visibility !== 'visible' || e.closest('[hidden], [inert], :disabled, [aria-disabled="true"]')) return;
    if (!/[0-9A-Za-z]/.test(text)) return;
    const fill = e instanceof SVGElement ? cs.fill : cs.color;
    const fg = rgba(fill);
    fg[3] *= opacity(e);
    const need = large(cs) ? 3 : 4.5;
    const worst = Math.min(...behind(e).map((b) => ratio(over(fg, b), b)));
    if (worst < need - 0.005) {
      const id = e.dataset?.part ? `[data-part="${e.dataset.part}"]` : `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
      problems.push(`${id}${what} "${text.trim().slice(0, 30)}": ${worst.toFixed(2)}:1 (needs ${need}:1; ${fill}, ${cs.fontSize})`);
    }
  };
  for (const e of document.body.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('canvas, script, style, template, dialog:not([open])')) continue;
    const cs = getComputedStyle(e);
    const own = [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
    judge(e, cs, own, '');
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(e, pseudo);
      const m = /^"((?:[^"\\]|\\.)*)"/.exec(ps.content);
      if (m) judge(e, ps, m[1], pseudo);
      else if (/attr\(/.test(ps.content) || ps.content.includes('/')) judge(e, ps, e.dataset.text ?? '', pseudo);
    }
  }
  return [...new Set(problems)];
}

const waitViewer = (page, pred, arg) => page.waitForFunction(pred, arg, { timeout: 60000 });

/** Taps on a phone, clicks elsewhere. */
const press = async (page, locator) => ((page.viewportSize().width < 500 ? locator.tap() : locator.click()));

/** Clicks or taps site (x, y) of a Halite I map. */
async function pointMap(page, x, y) {
  const p = await page.evaluate(([x, y]) => window.__viewer.siteToClient(x, y), [x, y]);
  if (page.viewportSize().width < 500) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

/** Gives a lesson's turn as a person types it, then resolves it. */
async function typeTurn(page, orders) {
  await page.fill('[data-part="typed"]', orders.map(([x, y, d]) => `${x} ${y} ${d}`).join('; '));
  await page.press('[data-part="typed"]', 'Enter');
  await press(page, page.getByRole('button', { name: 'Resolve turn', exact: true }));
}

/** Every state: its name, its address, what makes it so (after the page has loaded). `phone`:
 * only on the phone. */
const STATES = [
  { name: 'home (a live game between built-in bots)', search: '', ready: (p) => waitViewer(p, () => window.__viewer?.kind === 'live' && window.__viewer.numFrames > 3) },
  { name: 'play set-up', search: '?play', ready: (p) => p.waitForSelector('[data-part="seats"] .seat-row') },
  {
    name: 'the bot editor open',
    search: '?play',
    ready: async (p) => {
      await p.waitForSelector('[data-part="seats"] .seat-row');
      await press(p, p.locator('[data-part="new-bot"]'));
      await p.waitForSelector('.cm-content');
    },
  },
  { name: 'a live game between built-in bots', search: '?bots=greedy,expander,random&seed=5&size=24x24&speed=30', ready: (p) => waitViewer(p, () => window.__viewer?.kind === 'live' && window.__viewer.numFrames > 10) },
  { name: 'a human game of Halite I', search: '?bots=human,greedy&seed=11&size=20x20&speed=60', ready: (p) => waitViewer(p, () => window.__viewer?.humanTurn === 0) },
  { name: 'a human game of Halite II', search: '?game=halite2&bots=human,settler&seed=42&size=240x160&speed=60', ready: (p) => waitViewer(p, () => window.__viewer?.humanTurn === 0) },
  {
    name: 'a Halite I replay, a site inspected',
    search: `?replay=fixtures/${H1}&frame=100`,
    ready: async (p) => {
      await waitViewer(p, () => window.__viewer?.frame === 100);
      await pointMap(p, 20, 20);
    },
  },
  {
    name: 'the keys and help',
    search: `?replay=fixtures/${H1}&frame=100`,
    ready: async (p) => {
      await waitViewer(p, () => window.__viewer?.frame === 100);
      await (await barAction(p, 'help-button')).click();
      await p.waitForSelector('dialog[open]');
    },
  },
  // (The viewer takes the replay's own fog radius.)
  { name: 'a Blitz replay', search: '?replay=fixtures/s101.blitz&frame=30', ready: (p) => waitViewer(p, () => window.__viewer?.frame === 30 && window.__viewer.radius === 3) },
  { name: 'a Halite II replay', search: `?replay=fixtures/${H2}&frame=30`, ready: (p) => waitViewer(p, () => window.__viewer?.game === 'halite2' && window.__viewer.frame === 30) },
  { name: 'the lesson list', search: '?learn', ready: (p) => p.waitForSelector('[data-part="lessons"]') },
  {
    name: 'a Halite I lesson, a wrong turn at its moves phase',
    search: '?learn=combining-cap',
    ready: async (p) => {
      await p.waitForSelector('[role="grid"]');
      await typeTurn(p, [[0, 1, 'east'], [2, 1, 'west']]);
      await p.focus('[data-part="next"]');
      for (const key of ['Home', 'ArrowRight', 'ArrowRight']) await p.keyboard.press(key);
      await p.waitForSelector('[data-part="cap-loss"]');
    },
  },
  {
    name: 'a Halite I lesson solved, at its damage phase',
    search: '?learn=overkill',
    ready: async (p) => {
      await p.waitForSelector('[role="grid"]');
      await typeTurn(p, [[2, 4, 'north']]);
      await typeTurn(p, [[2, 3, 'north']]);
      await p.waitForSelector('.lg-result.is-passed');
      await p.focus('[data-part="next"]');
      for (const key of ['Home', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await p.keyboard.press(key);
      await p.waitForSelector('[role="gridcell"] .lg-dmg');
    },
  },
  { name: 'a Blitz lesson', search: '?learn=fog', ready: (p) => p.waitForSelector('[role="grid"]') },
  { name: 'a Halite II lesson', search: '?learn=h2-thrust', ready: (p) => p.waitForSelector('.h2l-board svg [data-ship]') },
  {
    name: 'the sandbox, a turn resolved',
    search: '?sandbox',
    ready: async (p) => {
      await p.waitForSelector('[role="grid"]');
      await press(p, p.getByRole('button', { name: 'Resolve turn', exact: true }));
      await p.waitForSelector('[data-part="report-table"]');
    },
  },
  { name: 'the arena with its results', search: '?arena&bots=greedy,random&games=2&size=20x20&seed=5&run', ready: (p) => p.waitForFunction(() => window.__arena?.state === 'done' && window.__arena.rated === 2, null, { timeout: 90000, polling: 200 }) },
  {
    name: 'Debug this turn, answered',
    search: `?replay=fixtures/${H1}&frame=100`,
    ready: async (p) => {
      await waitViewer(p, () => window.__viewer?.frame === 100);
      await (await barAction(p, 'debug')).click();
      await p.waitForSelector('[data-part="debug-dialog"][open]');
      await p.selectOption('[data-part="debug-bot"]', 'saved:steady');
      await p.click('[data-part="debug-run"]');
      await p.waitForSelector('[data-part="debug-verdict"]', { timeout: 30000 });
    },
  },
  {
    name: 'the More menu',
    phone: true,
    search: `?replay=fixtures/${H1}&frame=100`,
    ready: async (p) => {
      await waitViewer(p, () => window.__viewer?.frame === 100);
      await p.getByRole('button', { name: 'More' }).tap();
      await p.locator('.more-menu [data-part="help-button"]').waitFor({ state: 'visible' });
    },
  },
  {
    name: 'the inspector sheet',
    phone: true,
    search: `?replay=fixtures/${H1}&frame=100`,
    ready: async (p) => {
      await waitViewer(p, () => window.__viewer?.frame === 100);
      await pointMap(p, 20, 20);
      await p.locator('[data-part="inspector-sheet"]').waitFor({ state: 'visible' });
    },
  },
];

for (const [label, viewport] of [
  ['1280×800', LAPTOP],
  ['390×844 touch phone', PHONE],
]) {
  test(`axe finds nothing serious or critical on any page (${label})`, { timeout: 240000 }, async (t) => {
    const phone = viewport.width < 500;
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: phone, isMobile: phone });
    // A bot saved in this browser, for Debug this turn (the page itself: the bot host's frame has no storage).
    await context.addInitScript((v) => {
      if (window.top === window && !localStorage.getItem('halite.bots.v1')) localStorage.setItem('halite.bots.v1', v);
    }, JSON.stringify([{ id: 'steady', name: 'Steady', code: STEADY, origin: 'editor', updated: 1 }]));
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const failures = [];
    for (const state of STATES) {
      if (state.phone && !phone) continue;
      const t0 = Date.now();
      await page.goto(server.url + state.search);
      await state.ready(page);
      const { violations: found, unsure } = await audit(page);
      for (const p of await page.evaluate(lowContrast)) failures.push(`${state.name}: low contrast: ${p}`);
      if (process.env.AXE_ALL) for (const u of unsure) t.diagnostic(`${state.name}: contrast not judged: ${u}`);
      t.diagnostic(`${state.name}: ${found.map((v) => `${v.id} (${v.impact})`).join(', ') || 'nothing'} [${Date.now() - t0} ms]`);
      for (const v of found) {
        const line = `${state.name}: ${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 6)
          .map((n) => `    ${n.target}\n      ${(n.summary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n')}${v.nodes.length > 6 ? `\n    … and ${v.nodes.length - 6} more` : ''}`;
        if (FAILING.has(v.impact)) failures.push(line);
        else if (process.env.AXE_ALL) for (const l of line.split('\n')) t.diagnostic(l);
      }
    }
    await context.close();
    assert.deepEqual(failures, [], `axe's serious and critical findings (${label}):\n${failures.join('\n')}`);
  });
}
