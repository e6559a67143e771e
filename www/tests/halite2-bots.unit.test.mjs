// Unit tests of the Halite II bots and their navigation helper (no browser): the geometry on
// hand-built maps, the built-in bots and the starter bot playing real games in the engine (the
// wasm package loaded in node), every answer passing the page's command check.
//
//   node --test www/tests/halite2-bots.unit.test.mjs
// Strength measurements (not a test): node www/tests/support/halite2-strength.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources, loadEngine } from './support/compile.mjs';
import { playMatch } from './support/halite2-match.mjs';

const src = compileSources();
after(() => src.cleanup());
const nav = src.load('games/halite2/navigate.js');
const { BOTS, liveLineup } = src.load('games/halite2/bots.js');
const { HALITE2_STARTER } = src.load('games/halite2/starter.js');
const { rng } = src.load('shell/random.js');
const h2 = src.load('games/halite2/protocol.js');

const engine = await loadEngine('halite2');
// The rows' layout is the engine's, adopted as the engine worker does.
if (engine) src.load('games/halite2/layout.js').adoptRowLayout(engine.halite2RowLayout());
const noEngine = engine ? false : 'pkg/ is not built (npm run build:wasm)';

/** The starter's text as a module (its helpers and its bot). */
const starter = await import(`data:text/javascript,${encodeURIComponent(HALITE2_STARTER)}`);

// ------------------------------------------------------------------ hand-built maps

const ship = (id, x, y, owner = 0, docking = 'undocked') => ({ id, owner, x, y, health: 255, docking, planet: null, dockingProgress: 0 });
const planet = (id, x, y, radius) => ({
  id,
  x,
  y,
  radius,
  health: 1000,
  dockingSpots: 2,
  owner: null,
  dockedShips: [],
  production: 0,
  remainingProduction: 1000,
});
const world = (ships, planets, width = 100, height = 80) => ({ game: 'halite2', myId: 0, turn: 0, width, height, players: 1, ships, planets });

/** Where a thrust command leaves `s`. */
const end = (s, c) => nav.endOfMove(s, c);

/** Whether a thrust from `s` touches any planet of `obs` (centre distance ≤ radius + 0.5). */
function hitsPlanet(obs, s, c) {
  return obs.planets.some((p) => nav.segmentHitsCircle(s, end(s, c), p, p.radius + nav.SHIP_RADIUS));
}

test('geometry helpers: distance, angles in degrees with +y down, the point short of a target, docking reach', () => {
  assert.equal(nav.distance({ x: 0, y: 0 }, { x: 3, y: 4 }), 5);
  assert.equal(nav.angleTo({ x: 0, y: 0 }, { x: 1, y: 0 }), 0);
  assert.equal(nav.angleTo({ x: 0, y: 0 }, { x: 0, y: 1 }), 90);
  assert.equal(nav.angleTo({ x: 0, y: 0 }, { x: 0, y: -1 }), 270);
  const p = nav.closestPointTo({ x: 0, y: 0 }, { x: 20, y: 0, radius: 5 }, 3);
  assert.ok(Math.abs(p.x - 12) < 1e-9 && Math.abs(p.y) < 1e-9);
  assert.equal(nav.canDock({ x: 14.5, y: 0 }, { x: 0, y: 0, radius: 10 }), true);
  assert.equal(nav.canDock({ x: 14.6, y: 0 }, { x: 0, y: 0, radius: 10 }), false);
});

test('navigate goes straight when the way is clear, and slows down near the target', () => {
  const obs = world([ship(0, 10, 10)], []);
  assert.deepEqual(nav.navigate(obs, obs.ships[0], { x: 50, y: 10 }), { type: 'thrust', ship: 0, magnitude: 7, angle: 0 });
  assert.deepEqual(nav.navigate(obs, obs.ships[0], { x: 10, y: 13.9 }), { type: 'thrust', ship: 0, magnitude: 3, angle: 90 });
  assert.equal(nav.navigate(obs, obs.ships[0], { x: 10.5, y: 10 }), null, 'already there');
  assert.deepEqual(nav.navigate(obs, obs.ships[0], { x: 50, y: 10 }, { speed: 4 }), { type: 'thrust', ship: 0, magnitude: 4, angle: 0 });
});

test('navigate steers around a planet on the straight path, and never into one', () => {
  const obs = world([ship(0, 10, 40)], [planet(0, 30, 40, 8)]);
  const c = nav.navigate(obs, obs.ships[0], { x: 60, y: 40 });
  assert.equal(c.type, 'thrust');
  assert.notEqual(c.angle, 0, 'turned away from the planet');
  assert.ok(!hitsPlanet(obs, obs.ships[0], c));
  // Hundreds of random ships and targets among several planets, on a bounded map.
  const r = rng(7);
  const planets = [planet(0, 30, 40, 8), planet(1, 60, 20, 5), planet(2, 70, 55, 10), planet(3, 45, 65, 4)];
  let moved = 0;
  for (let i = 0; i < 500; i++) {
    const s = ship(i, 1 + r() * 98, 1 + r() * 78);
    const o = world([s], planets);
    if (planets.some((p) => nav.distance(s, p) <= p.radius + 1)) continue;
    const target = { x: r() * 100, y: r() * 80 };
    const cmd = nav.navigate(o, s, target);
    if (!cmd) continue;
    moved++;
    assert.ok(!hitsPlanet(o, s, cmd), `ship at ${s.x},${s.y} to ${target.x},${target.y}: ${JSON.stringify(cmd)}`);
    const e = end(s, cmd);
    assert.ok(e.x >= 0 && e.y >= 0 && e.x < 100 && e.y < 80, 'stays on the map');
    assert.ok(Number.isInteger(cmd.angle) && Number.isInteger(cmd.magnitude) && cmd.magnitude <= 7);
  }
  assert.ok(moved > 400, `most ships found a way (${moved})`);
});

test("navigate keeps a move clear of the bot's other moves this turn", () => {
  const a = ship(0, 10, 10);
  const b = ship(1, 13.5, 6.5);
  const obs = world([a, b], []);
  // b flies down across a's straight path, halfway through the turn where a would be then.
  const planned = [{ from: b, to: { x: 13.5, y: 13.5 } }];
  const c = nav.navigate(obs, a, { x: 40, y: 10 }, { planned, ignoreShips: true });
  assert.ok(c);
  assert.ok(!nav.movesMeet({ from: a, to: end(a, c) }, planned[0]));
  assert.notEqual(c.angle, 0);
  assert.ok(nav.movesMeet({ from: a, to: { x: 17, y: 10 } }, planned[0]), 'the straight move would have met it');
});

test("the starter's copy of navigate answers exactly as navigate.ts", () => {
  const r = rng(11);
  const planets = [planet(0, 30, 40, 8), planet(1, 60, 20, 5), planet(2, 70, 55, 10)];
  for (let i = 0; i < 300; i++) {
    const ships = [ship(0, r() * 100, r() * 80), ship(1, r() * 100, r() * 80), ship(2, r() * 100, r() * 80, 1)];
    const o = world(ships, planets);
    const target = { x: r() * 100, y: r() * 80 };
    const opts = { angularStep: 1 + Math.floor(r() * 3), planned: [{ from: ships[1], to: { x: ships[1].x + 5, y: ships[1].y } }] };
    assert.deepEqual(starter.navigate(o, ships[0], target, opts), nav.navigate(o, ships[0], target, opts));
    assert.deepEqual(starter.closestPointTo(ships[0], planets[i % 3], 3), nav.closestPointTo(ships[0], planets[i % 3], 3));
    assert.equal(starter.canDock(ships[0], planets[i % 3]), nav.canDock(ships[0], planets[i % 3]));
  }
});

test('the list of built-ins: visible settler and aggressive, hidden misbehaving bots, lineups of known bots', () => {
  assert.ok(!BOTS.settler.hidden && !BOTS.aggressive.hidden);
  for (const id of ['h2-idle', 'h2-thrower', 'h2-looper', 'h2-garbage']) assert.equal(BOTS[id].hidden, true, id);
  for (const [id, info] of Object.entries(BOTS)) assert.equal(info.id, id);
  for (const players of [1, 2, 4]) {
    const lineup = liveLineup(players, rng(players));
    assert.equal(lineup.length, players);
    for (const id of lineup) assert.ok(BOTS[id] && !BOTS[id].hidden, id);
  }
});

// ------------------------------------------------------------------ games in the engine

/** Counts each seat's ships with each docking status over a game. */
function tally(players) {
  const docked = new Array(players).fill(0);
  return {
    docked,
    onTurn: ({ observations }) => {
      const o = observations.find(Boolean);
      for (const s of o.ships) if (s.docking === 'docked') docked[s.owner]++;
    },
  };
}

test('settler against aggressive: every answer is valid, settler ships dock, the game ends', { skip: noEngine }, () => {
  const t = tally(2);
  const { results, turns, ejected, game } = playMatch(engine, h2, [BOTS.settler.create(1), BOTS.aggressive.create(2)], {
    width: 240,
    height: 160,
    seed: 4,
    onTurn: t.onTurn,
  });
  game.free();
  assert.deepEqual(ejected, [], 'no answer was rejected');
  assert.ok(t.docked[0] > 0, 'settler ships docked');
  assert.ok(turns > 10 && turns <= 295, `${turns} turns`);
  assert.equal(results.length, 2);
});

test('four seats: settlers and aggressive bots play valid commands to the end', { skip: noEngine }, () => {
  const bots = ['settler', 'aggressive', 'settler', 'wanderer'].map((id, i) => BOTS[id].create(i));
  const t = tally(4);
  const { ejected, turns, game } = playMatch(engine, h2, bots, { width: 288, height: 192, seed: 9, maxTurns: 200, onTurn: t.onTurn });
  game.free();
  assert.deepEqual(ejected, []);
  assert.ok(turns > 20);
  assert.ok(t.docked[0] > 0 && t.docked[2] > 0);
});

test('the aggressive bot beats a bot that never moves', { skip: noEngine }, () => {
  const { results, game } = playMatch(engine, h2, [BOTS['h2-idle'].create(1), BOTS.aggressive.create(2)], { width: 240, height: 160, seed: 21 });
  game.free();
  assert.equal(results[1].rank, 1);
});

test('alone on a map, ships steered by navigate never die: no planet, edge or own-ship collisions', { skip: noEngine }, () => {
  // A settler alone docks everywhere and its produced ships fly among docked ones; a roamer flies
  // its ships to random points across the map, through the planets.
  const r = rng(5);
  const goals = new Map();
  const roamer = (obs) => {
    const out = [];
    const planned = [];
    for (const s of obs.ships) {
      let g = goals.get(s.id);
      if (!g || nav.distance(s, g) < 2) goals.set(s.id, (g = { x: r() * obs.width, y: r() * obs.height }));
      const c = nav.navigate(obs, s, g, { planned });
      if (!c) {
        goals.delete(s.id);
        planned.push({ from: s, to: s });
        continue;
      }
      planned.push({ from: s, to: nav.endOfMove(s, c) });
      out.push(c);
    }
    return out;
  };
  // (A lone settler's game ends once it holds every planet, with dozens of ships by then.)
  for (const [bot, turns, least] of [
    [BOTS.settler.create(1), 250, 30],
    [roamer, 200, 3],
  ]) {
    let before = 0;
    playMatch(engine, h2, [bot], {
      width: 240,
      height: 160,
      seed: 17,
      maxTurns: turns,
      onTurn: ({ turn, observations }) => {
        const n = observations[0].ships.length;
        assert.ok(n >= before, `turn ${turn}: ${before} ships before, ${n} now`);
        before = n;
      },
    }).game.free();
    assert.ok(before >= least, `${before} ships at the end`);
  }
});

test('the starter bot plays valid commands and docks', { skip: noEngine }, () => {
  const t = tally(2);
  const { ejected, game } = playMatch(engine, h2, [starter.default, BOTS['h2-idle'].create(1)], {
    width: 240,
    height: 160,
    seed: 3,
    maxTurns: 60,
    onTurn: t.onTurn,
  });
  game.free();
  assert.deepEqual(ejected, []);
  assert.ok(t.docked[0] > 0);
});

test('misbehaving bots misbehave on turn 2: a throw, a thrust of 9', { skip: noEngine }, () => {
  const thrower = playMatch(engine, h2, [BOTS['h2-thrower'].create(1), BOTS.settler.create(2)], { width: 240, height: 160, seed: 2, maxTurns: 5 });
  thrower.game.free();
  assert.match(thrower.ejected[0] ?? '', /deliberate crash/);
  const garbage = playMatch(engine, h2, [BOTS.settler.create(2), BOTS['h2-garbage'].create(1)], { width: 240, height: 160, seed: 2, maxTurns: 5 });
  garbage.game.free();
  assert.match(garbage.ejected[1] ?? '', /magnitude 9/);
});

// ------------------------------------------------------------------ set-up rules of the pages

test("the pages' set-up rules come from the module: seat counts, sizes, fog", () => {
  const live = src.load('shell/page/live-setup.js');
  const h1 = live.liveRules({ perspectives: true }, 1, 6);
  assert.deepEqual(h1.playerCounts, [2, 3, 4, 5, 6], 'a module without counts: 2 to the page’s most');
  assert.equal(h1.sizes, null);
  assert.equal(h1.fog, true);
  const sizes = [80, 88, 96, 104, 112, 120, 128].map((b) => ({ width: 3 * b, height: 2 * b }));
  const h2 = live.liveRules({ perspectives: false, playerCounts: [1, 2, 4], sizes }, 1, 6);
  assert.deepEqual(h2.playerCounts, [1, 2, 4]);
  assert.equal(h2.fog, false);
  assert.deepEqual(live.liveRules({ perspectives: false, playerCounts: [1, 2, 4] }, 2, 6).playerCounts, [2, 4], 'the arena: two or more');
  assert.equal(live.moreSeats(h2, 2), 4);
  assert.equal(live.moreSeats(h2, 4), null);
  assert.equal(live.fewerSeats(h2, 4), 2);
  assert.equal(live.fewerSeats(h2, 1), null);
  assert.equal(live.countsText([1, 2, 4]), '1, 2 or 4');
  assert.equal(live.sizeOffered(h2, { width: 384, height: 256 }), true);
  assert.equal(live.sizeOffered(h2, { width: 30, height: 30 }), false);
  assert.equal(live.gameFromSearch('?play&game=halite2', ['halite1', 'halite2'], 'halite1'), 'halite2');
  assert.equal(live.gameFromSearch('?play&game=chess', ['halite1', 'halite2'], 'halite1'), 'halite1');
  assert.equal(live.gameSearch('play', 'halite2', 'halite1', '?play&bot=b1&seed=4', ['bot']), '?play&game=halite2&bot=b1');
  assert.equal(live.gameSearch('arena', 'halite1', 'halite1', '?arena&game=halite2'), '?arena');

  // The arena: a size drawn from the game's list, checked against the game's limits.
  const plan = src.load('arena/plan.js');
  const url = src.load('arena/url.js');
  const choice = { kind: 'choice', sizes };
  for (let seed = 1; seed < 40; seed++) assert.ok(sizes.some((s) => s.width === plan.sizeFor(choice, seed).width), `seed ${seed}`);
  const base = { game: 'halite2', entries: ['settler', 'aggressive'], size: choice, seed: 1, games: 4, budgets: { initMs: 30000, turnMs: 1500 }, tau: 0, order: 'rotate', parallel: 2 };
  const limits = { playerCounts: [2, 4], sizes };
  assert.equal(plan.checkConfig(base, limits), null);
  assert.equal(plan.checkConfig({ ...base, size: { kind: 'fixed', width: 384, height: 256 } }, limits), null, 'beyond the square sides’ limit, in the list');
  assert.match(plan.checkConfig({ ...base, size: { kind: 'fixed', width: 30, height: 30 } }, limits), /map sizes are 240×160/);
  assert.match(plan.checkConfig({ ...base, entries: ['settler', 'aggressive', 'settler'] }, limits), /played by 2 or 4 bots/);
  const search = url.arenaSearch(base);
  assert.match(search, /^\?arena&game=halite2&/);
  assert.match(search, /size=any/);
  assert.deepEqual(url.parseArenaQuery(search).size, { kind: 'any' });
  assert.deepEqual(url.parseArenaQuery('?arena&size=384x256').size, { kind: 'fixed', width: 384, height: 256 });
});
