// End-to-end tests of the smaller fixes, in the built app (dist/), at 1280x800 and on a 390x844
// touch phone: the unknown-bot message, a passing message that does not outlive its game, the
// contrast of the grey card notes, Debug this turn beside (not over) the controls and players,
// the sandbox's first tap in paint mode, the graphs by keyboard, Halite II's map keeping its
// size while the orders bar's text changes, and the editor opening without a policy violation.
//
//   node --test www/tests/smaller-fixes.e2e.test.mjs   (after `webpack --mode production`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { barAction, openPage, root, shots } from './support/page.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const S101 = 'replays/s101-20x20-greedy-chaos.hlt.gz';

let browser;
let server;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: build the app first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(path.join(root, 'dist'), {
    '/test-bots/idle.js': { type: 'text/javascript', body: Buffer.from(`export const name = 'Idle';\nexport default function () { return []; }`) },
  });
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const open = (search, viewport = DESKTOP, prepare = null) => openPage(browser, server.url, search, viewport, prepare);

async function waitReplay(page) {
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 10, null, { timeout: 60000 });
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the unknown-bot message names only the bots a menu offers', { timeout: 60000 }, async () => {
  const page = await open('?bots=human,nosuchbot&seed=8');
  await page.locator('[data-part="notice"]').waitFor({ state: 'visible', timeout: 30000 });
  const text = await page.textContent('[data-part="notice"]');
  assert.match(text, /no built-in bot named nosuchbot \(there are [^)]*greedy/);
  for (const hidden of ['crash', 'hang', 'garbage']) assert.doesNotMatch(text, new RegExp(`\\b${hidden}\\b`), `${hidden} is not offered`);
  await page.done();
});

test('"Your game is back at turn N" leaves when a new game starts', { timeout: 120000 }, async () => {
  const page = await open('?bots=human,greedy&seed=23&size=20x20&speed=60');
  const waitTurn = (t) => page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, t, { timeout: 30000 });
  await waitTurn(0);
  await page.locator('[data-part="map"]').focus();
  for (let t = 0; t < 3; t++) {
    await page.keyboard.press('Enter');
    await waitTurn(t + 1);
  }
  // The game is kept after each turn; the reload brings it back with its message.
  await page.waitForTimeout(500);
  await page.reload();
  await waitTurn(3);
  const toast = page.locator('.toast', { hasText: 'Your game is back at turn 3.' });
  await toast.waitFor();
  await page.click('[data-part="new-game"]');
  // The new game's first turn: the message about the old one is gone with it.
  await waitTurn(0);
  assert.equal(await toast.count(), 0, 'no message about the previous game over the new one');
  await page.done();
});

/** The contrast of every `.card-note` against what is behind it, opacity included. */
function noteContrasts(page) {
  return page.evaluate(() => {
    const rgba = (s) => (s.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const c = [r, g, b].map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    return [...document.querySelectorAll('.card-note')]
      .filter((e) => e.offsetParent !== null && e.textContent.trim())
      .map((e) => {
        let alpha = 1;
        let bg = null;
        for (let n = e; n; n = n.parentElement) {
          const cs = getComputedStyle(n);
          alpha *= Number(cs.opacity);
          const b = rgba(cs.backgroundColor);
          if (!bg && b.length >= 3 && (b[3] ?? 1) > 0) bg = b;
        }
        bg ??= [0, 0, 0];
        const f = rgba(getComputedStyle(e).color);
        const a = alpha * (f[3] ?? 1);
        const shown = [0, 1, 2].map((k) => f[k] * a + bg[k] * (1 - a));
        const [l1, l2] = [lum(shown), lum(bg)].sort((x, y) => y - x);
        return { text: e.textContent.trim(), ratio: (l1 + 0.05) / (l2 + 0.05) };
      });
  });
}

test('the small grey notes pass 4.5:1 contrast (watch and play pages)', { timeout: 90000 }, async () => {
  for (const search of [`?replay=${S101}`, '?play']) {
    const page = await open(search);
    if (search.startsWith('?replay')) await waitReplay(page);
    else await page.locator('.card-note').first().waitFor();
    const notes = await noteContrasts(page);
    assert.ok(notes.length > 0, `${search} has notes`);
    for (const n of notes) assert.ok(n.ratio >= 4.5, `"${n.text}" on ${search}: ${n.ratio.toFixed(2)}:1`);
    await page.done();
  }
});

for (const [label, viewport] of [
  ['laptop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`Debug this turn covers neither Speed nor the players panel (${label})`, { timeout: 90000 }, async () => {
    const page = await open(`?replay=${S101}&frame=20`, viewport);
    await waitReplay(page);
    await (await barAction(page, 'debug')).click();
    const dialog = page.locator('[data-part="debug-dialog"]');
    await dialog.waitFor({ state: 'visible' });
    const d = await dialog.boundingBox();
    for (const part of ['speed', 'players']) {
      const box = await page.locator(`[data-part="${part}"]`).first().boundingBox();
      assert.ok(box, `${part} is laid out`);
      assert.ok(!overlap(d, box), `the panel (${JSON.stringify(d)}) is clear of ${part} (${JSON.stringify(box)})`);
    }
    // Still usable: in view when it opens, and its first field has the focus.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.part), 'debug-seat');
    const inView = await dialog.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top < innerHeight && r.bottom > 0;
    });
    assert.ok(inView, 'the panel is on screen');
    await page.screenshot({ path: path.join(shots, `fixes-debug-${label}.png`) });
    await page.done();
  });
}

test('the sandbox: the first tap in paint mode picks the site; the next taps paint with it', { timeout: 60000 }, async () => {
  const page = await open('?sandbox', PHONE);
  const cells = page.locator('[data-site]');
  await cells.first().waitFor();
  // An owned site and a neutral one.
  const labels = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const owned = labels.findIndex((l) => /player \d/i.test(l));
  const neutral = labels.findIndex((l, i) => i !== owned && !/player \d/i.test(l));
  assert.ok(owned >= 0 && neutral >= 0, `the default board has both kinds of site: ${labels.join(' | ')}`);
  await page.locator('[data-part="mode-paint"]').tap();
  const before = await cells.nth(owned).getAttribute('aria-label');
  await cells.nth(owned).tap();
  assert.equal(await cells.nth(owned).getAttribute('aria-label'), before, 'the first tap leaves the site as it was');
  assert.notEqual(await page.inputValue('[data-part="paint-owner"]'), '0', 'the controls took its owner');
  assert.match(await page.textContent('[data-part="paint-note"]'), /paint it with these values/);
  await cells.nth(neutral).tap();
  const painted = await cells.nth(neutral).getAttribute('aria-label');
  assert.match(painted, /: player \d, strength \d+, production \d+$/);
  assert.equal(painted.replace(/^[^:]*:?/, ''), before.replace(/^[^:]*:?/, ''), `the next tap paints the same site: ${painted} / ${before}`);
  await page.screenshot({ path: path.join(shots, 'fixes-sandbox-phone.png') });
  await page.done();
});

test('the graphs can be reached and read by keyboard', { timeout: 90000 }, async () => {
  const page = await open(`?replay=${S101}&frame=30`);
  await waitReplay(page);
  await page.waitForFunction(() => document.querySelector('[data-part="graph-territory"]')?.getAttribute('aria-valuetext')?.includes(','));
  await page.locator('[data-part="map"]').focus();
  let on = null;
  for (let k = 0; k < 80 && !on; k++) {
    await page.keyboard.press('Tab');
    on = await page.evaluate(() => (document.activeElement?.classList.contains('graph-canvas') ? document.activeElement.dataset.part : null));
  }
  assert.equal(on, 'graph-territory', 'Tab reaches the first graph');
  const read = () => page.evaluate(() => document.activeElement.getAttribute('aria-valuetext'));
  const frame = await page.evaluate(() => window.__viewer.frame);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((f) => window.__viewer.frame === f + 1, frame);
  await page.waitForFunction((f) => document.activeElement.getAttribute('aria-valuetext').startsWith(`Frame ${f + 1}:`), frame);
  const text = await read();
  // The same numbers as the graph's caption shows, with the players' names.
  const shown = await page.$$eval('[data-series="territory"] .graph-value', (els) => els.map((e) => e.textContent));
  const names = await page.$$eval('.players .player-name, .players .name-label-name', (els) => els.map((e) => e.textContent.trim()));
  for (const v of shown) assert.match(text, new RegExp(` ${v.replace(/,/g, ',')}(,|$)`), `${v} is read out: ${text}`);
  assert.ok(names.length === 0 || names.some((n) => text.includes(n)), `the players are named: ${text}`);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'slider');
  await page.done();
});

for (const [label, viewport] of [
  ['laptop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`Halite II: the map keeps its size while the orders bar's text changes (${label})`, { timeout: 120000 }, async () => {
    const page = await open('?game=halite2&bots=human,test-bots/idle.js&seed=5&size=240x160&speed=60', viewport);
    const waitTurn = (t) => page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, t, { timeout: 30000 });
    await waitTurn(0);
    await page.waitForTimeout(300);
    const size = () => page.evaluate(() => {
      const c = document.querySelector('[data-part="map"]');
      return `${c.clientWidth}x${c.clientHeight}`;
    });
    const start = await size();
    const sizes = [];
    // Select all ships (a longer status), give them a target far away, end turns.
    for (let t = 0; t < 3; t++) {
      await page.locator('[data-part="all"]').click();
      sizes.push(await size());
      await page.locator('[data-part="hold"]').click();
      sizes.push(await size());
      await page.locator('[data-part="map"]').focus();
      await page.keyboard.press('Enter');
      await waitTurn(t + 1);
      sizes.push(await size());
    }
    const status = await page.locator('[data-part="status"]').boundingBox();
    assert.ok(status.height > 0);
    for (const s of sizes) assert.equal(s, start, `the map stays ${start}`);
    await page.screenshot({ path: path.join(shots, `fixes-h2-orders-${label}.png`) });
    await page.done();
  });
}

test('opening the editor breaks no content security policy (laptop and phone)', { timeout: 90000 }, async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await open('?play', viewport, (context) =>
      context.addInitScript(() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
      }),
    );
    await page.click('[data-part="new-bot"]');
    await page.waitForSelector('.cm-content');
    await page.click('.cm-content');
    await page.keyboard.type('const broken = (;');
    await page.waitForTimeout(1200);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    // The editor is styled (CodeMirror's sheet was adopted, not refused).
    const gutter = await page.evaluate(() => getComputedStyle(document.querySelector('.cm-gutters') ?? document.body).display);
    assert.equal(gutter, 'flex');
    await page.done();
  }
});
