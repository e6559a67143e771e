// End-to-end tests of play as a person meets it, each asserting what the person sees: a whole
// human game played by keyboard with Enter after clicks on the orders bar, the board on the
// newest frame whenever a turn is asked (new, continued and reloaded games), continue by address,
// New game and Resign, no automatic next game, every bad address parameter, and the phone layout.
//
//   node --test www/tests/play-flow.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';

let server;
let browser;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 390, height: 844 };
const open = (search, viewport) => openPage(browser, server.url, search, viewport);
const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`) });

/** Waits until the human is asked for turn `turn`, and returns the frame the board shows then. */
async function askedAt(page, turn, timeout = 20000) {
  await page.waitForFunction((t) => window.__viewer && window.__viewer.humanTurn === t, turn, { timeout });
  return page.evaluate(() => window.__viewer.frame);
}

test('a 200-turn human game on 20x20, played by keyboard with Enter after clicks on the orders bar', { timeout: 240000 }, async () => {
  // The default playback speed (12 frames a second), as a person opens it.
  const page = await open('?bots=human,random&seed=4242&size=20x20');
  assert.equal(await askedAt(page, 0), 0);
  const started = Date.now();
  let turn = 0;
  const dirs = ['x', 'x', 'x', 'x', 'x', 'x', 'ArrowRight', 'x', 'x', 'x', 'x', 'ArrowDown', 'x', 'x', 'KeyA', 'x', 'x', 'x', 'KeyW'];
  for (;;) {
    // A click on a button of the orders bar (or the playback bar) leaves no focus behind: Enter
    // still ends the turn.
    await page.click('[data-part="all"]');
    if (turn % 10 === 3) await page.click('.orders-dir[data-dir="0"]');
    if (turn % 25 === 7) await page.click('[data-part="layer-production"]');
    if (turn % 25 === 11) await page.click('[data-part="controls"] [data-part="end"]');
    await page.keyboard.press(dirs[turn % dirs.length]);
    await page.keyboard.press('Enter');
    turn++;
    const state = await page.waitForFunction(
      (t) => {
        const v = window.__viewer;
        if (v.humanTurn === t) return { turn: t, frame: v.frame };
        if (!document.querySelector('[data-part="result"]').hidden) return { over: true };
        return false;
      },
      turn,
      { timeout: 20000 },
    );
    const s = await state.jsonValue();
    if (s.over) break;
    assert.equal(s.frame, turn, `turn ${turn} is asked with the board on frame ${turn}`);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`# a ${turn}-turn human game on 20x20 played by keyboard in ${seconds.toFixed(1)} s`);
  assert.equal(turn, 200, 'the game ran to its turn limit');
  assert.match(await page.textContent('[data-part="result-title"]'), /wins|Game over|You win/);
  await shot(page, 'flow-200-turns');
  await page.done();
});

test('a reloaded game asks for the turn it was at with the board on that frame', { timeout: 90000 }, async () => {
  const page = await open('?bots=human,greedy&seed=4242&size=20x20');
  await askedAt(page, 0);
  for (let t = 0; t < 12; t++) {
    await page.keyboard.press('Enter');
    assert.equal(await askedAt(page, t + 1), t + 1);
  }
  await page.waitForTimeout(500); // the save after the last turn
  await page.reload();
  assert.equal(await askedAt(page, 12), 12, 'the board shows frame 12 when turn 12 is asked');
  assert.match(await page.textContent('[data-part="status"]'), /Turn 12: your move/);
  await page.done();
});

test('a game downloaded before its end opens as unfinished, verified to its last frame, and plays on', { timeout: 90000 }, async () => {
  const page = await open('?bots=greedy,expander&seed=7&size=20x20&speed=60');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 30, null, { timeout: 30000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-part="download"]')]);
  const file = await download.path();
  await page.setInputFiles('[data-part="file"]', { name: 'in-progress.hlt', mimeType: 'application/json', buffer: fs.readFileSync(file) });
  await page.waitForFunction(() => ['unfinished', 'bad'].includes(document.querySelector('[data-part="badge"]').dataset.state), null, { timeout: 30000 });
  const text = await page.textContent('[data-part="badge"]');
  const last = await page.evaluate(() => window.__viewer.numFrames - 1);
  assert.equal(text, `Unfinished · rules verified to frame ${last}`);
  await shot(page, 'flow-unfinished');
  // Reachable by keyboard, and it offers to play the game on from its last frame.
  await page.focus('[data-part="badge"]');
  await page.keyboard.press('Enter');
  await page.locator('[data-part="continue-dialog"]').waitFor({ state: 'visible' });
  assert.equal(await page.textContent('[data-part="continue-title"]'), `Continue from frame ${last}`);
  await page.done();
});

/** Closes a page whose test provoked network failures on purpose: only those may be logged. */
async function doneExpectingNetworkErrors(page) {
  const other = page.errors.filter((e) => !/Failed to load resource|CORS|Access-Control|net::ERR_FAILED|dynamically imported module/i.test(e));
  page.errors.length = 0;
  page.errors.push(...other);
  await page.done();
}

const BAD_ADDRESSES = [
  ['?bots=human,greedy&seed=42&size=9999x9999', /size=9999x9999 is too large: Halite I map sides are 1 to 250/, { seed: '42' }],
  ['?bots=human,greedy&seed=abc&size=30x30', /seed=abc is not a seed: a seed is a whole number from 1 to 4294967295/, { width: '30' }],
  ['?bots=greedy,greedy,greedy,greedy,greedy,greedy,random&seed=5', /bots= gives 7 seats: Halite I plays with 2 to 6 players/, { seed: '5' }],
  ['?game=halite3&bots=human,greedy&seed=9', /game=halite3 is not a game here: the games are halite1 \(Halite I\) and halite2 \(Halite II\)/, { seed: '9' }],
  ['?bots=human,nosuchbot&seed=8', /no built-in bot named nosuchbot/, { seed: '8' }],
  ['?bots=human,saved:ghost&seed=8', /no saved bot called ghost in this browser/, { seed: '8' }],
  ['?game=halite2&bots=human,settler,settler&seed=42', /bots= gives 3 seats: Halite II plays with 1, 2 or 4 players/, { seed: '42' }],
  ['?bots=human,greedy&fog=-1&seed=3', /fog=-1 is not a fog radius/, { seed: '3' }],
  ['?bots=human,greedy&turnMs=fast&seed=3', /turnMs=fast is not a budget/, { seed: '3' }],
];

for (const [search, message, filled] of BAD_ADDRESSES) {
  test(`a bad address names its problem on the set-up form: ${search}`, { timeout: 60000 }, async () => {
    const page = await open(search);
    await page.locator('[data-part="notice"]').waitFor({ state: 'visible', timeout: 20000 });
    const text = await page.textContent('[data-part="notice"]');
    assert.match(text, message);
    // The set-up form is there, filled with what the address could use, and it works.
    for (const [part, value] of Object.entries(filled)) {
      const input = page.locator(`[data-part="${part}"]`);
      if (part === 'width') await page.uncheck('[data-part="size-random"]').catch(() => {});
      assert.equal(await input.inputValue(), value, `${part} kept from the address`);
    }
    assert.equal(await page.isEnabled('[data-part="start"]'), true);
    assert.equal(await page.locator('text=Loading the engine').count(), 0, 'no loading state left behind');
    await page.done();
  });
}

test('the set-up form from a bad address, on a phone', { timeout: 60000 }, async () => {
  const page = await open('?bots=human,greedy&seed=42&size=9999x9999', PHONE);
  await page.locator('[data-part="notice"]').waitFor({ state: 'visible', timeout: 20000 });
  const box = await page.locator('[data-part="notice"]').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'the notice fits the phone');
  await shot(page, 'flow-bad-address-phone');
  await page.done();
});

test('a replay link to a frame the replay does not have says which frames it has', { timeout: 60000 }, async () => {
  const page = await open('?replay=replays/s101-20x20-greedy-chaos.hlt.gz&frame=9999');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay', null, { timeout: 20000 });
  const frames = await page.evaluate(() => window.__viewer.numFrames);
  assert.match(await page.textContent('[data-part="banner-text"]'), new RegExp(`frame=9999 is past the end of this replay: its frames are 0 to ${frames - 1}`));
  assert.equal(await page.evaluate(() => window.__viewer.frame), 0);
  await page.done();
});

test('a replay link that fails shows its error and the ways to open a replay, not another game', { timeout: 60000 }, async () => {
  const page = await open('?replay=replays/no-such-game.hlt');
  await page.locator('[data-part="empty"]').waitFor({ state: 'visible', timeout: 20000 });
  assert.match(await page.textContent('[data-part="banner-text"]'), /not found \(404\)/);
  assert.equal(await page.evaluate(() => window.__viewer.kind), 'none', 'no other game behind the error');
  assert.equal(await page.textContent('[data-part="title"]'), 'No replay open');
  await shot(page, 'flow-replay-404');
  // The controls work: a sample opens.
  await page.click('[data-part="empty-live"]');
  await page.waitForFunction(() => window.__viewer.kind === 'live', null, { timeout: 20000 });
  assert.equal(await page.isHidden('[data-part="empty"]'), true);
  await doneExpectingNetworkErrors(page);
});

test('a replay on a server without CORS headers says so and suggests Open', { timeout: 60000 }, async () => {
  // The same server under another name is another origin, and it sends no CORS headers.
  const other = server.url.replace('127.0.0.1', 'localhost');
  const page = await open(`?replay=${other}replays/s101-20x20-greedy-chaos.hlt.gz`);
  await page.locator('[data-part="empty"]').waitFor({ state: 'visible', timeout: 20000 });
  const text = await page.textContent('[data-part="banner-text"]');
  assert.match(text, /does not allow this page to read .* \(it sends no CORS header\)/);
  assert.match(text, /use Open/);
  await doneExpectingNetworkErrors(page);
});

test('a bot module that is not there is ejected at frame 0 with "not found (404)", and the result card says so', { timeout: 60000 }, async () => {
  const page = await open('?bots=bots/no-such-bot.js,greedy&seed=5&size=20x20');
  await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 30000 });
  const card = await page.textContent('[data-part="result"]');
  assert.match(card, /ejected at frame 0/);
  assert.doesNotMatch(await page.textContent('[data-part="banner-text"]'), /the game is over/);
  const toast = await page.textContent('[data-part="toasts"]');
  assert.match(toast, /not found \(404\)/);
  assert.match(card, /not found \(404\)/, 'the reason is on the card');
  // No automatic next game: the card stays past the old countdown (8 s), on the same game.
  const address = await page.evaluate(() => location.search);
  await page.waitForTimeout(9500);
  assert.equal(await page.isVisible('[data-part="result"]'), true, 'the result stays');
  assert.equal(await page.evaluate(() => location.search), address, 'the same game');
  assert.match(address, /seed=5/);
  await doneExpectingNetworkErrors(page);
});

const S106 = 'replays/s106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz';

/** Records, every few ms, when the page first showed a replay and when it first asked the human
 * for `turn` (performance.now() times). */
function watchTimes(turn) {
  return (context) =>
    context.addInitScript((t) => {
      window.__times = {};
      const poll = () => {
        const v = window.__viewer;
        if (v) {
          if (v.kind === 'replay' && v.numFrames > 1 && window.__times.replay === undefined) window.__times.replay = performance.now();
          if (v.humanTurn === t && window.__times.asked === undefined) {
            window.__times.asked = performance.now();
            window.__times.frame = v.frame;
          }
        }
        if (window.__times.asked === undefined) setTimeout(poll, 5);
      };
      poll();
    }, turn);
}

for (const viewport of [undefined, PHONE]) {
  const where = viewport ? 'on a phone' : 'on a laptop';
  test(`continue by address at frame 200 of a 6-player replay asks for turn 200 at once, ${where}; a reload brings it back; New game starts it afresh`, { timeout: 120000 }, async () => {
    // On the phone every other seat plays its recorded moves; on the laptop one is a built-in bot.
    const seats = viewport ? 'human,recorded,recorded,recorded,recorded,recorded' : 'human,recorded,greedy,recorded,recorded,recorded';
    const search = `?replay=${S106}&frame=200&continue=${seats}`;
    const page = await openPage(browser, server.url, search, viewport ?? { width: 1280, height: 800 }, watchTimes(200));
    await page.waitForFunction(() => window.__times.asked !== undefined, null, { timeout: 30000 });
    const t = await page.evaluate(() => window.__times);
    const ms = t.asked - t.replay;
    console.log(`# ${where}: turn 200 asked ${ms.toFixed(0)} ms after the replay was shown`);
    assert.ok(ms < 1000, `asked within 1 s of the replay being loaded (${ms.toFixed(0)} ms)`);
    assert.equal(t.frame, 200, 'the board is on frame 200 when turn 200 is asked');
    assert.match(await page.textContent('[data-part="status"]'), /Turn 200: your move/);
    // The address is the game's: it can be bookmarked and shared (the page writes it once the
    // game settles, a moment after the status).
    await page.waitForFunction(() => new URLSearchParams(location.search).has('continue'), null, { timeout: 10000 });
    const address = await page.evaluate(() => location.search);
    assert.equal(new URLSearchParams(address).get('continue'), seats);
    assert.equal(new URLSearchParams(address).get('frame'), '200');
    assert.equal(new URLSearchParams(address).get('replay'), S106);
    await shot(page, `flow-continue-${viewport ? 'phone' : 'laptop'}`);
    if (viewport) {
      // The orders bar's buttons are touch-sized.
      const sizes = await page.$$eval('[data-part="human-play"] button', (bs) => bs.filter((b) => b.offsetParent).map((b) => b.getBoundingClientRect().height));
      assert.ok(sizes.length > 5 && sizes.every((h) => h >= 44), `44 px touch targets (${sizes.join(', ')})`);
      await page.tap('[data-part="end"]');
    } else {
      await page.click('[data-part="all"]');
      await page.keyboard.press('Enter');
    }
    assert.equal(await askedAt(page, 201), 201);
    await page.keyboard.press('Enter');
    assert.equal(await askedAt(page, 202), 202);
    await page.waitForTimeout(500); // the save after the last turn
    await page.reload();
    assert.equal(await askedAt(page, 202), 202, 'the reload brings the game back at turn 202, on frame 202');
    // New game: the same seats from frame 200, afresh.
    await page.click('[data-part="new-game"]');
    assert.equal(await askedAt(page, 200), 200);
    await page.done();
  });
}

test('Resign ends a human game with the result card, which stays; New game gives a new map with the same seats', { timeout: 90000 }, async () => {
  const page = await open('?bots=human,greedy&seed=31&size=20x20');
  await askedAt(page, 0);
  for (let t = 0; t < 3; t++) {
    await page.keyboard.press('Enter');
    await askedAt(page, t + 1);
  }
  await page.click('[data-part="resign"]');
  assert.equal(await page.textContent('[data-part="resign-label"]'), 'Confirm resign', 'a second press confirms');
  await page.click('[data-part="resign"]');
  await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 20000 });
  assert.equal(await page.textContent('[data-part="result-title"]'), 'You resigned');
  assert.match(await page.textContent('[data-part="result-list"]'), /You\s*resigned at frame 4/);
  assert.equal(await page.isHidden('[data-part="resign"]'), true);
  await shot(page, 'flow-resigned');
  await page.waitForTimeout(9000);
  assert.equal(await page.isVisible('[data-part="result"]'), true, 'no automatic next game');
  assert.match(await page.evaluate(() => location.search), /seed=31/);
  await page.click('[data-part="next-game"]');
  await askedAt(page, 0);
  await page.waitForFunction(() => !/seed=31(&|$)/.test(location.search), null, { timeout: 5000 });
  const search = await page.evaluate(() => decodeURIComponent(location.search));
  assert.match(search, /bots=human,greedy/);
  assert.match(search, /seed=\d+/);
  assert.doesNotMatch(search, /seed=31(&|$)/, 'a new map');
  await page.done();
});

test('Resign and New game on a phone', { timeout: 90000 }, async () => {
  const page = await open('?bots=human,greedy&seed=32&size=20x20', PHONE);
  await askedAt(page, 0);
  for (const part of ['new-game', 'resign']) {
    const box = await page.locator(`[data-part="${part}"]`).boundingBox();
    assert.ok(box && box.height >= 44 && box.x >= 0 && box.x + box.width <= PHONE.width, `${part} is a touch target on screen`);
  }
  await page.tap('[data-part="resign"]');
  await page.tap('[data-part="resign"]');
  await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 20000 });
  await shot(page, 'flow-resigned-phone');
  await page.tap('[data-part="next-game"]');
  await askedAt(page, 0);
  await page.done();
});

for (const viewport of [undefined, PHONE]) {
  test(`the first screen says what Halite is and offers three ways in, over the live game${viewport ? ', on a phone' : ''}`, { timeout: 60000 }, async () => {
    const page = await open('', viewport);
    await page.locator('[data-part="intro"]').waitFor({ state: 'visible', timeout: 20000 });
    assert.match(await page.textContent('[data-part="intro"]'), /Halite is a strategy game for programs/);
    const links = await page.$$eval('.intro-link', (as) => as.map((a) => [a.textContent.trim(), new URL(a.href).search]));
    assert.equal(links.length, 3);
    assert.match(links[0][1], /^\?replay=/);
    assert.equal(links[1][1], '?play');
    assert.equal(links[2][1], '?learn');
    // The live game plays under it, in view.
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live' && window.__viewer.numFrames > 3, null, { timeout: 20000 });
    const map = await page.locator('[data-part="map"]').boundingBox();
    const height = viewport ? viewport.height : 800;
    assert.ok(map.y + map.height / 2 < height, 'the map is on the first screen');
    for (const a of await page.$$('.intro-link')) {
      const box = await a.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= (viewport ? viewport.width : 1280), 'each way in is on screen');
      if (viewport) assert.ok(box.height >= 44, 'touch-sized');
    }
    await shot(page, `flow-first-screen${viewport ? '-phone' : ''}`);
    // Hidden for good with ×.
    await page.click('[data-part="intro-close"]');
    assert.equal(await page.isHidden('[data-part="intro"]'), true);
    await page.reload();
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'live', null, { timeout: 20000 });
    assert.equal(await page.isHidden('[data-part="intro"]'), true);
    await page.done();
  });
}

test('an arena game opens by ?replay=stored:<id> after the arena tab is gone', { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  try {
    const arena = await context.newPage();
    await arena.goto(`${server.url}?arena&bots=expander,greedy&games=2&size=20x20&seed=11`);
    await arena.waitForSelector('[data-part="start"]');
    await arena.tap('[data-part="start"]');
    await arena.waitForFunction(() => window.__arena.state === 'done', null, { timeout: 90000 });
    // Both games listed, each Open link at its stored address (set once the replay is kept).
    await arena.waitForFunction(() => {
      const links = [...document.querySelectorAll('[data-part="games-list"] a')];
      return links.length === 2 && links.every((a) => a.getAttribute('href').startsWith('./?replay=stored:'));
    }, null, { timeout: 10000 });
    const href = await arena.$eval('[data-part="games-list"] a', (a) => a.href);
    // The standings fit the phone: the bot's column stays while the numbers scroll.
    const sticky = await arena.$eval('[data-part="standings"] tbody th', (th) => getComputedStyle(th).position);
    assert.equal(sticky, 'sticky');
    await arena.close();
    const page = await context.newPage();
    await page.goto(href);
    await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 1, null, { timeout: 30000 });
    assert.match(await page.textContent('[data-part="meta"]'), /arena-/);
    // An id this browser does not have says so, on a working page.
    await page.goto(`${server.url}?replay=stored:arena-nothing-9`);
    await page.locator('[data-part="empty"]').waitFor({ state: 'visible', timeout: 20000 });
    assert.match(await page.textContent('[data-part="banner-text"]'), /No replay called arena-nothing-9 is kept in this browser/);
  } finally {
    await context.close();
  }
});

test('continuing a replay opened from a file says the link needs the replay at a URL and offers its download', { timeout: 90000 }, async () => {
  const page = await open('?replay=replays/s101-20x20-greedy-chaos.hlt.gz');
  await page.waitForFunction(() => window.__viewer && window.__viewer.kind === 'replay' && window.__viewer.numFrames > 40, null, { timeout: 20000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-part="download"]')]);
  await page.setInputFiles('[data-part="file"]', { name: 'from-disk.hlt', mimeType: 'application/json', buffer: fs.readFileSync(await download.path()) });
  await page.waitForFunction(() => document.querySelector('[data-part="title"]').textContent.length > 0 && window.__viewer.kind === 'replay' && !new URLSearchParams(location.search).get('replay'), null, { timeout: 20000 });
  await page.fill('[data-part="frame-input"]', '40');
  await page.press('[data-part="frame-input"]', 'Enter');
  await page.click('[data-part="continue"]');
  await page.locator('[data-part="continue-dialog"]').waitFor({ state: 'visible' });
  await page.selectOption('[data-part="continue-seats"] select[data-seat="0"]', 'human');
  await page.click('[data-part="continue-play"]');
  assert.equal(await askedAt(page, 40), 40);
  const toast = page.locator('.toast', { hasText: 'a link needs the replay at a URL' });
  await toast.waitFor({ state: 'visible', timeout: 5000 });
  const [saved] = await Promise.all([page.waitForEvent('download'), toast.locator('.toast-action').click()]);
  assert.equal(saved.suggestedFilename(), 'from-disk.hlt');
  // The first turn still ends with Enter after that click.
  await page.keyboard.press('Enter');
  assert.equal(await askedAt(page, 41), 41);
  await page.done();
});
