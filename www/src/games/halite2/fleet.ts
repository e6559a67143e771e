// One turn's orders for a bot's ships, given one by one: which ships are still free, which docking
// spots are already promised, and where the ships already ordered will move, so that later orders
// steer clear of them (two ships that touch both die, whoever owns them).

import { closestPointTo, distance, endOfMove, navigate, SHIP_RADIUS, type Move, type Point } from './navigate';
import type { Command, Observation, PlanetView, ShipView } from './types';

/** The item of `items` with the least `cost` (distance from `from` by default), or null. */
export function nearest<T extends Point>(from: Point, items: readonly T[], cost: (t: T) => number = (t) => distance(from, t)): T | null {
  let best: T | null = null;
  let bestCost = Infinity;
  for (const t of items) {
    const c = cost(t);
    if (c < bestCost) {
      bestCost = c;
      best = t;
    }
  }
  return best;
}

export class Fleet {
  readonly me: number;
  readonly mine: ShipView[];
  readonly enemies: ShipView[];
  readonly commands: Command[] = [];
  private readonly ordered = new Set<number>();
  private readonly planned: Move[] = [];
  private readonly spots = new Map<number, number>();

  constructor(readonly obs: Observation) {
    this.me = obs.myId;
    this.mine = obs.ships.filter((s) => s.owner === this.me);
    this.enemies = obs.ships.filter((s) => s.owner !== this.me);
  }

  /** Own undocked ships without an order yet. */
  free(): ShipView[] {
    return this.mine.filter((s) => s.docking === 'undocked' && !this.ordered.has(s.id));
  }

  /** Docking spots promised at a planet this turn (ships docking or flying there). */
  promised(planet: number): number {
    return this.spots.get(planet) ?? 0;
  }

  dock(ship: ShipView, planet: PlanetView): void {
    this.spots.set(planet.id, this.promised(planet.id) + 1);
    this.hold(ship);
    this.commands.push({ type: 'dock', ship: ship.id, planet: planet.id });
  }

  /** Flies toward `target`; `planet`: a docking spot there is promised to this ship. Returns
   * whether the ship moves (it stays when no clear heading was found). */
  goTo(ship: ShipView, target: Point, planet?: number): boolean {
    if (planet !== undefined) this.spots.set(planet, this.promised(planet) + 1);
    this.ordered.add(ship.id);
    const c = navigate(this.obs, ship, target, { planned: this.planned, angularStep: 2 });
    if (!c) {
      this.hold(ship);
      return false;
    }
    this.planned.push({ from: ship, to: endOfMove(ship, c) });
    this.commands.push(c);
    return true;
  }

  /** Flies into weapon range of an enemy ship without touching it. */
  attack(ship: ShipView, enemy: ShipView): boolean {
    const stand = enemy.docking === 'undocked' ? 2.5 : 1.5;
    return this.goTo(ship, closestPointTo(ship, { ...enemy, radius: SHIP_RADIUS }, stand));
  }

  /** The ship stays where it is this turn. */
  private hold(ship: ShipView): void {
    this.ordered.add(ship.id);
    this.planned.push({ from: ship, to: { x: ship.x, y: ship.y } });
  }
}
