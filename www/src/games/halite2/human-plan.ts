// A human's plan for one Halite II turn, apart from the page: which ships are selected, the
// standing order of each ship (fly to a point, dock at a planet, undock, hold), and the commands
// those orders give this turn. Orders stand across turns: a ship keeps flying toward its point
// and docks once in range, so a human sets a course once rather than a thrust every turn. Pure:
// unit-tested in node.

import { UndoHistory } from '../../shell/viewer/undo';
import { endOfMove, type Move } from './navigate';
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
 * `navigate` helper; a straight line when none is given). `planned`: this turn's moves of the
 * seat's ships ordered before it, which the move must not meet. */
export type Steer = (obs: Observation, ship: ShipView, target: { x: number; y: number }, planned: readonly Move[]) => Command | null;

/** What a group's dock order became: ships docking at the planet clicked, ships sent on to
 * other planets (the clicked one had no spot left for them), and ships that found no planet. */
export interface DockResult {
  here: number;
  elsewhere: Map<number, number>;
  nowhere: number;
}

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

/** Room kept between two ships' approach points to one planet (centre to centre). */
const APPROACH_GAP = 2.5;

/** Approach points for several ships docking at one planet: each on the ship's own side, pushed
 * apart along the planet's circle so that no two ships arrive at the same place. */
export function approachPoints(ships: readonly ShipView[], planet: PlanetView): Map<number, { x: number; y: number }> {
  const r = planet.radius + DOCK_REACH - 1;
  const gap = 2 * Math.asin(Math.min(1, APPROACH_GAP / (2 * r)));
  // Angles measured from the group's mean direction, so that a group on the far side of the
  // circle's seam (±180°) is not split across it.
  const raw = ships.map((s) => Math.atan2(s.y - planet.y, s.x - planet.x));
  const mean = Math.atan2(
    raw.reduce((t, a) => t + Math.sin(a), 0),
    raw.reduce((t, a) => t + Math.cos(a), 0),
  );
  const rel = (a: number) => Math.atan2(Math.sin(a - mean), Math.cos(a - mean));
  const angles = ships.map((s, i) => ({ id: s.id, a: rel(raw[i]) })).sort((p, q) => p.a - q.a || p.id - q.id);
  const out = new Map<number, { x: number; y: number }>();
  if (angles.length === 0) return out;
  // Push apart in order, then centre the group on where the ships are.
  const want = angles.map((x) => x.a);
  const got = want.slice();
  for (let i = 1; i < got.length; i++) if (got[i] - got[i - 1] < gap) got[i] = got[i - 1] + gap;
  const shift = want.reduce((t, a, i) => t + (a - got[i]), 0) / got.length;
  angles.forEach((x, i) => {
    const a = got[i] + shift + mean;
    out.set(x.id, { x: planet.x + r * Math.cos(a), y: planet.y + r * Math.sin(a) });
  });
  return out;
}

export class ShipPlan {
  private obs: Observation | null = null;
  private readonly mine = new Map<number, ShipView>();
  private readonly planets = new Map<number, PlanetView>();
  readonly selected = new Set<number>();
  orders = new Map<number, Order>();
  /** This turn's order changes, for undo and redo. */
  private readonly history = new UndoHistory<Map<number, Order>>();

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
    this.history.clear();
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Takes back the last order given this turn. */
  undo(): boolean {
    const s = this.history.undo(new Map(this.orders));
    if (!s) return false;
    this.orders = s;
    return true;
  }

  redo(): boolean {
    const s = this.history.redo(new Map(this.orders));
    if (!s) return false;
    this.orders = s;
    return true;
  }

  /** Runs an order change `f` (it returns how many ships it changed) as one undoable step. */
  private change<T>(f: () => T, changed: (r: T) => boolean): T {
    const before = new Map(this.orders);
    const r = f();
    if (changed(r)) this.history.record(before);
    return r;
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
    return this.change(() => this.flyToNow(x, y), (n) => n > 0);
  }

  private flyToNow(x: number, y: number): number {
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

  /** Spots of `p` the seat may still fill: none on another player's planet; the free spots less
   * those promised to ships of the seat already ordered there (`except` left out). */
  private room(p: PlanetView, except: ReadonlySet<number>): number {
    if (p.owner !== null && p.owner !== this.seat) return 0;
    let promised = 0;
    for (const [id, o] of this.orders) if (o.kind === 'dock' && o.planet === p.id && !except.has(id)) promised++;
    return p.dockingSpots - p.dockedShips.length - promised;
  }

  /** Orders the selected undocked ships to dock at a planet (flying there first). The nearest
   * take its free spots; the others go to the nearest other planet with room (each ship its
   * own). */
  dockGroup(planet: number): DockResult {
    return this.change(
      () => this.dockGroupNow(planet),
      (r) => r.here + r.elsewhere.size + r.nowhere > 0,
    );
  }

  private dockGroupNow(planet: number): DockResult {
    const result: DockResult = { here: 0, elsewhere: new Map(), nowhere: 0 };
    const p = this.planets.get(planet);
    if (!p || (p.owner !== null && p.owner !== this.seat)) return result;
    const ships = [...this.selected]
      .map((id) => this.mine.get(id))
      .filter((s): s is ShipView => s !== undefined && s.docking === 'undocked')
      .sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y) || a.id - b.id);
    const moving = new Set(ships.map((s) => s.id));
    const taken = new Map<number, number>();
    const left = (q: PlanetView) => this.room(q, moving) - (taken.get(q.id) ?? 0);
    for (const s of ships) {
      let target: PlanetView | null = left(p) > 0 ? p : null;
      if (!target) {
        let best = Infinity;
        for (const q of this.planets.values()) {
          if (q.id === p.id || left(q) <= 0) continue;
          const d = Math.hypot(q.x - s.x, q.y - s.y);
          if (d < best) {
            best = d;
            target = q;
          }
        }
      }
      if (!target) {
        this.orders.delete(s.id);
        result.nowhere++;
        continue;
      }
      taken.set(target.id, (taken.get(target.id) ?? 0) + 1);
      this.orders.set(s.id, { kind: 'dock', planet: target.id });
      if (target.id === p.id) result.here++;
      else result.elsewhere.set(target.id, (result.elsewhere.get(target.id) ?? 0) + 1);
    }
    return result;
  }

  /** As `dockGroup`; returns how many ships got a dock order (at this planet or another). */
  dockAt(planet: number): number {
    const r = this.dockGroup(planet);
    return r.here + [...r.elsewhere.values()].reduce((a, b) => a + b, 0);
  }

  /** Each docking ship's approach point this turn: ships bound for one planet spread round it. */
  private approaches(): Map<number, { x: number; y: number }> {
    const byPlanet = new Map<number, ShipView[]>();
    for (const [id, o] of this.orders) {
      const s = this.mine.get(id);
      if (o.kind !== 'dock' || !s || s.docking !== 'undocked') continue;
      const list = byPlanet.get(o.planet) ?? [];
      list.push(s);
      byPlanet.set(o.planet, list);
    }
    const out = new Map<number, { x: number; y: number }>();
    for (const [pid, ships] of byPlanet) {
      const p = this.planets.get(pid);
      if (p) for (const [id, at] of approachPoints(ships, p)) out.set(id, at);
    }
    return out;
  }

  /** Orders the selected docked ships to undock. */
  undock(): number {
    return this.change(() => this.undockNow(), (n) => n > 0);
  }

  private undockNow(): number {
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
    return this.change(() => this.holdNow(), (n) => n > 0);
  }

  private holdNow(): number {
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
      return p ? (this.approaches().get(id) ?? approachPoint(s, p)) : null;
    }
    return null;
  }

  /** This turn's commands from the standing orders. Ships are steered one after another, each
   * clear of the moves already planned for the others this turn (two of the seat's ships that
   * touch both die); a planet takes no more ships this turn than it has spots. */
  commands(): Command[] {
    const obs = this.obs;
    if (!obs) return [];
    const out: Command[] = [];
    const planned: Move[] = [];
    const approaches = this.approaches();
    const docking = new Map<number, number>();
    const ids = [...this.orders.keys()].sort((a, b) => a - b);
    for (const id of ids) {
      const o = this.orders.get(id);
      const s = this.mine.get(id);
      if (!o || !s) continue;
      const c = this.command(obs, s, o, planned, approaches, docking);
      if (c) {
        out.push(c);
        if (c.type === 'thrust') planned.push({ from: { x: s.x, y: s.y }, to: endOfMove(s, c) });
      }
    }
    return out;
  }

  private command(obs: Observation, s: ShipView, o: Order, planned: readonly Move[], approaches: ReadonlyMap<number, { x: number; y: number }>, docking: Map<number, number>): Command | null {
    switch (o.kind) {
      case 'fly':
        return s.docking === 'undocked' ? this.steer(obs, s, o, planned) : null;
      case 'dock': {
        const p = this.planets.get(o.planet);
        if (!p || s.docking !== 'undocked') return null;
        const now = docking.get(p.id) ?? 0;
        if (canDock(s, p, this.seat) && p.dockedShips.length + now < p.dockingSpots) {
          docking.set(p.id, now + 1);
          return { type: 'dock', ship: s.id, planet: p.id };
        }
        return this.steer(obs, s, approaches.get(s.id) ?? approachPoint(s, p), planned);
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
