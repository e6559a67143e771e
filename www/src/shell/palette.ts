// Colours of the map: player palettes (the default and a colour-blind-safe one), the
// production heat ramp, and the packed-pixel lookup tables the renderer fills ImageData from.
// Pure functions: unit-tested in node.

export interface Palette {
  id: string;
  label: string;
  /** Index 0 is neutral; 1..6 are the players. */
  colours: readonly string[];
}

/** Bright, well separated hues that read well on the dark theme. */
export const DEFAULT_PALETTE: Palette = {
  id: 'default',
  label: 'Vivid',
  colours: ['#8a94a6', '#ff5d5d', '#3fa7ff', '#ffc94a', '#41d68a', '#c98bff', '#ff8f45'],
};

/**
 * Okabe & Ito (2008), "Color Universal Design": distinguishable under protanopia, deuteranopia
 * and tritanopia. Seven colours exist; vermillion is left out because it is the one most easily
 * mistaken for orange under deuteranopia.
 */
export const OKABE_ITO_PALETTE: Palette = {
  id: 'okabe-ito',
  label: 'Colour-blind safe (Okabe–Ito)',
  colours: ['#8a94a6', '#e69f00', '#56b4e9', '#009e73', '#f0e442', '#cc79a7', '#0072b2'],
};

export const PALETTES: readonly Palette[] = [DEFAULT_PALETTE, OKABE_ITO_PALETTE];

export function paletteById(id: string | null | undefined): Palette {
  return PALETTES.find((p) => p.id === id) ?? DEFAULT_PALETTE;
}

/** The colour of player `owner` (0 neutral), cycling if a palette were ever short. */
export function ownerColour(p: Palette, owner: number): string {
  if (owner <= 0) return p.colours[0];
  return p.colours[1 + ((owner - 1) % (p.colours.length - 1))];
}

export type Rgb = [number, number, number];

/** Parses `#rgb` or `#rrggbb`. Throws on anything else. */
export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  let h = m[1];
  if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2];
  const v = parseInt(h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const c = (v: number) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours: `t` = 0 gives `a`, 1 gives `b`. */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * Packs a colour for a Uint32Array over ImageData bytes (RGBA in memory). On little-endian
 * machines (every browser platform in practice) that is 0xAABBGGRR.
 */
export function packRgba([r, g, b]: Rgb, littleEndian = true, a = 255): number {
  return pack(r, g, b, littleEndian, a);
}

function pack(r: number, g: number, b: number, littleEndian: boolean, a = 255): number {
  const R = Math.round(r) & 255;
  const G = Math.round(g) & 255;
  const B = Math.round(b) & 255;
  return littleEndian ? ((a << 24) | (B << 16) | (G << 8) | R) >>> 0 : ((R << 24) | (G << 16) | (B << 8) | a) >>> 0;
}

export function isLittleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}

/** Stops of the production heat ramp (dark violet to pale yellow; monotonic in lightness). */
export const HEAT_STOPS: readonly string[] = ['#171a2b', '#3b1f6e', '#8c2981', '#de4968', '#fe9f6d', '#fcfdbf'];
/** The stops parsed once: the tables below are built in the task that shows a replay. */
const HEAT_RGB: readonly Rgb[] = HEAT_STOPS.map(hexToRgb);

/** The heat-ramp colour of `t` in [0, 1]. */
export function heat(t: number): Rgb {
  const stops = HEAT_RGB;
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  return mix(stops[i], stops[i + 1], x - i);
}

/** Map background (and the page's map well) colour. */
export const MAP_BACKGROUND = '#0d1117';
/** Colour of sites a perspective cannot see. */
export const FOG_COLOUR = '#12151d';

/**
 * Territory lookup table: entry `owner * 256 + production` is the packed background colour of a
 * site. Territory is the owner's colour over the map background, brighter where production is
 * higher (as in the official visualizer), so the production landscape stays readable.
 */
export function territoryLut(p: Palette, maxProduction: number, littleEndian = true): Uint32Array {
  const max = Math.max(1, maxProduction);
  const lut = new Uint32Array(7 * 256);
  const [br, bg, bb] = hexToRgb(MAP_BACKGROUND);
  for (let o = 0; o <= 6; o++) {
    const [cr, cg, cb] = hexToRgb(ownerColour(p, o));
    for (let prod = 0; prod < 256; prod++) {
      const n = Math.min(1, prod / max);
      const alpha = o === 0 ? 0.05 + 0.22 * n : 0.2 + 0.38 * n;
      lut[o * 256 + prod] = pack(br + (cr - br) * alpha, bg + (cg - bg) * alpha, bb + (cb - bb) * alpha, littleEndian);
    }
  }
  return lut;
}

/** Heat-map lookup table: entry `production` is the packed heat colour. */
export function heatLut(maxProduction: number, littleEndian = true): Uint32Array {
  const lut = new Uint32Array(256);
  const max = Math.max(1, maxProduction);
  for (let prod = 0; prod < 256; prod++) {
    const [r, g, b] = heat(Math.min(1, prod / max));
    lut[prod] = pack(r, g, b, littleEndian);
  }
  return lut;
}

/** A CSS rgba() string of a hex colour with alpha. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
