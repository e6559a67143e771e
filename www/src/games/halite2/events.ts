// Halite II's moments worth jumping to, read from each turn's event rows (rows.ts: ships and
// planets destroyed, with where and when) and the planets' owners frame by frame:
// - ships destroyed (collisions, named as such when two died touching at once);
// - a planet taken (its owner changed) or lost (left with no owner, or destroyed);
// - a seat eliminated (no ship and no planet left) or ejected.
// The event of turn t shows at frame t + 1. Pure over a `Halite2Frames`-like source: unit-tested.

import type { FrameSource, GameEvent, SeatOutInfo } from '../../shell/game';
import { ejectionEvents, seatName } from '../../shell/viewer/events';
import { EV_DESTROYED, EV_STRIDE, E_B, E_KIND, E_OWNER, E_TIME, E_X, E_Y, PLANET_STRIDE, P_ID, P_OWNER } from './layout';

/** What this reads of a Halite II game. */
export interface Halite2EventSource extends FrameSource {
  planets(t: number): Float64Array;
  events(t: number): Float64Array;
}

/** Two ships this close when they die at the same time touched (radii 0.5, plus rounding). */
const TOUCH = 1.6;

export function halite2Events(src: FrameSource, outs: readonly SeatOutInfo[]): GameEvent[] {
  const g = src as Halite2EventSource;
  if (typeof g.planets !== 'function' || typeof g.events !== 'function') return [];
  const names = src.playerNames();
  const who = (s: number) => seatName(names, s);
  const { events, ejected } = ejectionEvents(names, outs);
  const frames = src.numFrames;
  let owners = frames > 0 ? planetOwners(g.planets(0)) : new Map<number, number>();
  for (let f = 1; f < frames; f++) {
    // Turn f - 1's ships destroyed, by owner, and the collisions among them.
    const rows = g.events(f - 1);
    const dead: { x: number; y: number; t: number; owner: number }[] = [];
    for (let o = 0; o + EV_STRIDE <= rows.length; o += EV_STRIDE) {
      if (rows[o + E_KIND] === EV_DESTROYED && rows[o + E_B] === 0) dead.push({ x: rows[o + E_X], y: rows[o + E_Y], t: rows[o + E_TIME], owner: rows[o + E_OWNER] });
    }
    const collided = dead.filter((d) => dead.some((e) => e !== d && Math.hypot(e.x - d.x, e.y - d.y) <= TOUCH && Math.abs(e.t - d.t) < 0.05)).length;
    if (dead.length > 0) {
      const bySeat = new Map<number, number>();
      for (const d of dead) bySeat.set(d.owner, (bySeat.get(d.owner) ?? 0) + 1);
      const parts = [...bySeat].sort((a, b) => a[0] - b[0]).map(([s, k]) => `${k} of ${who(s)}`);
      const what = `${dead.length} ship${dead.length === 1 ? '' : 's'} destroyed (${parts.join(', ')})`;
      events.push({ frame: f, label: collided > 0 ? `collision: ${what}` : what });
    }
    // Planets that changed hands, were left or destroyed.
    const now = planetOwners(g.planets(f));
    for (const [id, was] of owners) {
      const is = now.get(id);
      if (is === undefined) events.push({ frame: f, label: `planet ${id} destroyed` + (was >= 0 ? ` (${who(was)} lost it)` : '') });
      else if (is !== was) {
        if (is >= 0) events.push({ frame: f, label: `${who(is)} took planet ${id}` + (was >= 0 ? ` from ${who(was)}` : '') });
        else events.push({ frame: f, label: `${who(was)} lost planet ${id}` });
      }
    }
    owners = now;
  }
  // Eliminations: no ship and no planet left (the engine's series).
  const ships = src.series('ships');
  const planets = src.series('planets');
  const p = Math.max(1, src.numPlayers);
  if (ships && planets) {
    const n = Math.min(Math.floor(ships.length / p), Math.floor(planets.length / p));
    for (let s = 0; s < src.numPlayers; s++) {
      if (ejected.has(s)) continue;
      for (let f = 1; f < n; f++) {
        const had = ships[s * n + f - 1] + planets[s * n + f - 1];
        if (had > 0 && ships[s * n + f] + planets[s * n + f] === 0) {
          events.push({ frame: f, label: `${who(s)} eliminated` });
          break;
        }
      }
    }
  }
  return events.sort((a, b) => a.frame - b.frame);
}

function planetOwners(rows: Float64Array): Map<number, number> {
  const m = new Map<number, number>();
  for (let o = 0; o + PLANET_STRIDE <= rows.length; o += PLANET_STRIDE) m.set(rows[o + P_ID], rows[o + P_OWNER]);
  return m;
}
