// Wrap-around (torus) arithmetic and the camera maths of the map view. Pure functions, no DOM:
// unit-tested in node (www/tests/unit.test.mjs).

/** `a mod n` in [0, n) for any sign of `a` (n > 0). */
export function mod(a: number, n: number): number {
  const r = a % n;
  return r < 0 ? r + n : r + 0; // + 0 turns -0 into 0
}

/** The site index of (x, y) on a `width` x `height` torus, any integers accepted. */
export function siteIndex(x: number, y: number, width: number, height: number): number {
  return mod(y, height) * width + mod(x, width);
}

/** Direction offsets: 0 still, 1 north, 2 east, 3 south, 4 west (north is y - 1). */
export const DX: readonly number[] = [0, 0, 1, 0, -1];
export const DY: readonly number[] = [0, -1, 0, 1, 0];

/** The neighbour of site (x, y) in direction `dir` (wrapped), as [x, y]. */
export function neighbour(x: number, y: number, dir: number, width: number, height: number): [number, number] {
  const d = dir >= 0 && dir <= 4 ? dir : 0;
  return [mod(x + DX[d], width), mod(y + DY[d], height)];
}

/** Shortest wrapped distance between two coordinates on a circle of `size`. */
export function wrapDistance(a: number, b: number, size: number): number {
  const d = mod(a - b, size);
  return Math.min(d, size - d);
}

/**
 * The centre of a set of coordinates on a circle of `size`: the middle of the shortest arc that
 * holds them all (the complement of the largest gap between neighbours). For evenly spread points
 * the first largest gap wins, so the result is deterministic. Returns a value in [0, size).
 * An empty set gives size / 2.
 */
export function wrappedCentre(coords: readonly number[], size: number): number {
  if (coords.length === 0 || size <= 0) return size / 2;
  const sorted = Array.from(new Set(coords.map((c) => mod(Math.floor(c), size)))).sort((a, b) => a - b);
  if (sorted.length === 1) return sorted[0] + 0.5;
  // Gap after sorted[i] runs to sorted[i + 1] (wrapping for the last one).
  let best = -1;
  let bestGap = -1;
  for (let i = 0; i < sorted.length; i++) {
    const next = i + 1 < sorted.length ? sorted[i + 1] : sorted[0] + size;
    const gap = next - sorted[i];
    if (gap > bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  // The arc holding every point starts after the largest gap and ends at its beginning.
  const start = best + 1 < sorted.length ? sorted[best + 1] : sorted[0];
  const end = sorted[best] < start ? sorted[best] + size : sorted[best];
  // Sites are cells [c, c + 1): the arc covers start .. end + 1.
  return mod((start + end + 1) / 2, size);
}

/** The camera of a map view: `scale` CSS pixels per site and the world point at the view centre. */
export type { Camera } from '../../shell/viewer/canvas-view';
import type { Camera } from '../../shell/viewer/canvas-view';

/** Where the map is drawn in the view: the clip rectangle and the world point at its top-left. */
export interface Layout {
  clipX: number;
  clipY: number;
  clipW: number;
  clipH: number;
  /** World coordinates (sites, unwrapped) of the clip rectangle's top-left corner. */
  ox: number;
  oy: number;
}

/**
 * The map occupies at most one copy of itself: when it is smaller than the view it is centred and
 * the rest of the view is empty; when larger, the view is a window onto the torus.
 */
export function layout(cam: Camera, viewW: number, viewH: number, width: number, height: number): Layout {
  const { clipX, clipY, clipW, clipH } = clipRect(cam.scale, viewW, viewH, width, height);
  return {
    clipX,
    clipY,
    clipW,
    clipH,
    ox: cam.cx - clipW / (2 * cam.scale),
    oy: cam.cy - clipH / (2 * cam.scale),
  };
}

/** The rectangle the map occupies in the view at `scale` (whole pixels at its top-left). */
export function clipRect(
  scale: number,
  viewW: number,
  viewH: number,
  width: number,
  height: number,
): { clipX: number; clipY: number; clipW: number; clipH: number } {
  const clipW = Math.min(viewW, width * scale);
  const clipH = Math.min(viewH, height * scale);
  return { clipX: Math.floor((viewW - clipW) / 2), clipY: Math.floor((viewH - clipH) / 2), clipW, clipH };
}

/**
 * The scale at which the whole map fits the view: a whole number of pixels per site when sites
 * are at least 6 px (crisp edges), else the exact fit.
 */
export function fitScale(viewW: number, viewH: number, width: number, height: number): number {
  if (width <= 0 || height <= 0 || viewW <= 0 || viewH <= 0) return 1;
  const raw = Math.min(viewW / width, viewH / height);
  return raw >= 6 ? Math.floor(raw) : raw;
}

/** The site under view point (px, py) as [x, y], or null outside the map. */
export function siteAtPoint(
  cam: Camera,
  viewW: number,
  viewH: number,
  width: number,
  height: number,
  px: number,
  py: number,
): [number, number] | null {
  const l = layout(cam, viewW, viewH, width, height);
  if (px < l.clipX || py < l.clipY || px >= l.clipX + l.clipW || py >= l.clipY + l.clipH) return null;
  const wx = l.ox + (px - l.clipX) / cam.scale;
  const wy = l.oy + (py - l.clipY) / cam.scale;
  return [mod(Math.floor(wx), width), mod(Math.floor(wy), height)];
}

/**
 * The view point of the centre of site (x, y), choosing the copy nearest the view centre, or null
 * when no copy's centre is inside the map's clip rectangle.
 */
export function pointOfSite(
  cam: Camera,
  viewW: number,
  viewH: number,
  width: number,
  height: number,
  x: number,
  y: number,
): [number, number] | null {
  const l = layout(cam, viewW, viewH, width, height);
  // Unwrapped world x nearest the camera centre.
  const wx = cam.cx + wrapSigned(x + 0.5 - cam.cx, width);
  const wy = cam.cy + wrapSigned(y + 0.5 - cam.cy, height);
  const px = l.clipX + (wx - l.ox) * cam.scale;
  const py = l.clipY + (wy - l.oy) * cam.scale;
  if (px < l.clipX || py < l.clipY || px >= l.clipX + l.clipW || py >= l.clipY + l.clipH) return null;
  return [px, py];
}

/** `d` wrapped into [-size/2, size/2). */
export function wrapSigned(d: number, size: number): number {
  return mod(d + size / 2, size) - size / 2;
}

/**
 * Zooms to `newScale` keeping the world point under view point (px, py) where it is. Returns the
 * new camera (centre wrapped into [0, width) x [0, height)).
 */
export function zoomAt(
  cam: Camera,
  newScale: number,
  viewW: number,
  viewH: number,
  width: number,
  height: number,
  px: number,
  py: number,
): Camera {
  const before = layout(cam, viewW, viewH, width, height);
  const wx = before.ox + (px - before.clipX) / cam.scale;
  const wy = before.oy + (py - before.clipY) / cam.scale;
  const next: Camera = { scale: newScale, cx: 0, cy: 0 };
  const { clipX, clipY, clipW, clipH } = clipRect(newScale, viewW, viewH, width, height);
  const ox = wx - (px - clipX) / newScale;
  const oy = wy - (py - clipY) / newScale;
  next.cx = mod(ox + clipW / (2 * newScale), width);
  next.cy = mod(oy + clipH / (2 * newScale), height);
  return next;
}

/** Clamps `v` into [lo, hi]. */
export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The eased fraction of a move at progress t in [0, 1] (the official viewer's cosine ease). */
export function ease(t: number): number {
  return (1 - Math.cos(Math.PI * clamp(t, 0, 1))) / 2;
}
