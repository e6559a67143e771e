// The Halite I board (BoardView): the torus map, shared by every page that shows Halite I.
//
// One canvas. The territory background is one pixel per site written into a W x H ImageData
// through a packed-colour lookup table, then scaled up with smoothing off (up to four drawImage
// calls to wrap around the torus). Pieces are squares batched into one path per owner. Nothing
// is allocated per frame: buffers grow only when the view needs more room.

import { CanvasBoard } from '../../shell/viewer/canvas-view';
import type { BoardDrawState, BoardView, FrameSource, Perspective } from '../../shell/game';
import type { Halite1Frames } from './frames';
import type { FogFrame } from './types';
import {
  DX,
  DY,
  clamp,
  ease,
  fitScale,
  layout,
  mod,
  pointOfSite,
  siteAtPoint,
  wrappedCentre,
  wrapSigned,
  zoomAt,
} from './wrap';
import {
  DEFAULT_PALETTE,
  FOG_COLOUR,
  Palette,
  heatLut,
  hexToRgb,
  isLittleEndian,
  ownerColour,
  packRgba,
  territoryLut,
  withAlpha,
} from '../../shell/palette';

export interface DrawOptions {
  /** Integer frame index. */
  frame: number;
  /** Progress of the move from `frame` to `frame + 1`, 0..1 (pieces slide along their move). */
  transit: number;
  /** A perspective: what one player saw of `frame`; null for the whole map. */
  fog: FogFrame | null;
  /** Paint the production heat map instead of territory. */
  production: boolean;
  /** Draw an arrow on every piece that moves this turn. */
  arrows: boolean;
  /** Site index under the pointer, or -1. */
  hover: number;
  /** Site index pinned in the inspector, or -1. */
  pinned: number;
}

/** A human's plan drawn over the frame it was made on (games/halite1/plan.ts). */
export interface PlanOverlay {
  frame: number;
  selected: Uint8Array;
  /** Direction per site: -1 unset, 0 still, 1..4. */
  dirs: Int8Array;
  /** 1 where the direction came from a standing "go to" order. */
  fromOrder: Uint8Array;
  /** Go-to orders: piece site -> target site. */
  orders: ReadonlyMap<number, number>;
  /** The planner's owner value (its pieces are marked in the first turns, so you find them). */
  readonly me?: number;
}

/** Turns during which a human's own pieces are ringed ("you are here"). */
const FIND_ME_TURNS = 5;

const PLAN_SELECT = '#ffd84a';
const PLAN_ARROW = '#ffffff';
const PLAN_ORDER = 'rgba(120, 230, 255, 0.95)';

/** An arrow from (cx, cy) in direction d (1..4): the shaft and a head of two strokes back from
 * the tip. */
function arrow(p: CanvasPath, cx: number, cy: number, d: number, len: number, head: number): void {
  const tx = cx + DX[d] * len;
  const ty = cy + DY[d] * len;
  p.moveTo(cx, cy);
  p.lineTo(tx, ty);
  const bx = tx - DX[d] * head;
  const by = ty - DY[d] * head;
  p.moveTo(bx + DY[d] * head, by - DX[d] * head);
  p.lineTo(tx, ty);
  p.lineTo(bx - DY[d] * head, by + DX[d] * head);
}

const STRENGTH_LABELS: string[] = Array.from({ length: 256 }, (_, i) => String(i));
const MAX_SCALE = 96;
const LITTLE_ENDIAN = isLittleEndian();

export class MapRenderer extends CanvasBoard<Halite1Frames> implements BoardView {

  private palette: Palette = DEFAULT_PALETTE;
  private colours: string[] = [];
  private neutralPiece = '';
  private terrLut: Uint32Array = new Uint32Array(0);
  private heatLut: Uint32Array = new Uint32Array(0);
  private fogPixel = 0;
  private maxProduction = 1;

  private readonly bg: HTMLCanvasElement;
  private readonly bgCtx: CanvasRenderingContext2D;
  private bgImage: ImageData | null = null;
  private bgPixels: Uint32Array = new Uint32Array(0);
  // What the background currently holds, to skip repainting while a move animates.
  private bgFrame = -1;
  private bgFog: FogFrame | null = null;
  private bgProduction = false;
  private bgValid = false;

  // Per-owner piece rectangles (x, y, size) and outline lists, reused across frames.
  private buckets: Float32Array[] = [];
  private counts = new Int32Array(7);
  private maxed = new Float32Array(0);
  private maxedCount = 0;
  private empties = new Float32Array(0);
  private emptiesCount = 0;
  private plan: PlanOverlay | null = null;

  constructor(canvas: HTMLCanvasElement) {
    super(canvas, true);
    this.bg = document.createElement('canvas');
    const bgCtx = this.bg.getContext('2d');
    if (!bgCtx) throw new Error('this browser cannot draw on a canvas');
    this.bgCtx = bgCtx;
    for (let o = 0; o < 7; o++) this.buckets.push(new Float32Array(0));
    this.setPalette(DEFAULT_PALETTE);
  }

  get source(): FrameSource | null {
    return this.src;
  }

  /** What a perspective sees of `frame` (the frames cache the last view asked for). */
  fogOf(frame: number, p: Perspective): FogFrame | null {
    const src = this.src;
    if (!src || p.seat < 0 || frame < 0 || frame >= src.numFrames) return null;
    try {
      return src.fogView(frame, p.seat, p.radius);
    } catch {
      return null;
    }
  }

  isVisible(t: number, frame: number, p: Perspective): boolean {
    const fog = this.fogOf(frame, p);
    return fog ? fog.visible[t] !== 0 : true;
  }

  pick(clientX: number, clientY: number): number {
    return this.siteAt(clientX, clientY);
  }

  cellToClient(x: number, y: number): { x: number; y: number } | null {
    return this.siteToClient(x, y);
  }

  /** Site units (a site's centre at (x + 0.5, y + 0.5)), wrapped to the copy nearest the view's
   * centre, in canvas pixels. */
  mapToCanvas(x: number, y: number): [number, number] {
    const c = this.camera;
    const L = layout(c, this.view.w, this.view.h, this.width, this.height);
    const wx = c.cx + wrapSigned(x - c.cx, this.width);
    const wy = c.cy + wrapSigned(y - c.cy, this.height);
    return [L.clipX + (wx - L.ox) * c.scale, L.clipY + (wy - L.oy) * c.scale];
  }

  pixelsPerUnit(): number {
    return this.camera.scale;
  }

  panSteps(dx: number, dy: number): void {
    this.panSites(dx, dy);
  }

  /** Draws a human's plan over its frame (null: none). */
  setPlan(plan: PlanOverlay | null): void {
    this.plan = plan;
  }

  /** Unwrapped site coordinates (fractional) under a client point, clamped to the map's clip
   * rectangle: a box dragged across the wrapped edge keeps going instead of jumping back. */
  worldAt(clientX: number, clientY: number): [number, number] | null {
    if (!this.src) return null;
    const r = this.canvas.getBoundingClientRect();
    const L = layout(this.camera, this.view.w, this.view.h, this.width, this.height);
    const px = clamp(clientX - r.left, L.clipX, L.clipX + L.clipW - 0.01);
    const py = clamp(clientY - r.top, L.clipY, L.clipY + L.clipH - 0.01);
    return [L.ox + (px - L.clipX) / this.camera.scale, L.oy + (py - L.clipY) / this.camera.scale];
  }

  /** Client rectangle of the unwrapped site box (x0, y0)-(x1, y1), corners included. */
  worldBoxToClient(x0: number, y0: number, x1: number, y1: number): { left: number; top: number; width: number; height: number } {
    const r = this.canvas.getBoundingClientRect();
    const L = layout(this.camera, this.view.w, this.view.h, this.width, this.height);
    const s = this.camera.scale;
    const left = r.left + L.clipX + (Math.min(x0, x1) - L.ox) * s;
    const top = r.top + L.clipY + (Math.min(y0, y1) - L.oy) * s;
    return { left, top, width: (Math.abs(x1 - x0) + 1) * s, height: (Math.abs(y1 - y0) + 1) * s };
  }

  setPalette(p: Palette): void {
    this.palette = p;
    this.colours = [0, 1, 2, 3, 4, 5, 6].map((o) => ownerColour(p, o));
    this.neutralPiece = withAlpha(p.colours[0], 0.34);
    this.rebuildLuts();
  }

  private rebuildLuts(): void {
    this.terrLut = territoryLut(this.palette, this.maxProduction, LITTLE_ENDIAN);
    this.heatLut = heatLut(this.maxProduction, LITTLE_ENDIAN);
    this.fogPixel = packRgba(hexToRgb(FOG_COLOUR), LITTLE_ENDIAN);
    this.bgValid = false;
  }

  /** Switches to another game (or none). Recentres on the players and fits the map. */
  setSource(source: FrameSource | null, recentre = true): void {
    const src = source as Halite1Frames | null;
    this.src = src;
    this.bgValid = false;
    if (!src) return;
    const sameSize = src.width === this.width && src.height === this.height;
    this.width = src.width;
    this.height = src.height;
    if (!sameSize || !this.bgImage) {
      this.bg.width = this.width;
      this.bg.height = this.height;
      this.bgImage = this.bgCtx.createImageData(this.width, this.height);
      this.bgPixels = new Uint32Array(this.bgImage.data.buffer);
    }
    const prod = src.production();
    let max = 1;
    for (let i = 0; i < prod.length; i++) if (prod[i] > max) max = prod[i];
    this.maxProduction = max;
    this.rebuildLuts();
    if (recentre || !sameSize) this.resetView();
  }

  /** Reads the canvas's CSS size; call when its box changes. */
  resize(): void {
    if (!this.view.fit()) return;
    const fit = this.fitScale();
    if (!this.userZoomed || this.camera.scale < fit) {
      this.camera.scale = fit;
      this.userZoomed = false;
    }
  }

  private fitScale(): number {
    return fitScale(this.view.w, this.view.h, this.width || 1, this.height || 1);
  }

  /** Fits the whole map and centres it on the players' starting sites. */
  resetView(): void {
    this.camera.scale = this.fitScale();
    this.userZoomed = false;
    this.recentre();
  }

  /** Centres the view on the centre of the players' starting sites (wrap-aware). */
  recentre(): void {
    const src = this.src;
    if (!src || src.numFrames === 0) return;
    const owner = src.owner(0);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < owner.length; i++) {
      if (owner[i] > 0) {
        xs.push(i % this.width);
        ys.push(Math.floor(i / this.width));
      }
    }
    // Whole sites at the edges of the fitted map: the seam falls between two columns (rows).
    const W = this.width;
    const H = this.height;
    this.camera.cx = mod(Math.round(wrappedCentre(xs, W) - W / 2) + W / 2, W);
    this.camera.cy = mod(Math.round(wrappedCentre(ys, H) - H / 2) + H / 2, H);
  }

  /** Multiplies the zoom by `factor`, keeping the point (px, py) (CSS px in the canvas) still. */
  zoomBy(factor: number, px = this.view.w / 2, py = this.view.h / 2): void {
    if (!this.src) return;
    const fit = this.fitScale();
    const next = clamp(this.camera.scale * factor, fit, Math.max(fit, MAX_SCALE));
    if (next === this.camera.scale) return;
    this.camera = zoomAt(this.camera, next, this.view.w, this.view.h, this.width, this.height, px, py);
    this.userZoomed = next > fit * 1.0001;
  }

  /** Drags the map by (dx, dy) CSS pixels; wraps around. */
  panBy(dx: number, dy: number): void {
    if (!this.src) return;
    const s = this.camera.scale;
    this.camera.cx = mod(this.camera.cx - dx / s, this.width);
    this.camera.cy = mod(this.camera.cy - dy / s, this.height);
  }

  /** Moves the view by whole sites (WASD). */
  panSites(dx: number, dy: number): void {
    if (!this.src) return;
    this.camera.cx = mod(this.camera.cx + dx, this.width);
    this.camera.cy = mod(this.camera.cy + dy, this.height);
  }

  get zoomedIn(): boolean {
    return this.userZoomed;
  }

  /** The site index under client point (clientX, clientY), or -1. */
  siteAt(clientX: number, clientY: number): number {
    if (!this.src) return -1;
    const r = this.canvas.getBoundingClientRect();
    const hit = siteAtPoint(this.camera, this.view.w, this.view.h, this.width, this.height, clientX - r.left, clientY - r.top);
    return hit ? hit[1] * this.width + hit[0] : -1;
  }

  /** Client coordinates of the centre of site (x, y), or null if it is not in view. */
  siteToClient(x: number, y: number): { x: number; y: number } | null {
    if (!this.src) return null;
    const p = pointOfSite(this.camera, this.view.w, this.view.h, this.width, this.height, x, y);
    if (!p) return null;
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + p[0], y: r.top + p[1] };
  }

  private ensureBucket(o: number, need: number): Float32Array {
    let b = this.buckets[o];
    if (b.length < need) {
      b = new Float32Array(Math.max(need, b.length * 2, 3 * 1024));
      b.set(this.buckets[o]);
      this.buckets[o] = b;
    }
    return b;
  }

  private paintBackground(frame: number, owner: Uint8Array, prod: Uint8Array, o: DrawOptions): void {
    // The heat map of the whole map is the same every frame: painted once.
    const sameFrame = this.bgFrame === frame || (o.production && !o.fog);
    if (this.bgValid && sameFrame && this.bgFog === o.fog && this.bgProduction === o.production) return;
    const px = this.bgPixels;
    const n = px.length;
    const fog = o.fog;
    if (o.production) {
      const lut = this.heatLut;
      for (let i = 0; i < n; i++) px[i] = lut[prod[i]];
    } else {
      const lut = this.terrLut;
      for (let i = 0; i < n; i++) px[i] = lut[(owner[i] << 8) | prod[i]];
    }
    if (fog) {
      const vis = fog.visible;
      const f = this.fogPixel;
      for (let i = 0; i < n; i++) if (vis[i] === 0) px[i] = f;
    }
    if (this.bgImage) this.bgCtx.putImageData(this.bgImage, 0, 0);
    this.bgFrame = frame;
    this.bgFog = fog;
    this.bgProduction = o.production;
    this.bgValid = true;
  }

  /** Draws the board for the shell. */
  draw(s: BoardDrawState): void {
    this.drawFrame({
      frame: s.frame,
      transit: s.transit,
      fog: this.fogOf(s.perspectiveFrame, s.perspective),
      production: s.layers.has('production'),
      arrows: s.layers.has('arrows'),
      hover: s.hover,
      pinned: s.pinned,
    });
  }

  /** Draws one frame (with its moves in flight at `transit`). */
  drawFrame(o: DrawOptions): void {
    const ctx = this.ctx;
    const dpr = this.view.dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.view.w, this.view.h);
    const src = this.src;
    if (!src || src.numFrames === 0) return;
    const W = this.width;
    const H = this.height;
    const n = W * H;
    const frame = clamp(Math.floor(o.frame), 0, src.numFrames - 1);
    const fog = o.fog;

    // Views over wasm memory: fetched together, used at once.
    let prod = src.production();
    let owner = fog ? fog.owner : src.owner(frame);
    let strength = fog ? fog.strength : src.strength(frame);
    let moves: Uint8Array | null = frame < src.numFrames - 1 ? src.moves(frame) : null;
    if (prod.length !== n || owner.length !== n || strength.length !== n || (moves && moves.length !== n)) {
      // A view was detached by memory growth in between: fetch again.
      prod = src.production();
      owner = fog ? fog.owner : src.owner(frame);
      strength = fog ? fog.strength : src.strength(frame);
      moves = frame < src.numFrames - 1 ? src.moves(frame) : null;
    }
    const visible = fog ? fog.visible : null;

    this.paintBackground(frame, owner, prod, o);

    const cam = this.camera;
    const s = cam.scale;
    const L = layout(cam, this.view.w, this.view.h, W, H);

    ctx.save();
    ctx.beginPath();
    ctx.rect(L.clipX, L.clipY, L.clipW, L.clipH);
    ctx.clip();

    // Territory (or heat map): the W x H image, tiled across the wrap seams.
    ctx.imageSmoothingEnabled = false;
    const kx0 = Math.floor(L.ox / W);
    const kx1 = Math.floor((L.ox + L.clipW / s) / W);
    const ky0 = Math.floor(L.oy / H);
    const ky1 = Math.floor((L.oy + L.clipH / s) / H);
    for (let ky = ky0; ky <= ky1; ky++) {
      for (let kx = kx0; kx <= kx1; kx++) {
        ctx.drawImage(this.bg, L.clipX + (kx * W - L.ox) * s, L.clipY + (ky * H - L.oy) * s, W * s, H * s);
      }
    }

    const i0 = Math.floor(L.ox) - 1;
    const j0 = Math.floor(L.oy) - 1;
    const cols = Math.ceil(L.clipW / s) + 3;
    const rows = Math.ceil(L.clipH / s) + 3;

    // Grid lines once sites are big enough to tell apart.
    if (s >= 10) {
      ctx.beginPath();
      for (let c = 0; c < cols; c++) {
        const x = L.clipX + (i0 + c - L.ox) * s;
        ctx.moveTo(x, L.clipY);
        ctx.lineTo(x, L.clipY + L.clipH);
      }
      for (let r = 0; r < rows; r++) {
        const y = L.clipY + (j0 + r - L.oy) * s;
        ctx.moveTo(L.clipX, y);
        ctx.lineTo(L.clipX + L.clipW, y);
      }
      ctx.lineWidth = 1;
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.28)';
      ctx.stroke();
    }

    // Pieces: one pass sorting squares into per-owner buckets.
    const e = moves ? ease(o.transit) : 0;
    const counts = this.counts;
    counts.fill(0);
    this.maxedCount = 0;
    this.emptiesCount = 0;
    const cells = cols * rows;
    for (let b = 0; b < 7; b++) this.ensureBucket(b, 3 * cells);
    if (this.maxed.length < 3 * cells) this.maxed = new Float32Array(3 * cells);
    if (this.empties.length < 3 * cells) this.empties = new Float32Array(3 * cells);
    const buckets = this.buckets;
    const maxed = this.maxed;
    const empties = this.empties;
    const pieceScale = s * 0.8;
    const minSize = Math.min(s * 0.5, 1.5);
    for (let r = 0; r < rows; r++) {
      const wy = j0 + r;
      const rowBase = mod(wy, H) * W;
      const sy = L.clipY + (wy - L.oy) * s;
      let x = mod(i0, W);
      for (let c = 0; c < cols; c++) {
        const i = rowBase + x;
        x = x + 1 === W ? 0 : x + 1;
        const own = owner[i];
        const st = strength[i];
        let px = L.clipX + (i0 + c - L.ox) * s;
        let py = sy;
        const d = moves !== null && own > 0 && (visible === null || visible[i] !== 0) ? moves[i] : 0;
        if (d >= 1 && d <= 4 && e > 0) {
          px += DX[d] * e * s;
          py += DY[d] * e * s;
        }
        if (st === 0) {
          if (d >= 1 && d <= 4) {
            const k = this.emptiesCount * 3;
            empties[k] = px + s * 0.375;
            empties[k + 1] = py + s * 0.375;
            empties[k + 2] = s * 0.25;
            this.emptiesCount++;
          }
          continue;
        }
        let size = pieceScale * Math.sqrt(st / 255);
        if (size < minSize) size = minSize;
        const off = (s - size) / 2;
        const o7 = own > 6 ? 0 : own;
        const k = counts[o7] * 3;
        const bucket = buckets[o7];
        bucket[k] = px + off;
        bucket[k + 1] = py + off;
        bucket[k + 2] = size;
        counts[o7]++;
        if (st === 255 && own > 0) {
          const m = this.maxedCount * 3;
          maxed[m] = px + off;
          maxed[m + 1] = py + off;
          maxed[m + 2] = size;
          this.maxedCount++;
        }
      }
    }
    for (let b = 0; b < 7; b++) {
      const count = counts[b];
      if (count === 0) continue;
      const bucket = buckets[b];
      ctx.beginPath();
      for (let k = 0; k < count * 3; k += 3) ctx.rect(bucket[k], bucket[k + 1], bucket[k + 2], bucket[k + 2]);
      ctx.fillStyle = b === 0 ? this.neutralPiece : this.colours[b];
      ctx.fill();
    }
    if (this.maxedCount > 0 && s >= 4) {
      ctx.beginPath();
      for (let k = 0; k < this.maxedCount * 3; k += 3) ctx.rect(maxed[k], maxed[k + 1], maxed[k + 2], maxed[k + 2]);
      ctx.lineWidth = Math.max(1, s / 24);
      ctx.strokeStyle = 'rgba(255, 252, 235, 0.9)';
      ctx.stroke();
    }
    if (this.emptiesCount > 0 && s >= 6) {
      ctx.beginPath();
      for (let k = 0; k < this.emptiesCount * 3; k += 3) ctx.rect(empties[k], empties[k + 1], empties[k + 2], empties[k + 2]);
      ctx.lineWidth = 1;
      ctx.strokeStyle = 'rgba(200, 205, 215, 0.7)';
      ctx.stroke();
    }

    // Move arrows, drawn where the piece starts.
    if (o.arrows && moves && s >= 6) {
      ctx.beginPath();
      const len = s * 0.42;
      const head = Math.max(2, s * 0.14);
      for (let r = 0; r < rows; r++) {
        const wy = j0 + r;
        const rowBase = mod(wy, H) * W;
        const cy = L.clipY + (wy - L.oy + 0.5) * s;
        for (let c = 0; c < cols; c++) {
          const i = rowBase + mod(i0 + c, W);
          const d = moves[i];
          if (d < 1 || d > 4 || owner[i] === 0 || (visible !== null && visible[i] === 0)) continue;
          arrow(ctx, L.clipX + (i0 + c - L.ox + 0.5) * s, cy, d, len, head);
        }
      }
      ctx.lineWidth = Math.max(1, s / 16);
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.8)';
      ctx.stroke();
    }

    // Strength numbers once sites are large.
    if (s >= 30) {
      ctx.font = `600 ${Math.round(s * 0.28)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
      ctx.shadowColor = 'rgba(0, 0, 0, 0.8)';
      ctx.shadowBlur = 3;
      for (let r = 0; r < rows; r++) {
        const wy = j0 + r;
        const rowBase = mod(wy, H) * W;
        for (let c = 0; c < cols; c++) {
          const i = rowBase + mod(i0 + c, W);
          const st = strength[i];
          if (st === 0) continue;
          let px = L.clipX + (i0 + c - L.ox + 0.5) * s;
          let py = L.clipY + (wy - L.oy + 0.5) * s;
          const d = moves !== null && owner[i] > 0 ? moves[i] : 0;
          if (d >= 1 && d <= 4 && e > 0) {
            px += DX[d] * e * s;
            py += DY[d] * e * s;
          }
          ctx.fillText(STRENGTH_LABELS[st], px, py);
        }
      }
      if (o.production) {
        // The heat map's numbers: each site's production, in its top-left corner.
        ctx.font = `600 ${Math.round(s * 0.2)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'top';
        ctx.fillStyle = 'rgba(255, 255, 255, 0.75)';
        const pad = s * 0.08;
        for (let r = 0; r < rows; r++) {
          const wy = j0 + r;
          const rowBase = mod(wy, H) * W;
          for (let c = 0; c < cols; c++) {
            const i = rowBase + mod(i0 + c, W);
            if (visible !== null && visible[i] === 0) continue;
            ctx.fillText(STRENGTH_LABELS[prod[i]], L.clipX + (i0 + c - L.ox) * s + pad, L.clipY + (wy - L.oy) * s + pad);
          }
        }
      }
      ctx.shadowBlur = 0;
      ctx.shadowColor = 'transparent';
    }

    if (this.plan && this.plan.frame === frame && e === 0) this.drawPlan(this.plan, L, i0, j0, cols, rows, owner);

    // Hovered and pinned sites: outline every copy in view.
    if (o.pinned >= 0 && o.pinned < n) this.outlineSite(L.clipX, L.clipY, L.ox, L.oy, i0, j0, cols, rows, o.pinned, '#ffffff', 2);
    if (o.hover >= 0 && o.hover < n && o.hover !== o.pinned) {
      this.outlineSite(L.clipX, L.clipY, L.ox, L.oy, i0, j0, cols, rows, o.hover, 'rgba(255, 255, 255, 0.6)', 1.5);
    }
    ctx.restore();
    // The map's edge (the seam of the torus when the whole map is in view).
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.1)';
    ctx.strokeRect(L.clipX - 0.5, L.clipY - 0.5, L.clipW + 1, L.clipH + 1);
  }

  /** The plan: selected pieces outlined, directions as arrows to the next site, stays as a
   * ring, go-to targets as a dashed diamond. */
  private drawPlan(p: PlanOverlay, L: ReturnType<typeof layout>, i0: number, j0: number, cols: number, rows: number, owner: Uint8Array): void {
    const ctx = this.ctx;
    const W = this.width;
    const H = this.height;
    const s = this.camera.scale;
    const sel = new Path2D();
    const manual = new Path2D();
    const ordered = new Path2D();
    const len = s * 0.78;
    const head = Math.max(2.5, s * 0.2);
    const findMe = p.me !== undefined && p.frame < FIND_ME_TURNS ? new Path2D() : null;
    const ring = Math.max(12, s * 1.1);
    for (let r = 0; r < rows; r++) {
      const wy = j0 + r;
      const rowBase = mod(wy, H) * W;
      const y0 = L.clipY + (wy - L.oy) * s;
      for (let c = 0; c < cols; c++) {
        const i = rowBase + mod(i0 + c, W);
        const x0 = L.clipX + (i0 + c - L.ox) * s;
        if (p.selected[i]) sel.rect(x0 + 1, y0 + 1, s - 2, s - 2);
        if (findMe && owner[i] === p.me) {
          findMe.moveTo(x0 + s / 2 + ring, y0 + s / 2);
          findMe.arc(x0 + s / 2, y0 + s / 2, ring, 0, Math.PI * 2);
        }
        const d = p.dirs[i];
        if (d < 0 || owner[i] === 0) continue;
        const path = p.fromOrder[i] ? ordered : manual;
        const cx = x0 + s / 2;
        const cy = y0 + s / 2;
        if (d === 0) {
          path.moveTo(cx + s * 0.16, cy);
          path.arc(cx, cy, s * 0.16, 0, Math.PI * 2);
          continue;
        }
        arrow(path, cx, cy, d, len, head);
      }
    }
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (findMe) {
      // Your pieces in the first turns: a ring round each, so they are found on a large map.
      ctx.setLineDash([4, 4]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = PLAN_SELECT;
      ctx.stroke(findMe);
      ctx.setLineDash([]);
    }
    ctx.lineWidth = Math.max(1.5, Math.min(3, s / 10));
    ctx.strokeStyle = PLAN_SELECT;
    ctx.stroke(sel);
    // Arrows with a dark edge, so they read on every colour.
    ctx.lineWidth = Math.max(2, s / 7) + 2;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.stroke(manual);
    ctx.stroke(ordered);
    ctx.lineWidth = Math.max(2, s / 7);
    ctx.strokeStyle = PLAN_ARROW;
    ctx.stroke(manual);
    ctx.strokeStyle = PLAN_ORDER;
    ctx.stroke(ordered);
    // Go-to targets.
    const targets = new Set(p.orders.values());
    if (targets.size > 0) {
      ctx.setLineDash([Math.max(2, s / 8), Math.max(2, s / 8)]);
      ctx.lineWidth = Math.max(1.5, s / 12);
      ctx.strokeStyle = PLAN_ORDER;
      ctx.beginPath();
      const rr = Math.max(4, s * 0.42);
      for (const t of targets) {
        this.forEachCopy(t, i0, j0, cols, rows, (wx, wy) => {
          const cx = L.clipX + (wx - L.ox + 0.5) * s;
          const cy = L.clipY + (wy - L.oy + 0.5) * s;
          ctx.moveTo(cx, cy - rr);
          ctx.lineTo(cx + rr, cy);
          ctx.lineTo(cx, cy + rr);
          ctx.lineTo(cx - rr, cy);
          ctx.closePath();
        });
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** Calls `f` with the unwrapped coordinates of every copy of `site` in the window of `cols` x
   * `rows` sites from (i0, j0). */
  private forEachCopy(site: number, i0: number, j0: number, cols: number, rows: number, f: (wx: number, wy: number) => void): void {
    const W = this.width;
    const H = this.height;
    const x = site % W;
    const y = Math.floor(site / W);
    for (let wy = y + H * Math.floor((j0 - y) / H); wy < j0 + rows; wy += H) {
      if (wy < j0) continue;
      for (let wx = x + W * Math.floor((i0 - x) / W); wx < i0 + cols; wx += W) {
        if (wx >= i0) f(wx, wy);
      }
    }
  }

  private outlineSite(
    clipX: number,
    clipY: number,
    ox: number,
    oy: number,
    i0: number,
    j0: number,
    cols: number,
    rows: number,
    site: number,
    colour: string,
    width: number,
  ): void {
    const s = this.camera.scale;
    const ctx = this.ctx;
    ctx.beginPath();
    this.forEachCopy(site, i0, j0, cols, rows, (wx, wy) => {
      ctx.rect(clipX + (wx - ox) * s + width / 2, clipY + (wy - oy) * s + width / 2, s - width, s - width);
    });
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
}
