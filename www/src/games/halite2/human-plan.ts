// A human's plan for one Halite II turn, apart from the page: which ships are selected, the
// standing order of each ship (fly to a point, dock at a planet, undock, hold), and the commands
// those orders give this turn. Orders stand across turns: a ship keeps flying toward its point
// and docks once in range, so a human sets a course once rather than a thrust every turn. Pure:
// unit-tested in node.

import type { Command, Observation, PlanetView, ShipView } from './types';

/** Ship radius, dock reach beyond a planet's radius, and the top speed (the rules' constants). */
export const SHIP_RADIUS = 0.5;
export const DOCK_REACH = 4;
export const MAX_SPEED = 7;

export type Order =
  | { kind: 'fly'; x: number; y: number }
  | { kind: 'dock'; planet: number }
  | { kind: 'undock' }
  | { kind: 'hold' };

/** Steers a ship toward a point this turn: a thrust command, or null to stay (a bot's
 * `navigate` helper; a straight line when none is given). */
export type Steer = (obs: Observation, ship: ShipView, target: { x: number; y: number }) => Command | null;

/** A thrust straight at the target, as fast as reaches it without overshooting. */
export function straightThrust(ship: ShipView, target: { x: number; y: number }): Command | null {
  const dx = target.x - ship.x;
  const dy = target.y - ship.y;
  const d = Math.hypot(dx, dy);
  const magnitude = Math.min(MAX_SPEED, Math.floor(d));
  if (magnitude <= 0) return null;
  const angle = ((Math.round((Math.atan2(dy, dx) * 180) / Math.PI) % 360) + 360) % 360;
  return { type: 'thrust', ship: ship.id, magnitude, angle };
}

/** Whether `ship` may dock at `planet` now (undocked, its centre within the planet's radius +
 * 4.5 of the planet's centre; the planet free, the seat's own and not full). */
export function canDock(ship: ShipView, planet: PlanetView, seat: number): boolean {
  if (ship.docking !== 'undocked') return false;
  if (planet.owner !== null && planet.owner !== seat) return false;
  if (planet.owner === seat && planet.dockedShips.length >= planet.dockingSpots) return false;
  return Math.hypot(ship.x - planet.x, ship.y - planet.y) <= planet.radius + DOCK_REACH + SHIP_RADIUS;
}

/** The point a ship flies to for docking: on the line from the planet to the ship, just
 * inside dock range. */
export function approachPoint(ship: ShipView, planet: PlanetView): { x: number; y: number } {
  const dx = ship.x - planet.x;
  const dy = ship.y - planet.y;
  const d = Math.hypot(dx, dy) || 1;
  const r = planet.radius + DOCK_REACH - 1;
  return { x: planet.x + (dx / d) * r, y: planet.y + (dy / d) * r };
}

export class ShipPlan {
  private obs: Observation | null = null;
  private readonly mine = new Map<number, ShipView>();
  private readonly planets = new Map<number, PlanetView>();
  readonly selected = new Set<number>();
  readonly orders = new Map<number, Order>();

  constructor(
    readonly seat: number,
    private readonly steer: Steer = (_o, s, t) => straightThrust(s, t),
  ) {}

  get turn(): number {
    return this.obs ? this.obs.turn : -1;
  }

  get shipCount(): number {
    return this.mine.size;
  }

  /** A new turn: orders of ships that are gone are dropped, and orders that are done end (a
   * ship that reached its point, docked, or undocked). */
  begin(obs: Observation): void {
    this.obs = obs;
    this.mine.clear();
    this.planets.clear();
    for (const s of obs.ships) if (s.owner === this.seat) this.mine.set(s.id, s);
    for (const p of obs.planets) this.planets.set(p.id, p);
    for (const id of [...this.selected]) if (!this.mine.has(id)) this.selected.delete(id);
    for (const [id, o] of [...this.orders]) {
      const s = this.mine.get(id);
      if (!s || this.done(s, o)) this.orders.delete(id);
    }
  }

  private done(s: ShipView, o: Order): boolean {
    switch (o.kind) {
      case 'fly':
        return s.docking !== 'undocked' || Math.hypot(o.x - s.x, o.y - s.y) < 1;
      case 'dock': {
        const p = this.planets.get(o.planet);
        return !p || s.docking !== 'undocked' || (p.owner !== null && p.owner !== this.seat);
      }
      case 'undock':
        return s.docking !== 'docked';
      case 'hold':
        return false;
    }
  }

  ship(id: number): ShipView | undefined {
    return this.mine.get(id);
  }

  planet(id: number): PlanetView | undefined {
    return this.planets.get(id);
  }

  myShips(): IterableIterator<ShipView> {
    return this.mine.values();
  }

  /** Selects one of the seat's ships (additive: toggles it in the selection). */
  click(id: number, additive: boolean): boolean {
    if (!this.mine.has(id)) return false;
    if (!additive) {
      this.selected.clear();
      this.selected.add(id);
    } else if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    return true;
  }

  /** Selects the seat's ships with centres in a box of map coordinates. */
  selectBox(x0: number, y0: number, x1: number, y1: number, additive: boolean): number {
    if (!additive) this.selected.clear();
    const [ax, bx] = x0 <= x1 ? [x0, x1] : [x1, x0];
    const [ay, by] = y0 <= y1 ? [y0, y1] : [y1, y0];
    let n = 0;
    for (const s of this.mine.values()) {
      if (s.x >= ax && s.x <= bx && s.y >= ay && s.y <= by) {
        this.selected.add(s.id);
        n++;
      }
    }
    return n;
  }

  selectAll(): void {
    for (const id of this.mine.keys()) this.selected.add(id);
  }

  clearSelection(): void {
    this.selected.clear();
  }

  /** Orders the selected ships that can fly to a point. Returns how many got the order. */
  flyTo(x: number, y: number): number {
    const w = this.obs?.width ?? Infinity;
    const h = this.obs?.height ?? Infinity;
    const px = Math.max(SHIP_RADIUS, Math.min(w - SHIP_RADIUS, x));
    const py = Math.max(SHIP_RADIUS, Math.min(h - SHIP_RADIUS, y));
    let n = 0;
    for (const id of this.selected) {
      const s = this.mine.get(id);
      if (!s || s.docking !== 'undocked') continue;
      this.orders.set(id, { kind: 'fly', x: px, y: py });
      n++;
    }
    return n;
  }

  /** Orders the selected undocked ships to dock at a planet (flying there first). */
  dockAt(planet: number): number {
    const p = this.planets.get(planet);
    if (!p || (p.owner !== null && p.owner !== this.seat)) return 0;
    let n = 0;
    for (const id of this.selected) {
      const s = this.mine.get(id);
      if (!s || s.docking !== 'undocked') continue;
      this.orders.set(id, { kind: 'dock', planet });
      n++;
    }
    return n;
  }

  /** Orders the selected docked ships to undock. */
  undock(): number {
    let n = 0;
    for (const id of this.selected) {
      const s = this.mine.get(id);
      if (!s || s.docking !== 'docked') continue;
      this.orders.set(id, { kind: 'undock' });
      n++;
    }
    return n;
  }

  /** The selected ships stop and hold their place (their orders end). */
  hold(): number {
    let n = 0;
    for (const id of this.selected) {
      if (!this.mine.has(id)) continue;
      this.orders.set(id, { kind: 'hold' });
      n++;
    }
    return n;
  }

  /** Where a ship's order takes it, for drawing the path (null: nowhere). */
  destination(id: number): { x: number; y: number } | null {
    const o = this.orders.get(id);
    const s = this.mine.get(id);
    if (!o || !s) return null;
    if (o.kind === 'fly') return { x: o.x, y: o.y };
    if (o.kind === 'dock') {
      const p = this.planets.get(o.planet);
      return p ? approachPoint(s, p) : null;
    }
    return null;
  }

  /** This turn's commands from the standing orders. */
  commands(): Command[] {
    const obs = this.obs;
    if (!obs) return [];
    const out: Command[] = [];
    for (const [id, o] of this.orders) {
      const s = this.mine.get(id);
      if (!s) continue;
      const c = this.command(obs, s, o);
      if (c) out.push(c);
    }
    return out;
  }

  private command(obs: Observation, s: ShipView, o: Order): Command | null {
    switch (o.kind) {
      case 'fly':
        return s.docking === 'undocked' ? this.steer(obs, s, o) : null;
      case 'dock': {
        const p = this.planets.get(o.planet);
        if (!p || s.docking !== 'undocked') return null;
        if (canDock(s, p, this.seat)) return { type: 'dock', ship: s.id, planet: p.id };
        return this.steer(obs, s, approachPoint(s, p));
      }
      case 'undock':
        return s.docking === 'docked' ? { type: 'undock', ship: s.id } : null;
      case 'hold':
        return null;
    }
  }

  /** The thrust each ordered ship gets this turn (for drawing this turn's step). */
  thrusts(): Map<number, { magnitude: number; angle: number }> {
    const m = new Map<number, { magnitude: number; angle: number }>();
    for (const c of this.commands()) if (c.type === 'thrust') m.set(c.ship, { magnitude: c.magnitude, angle: c.angle });
    return m;
  }
}
