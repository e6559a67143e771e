// Names and origins that cannot be hidden, against the built app (dist/) in headless Chromium. A
// bot from another origin pads its name with wide blanks or turns it around with a bidi override:
// its origin still shows whole beside it, in the players panel and in the arena's standings, on a
// desktop and on a phone. The consent dialog names every origin with its scheme and wraps a long
// look-alike host instead of cutting it. A trusted origin's module that redirects to another
// origin is refused before anything reaches that origin; a redirect within the origin is followed.
// Two servers stand for the other origins: both log every request.
//
//   node --test www/tests/names.e2e.test.mjs        (needs dist/: npm run build)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, CHROMIUM } from './support/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const shots = path.join(here, 'screenshots');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let app;
/** The bots' origin (a bot author's server) and a second origin it redirects to. */
let evil;
let other;
let browser;

const bot = (name) => `export const name = ${JSON.stringify(name)};\nexport default function bot() { return []; }\n`;

/** What the bots' server answers, by path: a module, or a redirect. */
const EVIL = {
  '/wide.js': () => ({ body: bot('Greedy' + '\u3000'.repeat(30)) }),
  '/rtl.js': () => ({ body: bot('Greedy\u202E') }),
  '/hopper.js': () => ({ body: bot('Hopper') }),
  // A redirect to a module of another origin.
  '/away.js': () => ({ redirect: `${other.url}stolen.js` }),
  // A redirect within the origin.
  '/moved.js': () => ({ redirect: '/hopper.js' }),
};

/** A server on a free port that logs every request's path in `log` and answers with `routes`. */
async function origin(routes) {
  const log = [];
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '').split('?')[0];
    log.push(p);
    const r = routes[p]?.();
    if (!r) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('not found');
      return;
    }
    if (r.redirect) {
      res.writeHead(302, { Location: r.redirect, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    res.end(r.body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, log, close: () => new Promise((r) => server.close(r)) };
}

before(async () => {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build the app first with `npm run build`');
  fs.mkdirSync(shots, { recursive: true });
  app = await serve(dist);
  evil = await origin(EVIL);
  other = await origin({ '/stolen.js': () => ({ body: bot('Stolen') }) });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await app?.close();
  await evil?.close();
  await other?.close();
});

async function openPage(search, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(app.url + search);
  return { page, context };
}

const consent = (page) => page.locator('dialog[data-part="consent"]');
const evilOrigin = () => evil.url.replace(/\/$/, '');

/**
 * Where each origin element under `scope` is and whether it shows whole: its text, whether its
 * content fits its box, whether its box lies inside `container` (the panel, the table) and the
 * viewport, and whether its ends are what the page shows at those points (not covered).
 */
async function originsShown(page, scope, container) {
  return page.evaluate(
    ([scope, container]) => {
      const box = (e) => e.getBoundingClientRect();
      return [...document.querySelectorAll(`${scope} .name-label-origin`)].map((e) => {
        const r = box(e);
        const c = box(e.closest(container));
        const label = e.closest('.name-label');
        const name = label.querySelector('.name-label-name');
        e.scrollIntoView({ block: 'center', inline: 'nearest' });
        const s = box(e);
        const top = document.elementFromPoint(s.right - 2, s.top + s.height / 2);
        return {
          text: e.textContent,
          name: name.textContent,
          label: label.textContent,
          fits: e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1,
          inside: r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5,
          inViewport: s.left >= 0 && s.right <= innerWidth,
          onTop: top === e || e.contains(top),
          width: r.width,
          visible: r.width > 0 && r.height > 0 && getComputedStyle(e).visibility === 'visible',
          direction: getComputedStyle(e).direction,
        };
      });
    },
    [scope, container],
  );
}

function assertWhole(shown, want, where) {
  assert.ok(shown.length >= want, `${where}: ${want} origins shown (got ${shown.length})`);
  for (const o of shown) {
    assert.equal(o.text, `(${evilOrigin()})`, `${where}: the origin whole`);
    assert.equal(o.name, 'Greedy', `${where}: the name without its blanks or override`);
    assert.equal(o.label, `Greedy (${evilOrigin()})`);
    assert.ok(o.visible, `${where}: the origin is visible`);
    assert.ok(o.fits, `${where}: the origin is not clipped (its content fits its box)`);
    assert.ok(o.inside, `${where}: the origin lies inside its container`);
    assert.ok(o.inViewport, `${where}: the origin lies inside the screen`);
    assert.ok(o.onTop, `${where}: nothing covers the origin's end`);
    assert.equal(o.direction, 'ltr');
  }
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`a padded and a reversed "Greedy" show their origin whole in the players panel (${label})`, { timeout: 90_000 }, async () => {
    const { page, context } = await openPage(`?bots=${evil.url}wide.js,${evil.url}rtl.js,greedy&seed=3&size=20x20`, viewport);
    await consent(page).waitFor();
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.players .name-label-origin').length === 2 && [...document.querySelectorAll('.players .name-label-name')].every((e) => e.textContent === 'Greedy'), null, { timeout: 30_000 });
    const shown = await originsShown(page, '.players', '.players');
    assertWhole(shown, 2, `players panel, ${label}`);
    // The built-in Greedy: no origin beside it.
    const rows = await page.evaluate(() => [...document.querySelectorAll('.players .player')].map((r) => ({ name: r.querySelector('.name-label-name')?.textContent, origin: r.querySelector('.name-label-origin')?.textContent ?? null })));
    assert.deepEqual(rows[2], { name: 'Greedy', origin: null });
    // Text copies of the label read the same, without the blanks: the document's title too.
    const title = await page.title();
    assert.ok(title.includes(`Greedy (${evilOrigin()}) vs Greedy (${evilOrigin()}) vs Greedy`), title);
    assert.doesNotMatch(title, /[\u3000\u202E]/);
    await page.locator('.players').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `names-players-${label}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test(`the arena's standings show a third-party bot's origin whole (${label})`, { timeout: 120_000 }, async () => {
    const { page, context } = await openPage(`?arena&bots=${evil.url}wide.js,${evil.url}rtl.js,greedy&games=2&size=20x20&seed=3&parallel=1`, viewport);
    await page.waitForFunction(() => document.querySelector('[data-part="start"]'), null, { timeout: 20_000 });
    await page.click('[data-part="start"]');
    await consent(page).waitFor();
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForFunction(
      () => {
        const names = [...document.querySelectorAll('[data-part="standings"] .name-label-name')].map((e) => e.textContent);
        return document.querySelectorAll('[data-part="standings"] .name-label-origin').length === 2 && names.sort().join() === 'Greedy,Greedy,Greedy 2';
      },
      null,
      { timeout: 60_000 },
    );
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[data-part="standings"] .name-label-origin')].map((e) => {
        const r = e.getBoundingClientRect();
        const cell = e.closest('th').getBoundingClientRect();
        const scroller = e.closest('.arena-scroll').getBoundingClientRect();
        return {
          text: e.textContent,
          name: e.closest('.name-label').querySelector('.name-label-name').textContent,
          fits: e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1,
          inCell: r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5 && r.top >= cell.top - 0.5 && r.bottom <= cell.bottom + 0.5,
          inTable: r.left >= scroller.left - 0.5 && r.right <= scroller.right + 0.5,
          inViewport: r.left >= 0 && r.right <= innerWidth,
        };
      }),
    );
    assert.equal(shown.length, 2);
    // The second to call itself Greedy is numbered: no two rows read the same.
    assert.deepEqual(shown.map((o) => o.name).sort(), ['Greedy', 'Greedy 2']);
    for (const o of shown) {
      assert.equal(o.text, `(${evilOrigin()})`, 'the origin whole');
      assert.match(o.name, /^Greedy( 2)?$/, 'the name without its blanks or override');
      assert.ok(o.fits, 'the origin is not clipped');
      assert.ok(o.inCell, 'the origin lies inside its cell');
      assert.ok(o.inTable, 'the origin lies inside the table\u2019s view');
      assert.ok(o.inViewport, 'the origin lies inside the screen');
    }
    await page.locator('[data-part="standings"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `names-arena-${label}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test(`the consent dialog shows each origin's scheme and wraps a long look-alike host (${label})`, { timeout: 60_000 }, async () => {
    // A host of 200 characters that starts like the app's; it never resolves, and needs not: the
    // dialog comes before any fetch.
    const host = `127.0.0.1.${'secure-login.'.repeat(16)}`.slice(0, 196) + '.com';
    assert.equal(host.length, 200);
    const appHttps = app.url.replace('http:', 'https:');
    const { page, context } = await openPage(`?bots=http://${host}/bot.js,${appHttps}same-host.js,greedy&seed=3`, viewport);
    await consent(page).waitFor();
    const text = await consent(page).innerText();
    // An https module on the app's own host is another origin, and reads as one.
    assert.ok(text.includes(appHttps.replace(/\/$/, '')), `the https origin with its scheme (${text})`);
    assert.ok(text.includes(`http://${host}`), 'the long origin with its scheme');
    const boxes = await page.evaluate(() => {
      const dialog = document.querySelector('dialog[data-part="consent"]');
      const d = dialog.getBoundingClientRect();
      return {
        dialogFits: dialog.scrollWidth <= dialog.clientWidth,
        origins: [...dialog.querySelectorAll('.consent-origin')].map((e) => {
          const rects = [...e.getClientRects()];
          return {
            text: e.textContent,
            lines: new Set(rects.map((r) => Math.round(r.top))).size,
            inside: rects.every((r) => r.left >= d.left - 0.5 && r.right <= d.right + 0.5),
            inViewport: rects.every((r) => r.left >= 0 && r.right <= innerWidth),
          };
        }),
      };
    });
    assert.ok(boxes.dialogFits, 'the dialog does not overflow sideways');
    const long = boxes.origins.filter((o) => o.text === `http://${host}`);
    assert.equal(long.length, 2, 'the long origin in the list and in the "Always trust" line');
    for (const o of long) {
      assert.ok(o.lines > 1, 'the long origin wraps');
      assert.ok(o.inside, 'every line of it lies inside the dialog');
      assert.ok(o.inViewport, 'every line of it lies inside the screen');
    }
    // Its real end is shown: the "Always trust" line ends with it, whole.
    const trust = await page.locator('[data-part="consent-trust-text"]').innerText();
    assert.ok(trust.replace(/\s+/g, '').includes(`http://${host}`.replace(/\s+/g, '')), trust);
    await page.screenshot({ path: path.join(shots, `names-consent-${label}.png`) });
    await page.getByRole('button', { name: /Don.t run/ }).click();
    await page.getByText('Nothing was run').waitFor();
    await context.close();
  });
}

test('a trusted origin\u2019s module that redirects to another origin is refused, and nothing reaches that origin', { timeout: 90_000 }, async () => {
  const { page, context } = await openPage(`?bots=${evil.url}away.js,greedy&seed=3&size=20x20`);
  await consent(page).waitFor();
  await page.locator('[data-part="consent-trust"]').check();
  await page.getByRole('button', { name: /^Run/ }).click();
  // The browser stops the redirect before it leaves the origin, and does not say where it went.
  const sentence = `${evilOrigin()} redirected it to another origin, which was not contacted`;
  await page.waitForFunction((s) => (document.querySelector('.players')?.textContent ?? '').includes(s), sentence, { timeout: 30_000 });
  const status = await page.locator('.players .player-status').first().getAttribute('title');
  assert.ok(status.includes(`could not load ${evil.url}away.js: ${sentence}`), status);
  assert.match(status, /must come from the origin it was agreed for/);
  // No second dialog for the other origin, and no request reached it.
  assert.equal(await consent(page).count(), 0);
  assert.deepEqual(other.log, [], 'nothing reached the other origin');
  assert.ok(evil.log.includes('/away.js'));
  await page.screenshot({ path: path.join(shots, 'names-redirect-refused.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a redirect within the module\u2019s origin is followed', { timeout: 90_000 }, async () => {
  const { page, context } = await openPage(`?bots=${evil.url}moved.js,greedy&seed=3&size=20x20`);
  await consent(page).waitFor();
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.waitForFunction((o) => (document.querySelector('.players')?.textContent ?? '').includes(`Hopper (${o})`), evilOrigin(), { timeout: 30_000 });
  await page.waitForTimeout(1500);
  assert.doesNotMatch(await page.locator('.players').textContent(), /ejected/);
  assert.ok(evil.log.includes('/moved.js') && evil.log.includes('/hopper.js'));
  assert.deepEqual(other.log, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});
