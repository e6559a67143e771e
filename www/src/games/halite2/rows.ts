// What the viewer reads of a Halite II turn besides the frame rows (types.ts): where each ship
// goes during the turn (motion rows) and the turn's events as flat rows.
// Built in the engine worker from the engine's rows and event lists. Pure: unit-tested in node.

import { EV_ATTACK, EV_DESTROYED, EV_SPAWNED, EV_STRIDE, E_A, E_B, E_ID, E_KIND, E_OWNER, E_TIME, E_X, E_Y, MOTION_STRIDE, M_END, M_X, M_Y, SHIP_STRIDE, S_ID, S_X, S_Y } from './layout';

// The motion and event rows' strides, field offsets and kinds are the engine's (layout.ts).
export { EV_ATTACK, EV_DESTROYED, EV_SPAWNED, EV_STRIDE, E_A, E_B, E_ID, E_KIND, E_OWNER, E_TIME, E_X, E_Y, MOTION_STRIDE, M_END, M_X, M_Y } from './layout';

/** Damage an attacking ship is credited with per attack, whatever the number of its targets
 * (rams are credited too, with the health of what was rammed: the engine's numbers, when
 * given, replace this count). */
export const WEAPON_DAMAGE = 64;

interface EntityJson {
  type?: string;
  owner?: number;
  id?: number;
}

interface EventJson {
  event?: string;
  entity?: EntityJson;
  x?: number;
  y?: number;
  radius?: number;
  time?: number;
  targets?: EntityJson[];
  planet_x?: number;
  planet_y?: number;
}

const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** Motion rows of turn t and its event rows, from frame t's and t + 1's ship rows (null after the
 * last frame) and the engine's event list of the turn. */
export function turnRows(ships0: Float64Array, ships1: Float64Array | null, events: unknown): { motion: Float64Array; events: Float64Array } {
  const list = (Array.isArray(events) ? events : []) as EventJson[];
  const n0 = Math.floor(ships0.length / SHIP_STRIDE);
  const next = new Map<number, number>();
  if (ships1) for (let o = 0; o + SHIP_STRIDE <= ships1.length; o += SHIP_STRIDE) next.set(ships1[o + S_ID], o);
  const destroyed = new Map<number, EventJson>();
  for (const e of list) if (e.event === 'destroyed' && e.entity?.type === 'ship') destroyed.set(num(e.entity.id, -1), e);
  const motion = new Float64Array(n0 * MOTION_STRIDE);
  const index = new Map<number, number>();
  for (let i = 0; i < n0; i++) {
    const o = i * SHIP_STRIDE;
    const id = ships0[o + S_ID];
    index.set(id, i);
    const k = i * MOTION_STRIDE;
    const o1 = next.get(id);
    const d = destroyed.get(id);
    if (o1 !== undefined && ships1) {
      motion[k + M_X] = ships1[o1 + S_X];
      motion[k + M_Y] = ships1[o1 + S_Y];
      motion[k + M_END] = 1;
    } else if (d) {
      motion[k + M_X] = num(d.x, ships0[o + S_X]);
      motion[k + M_Y] = num(d.y, ships0[o + S_Y]);
      motion[k + M_END] = Math.max(1e-3, Math.min(1, num(d.time, 1)));
    } else {
      motion[k + M_X] = ships0[o + S_X];
      motion[k + M_Y] = ships0[o + S_Y];
      motion[k + M_END] = 1;
    }
  }
  /** Where ship `id` is at `time` of the turn (linear from frame t to its end point). */
  const at = (id: number, time: number): [number, number] | null => {
    const i = index.get(id);
    if (i === undefined) return null;
    const o = i * SHIP_STRIDE;
    const k = i * MOTION_STRIDE;
    const f = Math.min(1, time / motion[k + M_END]);
    return [ships0[o + S_X] + (motion[k + M_X] - ships0[o + S_X]) * f, ships0[o + S_Y] + (motion[k + M_Y] - ships0[o + S_Y]) * f];
  };
  const rows: number[] = [];
  /** Appends one event row, each field at its offset in the layout. */
  const push = (kind: number, time: number, x: number, y: number, owner: number, id: number, a: number, b: number): void => {
    const o = rows.length;
    for (let j = 0; j < EV_STRIDE; j++) rows.push(0);
    rows[o + E_KIND] = kind;
    rows[o + E_TIME] = time;
    rows[o + E_X] = x;
    rows[o + E_Y] = y;
    rows[o + E_OWNER] = owner;
    rows[o + E_ID] = id;
    rows[o + E_A] = a;
    rows[o + E_B] = b;
  };
  for (const e of list) {
    const time = Math.max(0, Math.min(1, num(e.time, 1)));
    const owner = num(e.entity?.owner, -1);
    const id = num(e.entity?.id, -1);
    if (e.event === 'attack') {
      for (const t of e.targets ?? []) {
        const p = t.type === 'ship' ? at(num(t.id, -1), time) : null;
        if (p) push(EV_ATTACK, time, num(e.x), num(e.y), owner, id, p[0], p[1]);
      }
    } else if (e.event === 'destroyed') {
      const planet = e.entity?.type === 'planet';
      push(EV_DESTROYED, time, num(e.x), num(e.y), planet ? -1 : owner, id, num(e.radius, planet ? 5 : 0.5), planet ? 1 : 0);
    } else if (e.event === 'spawned') {
      push(EV_SPAWNED, 1, num(e.x), num(e.y), owner, id, num(e.planet_x, num(e.x)), num(e.planet_y, num(e.y)));
    }
  }
  return { motion, events: Float64Array.from(rows) };
}

/** The statistics series, in the order the graphs list them: the engine computes them (its
 * replay and game handles' `seriesNames()`, `seriesArray(name)` and `seriesFrom(frame)`). */
export const SERIES_KEYS = ['ships', 'planets', 'docked', 'health', 'produced', 'damage', 'attacks'] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];
