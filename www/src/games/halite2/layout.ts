// The layout of Halite II's flat rows, as the engine states it (`halite2RowLayout()`): the frame
// rows the engine fills (ships, planets) and the rows the engine worker builds from them (motion,
// events). Nothing here restates a number: every stride and offset is read from the engine's
// export once, where the engine loads (the engine worker, which sends the layout on in its
// header; the page adopts it from there before any row arrives). The hot paths index rows with
// these plain numbers, fixed from then on.

/** One row layout as the engine exports it. */
export interface RowLayoutPart {
  stride: number;
  names: string[];
  offsets: Record<string, number>;
  kinds?: Record<string, number>;
}

/** `halite2RowLayout()`: the row layouts by name. */
export interface RowLayout {
  ship: RowLayoutPart;
  planet: RowLayoutPart;
  motion: RowLayoutPart;
  event: RowLayoutPart;
  command: RowLayoutPart;
  docking: { names: string[]; codes: Record<string, number> };
}

/** Numbers per ship row of a frame (`Halite2Replay.ships(t)` / `Halite2Game.ships(t)`) and the
 * offsets of its fields: id, owner (seat), x, y, velX, velY, health, status, planet (-1: none),
 * turns left (-1: none). */
export let SHIP_STRIDE: number;
export let S_ID: number;
export let S_OWNER: number;
export let S_X: number;
export let S_Y: number;
export let S_VX: number;
export let S_VY: number;
export let S_HEALTH: number;
export let S_STATUS: number;
export let S_PLANET: number;
export let S_TURNS: number;

/** Numbers per planet row (living planets only, by id) and its fields: id, x, y, radius, health,
 * owner (-1: none), docked ships, docking spots, current production, remaining production. */
export let PLANET_STRIDE: number;
export let P_ID: number;
export let P_X: number;
export let P_Y: number;
export let P_RADIUS: number;
export let P_HEALTH: number;
export let P_OWNER: number;
export let P_DOCKED: number;
export let P_SPOTS: number;
export let P_PRODUCTION: number;
export let P_REMAINING: number;

/** Numbers per motion row, one per ship row of frame t: where the ship is at the end of turn t
 * (frame t + 1, or where it was destroyed) and when it gets there (0..1; 1 unless destroyed).
 * Ships move in straight lines at constant speed within a turn. */
export let MOTION_STRIDE: number;
export let M_X: number;
export let M_Y: number;
export let M_END: number;

/** Numbers per event row: kind, time (0..1 within the turn), x, y, owner (-1: none), id, a, b.
 * attack: the attacker at (x, y), one row per target, (a, b) the target's position then;
 * destroyed: a = radius, b = 0 for a ship, 1 for a planet;
 * spawned: the new ship at (x, y), (a, b) the planet's centre (time 1: ships appear at the end).
 * `EV_*` are the kinds' codes. */
export let EV_STRIDE: number;
export let E_KIND: number;
export let E_TIME: number;
export let E_X: number;
export let E_Y: number;
export let E_OWNER: number;
export let E_ID: number;
export let E_A: number;
export let E_B: number;
export let EV_ATTACK: number;
export let EV_DESTROYED: number;
export let EV_SPAWNED: number;

let adopted: RowLayout | null = null;

/** The layout adopted, or null before the engine's has arrived. */
export function rowLayout(): RowLayout | null {
  return adopted;
}

/** A field's offset (or a kind's code) from the engine's layout; a missing one is an error, not
 * a silent NaN in every row read. */
function field(table: Record<string, number> | undefined, name: string, what: string): number {
  const v = table?.[name];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`the engine's Halite II row layout has no ${what} ${name}`);
  return v;
}

function stride(part: RowLayoutPart | undefined, what: string): number {
  const v = part?.stride;
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) throw new Error(`the engine's Halite II row layout has no ${what} stride`);
  return v;
}

/** Takes the engine's layout (`halite2RowLayout()`): sets every stride and offset above. Called
 * once where the engine loads and where its header arrives; the same layout again is a no-op. */
export function adoptRowLayout(layout: RowLayout): void {
  if (adopted === layout) return;
  const s = layout.ship?.offsets;
  const p = layout.planet?.offsets;
  const m = layout.motion?.offsets;
  const e = layout.event?.offsets;
  const k = layout.event?.kinds;
  // Every number is read (and checked) before any is set: a layout refused leaves the one
  // adopted before whole.
  const v = [
    stride(layout.ship, 'ship'),
    field(s, 'id', 'ship field'),
    field(s, 'owner', 'ship field'),
    field(s, 'x', 'ship field'),
    field(s, 'y', 'ship field'),
    field(s, 'velX', 'ship field'),
    field(s, 'velY', 'ship field'),
    field(s, 'health', 'ship field'),
    field(s, 'status', 'ship field'),
    field(s, 'planet', 'ship field'),
    field(s, 'turnsLeft', 'ship field'),
    stride(layout.planet, 'planet'),
    field(p, 'id', 'planet field'),
    field(p, 'x', 'planet field'),
    field(p, 'y', 'planet field'),
    field(p, 'radius', 'planet field'),
    field(p, 'health', 'planet field'),
    field(p, 'owner', 'planet field'),
    field(p, 'docked', 'planet field'),
    field(p, 'spots', 'planet field'),
    field(p, 'production', 'planet field'),
    field(p, 'remaining', 'planet field'),
    stride(layout.motion, 'motion'),
    field(m, 'x', 'motion field'),
    field(m, 'y', 'motion field'),
    field(m, 'end', 'motion field'),
    stride(layout.event, 'event'),
    field(e, 'kind', 'event field'),
    field(e, 'time', 'event field'),
    field(e, 'x', 'event field'),
    field(e, 'y', 'event field'),
    field(e, 'owner', 'event field'),
    field(e, 'id', 'event field'),
    field(e, 'a', 'event field'),
    field(e, 'b', 'event field'),
    field(k, 'attack', 'event kind'),
    field(k, 'destroyed', 'event kind'),
    field(k, 'spawned', 'event kind'),
  ];
  [
    SHIP_STRIDE,
    S_ID,
    S_OWNER,
    S_X,
    S_Y,
    S_VX,
    S_VY,
    S_HEALTH,
    S_STATUS,
    S_PLANET,
    S_TURNS,
    PLANET_STRIDE,
    P_ID,
    P_X,
    P_Y,
    P_RADIUS,
    P_HEALTH,
    P_OWNER,
    P_DOCKED,
    P_SPOTS,
    P_PRODUCTION,
    P_REMAINING,
    MOTION_STRIDE,
    M_X,
    M_Y,
    M_END,
    EV_STRIDE,
    E_KIND,
    E_TIME,
    E_X,
    E_Y,
    E_OWNER,
    E_ID,
    E_A,
    E_B,
    EV_ATTACK,
    EV_DESTROYED,
    EV_SPAWNED,
  ] = v;
  adopted = layout;
}
