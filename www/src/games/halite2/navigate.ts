// Geometry helpers for Halite II bots, after the original starter kits' `navigate_to`: head for a
// point, turning a little at a time until the straight path is clear of planets and ships.
//
// The engine moves a ship in a straight line each turn by a whole-number thrust (0..7) at a
// whole-number angle in degrees, and a ship that touches a planet (centre distance < planet
// radius + 0.5), another ship (< 1) or the map's edge dies. So every candidate here is checked
// with the exact integer angle and magnitude it would send; the whole path to the target is
// checked, not only this turn's move, so a ship turns early instead of at a planet's crust.

import type { Command, Observation, PlanetView, ShipView } from './types';

/** Ship radius, dock reach (beyond the planet's radius) and speed limit of the rules. */
export const SHIP_RADIUS = 0.5;
export const DOCK_RADIUS = 4;
export const MAX_SPEED = 7;
/** Centre distance within which two ships of different players fire at each other. */
export const WEAPON_RANGE = 6;

export interface Point {
  x: number;
  y: number;
}

/** Something to steer around: a point with a radius (a planet, a ship, a place already taken). */
export interface Circle extends Point {
  radius: number;
}

export interface NavigateOptions {
  /** Thrust wanted (0..7); less when the target is nearer. */
  speed?: number;
  avoidObstacles?: boolean;
  /** How many turns of `angularStep` degrees to try on each side before giving up. */
  maxCorrections?: number;
  angularStep?: number;
  ignoreShips?: boolean;
  ignorePlanets?: boolean;
  /** More circles to keep clear of. */
  avoid?: readonly Circle[];
  /** This turn's moves of the bot's other ships: the move must not meet them on the way (two
   * ships that touch both die, whoever owns them). */
  planned?: readonly Move[];
}

/** A ship's straight move over one turn. */
export interface Move {
  from: Point;
  to: Point;
}

/** Room kept between a path and an obstacle on top of the radii, for rounding. */
const FUDGE = 0.1;

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The direction from `a` to `b` in degrees, 0 to 360 (0 is +x, 90 is +y: down the map). */
export function angleTo(a: Point, b: Point): number {
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** The point `minDistance` short of `target`'s surface on the line from `from` (a place to fly to
 * next to a planet or a ship without touching it). Points have radius 0. */
export function closestPointTo(from: Point, target: Point & { radius?: number }, minDistance = 3): Point {
  const a = (angleTo(target, from) * Math.PI) / 180;
  const r = (target.radius ?? 0) + minDistance;
  return { x: target.x + r * Math.cos(a), y: target.y + r * Math.sin(a) };
}

/** Whether `ship` is close enough to dock at `planet` (the engine also needs it undocked and
 * not moving, which every ship is at the start of a turn). */
export function canDock(ship: Point, planet: Circle): boolean {
  return distance(ship, planet) <= planet.radius + DOCK_RADIUS + SHIP_RADIUS;
}

/** Whether the segment from `a` to `b` passes within `r` of `c`. */
export function segmentHitsCircle(a: Point, b: Point, c: Point, r: number): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((c.x - a.x) * dx + (c.y - a.y) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const px = a.x + t * dx - c.x;
  const py = a.y + t * dy - c.y;
  return px * px + py * py <= r * r;
}

/** The circles between `ship` and `to`: planets, other ships and `extra`, each grown by the ship's
 * radius. An obstacle the ship already touches (its own planet when it has just undocked) is left
 * out, or it would block every direction. */
export function obstaclesBetween(
  obs: Observation,
  ship: ShipView,
  to: Point,
  opts: { ignoreShips?: boolean; ignorePlanets?: boolean; avoid?: readonly Circle[] } = {},
): Circle[] {
  const hits: Circle[] = [];
  const test = (c: Circle): void => {
    const r = c.radius + SHIP_RADIUS + FUDGE;
    if (distance(ship, c) > r && segmentHitsCircle(ship, to, c, r)) hits.push(c);
  };
  if (!opts.ignorePlanets) for (const p of obs.planets) test(p);
  if (!opts.ignoreShips) for (const s of obs.ships) if (s.id !== ship.id) test({ x: s.x, y: s.y, radius: SHIP_RADIUS });
  for (const c of opts.avoid ?? []) test(c);
  return hits;
}

function inside(obs: Observation, p: Point): boolean {
  const m = SHIP_RADIUS;
  return p.x >= m && p.y >= m && p.x < obs.width - m && p.y < obs.height - m;
}

/**
 * A thrust command toward `target`, or null when no clear heading was found (or the ship is
 * already there). Tries the direct heading first, then 1, 2, ... `maxCorrections` steps of
 * `angularStep` degrees to either side, and takes the first whose path to a point as far as the
 * target is clear and whose move ends on the map.
 */
export function navigate(obs: Observation, ship: ShipView, target: Point, options: NavigateOptions = {}): Command | null {
  const {
    speed = MAX_SPEED,
    avoidObstacles = true,
    maxCorrections = 90,
    angularStep = 1,
    ignoreShips = false,
    ignorePlanets = false,
    avoid,
    planned,
  } = options;
  const dist = distance(ship, target);
  const magnitude = Math.max(0, Math.min(MAX_SPEED, Math.floor(speed), Math.floor(dist)));
  if (magnitude === 0) return null;
  const base = Math.round(angleTo(ship, target));
  const tries = avoidObstacles ? Math.max(0, Math.floor(maxCorrections)) : 0;
  for (let k = 0; k <= tries; k++) {
    for (const sign of k === 0 ? [1] : [1, -1]) {
      const angle = (((base + sign * k * Math.round(angularStep)) % 360) + 360) % 360;
      const rad = (angle * Math.PI) / 180;
      const end = { x: ship.x + magnitude * Math.cos(rad), y: ship.y + magnitude * Math.sin(rad) };
      if (!inside(obs, end)) continue;
      if (planned && planned.some((m) => movesMeet({ from: ship, to: end }, m))) continue;
      if (avoidObstacles) {
        const far = { x: ship.x + dist * Math.cos(rad), y: ship.y + dist * Math.sin(rad) };
        if (obstaclesBetween(obs, ship, far, { ignoreShips, ignorePlanets, avoid }).length > 0) continue;
      }
      return { type: 'thrust', ship: ship.id, magnitude, angle };
    }
  }
  return null;
}

/** Whether two ships moving in straight lines over the same turn come within touching distance
 * (with the rounding room) at any moment of it. */
export function movesMeet(a: Move, b: Move): boolean {
  // Relative motion: b as seen from a is a straight segment from p0 to p1; does it pass near 0?
  const p0 = { x: b.from.x - a.from.x, y: b.from.y - a.from.y };
  const p1 = { x: b.to.x - a.to.x, y: b.to.y - a.to.y };
  return segmentHitsCircle(p0, p1, { x: 0, y: 0 }, 2 * SHIP_RADIUS + FUDGE);
}

/** Where a thrust leaves a ship at the end of the turn. */
export function endOfMove(ship: Point, c: Command | null): Point {
  if (!c || c.type !== 'thrust') return { x: ship.x, y: ship.y };
  const rad = (c.angle * Math.PI) / 180;
  return { x: ship.x + c.magnitude * Math.cos(rad), y: ship.y + c.magnitude * Math.sin(rad) };
}

/** A planet a ship of `me` may dock at now: free, or its own with a spot left (`taken`: spots
 * already promised this turn). */
export function hasRoom(planet: PlanetView, me: number, taken = 0): boolean {
  if (planet.owner !== null && planet.owner !== me) return false;
  return planet.dockedShips.length + taken < planet.dockingSpots;
}
