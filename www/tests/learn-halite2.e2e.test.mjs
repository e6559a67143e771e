// End-to-end tests of the Halite II lessons in headless Chromium. The expected numbers come from
// the engine itself, loaded independently in node (pkg/): the page must show exactly what the
// engine's `Halite2Lesson` says.
//
//   node --test www/tests/learn-halite2.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';
import { loadLearn } from './support/compile.mjs';

const lessonDir = path.join(root, 'www/src/games/halite2/lessons');
const LESSONS = fs
  .readdirSync(lessonDir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => JSON.parse(fs.readFileSync(path.join(lessonDir, f), 'utf8')))
  .sort((a, b) => a.order - b.order);
const PROSE = JSON.parse(fs.readFileSync(path.join(lessonDir, 'en.json'), 'utf8'));

let server;
let browser;
let engine;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  engine = await loadLearn('halite2');
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search, viewport, reduced = true) {
  const page = await openPage(browser, server.url, '', viewport);
  if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url + search);
  await page.waitForSelector('.h2l-board svg [data-ship]');
  return page;
}

/** Tabs until the focused element matches `predicate` (run in the page), at most 60 times. */
async function tabTo(page, predicate) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  throw new Error(`no focusable element matched ${predicate}`);
}

const onShip = (id) => new Function(`return document.activeElement?.getAttribute('data-ship') === '${id}'`);
const onPart = (part) => new Function(`return document.activeElement?.getAttribute('data-part') === '${part}'`);

/** Board coordinates to page pixels (the SVG's viewBox is the map). */
async function toScreen(page, x, y) {
  const box = await page.locator('.h2l-board svg').boundingBox();
  const [, , w, h] = (await page.getAttribute('.h2l-board svg', 'viewBox')).split(' ').map(Number);
  const scale = Math.min(box.width / w, box.height / h);
  const ox = box.x + (box.width - w * scale) / 2;
  const oy = box.y + (box.height - h * scale) / 2;
  return [ox + x * scale, oy + y * scale];
}

/** The engine's own play of `turns` (orders per turn) on lesson `id`, in node. */
function enginePlay(id, turns) {
  const spec = LESSONS.find((l) => l.id === id);
  const lesson = new engine.Halite2Lesson(JSON.stringify(spec));
  let step = null;
  for (const orders of turns) step = lesson.step(orders);
  return { lesson, step };
}

test('the lesson list has a Halite II section with every lesson, and the Halite I list is unchanged', { timeout: 60000 }, async () => {
  const page = await openPage(browser, server.url, '?learn');
  await page.waitForSelector('[data-part="lessons-halite2"]');
  const ids = await page.$$eval('[data-halite2-lesson]', (a) => a.map((e) => e.getAttribute('data-halite2-lesson')));
  assert.deepEqual(ids, LESSONS.map((l) => l.id));
  const titles = await page.$$eval('[data-part="lessons-halite2"] .lg-lesson-title', (a) => a.map((e) => e.textContent));
  assert.deepEqual(titles, LESSONS.map((l) => PROSE.lessons[l.id].title));
  const h1 = await page.$$eval('[data-lesson]', (a) => a.length);
  assert.equal(h1, 12, 'the Halite I lessons keep their own list');
  await page.screenshot({ path: path.join(shots, 'learn-list-halite2-1280.png'), fullPage: true });
  await page.done();
});

test('every Halite II lesson opens with the engine\'s board, goal and rules', { timeout: 90000 }, async () => {
  for (const spec of LESSONS) {
    const page = await open(`?learn=${spec.id}`);
    const board = new engine.Halite2Lesson(JSON.stringify(spec)).board();
    assert.equal(await page.textContent('h1'), `${PROSE.lessons[spec.id].title} Halite II`);
    const ships = await page.$$eval('.h2l-board [data-ship]', (g) => g.map((e) => e.getAttribute('aria-label')));
    assert.equal(ships.length, board.ships.length, spec.id);
    for (const s of board.ships) assert.ok(ships.some((l) => l.startsWith(`Ship ${s.id}, `) && l.includes(`health ${s.health}`)), `${spec.id}: ship ${s.id}`);
    const planets = await page.$$eval('.h2l-board [data-planet]', (g) => g.length);
    assert.equal(planets, board.planets.length);
    assert.match(await page.textContent('[data-part="goal"]'), new RegExp(`within ${spec.turns} turns`));
    assert.match(await page.textContent('[data-part="rules"]'), /split among the enemies in range/);
    await page.done();
  }
});

test('the first lesson is solved by mouse and keyboard through the page and shows stars', { timeout: 90000 }, async () => {
  const page = await open('?learn=h2-thrust');
  // Turn 1 by mouse: click ship 0, then drag out from it along 53°, past the longest thrust.
  const [sx, sy] = await toScreen(page, 8, 6);
  await page.mouse.click(sx, sy);
  assert.match(await page.textContent('[data-part="selected"]'), /your ship 0/);
  const a = (53 * Math.PI) / 180;
  const [tx, ty] = await toScreen(page, 8 + 15 * Math.cos(a), 6 + 15 * Math.sin(a));
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move((sx + tx) / 2, (sy + ty) / 2, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 4 });
  await page.mouse.up();
  assert.equal(await page.inputValue('[data-part="mag"]'), '7', 'a drag past 7 thrusts 7');
  const dragged = Number(await page.inputValue('[data-part="angle"]'));
  assert.ok(Math.abs(dragged - 53) <= 1, `dragged angle ${dragged}`);
  // The exact angle typed in its number field.
  await page.fill('[data-part="angle"]', '53');
  await page.press('[data-part="angle"]', 'Enter');
  assert.match(await page.textContent('[data-part="plan-list"]'), /ship 0 thrust 7 at 53°/);
  await page.click('[data-part="resolve"]');
  await page.waitForFunction(() => document.querySelector('[data-part="turn"]')?.textContent?.startsWith('Turn 1 '));
  const { step: engineStep } = enginePlay('h2-thrust', [[{ thrust: [0, 7, 53] }]]);
  const label = await page.getAttribute('[data-ship="0"]', 'aria-label');
  const fmt = (v) => String(Math.round(v * 1000) / 1000);
  assert.ok(label.includes(`at (${fmt(engineStep.after.ships[0].x)}, ${fmt(engineStep.after.ships[0].y)})`), label);

  // Turn 2 by keyboard alone: Tab to the ship, Enter, its thrust typed in the number fields.
  await tabTo(page, onShip(0));
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-ship')), '0', 'focus stays on the ship');
  await tabTo(page, onPart('mag'));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('7');
  await tabTo(page, onPart('angle'));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('53');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('[data-part="plan-list"]'), /thrust 7 at 53°/);
  await tabTo(page, onPart('resolve'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-part="turn"]')?.textContent?.startsWith('Turn 2 '));
  // Turn 3 aimed with the ship's own keys: ↑ adds thrust, → turns by 5°, Shift+→ by 1°.
  await tabTo(page, onShip(0));
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  assert.match(await page.textContent('[data-part="plan-list"]'), /thrust 6 at 53°/);
  await tabTo(page, onPart('resolve'));
  await page.keyboard.press('Enter');
  await page.waitForSelector('.lg-result.is-passed');
  assert.match(await page.textContent('[data-part="result"]'), /Solved in 3 turns/);
  assert.equal(await page.getAttribute('[data-part="result"] .lg-stars', 'aria-label'), '3 of 3 stars');
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('halite.learn.progress.v1')));
  assert.equal(stored['h2-thrust'], 3);
  await page.goto(server.url + '?learn');
  assert.equal(await page.getAttribute('[data-halite2-lesson="h2-thrust"] .lg-stars', 'aria-label'), '3 of 3 stars');
  await page.done();
});

test('a failed lesson shows why, and the stepper lists the engine\'s events', { timeout: 90000 }, async () => {
  const spec = LESSONS.find((l) => l.id === 'h2-collisions');
  const page = await open('?learn=h2-collisions');
  // Aim all three ships at once (the known wrong answer): ram now and fly the scout away.
  for (const order of spec.wrong.moves[0]) {
    const [ship, magnitude, angle] = order.thrust;
    await page.click(`[data-ship="${ship}"]`);
    await page.fill('[data-part="mag"]', String(magnitude));
    await page.press('[data-part="mag"]', 'Tab');
    await page.fill('[data-part="angle"]', String(angle));
    await page.press('[data-part="angle"]', 'Enter');
  }
  // Predict the scout's fate first: destroyed (health 0).
  await page.click('[data-ship="2"]');
  await page.click('[data-part="predict-box"] summary');
  await page.fill('[data-part="predict-health"]', '0');
  await page.click('[data-part="predict"]');
  await page.click('[data-part="resolve"]');
  await page.waitForSelector('.lg-result.is-not-yet');
  assert.match(await page.textContent('[data-part="prediction"]'), /Ship 2: you predicted health 0; it is 0 \(destroyed\)\. Right!/);
  assert.equal(await page.textContent('[data-part="why"]'), PROSE.lessons['h2-collisions'].why);
  // Back to the movement phase: its lines are the engine's events.
  await page.click('[data-part="prev"]');
  await page.click('[data-part="prev"]');
  assert.equal(await page.textContent('[data-part="phase-title"]'), 'Movement, combat and collisions');
  const lines = await page.$$eval('[data-part="line"]', (l) => l.map((e) => e.textContent));
  const { step } = enginePlay('h2-collisions', [spec.wrong.moves[0]]);
  const attacks = step.events.filter((e) => e.kind === 'attack').length;
  assert.equal(lines.filter((l) => / fires at /.test(l)).length, attacks);
  assert.ok(lines.some((l) => /your ship 0 is destroyed \(it flew into planet 0\)/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /planet 0 is destroyed/.test(l)));
  assert.ok(lines.some((l) => /your ship 2 is destroyed \(caught in planet 0's explosion\)/.test(l)));
  const table = await page.$$eval('[data-part="report-table"] tbody tr', (r) => r.map((e) => e.getAttribute('data-ship')));
  assert.deepEqual(table, step.before.ships.map((s) => String(s.id)));
  await page.click('[data-part="retry"]');
  assert.equal(await page.isVisible('[data-part="result"]'), false);
  assert.match(await page.textContent('[data-part="turn"]'), /^Turn 0 /);
  await page.done();
});

test('weapons: the split shows in the events; screenshots at laptop and phone sizes', { timeout: 90000 }, async () => {
  for (const [name, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ]) {
    const page = await open('?learn=h2-weapons', viewport, false);
    await page.click('[data-part="ranges"]');
    await page.click('[data-ship="0"]');
    await page.fill('[data-part="mag"]', '7');
    await page.press('[data-part="mag"]', 'Enter');
    await page.click('[data-part="hint"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `learn-halite2-weapons-${name}.png`), fullPage: false });
    await page.click('[data-part="resolve"]');
    // The turn animates; the stepper ends on the board after it.
    await page.waitForFunction(() => document.querySelector('[data-part="stepper"]')?.dataset.phase === 'after', null, { timeout: 15000 });
    await page.screenshot({ path: path.join(shots, `learn-halite2-weapons-${name}-after.png`), fullPage: true });
    await page.done();
  }
});

test('on a phone, a tap selects a ship and a tap on the map aims it', { timeout: 60000 }, async () => {
  const page = await open('?learn=h2-thrust', { width: 390, height: 844 });
  await page.locator('.h2l-board').scrollIntoViewIfNeeded();
  const aiming = () => page.$eval('.h2l-board svg', (svg) => svg.classList.contains('is-aiming'));
  assert.equal(await aiming(), false, 'a swipe scrolls the page until a ship is selected');
  const [sx, sy] = await toScreen(page, 8, 6);
  await page.touchscreen.tap(sx, sy);
  assert.match(await page.textContent('[data-part="selected"]'), /your ship 0/);
  assert.equal(await aiming(), true);
  const [tx, ty] = await toScreen(page, 13, 6);
  await page.touchscreen.tap(tx, ty);
  assert.equal(await page.inputValue('[data-part="mag"]'), '5');
  assert.equal(await page.inputValue('[data-part="angle"]'), '0');
  await page.done();
});
