// Unit tests of the Halite II page code that needs no browser: how sure each game is that a file
// is its replay (and which game opens it), and the rows and statistics series the viewer reads, checked against the
// engine (the wasm package loaded in node) on every reference replay.
//
//   node --test www/tests/halite2.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { compileSources, loadEngine, loadFiles, openReplay } from './support/compile.mjs';
import { makeSeriesBuilder } from './support/h2-series.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const h2dir = path.join(root, 'tests/fixtures/halite2');
const h1dir = path.join(root, 'tests/fixtures/halite1');
const H2 = fs.readdirSync(h2dir).filter((f) => /^g\d\d_.*\.hlt$/.test(f)).sort();

const src = compileSources();
after(() => src.cleanup());
const catalog = src.load('shell/catalog.js');
const h1info = src.load('games/halite1/info.js').INFO;
const h2info = src.load('games/halite2/info.js').INFO;
const rows = src.load('games/halite2/rows.js');
const types = src.load('games/halite2/types.js');
const engine = await loadEngine('halite2');
const files = await loadFiles('halite2');
// The rows' strides and offsets are the engine's: adopted here as the engine worker does.
const layoutModule = src.load('games/halite2/layout.js');
const engineLayout = engine ? engine.halite2RowLayout() : null;
if (engineLayout) layoutModule.adoptRowLayout(engineLayout);
/** The series as the viewer used to count them: the engine's series are checked against it. */
const SeriesBuilder = makeSeriesBuilder(rows, types);

test('the 13 reference replays are there', () => {
  assert.equal(H2.length, 13);
});

test('each game says how sure it is that a file is its replay, from its own forms only; the surest game opens it', () => {
  catalog.registerGames([h1info, h2info]); // as the registry does when it loads
  const sure = (bytes) => catalog.recogniseGame(bytes)?.id;
  const h1 = fs.readdirSync(h1dir).filter((f) => f.endsWith('.hlt.gz') || f.endsWith('.hlt'));
  assert.ok(h1.length > 0);
  for (const f of h1) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(h1dir, f)));
    assert.equal(h1info.recognise(bytes), 'sure', `${f}: gzip is Halite I's alone`);
    assert.equal(h2info.recognise(bytes), 'no', `${f} is not Halite II`);
    assert.equal(sure(bytes), 'halite1', `${f} opens as Halite I`);
    const json = new Uint8Array(zlib.gunzipSync(bytes));
    assert.equal(h1info.recognise(json), 'maybe', `${f} as JSON may be Halite I's`);
    assert.equal(h2info.recognise(json), 'no', `${f} as JSON is not Halite II`);
    assert.equal(sure(json), 'halite1', `${f} as JSON opens as Halite I`);
  }
  for (const f of H2) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(h2dir, f)));
    assert.equal(h2info.recognise(bytes), 'sure', `${f}: a zstd frame is Halite II's`);
    assert.equal(h1info.recognise(bytes), 'no', `${f} is not Halite I`);
    assert.equal(sure(bytes), 'halite2', `${f} opens as Halite II`);
  }
  // Plain JSON with Halite II's keys: Halite I would take it, Halite II is sure and wins.
  const plain = new TextEncoder().encode('  {"constants": {}, "engine_version": "1", "frames": []}');
  assert.equal(h1info.recognise(plain), 'maybe');
  assert.equal(h2info.recognise(plain), 'sure');
  assert.equal(sure(plain), 'halite2');
  assert.equal(h2info.recognise(new TextEncoder().encode('{"frames": [], "width": 3}')), 'no');
  // What is no game's replay: a cut zstd magic, text, nothing.
  for (const bytes of [new Uint8Array([0x28, 0xb5]), new TextEncoder().encode('not a replay'), new Uint8Array(0)]) {
    assert.equal(h1info.recognise(bytes), 'no');
    assert.equal(h2info.recognise(bytes), 'no');
    assert.equal(sure(bytes), undefined);
  }
});

/** Every frame's rows, motion and events of a replay, as the engine worker builds them. */
function readAll(r) {
  const frames = r.numFrames;
  const ships = [];
  const planets = [];
  for (let t = 0; t < frames; t++) {
    ships.push(r.ships(t).slice());
    planets.push(r.planets(t).slice());
  }
  const turns = [];
  for (let t = 0; t < frames; t++) turns.push(rows.turnRows(ships[t], t + 1 < frames ? ships[t + 1] : null, r.events(t)));
  return { frames, ships, planets, turns };
}

test('the series the graphs show agree with the engine and with the final standings', { skip: !engine && 'pkg/ is not built' }, () => {
  for (const f of H2) {
    const r = openReplay(engine, files, 'Halite2', new Uint8Array(fs.readFileSync(path.join(h2dir, f))));
    try {
      const { frames, ships, planets, turns } = readAll(r);
      const sb = new SeriesBuilder(r.numPlayers);
      for (let t = 0; t < frames; t++) sb.add(ships[t], planets[t], t > 0 ? turns[t - 1].events : null);
      const mine = sb.snapshot();
      for (const name of engine.halite2SeriesNames()) {
        assert.ok(mine[name], `${f}: series ${name} is shown`);
        assert.deepEqual([...mine[name]], [...r.series(name)], `${f}: series ${name}`);
      }
      const last = frames - 1;
      const shots = mine.damage.slice();
      sb.setDamage(r.damageSeries());
      const damage = sb.snapshot().damage;
      for (const s of r.standings()) {
        // Shots alone (the count from the events) are part of the engine's damage; rams add to it.
        assert.equal(shots[s.seat * frames + last], mine.attacks[s.seat * frames + last] * rows.WEAPON_DAMAGE);
        assert.ok(shots[s.seat * frames + last] <= s.damageDealt, `${f}: shots of seat ${s.seat}`);
        assert.equal(damage[s.seat * frames + last], s.damageDealt, `${f}: damage dealt by seat ${s.seat}`);
        assert.equal(mine.produced[s.seat * frames + last], s.shipsProduced, `${f}: ships produced by seat ${s.seat}`);
      }
    } finally {
      r.free();
    }
  }
});

test("the engine's seven series are what the viewer's SeriesBuilder gives, replay by replay", { skip: !engine && 'pkg/ is not built' }, () => {
  for (const f of H2) {
    const r = openReplay(engine, files, 'Halite2', new Uint8Array(fs.readFileSync(path.join(h2dir, f))));
    try {
      assert.deepEqual(r.seriesNames(), [...rows.SERIES_KEYS]);
      const { frames, ships, planets, turns } = readAll(r);
      const sb = new SeriesBuilder(r.numPlayers);
      for (let t = 0; t < frames; t++) sb.add(ships[t], planets[t], t > 0 ? turns[t - 1].events : null);
      sb.setDamage(r.damageSeries());
      const mine = sb.snapshot();
      const all = r.seriesFrom(0);
      const n = frames * r.numPlayers;
      rows.SERIES_KEYS.forEach((name, k) => {
        assert.deepEqual([...r.seriesArray(name)], [...mine[name]], `${f}: series ${name}`);
        assert.deepEqual([...all.subarray(k * n, (k + 1) * n)], [...mine[name]], `${f}: seriesFrom(0), ${name}`);
      });
    } finally {
      r.free();
    }
  }
});

test("a replay's recorded moves, as the engine gives them, are the moves its file writes, turn by turn and seat by seat", { skip: !engine && 'pkg/ is not built' }, () => {
  const kinds = { thrust: 0, dock: 1, undock: 2 };
  let total = 0;
  for (const name of H2) {
    const r = openReplay(engine, files, 'Halite2', new Uint8Array(fs.readFileSync(path.join(h2dir, name))));
    try {
      const json = JSON.parse(new TextDecoder().decode(files.Halite2Files.write(r.toRecord())));
      const packed = r.recordedMoves();
      const counts = r.recordedMoveCounts();
      assert.equal(counts.length, r.numFrames - 1, name);
      const want = [];
      const wantCounts = [];
      for (let t = 0; t < r.numFrames - 1; t++) {
        let n = 0;
        for (let seat = 0; seat < r.numPlayers; seat++) {
          // Each seat's commands by ship id (JavaScript orders whole-number keys so).
          for (const c of Object.values(json.moves[t]?.[String(seat)]?.[0] ?? {})) {
            want.push(seat, c.shipId, kinds[c.type], c.type === 'thrust' ? c.magnitude : c.type === 'dock' ? c.planet_id : 0, c.type === 'thrust' ? c.angle : 0);
            n++;
          }
        }
        wantCounts.push(n);
      }
      assert.deepEqual(Array.from(counts), wantCounts, name);
      assert.deepEqual(Array.from(packed), want, name);
      total += counts.reduce((a, b) => a + b, 0);
    } finally {
      r.free();
    }
  }
  // (g13 is a game in which nobody moved.)
  assert.ok(total > 1000, `${total} recorded commands in all`);
});

test("a live game's series, frame by frame from seriesFrom, are what SeriesBuilder gives", { skip: !engine && 'pkg/ is not built' }, () => {
  // A reference game of four played again live from its recorded moves, seat 3 ejected on the way.
  const ref = openReplay(engine, files, 'Halite2', new Uint8Array(fs.readFileSync(path.join(h2dir, H2.find((f) => f.startsWith('g08'))))));
  const recorded = JSON.parse(new TextDecoder().decode(files.Halite2Files.write(ref.toRecord()))).moves;
  const g = engine.Halite2Game.fromReplay(ref, 0);
  ref.free();
  try {
    const layout = engine.halite2RowLayout();
    // The page's strides and offsets are read from the engine's layout (layout.ts), and every
    // module that indexes rows sees the adopted numbers.
    assert.equal(layoutModule.rowLayout(), engineLayout);
    assert.deepEqual(layout, engineLayout);
    assert.equal(layout.ship.stride, types.SHIP_STRIDE);
    assert.equal(layout.planet.stride, types.PLANET_STRIDE);
    assert.equal(layout.event.stride, rows.EV_STRIDE);
    assert.equal(layout.motion.stride, rows.MOTION_STRIDE);
    assert.deepEqual(
      [layout.ship.offsets.id, layout.ship.offsets.owner, layout.ship.offsets.x, layout.ship.offsets.y, layout.ship.offsets.velX, layout.ship.offsets.velY, layout.ship.offsets.health, layout.ship.offsets.status, layout.ship.offsets.planet, layout.ship.offsets.turnsLeft],
      [types.S_ID, types.S_OWNER, types.S_X, types.S_Y, types.S_VX, types.S_VY, types.S_HEALTH, types.S_STATUS, types.S_PLANET, types.S_TURNS],
    );
    assert.deepEqual(
      [layout.planet.offsets.id, layout.planet.offsets.x, layout.planet.offsets.y, layout.planet.offsets.radius, layout.planet.offsets.health, layout.planet.offsets.owner, layout.planet.offsets.docked, layout.planet.offsets.spots, layout.planet.offsets.production, layout.planet.offsets.remaining],
      [types.P_ID, types.P_X, types.P_Y, types.P_RADIUS, types.P_HEALTH, types.P_OWNER, types.P_DOCKED, types.P_SPOTS, types.P_PRODUCTION, types.P_REMAINING],
    );
    const e = layout.event.offsets;
    assert.deepEqual([e.kind, e.time, e.x, e.y, e.owner, e.id, e.a, e.b], [rows.E_KIND, rows.E_TIME, rows.E_X, rows.E_Y, rows.E_OWNER, rows.E_ID, rows.E_A, rows.E_B]);
    assert.deepEqual([layout.event.kinds.attack, layout.event.kinds.destroyed, layout.event.kinds.spawned], [rows.EV_ATTACK, rows.EV_DESTROYED, rows.EV_SPAWNED]);
    assert.deepEqual([layout.motion.offsets.x, layout.motion.offsets.y, layout.motion.offsets.end], [rows.M_X, rows.M_Y, rows.M_END]);
    assert.deepEqual([layout.command.kinds.thrust, layout.command.kinds.dock, layout.command.kinds.undock], [types.K_THRUST, types.K_DOCK, types.K_UNDOCK]);
    assert.deepEqual(layout.docking.names, [...types.DOCKING]);
    // A layout without a field the page reads is refused whole (no NaN offsets), and the one
    // adopted stays.
    const broken = JSON.parse(JSON.stringify(layout));
    delete broken.ship.offsets.x;
    assert.throws(() => layoutModule.adoptRowLayout(broken), /ship field x/);
    assert.equal(layoutModule.rowLayout(), engineLayout);
    assert.equal(types.S_X, layout.ship.offsets.x);
    assert.deepEqual(engine.Halite2Game.rowLayout(), layout);
    assert.deepEqual(engine.Halite2Replay.rowLayout(), layout);

    const players = g.numPlayers;
    const keys = g.seriesNames();
    const sb = new SeriesBuilder(players);
    sb.add(g.ships(0).slice(), g.planets(0).slice(), null);
    // Posted deltas, put together: per frame, per series, per seat.
    const got = keys.map(() => Array.from({ length: players }, () => []));
    const take = (from) => {
      const d = g.seriesFrom(from);
      const n = g.numFrames - from;
      assert.equal(d.length, keys.length * players * n);
      keys.forEach((_, k) => {
        for (let s = 0; s < players; s++) got[k][s].push(...d.subarray((k * players + s) * n, (k * players + s + 1) * n));
      });
    };
    take(0);
    let prev = g.ships(0).slice();
    for (let turn = 1; !g.isOver() && turn <= recorded.length; turn++) {
      if (turn === 20) g.eject(3);
      const cmds = [];
      for (const [seat, queue] of Object.entries(recorded[turn - 1] ?? {})) {
        for (const entry of queue) {
          for (const c of Object.values(entry)) {
            if (c.type === 'thrust') cmds.push(Number(seat), c.shipId, types.K_THRUST, c.magnitude, c.angle);
            else if (c.type === 'dock') cmds.push(Number(seat), c.shipId, types.K_DOCK, c.planet_id, 0);
            else if (c.type === 'undock') cmds.push(Number(seat), c.shipId, types.K_UNDOCK, 0, 0);
          }
        }
      }
      g.step(cmds);
      const t = g.numFrames - 1;
      const ships = g.ships(t).slice();
      const evRows = rows.turnRows(prev, ships, g.events(t - 1)).events;
      const damage = new Array(players).fill(0);
      for (const r of g.results()) damage[r.seat] = r.damageDealt;
      sb.add(ships, g.planets(t).slice(), evRows, damage);
      take(t);
      prev = ships;
    }
    const mine = sb.snapshot();
    const frames = g.numFrames;
    keys.forEach((name, k) => {
      assert.deepEqual([...g.seriesArray(name)], [...mine[name]], `series ${name}`);
      assert.deepEqual(got[k].flat(), [...mine[name]], `deltas of ${name}`);
    });
    assert.ok(mine.attacks.some((v) => v > 0), 'some attacks');
    assert.ok(mine.ships[3 * frames + 19] > 0, 'seat 3 has ships before it is ejected');
    assert.equal(mine.ships[3 * frames + 20], 0, 'seat 3 was ejected in turn 20');
    // The game as a replay, followed by the engine, has the same series.
    const r = openReplay(engine, files, 'Halite2', files.Halite2Files.writeCompressed(g.toRecord()));
    try {
      for (const name of keys) assert.deepEqual([...r.seriesArray(name)], [...g.seriesArray(name)], `replay ${name}`);
    } finally {
      r.free();
    }
  } finally {
    g.free();
  }
});

test('ships move from one frame to the next along their motion rows; attacks, bursts and spawns are rows', { skip: !engine && 'pkg/ is not built' }, () => {
  const kinds = new Set();
  for (const f of H2) {
    const r = openReplay(engine, files, 'Halite2', new Uint8Array(fs.readFileSync(path.join(h2dir, f))));
    try {
      const { frames, ships, turns } = readAll(r);
      for (let t = 0; t + 1 < frames; t++) {
        const s0 = ships[t];
        const s1 = ships[t + 1];
        const next = new Map();
        for (let o = 0; o < s1.length; o += types.SHIP_STRIDE) next.set(s1[o + types.S_ID], o);
        const m = turns[t].motion;
        assert.equal(m.length, (s0.length / types.SHIP_STRIDE) * rows.MOTION_STRIDE);
        for (let i = 0, o = 0; o < s0.length; i++, o += types.SHIP_STRIDE) {
          const o1 = next.get(s0[o + types.S_ID]);
          const k = i * rows.MOTION_STRIDE;
          if (o1 !== undefined) {
            assert.equal(m[k + rows.M_X], s1[o1 + types.S_X]);
            assert.equal(m[k + rows.M_Y], s1[o1 + types.S_Y]);
            assert.equal(m[k + rows.M_END], 1);
          } else {
            // A ship gone in frame t + 1 was destroyed during turn t (its burst is a row of that
            // turn), or its player was ejected (all its ships go at once, with no event).
            const id = s0[o + types.S_ID];
            const owner = s0[o + types.S_OWNER];
            const ev = turns[t].events;
            let burst = -1;
            for (let e = 0; e < ev.length; e += rows.EV_STRIDE) if (ev[e + rows.E_KIND] === rows.EV_DESTROYED && ev[e + rows.E_B] === 0 && ev[e + rows.E_ID] === id) burst = e;
            if (burst < 0) {
              let left = 0;
              for (let q = 0; q < s1.length; q += types.SHIP_STRIDE) if (s1[q + types.S_OWNER] === owner) left++;
              assert.equal(left, 0, `${f} turn ${t}: ship ${id} is destroyed, or its player is out`);
              assert.equal(m[k + rows.M_END], 1);
              continue;
            }
            assert.equal(m[k + rows.M_END], Math.max(1e-3, ev[burst + rows.E_TIME]));
            assert.equal(m[k + rows.M_X], ev[burst + rows.E_X]);
          }
        }
        const ev = turns[t].events;
        assert.equal(ev.length % rows.EV_STRIDE, 0);
        for (let o = 0; o < ev.length; o += rows.EV_STRIDE) {
          kinds.add(ev[o + rows.E_KIND]);
          const time = ev[o + rows.E_TIME];
          assert.ok(time >= 0 && time <= 1, `${f} turn ${t}: event time ${time} within the turn`);
          for (const k of [rows.E_X, rows.E_Y, rows.E_A, rows.E_B]) assert.ok(Number.isFinite(ev[o + k]));
        }
      }
      // Nothing happens after the last frame.
      assert.equal(turns[frames - 1].events.length, 0);
    } finally {
      r.free();
    }
  }
  assert.deepEqual([...kinds].sort(), [rows.EV_ATTACK, rows.EV_DESTROYED, rows.EV_SPAWNED].sort());
});

test('the address names the game of a live game; Halite I is the default and is left out', () => {
  src.load('shell/catalog.js').registerGames(['halite1', 'halite2'].map((g) => src.load(`games/${g}/info.js`).INFO)); // as the registry does when it loads
  const url = src.load('shell/page/urlstate.js');
  assert.deepEqual(url.parseUrlState('?game=halite2&bots=a,b&seed=5&size=240x160'), { game: 'halite2', bots: ['a', 'b'], seed: 5, size: { width: 240, height: 160 } });
  assert.deepEqual(url.parseUrlState('?game=HALITE2'), { game: 'halite2' });
  assert.deepEqual(url.parseUrlState('?game=chess&bots=a'), { bots: ['a'] });
  assert.equal(url.buildSearch({ game: 'halite2', bots: ['a', 'b'], seed: 5 }), '?game=halite2&bots=a,b&seed=5');
  assert.equal(url.buildSearch({ game: 'halite1', bots: ['a'] }), '?bots=a');
});

test('a live game is one of the sizes the original plays', () => {
  const { liveMapSize } = src.load('games/halite2/sizes.js');
  const seen = new Set();
  for (let i = 0; i <= 100; i++) {
    const { width, height } = liveMapSize(() => Math.min(0.999999, i / 100));
    assert.equal(width * 2, height * 3);
    assert.ok(width % 2 === 0 && height % 2 === 0 && width >= 240 && width <= 312, `${width}x${height}`);
    seen.add(`${width}x${height}`);
  }
  assert.deepEqual([...seen].sort(), ['240x160', '264x176', '288x192', '312x208']);
});

test("a live game's damage series takes the engine's totals turn by turn", () => {
  const empty = new Float64Array(0);
  const sb = new SeriesBuilder(2);
  sb.add(empty, empty, null);
  // An attack by seat 0 (counted once) while the engine reports rams as well.
  const attack = Float64Array.from([rows.EV_ATTACK, 0.5, 1, 1, 0, 7, 2, 2, rows.EV_ATTACK, 0.5, 1, 1, 0, 7, 3, 3]);
  sb.add(empty, empty, attack, [64 + 200, 0]);
  sb.add(empty, empty, null, [264, 64]);
  const s = sb.snapshot();
  assert.deepEqual([...s.damage], [0, 264, 264, 0, 0, 64]);
  assert.deepEqual([...s.attacks], [0, 1, 1, 0, 0, 0]);
  // Without the engine's numbers, shots are counted.
  const shots = new SeriesBuilder(1);
  shots.add(empty, empty, null);
  shots.add(empty, empty, attack);
  assert.deepEqual([...shots.snapshot().damage], [0, rows.WEAPON_DAMAGE]);
});

test('lost ships are named by cause and place: a collision, a planet, fire', () => {
  const losses = src.load('games/halite2/losses.js');
  const rows = (list) => new Float64Array(list.flat());
  // kind, time, x, y, owner, id, a, b
  const ev = rows([
    [1, 0.5, 31.2, 85.1, 0, 3, 0.5, 0],
    [1, 0.5, 31.9, 85.3, 0, 4, 0.5, 0],
    [1, 0.3, 60, 40.5, 0, 5, 0.5, 0],
    [0, 0.9, 100, 100, 1, 8, 120.2, 60.1],
    [1, 1, 120, 60, 0, 6, 0.5, 0],
    [1, 1, 10, 10, 1, 9, 0.5, 0],
  ]);
  const planets = [{ id: 2, x: 60, y: 45, radius: 4 }];
  assert.deepEqual(losses.lossLines(ev, 0, planets), ['2 ships collided at (31, 85)', '1 ship flew into planet 2 at (60, 41)', '1 ship shot down at (120, 60)']);
  assert.deepEqual(losses.lossLines(ev, 2, planets), []);
});

test('the engine checks a packed answer and refuses garbage, naming the fault', { skip: !engine }, () => {
  const protocol = src.load('games/halite2/protocol.js');
  const g = new engine.Halite2Game({ width: 240, height: 160, players: 2, seed: 3 });
  const refusal = (raw, seat, recorded = false) => {
    const p = protocol.packCommands(raw, seat, recorded);
    return g.checkAnswer(seat, p.packed) ?? p.reason;
  };
  const t = (ship, magnitude, angle) => ({ type: 'thrust', ship, magnitude, angle });
  const ok = [[], [t(3, 7, -90)], [{ type: 'dock', ship: 3, planet: 2 }, { type: 'undock', ship: 4 }], [t(0, 0, 720)]];
  for (const raw of ok) assert.equal(refusal(raw, 1), undefined, JSON.stringify(raw));
  assert.deepEqual([...protocol.packCommands([t(3, 7, -90)], 1).packed], [1, 3, 0, 7, 270]);
  assert.deepEqual([...protocol.packCommands([t(3, 7, 65446)], 0, true).packed], [0, 3, 0, 7, 65446]);
  const magnitude = (m) => `command 0: thrust magnitude ${m} is not a whole number from 0 to 7`;
  const noShip = (i) => `command ${i} has no ship id (a whole number ≥ 0)`;
  const bad = [
    ['go', false, 'answered a string instead of an array of commands'],
    [null, false, 'answered null instead of an array of commands'],
    [{ ship: 1 }, false, 'answered an object instead of an array of commands'],
    [[null], false, 'command 0 is null, not an object'],
    [[t(1, 0, 0), 7], false, 'command 1 is number, not an object'],
    [[t(1, 8, 0)], false, magnitude(8)],
    [[t(1, 3.5, 0)], false, magnitude(3.5)],
    [[t(1, -1, 0)], false, magnitude(-1)],
    [[t(1, NaN, 0)], false, magnitude('NaN')],
    [[t(1, '3', 0)], false, magnitude(3)],
    [[t(1, 3, 0.5)], false, 'command 0: angle 0.5 is not a whole number of degrees'],
    [[t(1, 3, Infinity)], false, 'command 0: angle Infinity is not a whole number of degrees'],
    [[t(1, 3, 'north')], false, 'command 0: angle north is not a whole number of degrees'],
    [[t(1, 8, 'north')], false, magnitude(8)],
    [[t(1, 3, -1)], true, 'command 0: recorded angle -1 is out of range'],
    [[t(1, 3, 65536)], true, 'command 0: recorded angle 65536 is out of range'],
    [[{ type: 'warp', ship: 1 }], false, 'command 0 has type "warp" (thrust, dock or undock)'],
    [[{ type: 'warp', ship: -1 }], false, noShip(0)],
    [[t(1, 0, 0), { type: 'warp', ship: 1 }], false, 'two commands for ship 1 in one turn'],
    [[{ type: 'dock', ship: 1, planet: -1 }], false, 'command 0: planet -1 is not a planet id'],
    [[{ type: 'dock', ship: 1, planet: 0.5 }], false, 'command 0: planet 0.5 is not a planet id'],
    [[{ type: 'dock', ship: 1 }], false, 'command 0: planet undefined is not a planet id'],
    [[{ type: 'undock', ship: 1 }, { type: 'undock', ship: 1 }], false, 'two commands for ship 1 in one turn'],
    [[{ type: 'undock' }], false, noShip(0)],
    [[{ type: 'undock', ship: '1' }], false, noShip(0)],
    [[{ type: 'undock', ship: 1.5 }], false, noShip(0)],
    [[{ type: 'undock', ship: -2 }], false, noShip(0)],
    [Array.from({ length: 20001 }, (_, i) => ({ type: 'undock', ship: i })), false, 'answered 20001 commands (at most 20000)'],
  ];
  for (const [raw, recorded, reason] of bad) assert.equal(refusal(raw, 0, recorded), reason, JSON.stringify(raw)?.slice(0, 80));
  // The step holds every seat's commands to the same check, and a refused step changes nothing.
  assert.throws(() => g.step(new Float64Array([0, 1, 0, 8, 0])), /command 0: thrust magnitude 8 is not a whole number from 0 to 7/);
  assert.throws(() => g.step(new Float64Array([0, 1, 2, 0, 0, 0, 1, 2, 0, 0])), /two commands for ship 1 in one turn/);
  assert.throws(() => g.step(new Float64Array([5, 1, 2, 0, 0])), /no seat 5/);
  assert.throws(() => g.step(new Float64Array([0, 1, 2, 0])), /commands come in fives/);
  assert.equal(g.turn, 0);
  g.free();
});
