// End-to-end tests of event navigation in the viewer: "Previous event" / "Next event" (buttons
// and the [ ] keys) jump to the moments that matter (eliminations, captures, battles in Halite I;
// ships destroyed and planets taken in Halite II), the status line says what happened, and Home /
// End go to the first and last frame. At 1280x800 by keyboard and on a 390x844 touch phone.
//
//   node --test www/tests/events.e2e.test.mjs   (after `webpack --mode production`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';

const dist = path.join(root, 'dist');
const S106 = 's106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz';
const H2 = 'h2-g01-240x160-settler-vs-settler.hlt';

let browser;
let server;

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(dist);
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The frames in which each seat's territory fell to nothing, read from the replay file itself. */
function eliminations(name) {
  const r = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(root, 'tests/fixtures/halite1', name))).toString('utf8'));
  const out = new Map();
  let prev = null;
  r.frames.forEach((frame, f) => {
    const held = new Array(r.num_players + 1).fill(0);
    for (const row of frame) for (const [owner] of row) held[owner]++;
    if (prev) for (let p = 1; p <= r.num_players; p++) if (prev[p] > 0 && held[p] === 0 && !out.has(p - 1)) out.set(p - 1, f);
    prev = held;
  });
  return { out, frames: r.num_frames };
}

const frame = (page) => page.evaluate(() => window.__viewer.frame);
const status = (page) => page.textContent('[data-part="event-status"]');

async function waitEvents(page) {
  // The events come with the statistics: the next-event button turns on once they are known.
  await page.waitForFunction(() => {
    const on = (p) => document.querySelector(`[data-part="${p}"]`)?.disabled === false;
    return on('event-next') || on('event-prev');
  }, null, { timeout: 60000 });
}

test('Halite I: ] and [ walk through the events, and the eliminations are where the replay has them', { timeout: 120000 }, async () => {
  const { out, frames } = eliminations(S106);
  assert.ok(out.size >= 1, 'the fixture has an elimination');
  const page = await openPage(browser, server.url, `?replay=replays/${S106}`);
  await page.waitForFunction((n) => window.__viewer && window.__viewer.numFrames === n, frames, { timeout: 60000 });
  await waitEvents(page);
  // Keyboard only: focus the map, then the keys. Home: the first frame (the replay stops there).
  await page.focus('[data-part="map"]');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.__viewer.frame === 0 && !window.__viewer.playing);
  assert.match(await page.getAttribute('[data-part="event-next"]', 'title'), /^Turn \d+: .+ \(\]\)$/);
  const seen = [];
  let last = 0;
  for (let k = 0; k < 200; k++) {
    await page.keyboard.press(']');
    const f = await frame(page);
    const s = await status(page);
    if (/No later event/.test(s)) break;
    assert.ok(f > last, `each ] goes later (${last} -> ${f})`);
    assert.match(s, new RegExp(`^Turn ${f}: `), 'the status names the turn shown');
    seen.push({ f, s });
    last = f;
  }
  for (const [seat, f] of out) {
    const hit = seen.find((e) => e.f === f);
    assert.ok(hit, `an event at frame ${f}`);
    assert.match(hit.s, new RegExp(`player ${seat + 1} \\([^)]*\\) eliminated`), `frame ${f} says player ${seat + 1} was eliminated`);
  }
  assert.ok(seen.some((e) => /big battle|took \d+ sites/.test(e.s)), 'battles or captures are events too');
  // [ goes back to the one before.
  await page.keyboard.press('[');
  assert.equal(await frame(page), seen[seen.length - 2].f);
  // Home and End: the first and the last frame.
  await page.keyboard.press('End');
  await page.waitForFunction((n) => window.__viewer.frame === n - 1, frames);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.__viewer.frame === 0);
  assert.equal(await page.isDisabled('[data-part="event-prev"]'), true, 'no event before frame 0');
  // The help lists the keys.
  await page.keyboard.press('?');
  const help = await page.textContent('[data-part="help-keys"]');
  assert.match(help, /Home \/ End/);
  assert.match(help, /\[ \/ \]/);
  await page.keyboard.press('?');
  await page.click('[data-part="event-next"]');
  assert.equal(await frame(page), seen[0].f, 'the button goes to the first event');
  await page.screenshot({ path: path.join(shots, 'events-halite1-1280.png') });
  await page.done();
});

test('Halite II: next event on a phone shows a ship destroyed or a planet taken', { timeout: 120000 }, async () => {
  const page = await openPage(browser, server.url, `?replay=replays/${H2}`, { width: 390, height: 844 });
  await page.waitForFunction(() => window.__viewer && window.__viewer.numFrames > 10, null, { timeout: 60000 });
  await waitEvents(page);
  await page.tap('[data-part="start"]');
  await page.waitForFunction(() => window.__viewer.frame === 0);
  const next = page.locator('[data-part="event-next"]');
  await next.scrollIntoViewIfNeeded();
  const box = await next.boundingBox();
  assert.ok(box && box.width >= 40 && box.height >= 28, 'the button is big enough to tap');
  let s = '';
  for (let k = 0; k < 100 && !/planet/.test(s); k++) {
    await next.tap();
    s = await status(page);
  }
  const f = await frame(page);
  assert.match(s, new RegExp(`^Turn ${f}: .*took planet \\d+`), 'a planet taken is an event');
  await page.screenshot({ path: path.join(shots, 'events-halite2-390.png') });
  await page.tap('[data-part="event-prev"]');
  assert.ok((await frame(page)) < f);
  assert.match(await status(page), /^Turn \d+: /);
  await page.done();
});
