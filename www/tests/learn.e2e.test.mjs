// End-to-end tests of the learn page and the sandbox in headless Chromium. The expected numbers
// come from the engine itself, loaded independently in node (pkg/): the page must show exactly
// what the engine's explanation and lesson judge say.
//
//   node --test www/tests/learn.e2e.test.mjs   (after `npm run build`)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, CHROMIUM } from './support/server.mjs';
import { openPage, root, shots } from './support/page.mjs';
import { loadLearn } from './support/compile.mjs';

const lessonDir = path.join(root, 'www/src/games/halite1/lessons');
const LESSONS = fs
  .readdirSync(lessonDir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => JSON.parse(fs.readFileSync(path.join(lessonDir, f), 'utf8')))
  .sort((a, b) => a.order - b.order);
const DIRS = ['still', 'north', 'east', 'south', 'west'];

let server;
let browser;
let engine;

before(async () => {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(shots, { recursive: true });
  engine = await loadLearn('halite1');
  server = await serve(path.join(root, 'dist'));
  browser = await chromium.launch(CHROMIUM);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search, viewport) {
  const page = await openPage(browser, server.url, '', viewport);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url + search);
  return page;
}

/** The grid's cell names, in site order. */
const cellNames = (page) => page.$$eval('[role="grid"] [role="gridcell"]', (cells) => cells.map((c) => c.getAttribute('aria-label')));

function expectedNames(board) {
  return board.owner.map((o, i) => {
    const x = i % board.width;
    const y = Math.floor(i / board.width);
    const who = o === 0 ? 'neutral' : `player ${o}`;
    return `(${x}, ${y}): ${who}, strength ${board.strength[i]}, production ${board.production[i]}`;
  });
}

/** Tabs until the focused element matches `predicate` (run in the page), at most 40 times. */
async function tabTo(page, predicate) {
  for (let k = 0; k < 40; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  assert.fail('could not reach the control by keyboard');
}

const onResolve = () => document.activeElement?.textContent === 'Resolve turn';
const onTyped = () => document.activeElement?.getAttribute('data-part') === 'typed';

async function typeTurn(page, orders) {
  if (orders.length) {
    await page.fill('[data-part="typed"]', orders.map(([x, y, d]) => `${x} ${y} ${d}`).join('; '));
    await page.press('[data-part="typed"]', 'Enter');
  }
  await page.getByRole('button', { name: 'Resolve turn', exact: true }).click();
}

test('the lesson list shows every lesson and a reset asks first', { timeout: 60000 }, async () => {
  const page = await open('?learn');
  await page.waitForSelector('[data-part="lessons"]');
  const ids = await page.$$eval('[data-lesson]', (a) => a.map((e) => e.getAttribute('data-lesson')));
  assert.deepEqual(ids, LESSONS.map((l) => l.id));
  await page.click('[data-part="reset"]');
  assert.equal(await page.isVisible('[data-part="confirm"]'), true, 'a confirmation is asked');
  await page.click('[data-part="confirm-no"]');
  await page.screenshot({ path: path.join(shots, 'learn-list-1280.png'), fullPage: true });
  await page.done();
});

test('two lessons completed by keyboard alone; stars saved the instant each is solved', { timeout: 90000 }, async () => {
  const page = await open('?learn=wrap-around');
  await page.waitForSelector('[role="grid"]');
  // To the grid (Tab enters it on the piece, at (0, 1)), a move west (across the edge), then to
  // "Resolve turn".
  await tabTo(page, () => document.activeElement?.getAttribute('role') === 'gridcell');
  await page.keyboard.press('w');
  assert.match(await page.textContent('[data-part="selected"]'), /\(0, 1\): move west/);
  await tabTo(page, onResolve);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.lg-result.is-passed');
  assert.match(await page.textContent('[data-part="result"]'), /Solved in 1 turn/);
  let stored = JSON.parse(await page.evaluate(() => localStorage.getItem('halite.learn.progress.v1')));
  assert.equal(stored['wrap-around'], 3);

  // The next lesson by keyboard: its link, then typed moves.
  await tabTo(page, () => document.activeElement?.getAttribute('data-part') === 'next-lesson');
  await page.keyboard.press('Enter');
  await page.waitForURL(/learn=simultaneous/);
  await page.goto(server.url + '?learn=left-behind');
  await page.waitForSelector('[role="grid"]');
  for (const move of ['1 1 east', '2 1 east']) {
    await tabTo(page, onTyped);
    await page.keyboard.type(move);
    await page.keyboard.press('Enter');
    await tabTo(page, onResolve);
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector('.lg-result.is-passed');
  stored = JSON.parse(await page.evaluate(() => localStorage.getItem('halite.learn.progress.v1')));
  assert.equal(stored['left-behind'], 3);
  await page.goto(server.url + '?learn');
  const label = await page.getAttribute('[data-lesson="left-behind"] .lg-stars', 'aria-label');
  assert.equal(label, '3 of 3 stars');
  await page.done();
});

test('the stepper shows the engine\'s numbers: ledger, overkill, report and the new board', { timeout: 60000 }, async () => {
  const spec = LESSONS.find((l) => l.id === 'overkill');
  const lesson = new engine.Halite1Lesson(JSON.stringify(spec));
  const flat = (orders) => new Uint32Array(orders.flatMap(([x, y, d]) => [x, y, DIRS.indexOf(d)]));
  lesson.step(flat(spec.solution[0]));
  const expected = lesson.step(flat(spec.solution[1])).explanation;

  const page = await open('?learn=overkill');
  await page.waitForSelector('[role="grid"]');
  await typeTurn(page, spec.solution[0]);
  await typeTurn(page, spec.solution[1]);
  await page.waitForSelector('.lg-result.is-passed');
  assert.deepEqual(await cellNames(page), expectedNames(expected.after), 'the new board is the engine\'s');

  // The report table: one column per player, the engine's numbers.
  for (const [k, p] of expected.report.players.entries()) {
    const cells = await page.$$eval(`[data-part="report-table"] tbody td[data-player="${k + 1}"]`, (tds) => tds.map((t) => Number(t.textContent)));
    assert.deepEqual(cells, [p.production, p.capLoss, p.damageToPlayers, p.damageToNeutral, p.overkill, p.damageTaken, p.sitesCaptured, p.piecesLost]);
  }
  assert.equal(expected.report.players[0].overkill, 70, 'a 50 hitting three 40s destroys 120');

  // Scrub by keyboard to the damage phase: the ledger lists every hit with its overkill.
  await page.focus('[data-part="next"]');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('[data-part="phase-title"]'), 'Damage');
  const lines = await page.$$eval('[data-part="line"][data-kind="hit"]', (li) => li.map((l) => l.textContent));
  assert.equal(lines.length, expected.hits.length);
  const at = (i) => `(${i % 5}, ${Math.floor(i / 5)})`;
  for (const h of expected.hits) {
    const text = `player ${h.attacker} at ${at(h.from)} hits player ${h.victim} at ${at(h.to)} for ${h.amount} (${h.effective} of it counts)`;
    assert.ok(lines.includes(text), `ledger line: ${text}`);
  }
  const over = await page.$$eval('[data-part="line"][data-kind="overkill"]', (li) => li.map((l) => l.textContent));
  assert.deepEqual(over, [`player 1 at (2, 2), strength 50, dealt 120 in all: overkill ${expected.report.players[0].overkill}`]);
  // The damage each piece took, on the board (drawn from each mark's data-text).
  const damage = await page.$$eval('[role="gridcell"] .lg-dmg', (d) => d.map((e) => getComputedStyle(e, '::before').content.replace(/ \/ ""$/, '').replace(/^"|"$/g, '')));
  const touched = expected.fates.filter((f) => f.touched).map((f) => `−${f.damage}`);
  assert.deepEqual(damage.sort(), touched.sort());
  await page.screenshot({ path: path.join(shots, 'learn-stepper-damage-1280.png'), fullPage: true });
  await page.done();
});

test('cap losses show in red and the piece left behind is shown', { timeout: 60000 }, async () => {
  const spec = LESSONS.find((l) => l.id === 'combining-cap');
  const page = await open('?learn=combining-cap');
  await page.waitForSelector('[role="grid"]');
  await typeTurn(page, spec.wrong.moves[0]);
  await page.focus('[data-part="next"]');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('[data-part="phase-title"]'), 'Moves and combining');
  const e = engine.halite1ExplainTurn(spec.board, new Uint8Array([0, 0, 0, 2, 0, 4, 0, 0, 0]), 1, { wrap: false });
  const loss = e.merges.find((m) => m.site === 4).capLoss;
  assert.equal(loss, 45, 'the rules\' example: 150 + 150 is capped at 255');
  assert.equal(await page.getAttribute('[data-part="cap-loss"]', 'data-text'), `−${loss} cap`);
  assert.match(await page.$eval('[data-part="cap-loss"]', (el) => getComputedStyle(el, '::before').content), new RegExp(`^"−${loss} cap"`), 'the loss is drawn');
  assert.equal(await page.$$eval('[data-part="left-behind"]', (l) => l.length), 2);
  const colour = await page.$eval('[data-part="cap-loss"]', (el) => getComputedStyle(el).color);
  assert.equal(colour, 'rgb(255, 107, 107)', 'cap losses are red');
  // The new board: 255 - 200 = 55 on the site, as the rules say.
  await page.keyboard.press('End');
  assert.equal((await cellNames(page))[4], `(1, 1): player 1, strength ${e.after.strength[4]}, production 0`);
  assert.equal(e.after.strength[4], 55);
  await page.done();
});

test('every lesson\'s reference solution passes in the browser; screenshots at laptop and phone sizes', { timeout: 240000 }, async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    for (const spec of LESSONS) {
      const page = await open(`?learn=${spec.id}`, viewport);
      await page.waitForSelector('[role="grid"]');
      assert.match(await page.textContent('[data-part="goal"]'), /\w/);
      for (const [k, turn] of spec.solution.entries()) {
        await typeTurn(page, turn);
        if (k === 0) await page.screenshot({ path: path.join(shots, `learn-${spec.id}-${viewport.width}.png`), fullPage: true });
      }
      await page.waitForSelector('.lg-result.is-passed', { timeout: 5000 });
      await page.done();
    }
  }
});

test('a wrong answer is "not solved yet", explained, with a retry', { timeout: 60000 }, async () => {
  const spec = LESSONS.find((l) => l.id === 'combat');
  const page = await open('?learn=combat');
  await page.waitForSelector('[role="grid"]');
  for (const turn of spec.wrong.moves) await typeTurn(page, turn);
  for (let k = spec.wrong.moves.length; k < spec.turns; k++) await typeTurn(page, []);
  await page.waitForSelector('.lg-result.is-not-yet');
  const text = await page.textContent('[data-part="result"]');
  assert.match(text, /Not solved yet/);
  assert.doesNotMatch(text, /fail/i);
  await page.click('[data-part="retry"]');
  assert.deepEqual(await cellNames(page), expectedNames(spec.board));
  await page.done();
});

test('the sandbox reopens its URL, resolves like the engine, and shares the same form', { timeout: 60000 }, async () => {
  const scenario = {
    width: 4,
    height: 3,
    owner: [1, 1, 0, 2, 0, 0, 0, 2, 0, 0, 0, 0],
    strength: [200, 150, 30, 40, 0, 5, 0, 90, 0, 0, 0, 0],
    production: [3, 1, 2, 4, 1, 1, 1, 2, 0, 5, 0, 1],
    moves: [2, 2, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0],
  };
  const page = await open(`?sandbox=${encodeURIComponent(JSON.stringify(scenario))}`);
  await page.waitForSelector('[role="grid"]');
  assert.deepEqual(await cellNames(page), expectedNames(scenario), 'the URL opens that board');
  const shared = JSON.parse(new URL(await page.$eval('[data-part="share"]', (a) => a.href)).searchParams.get('sandbox'));
  assert.deepEqual(shared, scenario, 'the share link writes the same form');

  await page.getByRole('button', { name: 'Resolve turn', exact: true }).click();
  const e = engine.halite1ExplainTurn(scenario, new Uint8Array(scenario.moves), 2, undefined);
  assert.deepEqual(await cellNames(page), expectedNames(e.after), 'the grid after the turn is the engine\'s');
  await page.screenshot({ path: path.join(shots, 'sandbox-1280.png'), fullPage: true });

  // The share link now holds the new board; opening it shows the same cells.
  const link = await page.$eval('[data-part="share"]', (a) => a.href);
  const again = await open(new URL(link).search);
  await again.waitForSelector('[role="grid"]');
  assert.deepEqual(await cellNames(again), expectedNames(e.after));
  await again.done();
  await page.done();
});

test('bad sandbox input gets a clear message and the default board', { timeout: 60000 }, async () => {
  for (const bad of ['{not json', JSON.stringify({ width: 2, height: 2, owner: [0], strength: [0, 0, 0, 0], production: [0, 0, 0, 0] }), JSON.stringify({ width: 99, height: 2 })]) {
    const page = await open(`?sandbox=${encodeURIComponent(bad)}`);
    await page.waitForSelector('[role="grid"]');
    const msg = await page.textContent('[data-part="error"]');
    assert.match(msg, /JSON|holds 1 values|sides from 1/);
    assert.ok((await cellNames(page)).length > 0);
    await page.done();
  }
  const page = await open('?sandbox', { width: 390, height: 844 });
  await page.waitForSelector('[role="grid"]');
  await page.getByRole('button', { name: 'Resolve turn', exact: true }).click();
  await page.screenshot({ path: path.join(shots, 'sandbox-390.png'), fullPage: true });
  await page.done();
});

/** Replaces the bot box's code as a person does: select all in the editor, delete, then type. */
async function replaceCode(page, code) {
  await page.click('[data-part="bot-code"] .cm-content');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(code);
  // (The editor may re-indent the last line as it is typed: compare what runs, not the spaces.)
  await page.waitForFunction((c) => document.querySelector('[data-part="bot-code"]').dataset.text.replace(/\s+/g, '') === c.replace(/\s+/g, ''), code);
}

test('the bot track: a bot in a worker solves the lesson and its mirrored variants; a hanging bot is stopped', { timeout: 90000 }, async () => {
  const page = await open('?learn=wrap-around');
  await page.waitForSelector('[role="grid"]');
  assert.equal(await page.isHidden('[data-part="bot"]'), true, 'the bot track waits for a solve by hand');
  await typeTurn(page, [[0, 1, 'west']]);
  // The bot box is the Play page's code editor.
  await page.waitForSelector('[data-part="bot-code"] .cm-content');
  assert.match(await page.getAttribute('[data-part="bot-code"]', 'data-text'), /TODO 1[\s\S]*TODO 2[\s\S]*TODO 3/);
  // Takes the strongest neighbour it can beat, across the edges.
  const greedy = `export default function bot(obs) {
    const { width: w, height: h } = obs;
    const moves = [];
    for (let i = 0; i < w * h; i++) {
      if (obs.owner[i] !== obs.myId) continue;
      const x = i % w, y = Math.floor(i / w);
      const around = [[1, x, (y + h - 1) % h], [2, (x + 1) % w, y], [3, x, (y + 1) % h], [4, (x + w - 1) % w, y]];
      let best = null;
      for (const [dir, nx, ny] of around) {
        const j = ny * w + nx;
        if (obs.owner[j] !== obs.myId && obs.strength[j] < obs.strength[i] && (!best || obs.strength[j] > best.s)) best = { dir, s: obs.strength[j] };
      }
      moves.push({ x, y, dir: best ? best.dir : 0 });
    }
    return moves;
  }`;
  await replaceCode(page, greedy);
  await page.click('[data-part="bot-run"]');
  await page.waitForSelector('[data-part="bot-total"]', { timeout: 30000 });
  assert.equal(await page.textContent('[data-part="bot-total"]'), 'Your bot solves all 4.');

  await replaceCode(page, 'export default function bot() { for (;;) {} }');
  await page.click('[data-part="bot-run"]');
  await page.waitForSelector('[data-part="bot-total"]', { timeout: 40000 });
  assert.equal(await page.textContent('[data-part="bot-total"]'), 'Your bot solves 0 of 4: keep going.');
  assert.match(await page.textContent('[data-part="bot-results"]'), /timed out/);
  // The page still answers.
  await page.click('[data-part="retry"]');
  assert.equal(await page.isEnabled('[data-part="resolve"]'), true);
  await page.done();
});
