// A Halite II game on the main thread: its frames as flat rows that a worker filled (a replay it
// parsed, or a live game it is stepping). The board, the inspector, the human controls and the
// recorded seats read these; the main thread holds no game state in wasm memory.
//
// Public reads (all views: do not keep them past the next append):
// - `ships(t)`: frame t's ship rows, SHIP_STRIDE numbers each (layout.ts, the engine's layout), by owner then id;
// - `planets(t)`: frame t's living planets, PLANET_STRIDE numbers each, by id;
// - `motion(t)`: turn t (frame t -> t + 1), one MOTION_STRIDE row per ship row of frame t,
//   or null while the turn is not known yet (the newest frame of a live game);
// - `events(t)`: turn t's event rows, EV_STRIDE numbers each;
// - `shipIndex(t, id)` / `planetIndex(t, id)`: the row of a ship or planet in frame t, or -1;
// - `recordedMoves(t, seat)`: the commands a replay recorded for a seat on turn t (packed fives).

import type { FrameSource } from '../../shell/game';
import { FramesBase } from '../../shell/viewer/frames-base';
import { EV_STRIDE, MOTION_STRIDE, PLANET_STRIDE, P_ID, SHIP_STRIDE, S_ID, adoptRowLayout } from './layout';
import type { FrameBatch, Header, RecordedMoves } from './worker-protocol';

const EMPTY = new Float64Array(0);

export class Halite2Frames extends FramesBase implements FrameSource {
  readonly game = 'halite2' as const;
  readonly seed: number | undefined;
  private readonly shipRows: Float64Array[] = [];
  private readonly planetRows: Float64Array[] = [];
  private readonly motionRows: (Float64Array | null)[] = [];
  private readonly eventRows: (Float64Array | null)[] = [];
  private moves: { packed: Float64Array; start: Uint32Array } | null = null;
  private movesKnown!: () => void;
  /** Resolves once a replay's recorded moves have arrived (or are known to be missing). */
  readonly movesReady = new Promise<void>((r) => (this.movesKnown = r));
  private indexCache: { t: number; ships: Map<number, number>; planets: Map<number, number> } | null = null;

  constructor(h: Header) {
    super(h);
    // The rows' layout comes from the engine, with the first message (before any row).
    adoptRowLayout(h.layout);
    this.seed = h.seed;
  }

  get numFrames(): number {
    return this.shipRows.length;
  }

  /** Adds a batch of frames and turns (views into its transferred buffers, no copies). */
  append(b: FrameBatch): void {
    let so = 0;
    let po = 0;
    for (let k = 0; k < b.shipCounts.length; k++) {
      const sn = b.shipCounts[k] * SHIP_STRIDE;
      const pn = b.planetCounts[k] * PLANET_STRIDE;
      this.shipRows[b.from + k] = b.ships.subarray(so, so + sn);
      this.planetRows[b.from + k] = b.planets.subarray(po, po + pn);
      so += sn;
      po += pn;
    }
    let mo = 0;
    let eo = 0;
    for (let k = 0; k < b.eventCounts.length; k++) {
      const t = b.turnFrom + k;
      const mn = Math.floor((this.shipRows[t]?.length ?? 0) / SHIP_STRIDE) * MOTION_STRIDE;
      const en = b.eventCounts[k] * EV_STRIDE;
      this.motionRows[t] = b.motion.subarray(mo, mo + mn);
      this.eventRows[t] = b.events.subarray(eo, eo + en);
      mo += mn;
      eo += en;
    }
    this.indexCache = null;
    this.version++;
  }

  setMoves(m: RecordedMoves | null): void {
    this.movesKnown();
    if (!m) return;
    const start = new Uint32Array(m.counts.length + 1);
    for (let t = 0; t < m.counts.length; t++) start[t + 1] = start[t] + m.counts[t];
    this.moves = { packed: m.packed, start };
  }

  /** Whether the recorded moves have arrived (a replay's, after its rows). */
  get hasMoves(): boolean {
    return this.moves !== null;
  }

  /** The commands seat `seat` gave on turn t, packed (seat, ship, kind, a, b). */
  recordedMoves(t: number, seat: number): number[] {
    const m = this.moves;
    if (!m || t < 0 || t + 1 >= m.start.length) return [];
    const out: number[] = [];
    for (let c = m.start[t]; c < m.start[t + 1]; c++) {
      const o = c * 5;
      if (m.packed[o] === seat) for (let j = 0; j < 5; j++) out.push(m.packed[o + j]);
    }
    return out;
  }

  private check(t: number): void {
    if (!Number.isInteger(t) || t < 0 || t >= this.shipRows.length) throw new Error(`no frame ${t} (0 to ${this.shipRows.length - 1})`);
  }

  ships(t: number): Float64Array {
    this.check(t);
    return this.shipRows[t];
  }

  planets(t: number): Float64Array {
    this.check(t);
    return this.planetRows[t];
  }

  motion(t: number): Float64Array | null {
    return this.motionRows[t] ?? null;
  }

  events(t: number): Float64Array {
    return this.eventRows[t] ?? EMPTY;
  }

  private index(t: number): { ships: Map<number, number>; planets: Map<number, number> } {
    const c = this.indexCache;
    if (c && c.t === t) return c;
    const ships = new Map<number, number>();
    const planets = new Map<number, number>();
    const s = this.ships(t);
    for (let o = 0, i = 0; o < s.length; o += SHIP_STRIDE, i++) ships.set(s[o + S_ID], i);
    const p = this.planets(t);
    for (let o = 0, i = 0; o < p.length; o += PLANET_STRIDE, i++) planets.set(p[o + P_ID], i);
    this.indexCache = { t, ships, planets };
    return this.indexCache;
  }

  /** The row (not the offset) of ship `id` in frame t, or -1. */
  shipIndex(t: number, id: number): number {
    return this.index(t).ships.get(id) ?? -1;
  }

  /** The row of planet `id` in frame t, or -1 (destroyed). */
  planetIndex(t: number, id: number): number {
    return this.index(t).planets.get(id) ?? -1;
  }
}
