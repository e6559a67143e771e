// What a seat lost in a turn, in words for the orders bar: its ships destroyed in the turn's
// events, grouped by cause (two ships that touched, a ship that flew into a planet, a ship shot
// down) and place. Read from the turn's event rows (rows.ts). Pure: unit-tested in node.

import { EV_ATTACK, EV_DESTROYED, EV_STRIDE, E_A, E_B, E_ID, E_KIND, E_OWNER, E_TIME, E_X, E_Y } from './rows';

interface Place {
  x: number;
  y: number;
  radius: number;
  id: number;
}

interface Loss {
  cause: 'collided' | 'planet' | 'fire' | 'other';
  x: number;
  y: number;
  planet?: number;
}

/** Two ships this close when they die together touched (their radii are 0.5, plus rounding). */
const TOUCH = 1.6;

/** Lines such as "2 ships collided at (31, 85)" for the ships of `seat` destroyed in `events`
 * (one turn's rows); `planets` name the planet a ship flew into. Empty when nothing was lost. */
export function lossLines(events: Float64Array, seat: number, planets: readonly Place[]): string[] {
  const dead: { x: number; y: number; t: number; id: number; owner: number }[] = [];
  const shots: { x: number; y: number; owner: number }[] = [];
  for (let o = 0; o + EV_STRIDE <= events.length; o += EV_STRIDE) {
    const kind = events[o + E_KIND];
    if (kind === EV_DESTROYED && events[o + E_B] === 0) dead.push({ x: events[o + E_X], y: events[o + E_Y], t: events[o + E_TIME], id: events[o + E_ID], owner: events[o + E_OWNER] });
    else if (kind === EV_ATTACK) shots.push({ x: events[o + E_A], y: events[o + E_B], owner: events[o + E_OWNER] });
  }
  const losses: Loss[] = [];
  for (const d of dead) {
    if (d.owner !== seat) continue;
    const touched = dead.some((e) => e !== d && Math.hypot(e.x - d.x, e.y - d.y) <= TOUCH && Math.abs(e.t - d.t) < 0.05);
    const planet = planets.find((p) => Math.hypot(p.x - d.x, p.y - d.y) <= p.radius + 1.2);
    const shot = shots.some((s) => s.owner !== seat && Math.hypot(s.x - d.x, s.y - d.y) <= 1.5);
    if (touched) losses.push({ cause: 'collided', x: d.x, y: d.y });
    else if (planet) losses.push({ cause: 'planet', x: d.x, y: d.y, planet: planet.id });
    else if (shot) losses.push({ cause: 'fire', x: d.x, y: d.y });
    else losses.push({ cause: 'other', x: d.x, y: d.y });
  }
  // Losses of one cause within a few units of each other make one line.
  const groups: { loss: Loss; n: number }[] = [];
  for (const l of losses) {
    const g = groups.find((x) => x.loss.cause === l.cause && x.loss.planet === l.planet && Math.hypot(x.loss.x - l.x, x.loss.y - l.y) <= 4);
    if (g) g.n++;
    else groups.push({ loss: l, n: 1 });
  }
  return groups.map(({ loss, n }) => {
    const at = `(${Math.round(loss.x)}, ${Math.round(loss.y)})`;
    const ships = `${n} ship${n === 1 ? '' : 's'}`;
    switch (loss.cause) {
      case 'collided':
        return n === 1 ? `1 ship collided with another at ${at}` : `${ships} collided at ${at}`;
      case 'planet':
        return `${ships} flew into planet ${loss.planet} at ${at}`;
      case 'fire':
        return `${ships} shot down at ${at}`;
      default:
        return `${ships} destroyed at ${at}`;
    }
  });
}
