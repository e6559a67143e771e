// The Halite II board: a bounded map of floating-point space drawn on a canvas. Planets show
// their owner (colour), health (the ring), docking spots (marks around the rim, filled when
// taken) and production toward the next ship (the inner arc); docked ships hang on tethers.
// Ships are small triangles pointing where they fly, with a health bar when zoomed in. Between
// two frames ships move in straight lines, and the turn's events play at their times: attack
// lines, explosion bursts, spawn pulses. Zoom and pan are the shell camera's (shell/viewer/camera.ts).

import { CanvasBoard } from '../../shell/viewer/canvas-view';
import type { BoardDrawState, BoardView, FrameSource, Perspective } from '../../shell/game';
import { DEFAULT_PALETTE, ownerColour, type Palette } from '../../shell/palette';
import type { Halite2Frames } from './frames';
import { EV_ATTACK, EV_DESTROYED, EV_SPAWNED, EV_STRIDE, E_A, E_B, E_ID, E_KIND, E_OWNER, E_TIME, E_X, E_Y, MOTION_STRIDE, M_END, M_X, M_Y } from './rows';
import {
  PLANET_STRIDE,
  P_DOCKED,
  P_HEALTH,
  P_ID,
  P_OWNER,
  P_PRODUCTION,
  P_RADIUS,
  P_SPOTS,
  P_X,
  P_Y,
  SHIP_STRIDE,
  S_HEALTH,
  S_ID,
  S_OWNER,
  S_PLANET,
  S_STATUS,
  S_VX,
  S_VY,
  S_X,
  S_Y,
  decodeTarget,
  planetTarget,
  shipTarget,
} from './types';

/** Draws over the board after each frame: `toScreen` maps map points to canvas CSS pixels,
 * `scale` is CSS pixels per map unit. */
export type BoardOverlay = (ctx: CanvasRenderingContext2D, toScreen: (x: number, y: number) => [number, number], scale: number) => void;

const SPACE = '#060913';
const MAP_FILL = '#0b1020';
const MAP_EDGE = 'rgba(140, 160, 210, 0.35)';
const GRID = 'rgba(120, 140, 200, 0.07)';
const STAR_COLOURS = ['rgba(140, 155, 210, 0.25)', 'rgba(170, 185, 230, 0.45)', 'rgba(220, 230, 255, 0.8)'];
const SHIP_RADIUS = 0.5;
const SHIP_MAX_HEALTH = 255;
/** Production a planet gathers for one ship. */
const SHIP_COST = 72;
/** Map units between grid lines. */
const GRID_STEP = 16;
/** The furthest zoom in, CSS pixels per map unit. */
const MAX_SCALE = 60;
/** How far from a ship or planet (CSS px) a pointer still picks it: fingers are wide. */
const PICK_PX = 14;
/** How long (turn fractions) attack lines, bursts and pulses stay on screen. */
const ATTACK_SPAN = 0.3;
const BURST_SPAN = 0.45;
const SPAWN_SPAN = 0.45;

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** `#rrggbb` with an alpha, as an `rgba()` string. */
function withAlpha(hex: string, a: number): string {
  const v = parseInt(hex.slice(1), 16);
  return `rgba(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255}, ${a})`;
}

/** A small deterministic generator for the star field (the same sky for the same map). */
function stars(width: number, height: number): Float32Array {
  let s = (width * 73856093) ^ (height * 19349663) ^ 0x5bd1e995;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const n = Math.round((width * height) / 90);
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = next() * width;
    out[i * 3 + 1] = next() * height;
    out[i * 3 + 2] = next();
  }
  return out;
}

export class Halite2Board extends CanvasBoard<Halite2Frames> implements BoardView {
  private palette: Palette = DEFAULT_PALETTE;
  private colours: string[] = [];
  private sky: Float32Array = new Float32Array(0);
  private overlay: BoardOverlay | null = null;
  /** Planets' full health (their health in frame 0), by id. */
  private maxHealth = new Map<number, number>();
  /** The frame and transit last drawn (picking looks where things were drawn). */
  private shown = { frame: 0, transit: 0 };

  constructor(canvas: HTMLCanvasElement) {
    super(canvas, false);
    this.setPalette(DEFAULT_PALETTE);
  }

  get source(): Halite2Frames | null {
    return this.src;
  }

  /** The frame last drawn (the human controls read its rows from the source). */
  get shownFrame(): number {
    return this.shown.frame;
  }

  /** Rows of the frame `frame` (the human controls' view of it). */
  frameRows(frame: number): { ships: Float64Array; planets: Float64Array } | null {
    const s = this.src;
    if (!s || frame < 0 || frame >= s.numFrames) return null;
    return { ships: s.ships(frame), planets: s.planets(frame) };
  }

  setOverlay(draw: BoardOverlay | null): void {
    this.overlay = draw;
  }

  setPalette(p: Palette): void {
    this.palette = p;
    this.colours = [0, 1, 2, 3, 4, 5, 6].map((o) => ownerColour(p, o));
  }

  /** The colour of a seat (-1: nobody). */
  private colour(seat: number): string {
    return seat < 0 ? this.palette.colours[0] : this.colours[1 + (seat % 6)];
  }

  setSource(source: FrameSource | null): void {
    const src = source as Halite2Frames | null;
    this.src = src;
    this.maxHealth = new Map();
    if (!src) return;
    const sameSize = src.width === this.width && src.height === this.height;
    this.width = src.width;
    this.height = src.height;
    if (!sameSize || this.sky.length === 0) this.sky = stars(this.width, this.height);
    if (src.numFrames > 0) {
      const p = src.planets(0);
      for (let o = 0; o < p.length; o += PLANET_STRIDE) this.maxHealth.set(p[o + P_ID], p[o + P_HEALTH]);
    }
    this.resetView();
  }

  resize(): void {
    if (!this.view.fit()) return;
    const fit = this.fitScale();
    if (!this.userZoomed || this.camera.scale < fit) this.resetView();
  }

  private fitScale(): number {
    if (!this.width || !this.height || !this.view.w || !this.view.h) return 1;
    return Math.min((this.view.w - 8) / this.width, (this.view.h - 8) / this.height);
  }

  resetView(): void {
    this.camera = { scale: this.fitScale(), cx: this.width / 2, cy: this.height / 2 };
    this.userZoomed = false;
  }

  /** Keeps the map on screen: its centre may not leave the view. */
  private clampCamera(): void {
    const c = this.camera;
    const hw = this.view.w / 2 / c.scale;
    const hh = this.view.h / 2 / c.scale;
    // Zoomed out further than the map: it stays centred; else its edges stop at the view's.
    c.cx = this.width <= 2 * hw ? this.width / 2 : clamp(c.cx, hw, this.width - hw);
    c.cy = this.height <= 2 * hh ? this.height / 2 : clamp(c.cy, hh, this.height - hh);
  }

  zoomBy(factor: number, px = this.view.w / 2, py = this.view.h / 2): void {
    if (!this.src) return;
    const fit = this.fitScale();
    const c = this.camera;
    const next = clamp(c.scale * factor, fit * 0.8, Math.max(fit, MAX_SCALE));
    if (next === c.scale) return;
    // The map point under (px, py) stays there.
    const wx = c.cx + (px - this.view.w / 2) / c.scale;
    const wy = c.cy + (py - this.view.h / 2) / c.scale;
    c.scale = next;
    c.cx = wx - (px - this.view.w / 2) / next;
    c.cy = wy - (py - this.view.h / 2) / next;
    this.userZoomed = next > fit * 1.0001;
    this.clampCamera();
  }

  panBy(dx: number, dy: number): void {
    if (!this.src) return;
    this.camera.cx -= dx / this.camera.scale;
    this.camera.cy -= dy / this.camera.scale;
    this.clampCamera();
  }

  /** Keyboard panning: a tenth of the view per step. */
  panSteps(dx: number, dy: number): void {
    this.panBy((-dx * this.view.w) / 10, (-dy * this.view.h) / 10);
  }

  /** CSS pixel in the canvas of map point (x, y). */
  private toScreen = (x: number, y: number): [number, number] => {
    const c = this.camera;
    return [(x - c.cx) * c.scale + this.view.w / 2, (y - c.cy) * c.scale + this.view.h / 2];
  };

  /** The map point under a client point, or null off the map. */
  worldAt(clientX: number, clientY: number): { x: number; y: number } | null {
    if (!this.src) return null;
    const r = this.canvas.getBoundingClientRect();
    const c = this.camera;
    const x = c.cx + (clientX - r.left - this.view.w / 2) / c.scale;
    const y = c.cy + (clientY - r.top - this.view.h / 2) / c.scale;
    return x >= 0 && y >= 0 && x <= this.width && y <= this.height ? { x, y } : null;
  }

  /** The client point of map point (x, y), or null when off screen. */
  cellToClient(x: number, y: number): { x: number; y: number } | null {
    if (!this.src) return null;
    const [sx, sy] = this.toScreen(x, y);
    if (sx < 0 || sy < 0 || sx > this.view.w || sy > this.view.h) return null;
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + sx, y: r.top + sy };
  }

  mapToCanvas(x: number, y: number): [number, number] {
    return this.toScreen(x, y);
  }

  pixelsPerUnit(): number {
    return this.camera.scale;
  }

  isVisible(_t: number, _frame: number, _p: Perspective): boolean {
    // Halite II has no fog of war.
    return true;
  }

  /** Where ship row i of frame f is at transit τ, or null once it is destroyed. */
  private shipAt(f: number, i: number, tau: number): [number, number] | null {
    const src = this.src;
    if (!src) return null;
    const s = src.ships(f);
    const o = i * SHIP_STRIDE;
    const m = tau > 0 ? src.motion(f) : null;
    if (!m || m.length < (i + 1) * MOTION_STRIDE) return [s[o + S_X], s[o + S_Y]];
    const k = i * MOTION_STRIDE;
    const end = m[k + M_END];
    if (end < 1 && tau > end) return null;
    const u = Math.min(1, tau / end);
    return [s[o + S_X] + (m[k + M_X] - s[o + S_X]) * u, s[o + S_Y] + (m[k + M_Y] - s[o + S_Y]) * u];
  }

  /** The ship or planet under a client point (a tolerance for fingers), or -1. */
  pick(clientX: number, clientY: number): number {
    const src = this.src;
    if (!src || src.numFrames === 0) return -1;
    const w = this.worldAtUnclamped(clientX, clientY);
    const f = Math.min(this.shown.frame, src.numFrames - 1);
    const tau = this.shown.transit;
    const tol = PICK_PX / this.camera.scale;
    let best = -1;
    let bestD = Infinity;
    const s = src.ships(f);
    for (let i = 0, o = 0; o < s.length; i++, o += SHIP_STRIDE) {
      const p = this.shipAt(f, i, tau);
      if (!p) continue;
      const d = Math.hypot(p[0] - w.x, p[1] - w.y);
      if (d <= Math.max(tol, SHIP_RADIUS * 2) && d < bestD) {
        bestD = d;
        best = shipTarget(s[o + S_ID]);
      }
    }
    const pl = src.planets(f);
    for (let o = 0; o < pl.length; o += PLANET_STRIDE) {
      const r = pl[o + P_RADIUS];
      const d = Math.hypot(pl[o + P_X] - w.x, pl[o + P_Y] - w.y);
      // Inside a planet's body the planet wins over ships on its rim.
      if (d <= r * 0.8) return planetTarget(pl[o + P_ID]);
      if (d <= r + tol && best < 0) best = planetTarget(pl[o + P_ID]);
    }
    return best;
  }

  private worldAtUnclamped(clientX: number, clientY: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const c = this.camera;
    return { x: c.cx + (clientX - r.left - this.view.w / 2) / c.scale, y: c.cy + (clientY - r.top - this.view.h / 2) / c.scale };
  }

  // ------------------------------------------------------------------ drawing

  draw(state: BoardDrawState): void {
    const ctx = this.ctx;
    const src = this.src;
    ctx.setTransform(this.view.dpr, 0, 0, this.view.dpr, 0, 0);
    ctx.fillStyle = SPACE;
    ctx.fillRect(0, 0, this.view.w, this.view.h);
    if (!src || src.numFrames === 0) return;
    const f = Math.min(state.frame, src.numFrames - 1);
    const tau = f < src.numFrames - 1 ? clamp(state.transit, 0, 1) : 0;
    this.shown = { frame: f, transit: tau };
    this.drawSpace();
    this.drawPlanets(f, tau);
    this.drawShips(f, tau);
    this.drawEvents(f, tau);
    this.drawTarget(state.hover, f, tau, false);
    this.drawTarget(state.pinned, f, tau, true);
    if (this.overlay) {
      ctx.save();
      try {
        this.overlay(ctx, this.toScreen, this.camera.scale);
      } finally {
        ctx.restore();
      }
    }
  }

  private drawSpace(): void {
    const ctx = this.ctx;
    const c = this.camera;
    const [x0, y0] = this.toScreen(0, 0);
    const w = this.width * c.scale;
    const h = this.height * c.scale;
    ctx.fillStyle = MAP_FILL;
    ctx.fillRect(x0, y0, w, h);
    // Stars, in three brightnesses (one fill colour each), only those on screen.
    const sky = this.sky;
    for (let level = 0; level < STAR_COLOURS.length; level++) {
      ctx.fillStyle = STAR_COLOURS[level];
      const size = level === 2 ? 1.6 : 1;
      for (let i = 0; i < sky.length; i += 3) {
        const b = sky[i + 2];
        if ((b > 0.93 ? 2 : b > 0.6 ? 1 : 0) !== level) continue;
        const sx = x0 + sky[i] * c.scale;
        const sy = y0 + sky[i + 1] * c.scale;
        if (sx < 0 || sy < 0 || sx > this.view.w || sy > this.view.h) continue;
        ctx.fillRect(sx, sy, size, size);
      }
    }
    // A faint grid gives a sense of scale and motion when zoomed in.
    if (GRID_STEP * c.scale >= 24) {
      ctx.strokeStyle = GRID;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = GRID_STEP; x < this.width; x += GRID_STEP) {
        const sx = Math.round(x0 + x * c.scale) + 0.5;
        ctx.moveTo(sx, Math.max(0, y0));
        ctx.lineTo(sx, Math.min(this.view.h, y0 + h));
      }
      for (let y = GRID_STEP; y < this.height; y += GRID_STEP) {
        const sy = Math.round(y0 + y * c.scale) + 0.5;
        ctx.moveTo(Math.max(0, x0), sy);
        ctx.lineTo(Math.min(this.view.w, x0 + w), sy);
      }
      ctx.stroke();
    }
    ctx.strokeStyle = MAP_EDGE;
    ctx.lineWidth = 1;
    ctx.strokeRect(Math.round(x0) + 0.5, Math.round(y0) + 0.5, Math.round(w) - 1, Math.round(h) - 1);
  }

  /** When (turn fraction) planet `id` is destroyed during turn f, or 2 if it is not. */
  private planetEnd(f: number, id: number, tau: number): number {
    if (tau <= 0 || !this.src) return 2;
    const ev = this.src.events(f);
    for (let o = 0; o < ev.length; o += EV_STRIDE) {
      if (ev[o + E_KIND] === EV_DESTROYED && ev[o + E_B] === 1 && ev[o + E_ID] === id) return ev[o + E_TIME];
    }
    return 2;
  }

  private drawPlanets(f: number, tau: number): void {
    const src = this.src;
    if (!src) return;
    const ctx = this.ctx;
    const scale = this.camera.scale;
    const p = src.planets(f);
    const ships = src.ships(f);
    for (let o = 0; o < p.length; o += PLANET_STRIDE) {
      const id = p[o + P_ID];
      if (tau > this.planetEnd(f, id, tau)) continue;
      const [x, y] = this.toScreen(p[o + P_X], p[o + P_Y]);
      const r = Math.max(2.5, p[o + P_RADIUS] * scale);
      if (x + r + 12 < 0 || y + r + 12 < 0 || x - r - 12 > this.view.w || y - r - 12 > this.view.h) continue;
      const owner = p[o + P_OWNER];
      const col = this.colour(owner);
      // Tethers from the planet to its docked ships (drawn first: the body covers their roots).
      if (p[o + P_DOCKED] > 0) {
        ctx.strokeStyle = withAlpha(col, 0.7);
        ctx.lineWidth = Math.max(1, scale * 0.18);
        ctx.beginPath();
        for (let so = 0; so < ships.length; so += SHIP_STRIDE) {
          if (ships[so + S_PLANET] !== id || ships[so + S_STATUS] === 0) continue;
          const [sx, sy] = this.toScreen(ships[so + S_X], ships[so + S_Y]);
          ctx.moveTo(x, y);
          ctx.lineTo(sx, sy);
        }
        ctx.stroke();
      }
      // The body: a lit sphere in the owner's colour (neutral planets are grey rock).
      const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
      g.addColorStop(0, owner >= 0 ? withAlpha(col, 0.95) : '#a3acbd');
      g.addColorStop(1, owner >= 0 ? withAlpha(col, 0.35) : '#3a4150');
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
      // Health: a ring around the body, full at full health.
      const max = this.maxHealth.get(id) ?? p[o + P_HEALTH];
      const frac = max > 0 ? clamp(p[o + P_HEALTH] / max, 0, 1) : 1;
      const ringR = r + Math.max(1.5, scale * 0.35);
      ctx.lineWidth = Math.max(1.5, Math.min(4, scale * 0.3));
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.12)';
      ctx.beginPath();
      ctx.arc(x, y, ringR, 0, Math.PI * 2);
      ctx.stroke();
      // Full health reads as a quiet ring; damage turns it amber, then red.
      ctx.strokeStyle = frac >= 1 ? 'rgba(225, 232, 245, 0.45)' : frac > 0.5 ? 'rgba(120, 230, 160, 0.9)' : frac > 0.25 ? 'rgba(250, 200, 80, 0.95)' : 'rgba(255, 90, 80, 0.95)';
      ctx.beginPath();
      ctx.arc(x, y, ringR, -Math.PI / 2, -Math.PI / 2 + frac * Math.PI * 2);
      ctx.stroke();
      // Production toward the next ship: an inner arc.
      const prod = p[o + P_PRODUCTION];
      if (owner >= 0 && prod > 0 && r > 6) {
        ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
        ctx.lineWidth = Math.max(1, r * 0.08);
        ctx.beginPath();
        ctx.arc(x, y, r * 0.62, -Math.PI / 2, -Math.PI / 2 + clamp(prod / SHIP_COST, 0, 1) * Math.PI * 2);
        ctx.stroke();
      }
      // Docking spots: marks outside the ring, filled for the ships docked.
      const spots = p[o + P_SPOTS];
      const docked = p[o + P_DOCKED];
      const markR = Math.max(1.6, Math.min(4, scale * 0.35));
      const at = ringR + markR * 2.2;
      for (let k = 0; k < spots; k++) {
        const a = -Math.PI / 2 + (k / spots) * Math.PI * 2;
        ctx.beginPath();
        ctx.arc(x + Math.cos(a) * at, y + Math.sin(a) * at, markR, 0, Math.PI * 2);
        if (k < docked) {
          ctx.fillStyle = col;
          ctx.fill();
        } else {
          ctx.strokeStyle = 'rgba(200, 210, 230, 0.55)';
          ctx.lineWidth = 1;
          ctx.stroke();
        }
      }
    }
  }

  private drawShips(f: number, tau: number): void {
    const src = this.src;
    if (!src) return;
    const ctx = this.ctx;
    const scale = this.camera.scale;
    const s = src.ships(f);
    const m = tau > 0 ? src.motion(f) : null;
    // Ships stay readable zoomed out: never smaller than a few pixels.
    const size = Math.max(4.5, SHIP_RADIUS * 1.6 * scale);
    const showHealth = scale >= 7;
    const n = s.length / SHIP_STRIDE;
    for (let seat = 0; seat < src.numPlayers; seat++) {
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < n; i++) {
        const o = i * SHIP_STRIDE;
        if (s[o + S_OWNER] !== seat) continue;
        const p = this.shipAt(f, i, tau);
        if (!p) continue;
        const [x, y] = this.toScreen(p[0], p[1]);
        if (x < -size || y < -size || x > this.view.w + size || y > this.view.h + size) continue;
        // Heading: where it flies this turn, else its last velocity, else away from its planet.
        let dx = 0;
        let dy = 0;
        if (m && m.length >= (i + 1) * MOTION_STRIDE) {
          dx = m[i * MOTION_STRIDE + M_X] - s[o + S_X];
          dy = m[i * MOTION_STRIDE + M_Y] - s[o + S_Y];
        }
        if (dx * dx + dy * dy < 1e-6) {
          dx = s[o + S_VX];
          dy = s[o + S_VY];
        }
        if (dx * dx + dy * dy < 1e-6) {
          const pi = s[o + S_PLANET] >= 0 ? src.planetIndex(f, s[o + S_PLANET]) : -1;
          if (pi >= 0) {
            const pl = src.planets(f);
            dx = s[o + S_X] - pl[pi * PLANET_STRIDE + P_X];
            dy = s[o + S_Y] - pl[pi * PLANET_STRIDE + P_Y];
          } else dx = seat % 2 === 0 ? 1 : -1;
        }
        const a = Math.atan2(dy, dx);
        const ca = Math.cos(a);
        const sa = Math.sin(a);
        ctx.moveTo(x + ca * size, y + sa * size);
        ctx.lineTo(x - ca * size * 0.7 - sa * size * 0.65, y - sa * size * 0.7 + ca * size * 0.65);
        ctx.lineTo(x - ca * size * 0.35, y - sa * size * 0.35);
        ctx.lineTo(x - ca * size * 0.7 + sa * size * 0.65, y - sa * size * 0.7 - ca * size * 0.65);
        ctx.closePath();
        any = true;
      }
      if (!any) continue;
      ctx.fillStyle = this.colour(seat);
      ctx.fill();
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
      ctx.lineWidth = 0.8;
      ctx.stroke();
    }
    // Docked and docking ships get a small ring; health bars when zoomed in.
    for (let i = 0; i < n; i++) {
      const o = i * SHIP_STRIDE;
      const status = s[o + S_STATUS];
      if ((status === 0 || status === 2) && !showHealth) continue;
      const p = this.shipAt(f, i, tau);
      if (!p) continue;
      const [x, y] = this.toScreen(p[0], p[1]);
      if (x < -20 || y < -20 || x > this.view.w + 20 || y > this.view.h + 20) continue;
      // Docked ships hang on their planet's tether; docking and undocking ones get a dashed ring.
      if (status === 1 || status === 3) {
        ctx.strokeStyle = 'rgba(255, 255, 255, 0.6)';
        ctx.setLineDash([2, 2]);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.arc(x, y, size * 1.2, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (showHealth) {
        const h = clamp(s[o + S_HEALTH] / SHIP_MAX_HEALTH, 0, 1);
        const bw = Math.max(8, size * 1.6);
        const bh = Math.max(2, Math.min(5, size * 0.14));
        const by = y - size - bh - 3;
        ctx.fillStyle = 'rgba(0, 0, 0, 0.6)';
        ctx.fillRect(x - bw / 2, by, bw, bh);
        ctx.fillStyle = h > 0.5 ? '#6fe3a0' : h > 0.25 ? '#f5c451' : '#ff6a5e';
        ctx.fillRect(x - bw / 2, by, bw * h, bh);
      }
    }
  }

  /** Where something was destroyed in the last turn, while paused on a frame: a burst mark in
   * the colour of its owner, so a loss is seen even when the turn was not animated. */
  private wreck(ev: Float64Array, o: number): void {
    const ctx = this.ctx;
    const scale = this.camera.scale;
    const planet = ev[o + E_B] === 1;
    const [x, y] = this.toScreen(ev[o + E_X], ev[o + E_Y]);
    const r = Math.max(planet ? 8 : 5, ev[o + E_A] * scale * 1.6);
    const owner = ev[o + E_OWNER];
    ctx.save();
    ctx.strokeStyle = 'rgba(255, 150, 60, 0.85)';
    ctx.lineWidth = Math.max(1.2, scale * 0.15);
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = owner >= 0 ? withAlpha(this.colour(owner), 0.9) : 'rgba(255, 210, 160, 0.9)';
    const k = r * 0.55;
    ctx.beginPath();
    ctx.moveTo(x - k, y - k);
    ctx.lineTo(x + k, y + k);
    ctx.moveTo(x + k, y - k);
    ctx.lineTo(x - k, y + k);
    ctx.stroke();
    ctx.restore();
  }

  /** The turn's events around transit τ; paused on a frame, the last turn's attacks stay faint. */
  private drawEvents(f: number, tau: number): void {
    const src = this.src;
    if (!src) return;
    const ctx = this.ctx;
    const scale = this.camera.scale;
    if (tau <= 0) {
      if (f === 0) return;
      const ev = src.events(f - 1);
      ctx.lineWidth = Math.max(0.8, scale * 0.12);
      for (let o = 0; o < ev.length; o += EV_STRIDE) {
        if (ev[o + E_KIND] === EV_ATTACK) this.attackLine(ev, o, 0.28);
        else if (ev[o + E_KIND] === EV_DESTROYED) this.wreck(ev, o);
      }
      return;
    }
    const ev = src.events(f);
    for (let o = 0; o < ev.length; o += EV_STRIDE) {
      const kind = ev[o + E_KIND];
      const time = ev[o + E_TIME];
      if (kind === EV_ATTACK) {
        const age = tau - time;
        if (age < 0 || age > ATTACK_SPAN) continue;
        ctx.lineWidth = Math.max(1, scale * 0.2);
        this.attackLine(ev, o, 1 - age / ATTACK_SPAN);
      } else if (kind === EV_DESTROYED) {
        const age = tau - time;
        if (age < 0 || age > BURST_SPAN) continue;
        const u = age / BURST_SPAN;
        const planet = ev[o + E_B] === 1;
        const [x, y] = this.toScreen(ev[o + E_X], ev[o + E_Y]);
        const base = Math.max(planet ? 8 : 4, ev[o + E_A] * scale);
        const r = base * (1 + u * (planet ? 2.5 : 3));
        const g = ctx.createRadialGradient(x, y, 0, x, y, r);
        g.addColorStop(0, `rgba(255, 250, 225, ${0.95 * (1 - u)})`);
        g.addColorStop(0.4, `rgba(255, 170, 60, ${0.75 * (1 - u)})`);
        g.addColorStop(1, 'rgba(255, 80, 30, 0)');
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
      } else if (kind === EV_SPAWNED) {
        // Ships appear at the end of the turn: the pulse leads up to it.
        const u = (tau - (1 - SPAWN_SPAN)) / SPAWN_SPAN;
        if (u < 0) continue;
        const [x, y] = this.toScreen(ev[o + E_X], ev[o + E_Y]);
        const col = this.colour(ev[o + E_OWNER]);
        ctx.strokeStyle = withAlpha(col, 0.9 * (1 - u * 0.6));
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.arc(x, y, Math.max(3, scale * 0.6) * (0.5 + u * 2.5), 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillStyle = withAlpha(col, 0.5 * u);
        ctx.beginPath();
        ctx.arc(x, y, Math.max(2, scale * 0.5), 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  private attackLine(ev: Float64Array, o: number, alpha: number): void {
    const ctx = this.ctx;
    const [x0, y0] = this.toScreen(ev[o + E_X], ev[o + E_Y]);
    const [x1, y1] = this.toScreen(ev[o + E_A], ev[o + E_B]);
    ctx.strokeStyle = withAlpha(this.colour(ev[o + E_OWNER]), alpha);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    ctx.fillStyle = `rgba(255, 255, 255, ${alpha * 0.8})`;
    ctx.beginPath();
    ctx.arc(x1, y1, Math.max(1.2, this.camera.scale * 0.25), 0, Math.PI * 2);
    ctx.fill();
  }

  /** Outlines the hovered or pinned ship or planet. */
  private drawTarget(t: number, f: number, tau: number, pinned: boolean): void {
    const src = this.src;
    const d = decodeTarget(t);
    if (!src || !d) return;
    const ctx = this.ctx;
    let x: number;
    let y: number;
    let r: number;
    if (d.kind === 'ship') {
      const i = src.shipIndex(f, d.id);
      if (i < 0) return;
      const p = this.shipAt(f, i, tau);
      if (!p) return;
      [x, y] = this.toScreen(p[0], p[1]);
      r = Math.max(7, this.camera.scale * 1.6);
    } else {
      const i = src.planetIndex(f, d.id);
      if (i < 0) return;
      const pl = src.planets(f);
      [x, y] = this.toScreen(pl[i * PLANET_STRIDE + P_X], pl[i * PLANET_STRIDE + P_Y]);
      r = Math.max(6, pl[i * PLANET_STRIDE + P_RADIUS] * this.camera.scale) + 10;
    }
    ctx.strokeStyle = pinned ? '#ffffff' : 'rgba(255, 255, 255, 0.6)';
    ctx.lineWidth = pinned ? 2 : 1.5;
    ctx.setLineDash(pinned ? [] : [4, 3]);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
