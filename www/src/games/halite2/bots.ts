// The built-in Halite II bots: plain functions `(observation) => commands`, each run in its own
// worker (games/bot-worker.ts).

import { liveLineupOf, misbehavingBots, type BuiltinBot } from '../../shell/engine/builtin-bots';
import { rng } from '../../shell/random';
import { Fleet, nearest } from './fleet';
import { canDock, closestPointTo, distance, hasRoom } from './navigate';
import type { Command, Observation, ShipView } from './types';

export type Bot = (obs: Observation) => Command[];

export type BotInfo = BuiltinBot<Observation, Command[]>;

/** How near an enemy ship must come to a docked ship of ours to be met by a defender. */
const THREAT_RADIUS = 35;
/** A ship does not start docking with an armed enemy this near: it could not fire back. */
const UNSAFE_DOCK = 40;
/** Armed enemy ships this near any of our ships are each met by one of our ships. */
const ESCORT_RADIUS = 70;
/** Enemy docked ships this near a free ship are attacked before anything else. */
const PREY_RADIUS = 30;

const isArmed = (s: ShipView): boolean => s.docking === 'undocked';

/**
 * Settler: docks at the nearest planets with a spot free, a few ships per planet, and spreads to
 * further planets as ships are produced. Undocked ships meet enemy ships that come near its docked
 * ships first (docked ships cannot fire); when no planet has room, it attacks the nearest enemy
 * docked ships, then any enemy ship.
 */
function settler(): Bot {
  return (obs) => {
    const fleet = new Fleet(obs);
    const { me } = fleet;
    const docked = obs.ships.filter((s) => s.owner === me && !isArmed(s));
    const armedEnemies = fleet.enemies.filter(isArmed);

    // Defence: every enemy ship near our docked ships is met by the nearest free ship (two for
    // the nearest threats when there are ships to spare).
    const threats = armedEnemies
      .map((e) => ({ e, d: docked.length ? Math.min(...docked.map((s) => distance(s, e))) : Infinity }))
      .filter((t) => t.d <= THREAT_RADIUS)
      .sort((a, b) => a.d - b.d);
    for (let round = 0; round < 2; round++) {
      for (const { e } of threats) {
        const ship = nearest(e, fleet.free());
        if (!ship || distance(ship, e) > 3 * THREAT_RADIUS) continue;
        fleet.attack(ship, e);
      }
    }

    // Escort: as many ships as there are armed enemies near our ships stay armed and meet them
    // (the nearest to an enemy first), so a rush does not find every ship docked.
    const ours = fleet.mine;
    const near = armedEnemies.filter((e) => ours.some((s) => distance(s, e) <= ESCORT_RADIUS));
    const escorts = fleet
      .free()
      .map((s) => ({ s, d: Math.min(Infinity, ...near.map((e) => distance(s, e))) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, near.length);
    for (const { s } of escorts) {
      const e = nearest(s, near);
      if (e) fleet.attack(s, e);
    }

    // Expansion: dock where possible, else fly to the nearest planet with room.
    const enemyDocked = fleet.enemies.filter((e) => !isArmed(e));
    for (const ship of fleet.free()) {
      // Enemy docked ships close by cannot fire back: take them first.
      const prey = nearest(ship, enemyDocked);
      if (prey && distance(prey, ship) <= PREY_RADIUS) {
        fleet.attack(ship, prey);
        continue;
      }
      const danger = armedEnemies.some((e) => distance(e, ship) <= UNSAFE_DOCK);
      const here = obs.planets.find((p) => canDock(ship, p) && hasRoom(p, me, fleet.promised(p.id)));
      if (here && !danger) {
        fleet.dock(ship, here);
        continue;
      }
      const rooms = obs.planets.filter((p) => hasRoom(p, me, fleet.promised(p.id)));
      // Nearer is better; a planet's size (spots, production) is worth a few turns' flight.
      const planet = nearest(ship, rooms, (p) => distance(ship, p) - p.radius * 2);
      if (planet && !danger) {
        fleet.goTo(ship, closestPointTo(ship, planet, 3), planet.id);
        continue;
      }
      // No room left (or a fight here): attack, docked ships first.
      const target = (danger ? nearest(ship, armedEnemies) : null) ?? nearest(ship, enemyDocked) ?? nearest(ship, fleet.enemies);
      if (target) fleet.attack(ship, target);
    }
    return fleet.commands;
  };
}

/**
 * Aggressive: one ship settles the nearest planet so that reinforcements keep coming; every other
 * ship rushes the enemy, docked ships first (they cannot fire back), then the nearest enemy ship.
 */
function aggressive(): Bot {
  return (obs) => {
    const fleet = new Fleet(obs);
    const { me } = fleet;
    const settled = obs.ships.some((s) => s.owner === me && !isArmed(s));
    if (!settled) {
      // The ship nearest a planet with room settles it.
      let best: { ship: ShipView; d: number } | null = null;
      for (const ship of fleet.free()) {
        for (const p of obs.planets) {
          if (!hasRoom(p, me)) continue;
          const d = distance(ship, p) - p.radius;
          if (!best || d < best.d) best = { ship, d };
        }
      }
      if (best) {
        const ship = best.ship;
        const planet = obs.planets.find((p) => canDock(ship, p) && hasRoom(p, me));
        if (planet) fleet.dock(ship, planet);
        else {
          const target = nearest(ship, obs.planets.filter((p) => hasRoom(p, me)), (p) => distance(ship, p) - p.radius);
          if (target) fleet.goTo(ship, closestPointTo(ship, target, 3), target.id);
        }
      }
    }
    const docked = fleet.enemies.filter((e) => !isArmed(e));
    for (const ship of fleet.free()) {
      const target = nearest(ship, docked) ?? nearest(ship, fleet.enemies);
      if (target) fleet.attack(ship, target);
    }
    return fleet.commands;
  };
}

/** Idle: never moves (a yardstick for tests and measurements). */
const idle = (): Bot => () => [];

/** Flies every ship in a random direction (or stays). */
function wanderer(seed: number): Bot {
  const r = rng(seed);
  return (obs) => {
    const fleet = new Fleet(obs);
    for (const ship of fleet.free()) {
      if (r() < 0.2) continue;
      const a = r() * 2 * Math.PI;
      fleet.goTo(ship, { x: ship.x + 20 * Math.cos(a), y: ship.y + 20 * Math.sin(a) });
    }
    return fleet.commands;
  };
}

export const BOTS: Readonly<Record<string, BotInfo>> = {
  settler: {
    id: 'settler',
    name: 'Settler',
    description: 'docks at the nearest free planets, expands, defends its docked ships, then attacks',
    create: () => settler(),
  },
  aggressive: {
    id: 'aggressive',
    name: 'Aggressive',
    description: 'settles one planet and rushes the enemy, docked ships first',
    create: () => aggressive(),
  },
  wanderer: {
    id: 'wanderer',
    name: 'Wanderer',
    description: 'flies its ships at random',
    create: (seed) => wanderer(seed),
  },
  'h2-idle': {
    id: 'h2-idle',
    name: 'Idle',
    description: 'never moves',
    hidden: true,
    create: () => idle(),
  },
  ...misbehavingBots<Observation, Command[]>(() => settler(), { crash: ['h2-thrower', 'Thrower'], hang: ['h2-looper', 'Looper'], garbage: ['h2-garbage', 'Garbler'] }, {
    description: 'answers a thrust of 9 on turn 2',
    answer: (obs) => {
      const ship = obs.ships.find((s) => s.owner === obs.myId);
      return ship ? [{ type: 'thrust', ship: ship.id, magnitude: 9, angle: 0 }] : [];
    },
  }),
};

/** Built-in bots for a live game with `players` seats: the settler always plays, against the
 * aggressive bot, then settlers and aggressive bots drawn at random; seats shuffled. */
export function liveLineup(players: number, r: () => number): string[] {
  return liveLineupOf(players, r, ['settler', 'aggressive'], ['settler', 'aggressive', 'settler', 'wanderer']);
}
