// A human's plan for one Halite I turn: which of its pieces are selected, the direction given to
// each, and the standing "go to" orders that walk a piece toward a site over several turns.
// Pure (no DOM): unit-tested in node. The play controls (human.ts) drive it and draw it.

import { UndoHistory } from '../../shell/viewer/undo';
import type { Move, Observation } from './protocol';
import { DX, DY, mod, wrapSigned } from './wrap';

/** No direction given: the piece stays (and grows). */
export const UNSET = -1;

interface Snapshot {
  dirs: Int8Array;
  orders: Map<number, number>;
}

/** The direction of one step from site `from` toward site `to` on a W x H torus (0: arrived).
 * The longer wrapped axis goes first, so a piece walks the diagonal in a staircase. */
export function stepToward(from: number, to: number, W: number, H: number): number {
  if (from === to) return 0;
  const dx = wrapSigned((to % W) - (from % W), W);
  const dy = wrapSigned(Math.floor(to / W) - Math.floor(from / W), H);
  if (Math.abs(dx) >= Math.abs(dy) && dx !== 0) return dx > 0 ? 2 : 4;
  return dy > 0 ? 3 : 1;
}

export class TurnPlan {
  readonly width: number;
  readonly height: number;
  /** The planner's owner id (seat + 1). */
  readonly me: number;
  /** The turn being planned, or -1 between turns. */
  turn = -1;
  owner: Uint8Array;
  strength: Uint8Array;
  /** 1 for a selected site (only the planner's pieces are ever selected). */
  readonly selected: Uint8Array;
  /** Direction per site: UNSET, or 0 to 4. */
  dirs: Int8Array;
  /** Standing "go to" orders: the site a piece is on now -> the site it walks to. */
  orders = new Map<number, number>();
  /** Directions that came from an order this turn (drawn differently). */
  readonly fromOrder: Uint8Array;
  private readonly history = new UndoHistory<Snapshot>();
  /** Bumped on every change (for redraws). */
  version = 0;

  /** The frame the plan is drawn on (the turn's frame). */
  get frame(): number {
    return this.turn;
  }

  constructor(width: number, height: number, me: number) {
    this.width = width;
    this.height = height;
    this.me = me;
    const n = width * height;
    this.owner = new Uint8Array(n);
    this.strength = new Uint8Array(n);
    this.selected = new Uint8Array(n);
    this.dirs = new Int8Array(n).fill(UNSET);
    this.fromOrder = new Uint8Array(n);
  }

  /**
   * Starts planning a turn on what the seat sees. Orders carry over: a piece that moved by an
   * order last turn keeps it from its new site if it still holds that site; the selection
   * follows moved pieces the same way (a piece that is gone drops out of it).
   */
  begin(obs: Observation): void {
    const n = this.width * this.height;
    if (obs.width !== this.width || obs.height !== this.height) throw new Error('the observation does not fit this board');
    const lastDirs = this.dirs;
    const wasSelected = this.selected.slice();
    this.owner = obs.owner;
    this.strength = obs.strength;
    const carried = new Map<number, number>();
    this.selected.fill(0);
    for (let i = 0; i < n; i++) {
      const d = lastDirs[i] >= 1 && lastDirs[i] <= 4 ? lastDirs[i] : 0;
      const j = d === 0 ? i : this.neighbour(i, d);
      if (this.owner[j] !== this.me) continue;
      if (wasSelected[i]) this.selected[j] = 1;
      const target = this.orders.get(i);
      if (target !== undefined && target !== j) carried.set(j, target);
    }
    this.orders = carried;
    this.turn = obs.turn;
    this.history.clear();
    this.dirs = new Int8Array(n).fill(UNSET);
    this.applyOrders();
    this.version++;
  }

  private neighbour(i: number, d: number): number {
    const W = this.width;
    const H = this.height;
    const x = i % W;
    const y = (i - x) / W;
    return mod(y + DY[d], H) * W + mod(x + DX[d], W);
  }

  /** Whether site i holds one of the planner's pieces. */
  mine(i: number): boolean {
    return i >= 0 && i < this.owner.length && this.owner[i] === this.me;
  }

  /** Directions from the standing orders (pieces given a direction by hand keep it). */
  private applyOrders(): void {
    this.fromOrder.fill(0);
    for (const [site, target] of this.orders) {
      if (!this.mine(site)) {
        this.orders.delete(site);
        continue;
      }
      const d = stepToward(site, target, this.width, this.height);
      this.dirs[site] = d;
      this.fromOrder[site] = 1;
    }
  }

  // ------------------------------------------------------------------ selection (not undone)

  get selectedCount(): number {
    let k = 0;
    for (let i = 0; i < this.selected.length; i++) k += this.selected[i];
    return k;
  }

  get pieceCount(): number {
    let k = 0;
    for (let i = 0; i < this.owner.length; i++) if (this.owner[i] === this.me) k++;
    return k;
  }

  /** Pieces given a direction (by hand or by an order) this turn. */
  get setCount(): number {
    let k = 0;
    for (let i = 0; i < this.dirs.length; i++) if (this.dirs[i] !== UNSET && this.owner[i] === this.me) k++;
    return k;
  }

  clearSelection(): void {
    this.selected.fill(0);
    this.version++;
  }

  /** Click: selects the piece on site i (alone, or toggled in with `additive`). A click off the
   * planner's pieces clears the selection (unless additive). */
  click(i: number, additive: boolean): void {
    if (!additive) this.selected.fill(0);
    if (this.mine(i)) this.selected[i] = additive ? 1 - this.selected[i] : 1;
    this.version++;
  }

  /** Selects the pieces in a box given in unwrapped site coordinates (corners included, any
   * order); the box may cross the wrapped edge, and covers at most the whole map once. */
  selectBox(x0: number, y0: number, x1: number, y1: number, additive: boolean): void {
    if (!additive) this.selected.fill(0);
    const W = this.width;
    const H = this.height;
    const ax = Math.min(x0, x1);
    const ay = Math.min(y0, y1);
    const cols = Math.min(W, Math.abs(x1 - x0) + 1);
    const rows = Math.min(H, Math.abs(y1 - y0) + 1);
    for (let r = 0; r < rows; r++) {
      const base = mod(ay + r, H) * W;
      for (let c = 0; c < cols; c++) {
        const i = base + mod(ax + c, W);
        if (this.owner[i] === this.me) this.selected[i] = 1;
      }
    }
    this.version++;
  }

  /** Selects every piece of the planner's. */
  selectAll(): void {
    for (let i = 0; i < this.owner.length; i++) this.selected[i] = this.owner[i] === this.me ? 1 : 0;
    this.version++;
  }

  /** Selects the planner's pieces with strength at least `min` (added to the selection with
   * `additive`, else replacing it). */
  selectStrongerThan(min: number, additive: boolean): void {
    for (let i = 0; i < this.owner.length; i++) {
      const hit = this.owner[i] === this.me && this.strength[i] >= min;
      this.selected[i] = hit ? 1 : additive ? this.selected[i] : 0;
    }
    this.version++;
  }

  // ------------------------------------------------------------------ orders (undoable)

  private snapshot(): Snapshot {
    return { dirs: this.dirs.slice(), orders: new Map(this.orders) };
  }

  private record(): void {
    this.history.record(this.snapshot());
  }

  private restore(s: Snapshot): void {
    this.dirs = s.dirs;
    this.orders = s.orders;
    this.fromOrder.fill(0);
    for (const site of this.orders.keys()) if (this.dirs[site] !== UNSET) this.fromOrder[site] = 1;
    this.version++;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  undo(): boolean {
    const s = this.history.undo(this.snapshot());
    if (!s) return false;
    this.restore(s);
    return true;
  }

  redo(): boolean {
    const s = this.history.redo(this.snapshot());
    if (!s) return false;
    this.restore(s);
    return true;
  }

  /** Gives every selected piece direction `dir` (0 stays); it replaces any order they had.
   * Returns how many pieces it set. */
  direct(dir: number): number {
    if (dir < 0 || dir > 4) return 0;
    let k = 0;
    for (let i = 0; i < this.selected.length; i++) if (this.selected[i] && this.mine(i)) k++;
    if (k === 0) return 0;
    this.record();
    for (let i = 0; i < this.selected.length; i++) {
      if (!this.selected[i] || !this.mine(i)) continue;
      this.dirs[i] = dir;
      this.orders.delete(i);
      this.fromOrder[i] = 0;
    }
    this.version++;
    return k;
  }

  /** Orders every selected piece to walk to site `target`, one step a turn, until it arrives
   * (or loses its piece). Returns how many pieces were ordered. */
  goTo(target: number): number {
    if (target < 0 || target >= this.owner.length) return 0;
    let k = 0;
    for (let i = 0; i < this.selected.length; i++) if (this.selected[i] && this.mine(i) && i !== target) k++;
    if (k === 0) return 0;
    this.record();
    for (let i = 0; i < this.selected.length; i++) {
      if (!this.selected[i] || !this.mine(i) || i === target) continue;
      this.orders.set(i, target);
      this.dirs[i] = stepToward(i, target, this.width, this.height);
      this.fromOrder[i] = 1;
    }
    this.version++;
    return k;
  }

  /** Clears the directions and orders of the selected pieces (or of every piece). */
  clear(all: boolean): void {
    this.record();
    for (let i = 0; i < this.dirs.length; i++) {
      if (!all && !this.selected[i]) continue;
      this.dirs[i] = UNSET;
      this.orders.delete(i);
      this.fromOrder[i] = 0;
    }
    this.version++;
  }

  /** The turn's moves: every piece of the planner's with a direction (unset pieces stay). */
  moves(): Move[] {
    const W = this.width;
    const out: Move[] = [];
    for (let i = 0; i < this.dirs.length; i++) {
      const d = this.dirs[i];
      if (d === UNSET || this.owner[i] !== this.me) continue;
      out.push({ x: i % W, y: Math.floor(i / W), dir: d });
    }
    return out;
  }
}
