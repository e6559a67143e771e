// The viewer meets its fonts before it shows a game (shell/viewer/fonts.ts): every font its
// text is drawn in once a replay is shown, of either game, at 1280x800 and on a 390x844 phone, is
// one the page used while idle before, so that no lookup of a new font strike lands in the tasks
// that show the game.
//
//   node --test www/tests/viewer-fonts.e2e.test.mjs   (after `webpack --mode production`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root } from './support/page.mjs';
import { compileSources } from './support/compile.mjs';

const dist = path.join(root, 'dist');
const src = compileSources();
const { WARM_FONTS } = src.load('shell/viewer/fonts.js');

let browser;
let server;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first');
  const { chromium } = await import('playwright-core');
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
  src.cleanup();
});

/** The fonts of the viewer's visible text: `family weight size` (family: font, mono or other). */
function viewerFonts(page) {
  return page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const families = { font: css.getPropertyValue('--font').trim(), mono: css.getPropertyValue('--mono').trim() };
    const norm = (s) => s.replace(/\s+/g, ' ').replace(/, /g, ',');
    const viewer = document.querySelector('[data-part="viewer"]');
    const out = new Set();
    for (const e of viewer.querySelectorAll('*')) {
      if (![...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '')) continue;
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') continue;
      const family = Object.keys(families).find((k) => norm(s.fontFamily) === norm(families[k])) ?? `other(${s.fontFamily})`;
      out.add(`${family} ${s.fontWeight} ${parseFloat(s.fontSize)}`);
    }
    return [...out].sort();
  });
}

const warm = new Set(WARM_FONTS.map((f) => `${f.family} ${f.weight} ${f.size}`));

for (const [name, file] of [
  ['Halite I', 's101-20x20-greedy-chaos.hlt.gz'],
  ['Halite II', 'h2-g01-240x160-settler-vs-settler.hlt'],
]) {
  for (const [screen, viewport] of [
    ['1280x800', { width: 1280, height: 800 }],
    ['a 390x844 phone', { width: 390, height: 844 }],
  ]) {
    test(`${name} on ${screen}: every font the shown replay's text uses was met before`, { timeout: 90000 }, async () => {
      const page = await openPage(browser, server.url, `?replay=replays/${file}`, viewport);
      await page.waitForFunction(() => window.__viewer && window.__viewer.numFrames > 1, null, { timeout: 60000 });
      // Shown and drawn, with its side panel.
      await page.waitForFunction(() => !document.querySelector('[data-part="side"]')?.hidden, null, { timeout: 30000 });
      const used = await viewerFonts(page);
      assert.ok(used.length >= 5, `the viewer shows text in several fonts: ${used.join('; ')}`);
      const missing = used.filter((f) => !warm.has(f));
      assert.deepEqual(missing, [], `fonts the viewer uses that fonts.ts does not warm (add them to WARM_FONTS): ${missing.join('; ')}`);
      await page.done();
    });
  }
}
