// Unit tests of a human's Halite II plan (games/halite2/human-plan.ts): selection, standing
// fly/dock/undock/hold orders, the commands they give each turn (packed and checked by the engine,
// as a bot's answer is), and when orders end.
//
//   node --test www/tests/halite2-plan.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources, loadEngine } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { ShipPlan, straightThrust, canDock, approachPoint } = src.load('games/halite2/human-plan.js');
const { packCommands } = src.load('games/halite2/protocol.js');
const engine = await loadEngine('halite2');
const game = engine ? new engine.Halite2Game({ width: 240, height: 160, players: 2, seed: 1 }) : null;
after(() => game?.free());
/** Why the engine would refuse `commands` as seat 0's answer (undefined: they pass). */
const refusal = (commands) => {
  const p = packCommands(commands, 0);
  return game.checkAnswer(0, p.packed) ?? p.reason;
};
const needsEngine = { skip: engine ? false : 'pkg/ not built' };

const ship = (id, owner, x, y, docking = 'undocked', planet = null) => ({ id, owner, x, y, health: 255, docking, planet, dockingProgress: 0 });
const planet = (id, x, y, radius, owner = null, dockedShips = [], dockingSpots = 3) => ({
  id, x, y, radius, health: 1000, dockingSpots, owner, dockedShips, production: 0, remainingProduction: 1000,
});
const obs = (ships, planets, turn = 0, myId = 0) => ({ game: 'halite2', myId, turn, width: 240, height: 160, players: 2, ships, planets });

test('a straight thrust never overshoots and takes whole degrees 0..359', () => {
  assert.deepEqual(straightThrust(ship(1, 0, 10, 10), { x: 30, y: 10 }), { type: 'thrust', ship: 1, magnitude: 7, angle: 0 });
  assert.deepEqual(straightThrust(ship(1, 0, 10, 10), { x: 10, y: 6.5 }), { type: 'thrust', ship: 1, magnitude: 3, angle: 270 });
  assert.equal(straightThrust(ship(1, 0, 10, 10), { x: 10.4, y: 10 }), null);
});

test('dock range is the planet radius + 4.5 between centres, for undocked ships on free or own planets', () => {
  const p = planet(0, 50, 50, 5);
  assert.equal(canDock(ship(1, 0, 59.5, 50), p, 0), true);
  assert.equal(canDock(ship(1, 0, 59.6, 50), p, 0), false);
  assert.equal(canDock(ship(1, 0, 55, 50, 'docked', 0), p, 0), false);
  assert.equal(canDock(ship(1, 0, 55, 50), planet(0, 50, 50, 5, 1), 0), false);
  assert.equal(canDock(ship(1, 0, 55, 50), planet(0, 50, 50, 5, 0, [7, 8], 2), 0), false);
  const a = approachPoint(ship(1, 0, 80, 50), p);
  assert.ok(Math.abs(a.x - 58) < 1e-9 && a.y === 50);
});

test('selection: click, shift-click toggles, a box, all; only the seat\'s own ships', () => {
  const plan = new ShipPlan(0);
  plan.begin(obs([ship(1, 0, 10, 10), ship(2, 0, 20, 10), ship(3, 1, 15, 10)], []));
  assert.equal(plan.click(3, false), false);
  plan.click(1, false);
  plan.click(2, true);
  assert.deepEqual([...plan.selected].sort(), [1, 2]);
  plan.click(1, true);
  assert.deepEqual([...plan.selected], [2]);
  assert.equal(plan.selectBox(25, 0, 5, 20, false), 2);
  plan.clearSelection();
  plan.selectAll();
  assert.equal(plan.selected.size, 2);
});

test('a fly order thrusts every turn until the ship arrives, then ends', needsEngine, () => {
  const plan = new ShipPlan(0);
  plan.begin(obs([ship(1, 0, 10, 10)], []));
  plan.click(1, false);
  assert.equal(plan.flyTo(24.2, 10), 1);
  assert.deepEqual(plan.commands(), [{ type: 'thrust', ship: 1, magnitude: 7, angle: 0 }]);
  assert.equal(refusal(plan.commands()), undefined);
  plan.begin(obs([ship(1, 0, 17, 10)], [], 1));
  assert.deepEqual(plan.commands(), [{ type: 'thrust', ship: 1, magnitude: 7, angle: 0 }]);
  plan.begin(obs([ship(1, 0, 24, 10)], [], 2));
  assert.equal(plan.orders.size, 0, 'arrived: the order ends');
  assert.deepEqual(plan.commands(), []);
});

test('a dock order flies into range, then docks, then ends once docking', needsEngine, () => {
  const plan = new ShipPlan(0);
  const p = planet(4, 50, 50, 5);
  plan.begin(obs([ship(1, 0, 70, 50)], [p]));
  plan.selectAll();
  assert.equal(plan.dockAt(4), 1);
  const first = plan.commands();
  assert.equal(first[0].type, 'thrust');
  assert.equal(first[0].angle, 180);
  plan.begin(obs([ship(1, 0, 58, 50)], [p], 1));
  assert.deepEqual(plan.commands(), [{ type: 'dock', ship: 1, planet: 4 }]);
  assert.equal(refusal(plan.commands()), undefined);
  plan.begin(obs([ship(1, 0, 58, 50, 'docking', 4)], [planet(4, 50, 50, 5, 0, [1])], 2));
  assert.equal(plan.orders.size, 0);
});

test('no dock order on an enemy planet; undock only for docked ships; hold stops a ship', () => {
  const plan = new ShipPlan(0);
  plan.begin(obs([ship(1, 0, 58, 50, 'docked', 4), ship(2, 0, 70, 70)], [planet(4, 50, 50, 5, 0, [1]), planet(5, 100, 100, 5, 1, [9])]));
  plan.selectAll();
  assert.equal(plan.dockAt(5), 0);
  assert.equal(plan.undock(), 1);
  assert.deepEqual(plan.commands(), [{ type: 'undock', ship: 1 }]);
  plan.flyTo(100, 70);
  assert.equal(plan.orders.get(2).kind, 'fly');
  plan.clearSelection();
  plan.click(2, false);
  plan.hold();
  assert.deepEqual(plan.commands(), [{ type: 'undock', ship: 1 }]);
});

test('orders of ships that are gone are dropped', () => {
  const plan = new ShipPlan(0);
  plan.begin(obs([ship(1, 0, 10, 10), ship(2, 0, 30, 30)], []));
  plan.selectAll();
  plan.flyTo(100, 100);
  plan.begin(obs([ship(2, 0, 35, 35)], [], 1));
  assert.deepEqual([...plan.orders.keys()], [2]);
  assert.deepEqual([...plan.selected], [2]);
});

test('a group dock takes the planet\'s free spots nearest first and sends the rest to the nearest planet with room', () => {
  const plan = new ShipPlan(0);
  const ship = (id, x, y) => ({ id, owner: 0, x, y, health: 255, docking: 'undocked', planet: null, dockingProgress: 0 });
  const planet = (id, x, y, spots, owner = null, docked = []) => ({ id, x, y, radius: 4, health: 1000, dockingSpots: spots, owner, dockedShips: docked, production: 0, remainingProduction: 1000 });
  plan.begin({ game: 'halite2', myId: 0, turn: 0, width: 240, height: 160, players: 2, ships: [ship(0, 50, 50), ship(1, 50, 52), ship(2, 50, 54)], planets: [planet(9, 70, 52, 2), planet(5, 20, 80, 3), planet(7, 200, 100, 6, 1)] });
  plan.selectAll();
  const r = plan.dockGroup(9);
  assert.equal(r.here, 2);
  assert.deepEqual([...r.elsewhere], [[5, 1]], 'the third goes to planet 5 (planet 7 is the enemy\'s)');
  assert.equal(r.nowhere, 0);
  // The two bound for planet 9 approach it at points at least 2 units apart.
  const a = plan.destination(0);
  const b = plan.destination(1);
  assert.ok(Math.hypot(a.x - b.x, a.y - b.y) >= 2, `distinct approach points: ${JSON.stringify([a, b])}`);
  // This turn's moves never meet: the steer sees the moves planned before it.
  const seen = [];
  const steer = new ShipPlan(0, (_obs, s, t, planned) => {
    seen.push(planned.length);
    return { type: 'thrust', ship: s.id, magnitude: 1, angle: 0 };
  });
  steer.begin({ game: 'halite2', myId: 0, turn: 0, width: 240, height: 160, players: 2, ships: [ship(0, 50, 50), ship(1, 50, 52)], planets: [planet(9, 70, 52, 2)] });
  steer.selectAll();
  steer.dockGroup(9);
  steer.commands();
  assert.deepEqual(seen, [0, 1], 'the second ship is steered clear of the first one\'s move');
});

test('orders given in a turn are undone and redone one step at a time', () => {
  const plan = new ShipPlan(0);
  const ship = (id, x, y) => ({ id, owner: 0, x, y, health: 255, docking: 'undocked', planet: null, dockingProgress: 0 });
  const planet = { id: 9, x: 70, y: 52, radius: 4, health: 1000, dockingSpots: 2, owner: null, dockedShips: [], production: 0, remainingProduction: 1000 };
  plan.begin({ game: 'halite2', myId: 0, turn: 3, width: 240, height: 160, players: 2, ships: [ship(0, 50, 50), ship(1, 50, 52)], planets: [planet] });
  assert.equal(plan.canUndo, false);
  plan.selectAll();
  plan.dockGroup(9);
  plan.click(1, false);
  plan.flyTo(30, 30);
  assert.deepEqual(plan.orders.get(1), { kind: 'fly', x: 30, y: 30 });
  assert.equal(plan.undo(), true);
  assert.deepEqual(plan.orders.get(1), { kind: 'dock', planet: 9 });
  assert.equal(plan.undo(), true);
  assert.equal(plan.orders.size, 0);
  assert.equal(plan.undo(), false, 'nothing more to undo');
  assert.equal(plan.redo(), true);
  assert.equal(plan.orders.size, 2);
  assert.equal(plan.canRedo, true);
  // An order that changes nothing is no step.
  plan.clearSelection();
  assert.equal(plan.hold(), 0);
  assert.equal(plan.undo(), true);
  assert.equal(plan.orders.size, 0);
});
