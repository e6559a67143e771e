// A small chart of every bot's TrueSkill μ ± σ over the rated games, as SVG (a few hundred points
// at most per line; redrawn after every rated game, by moving the elements it already has).
// Mounted on the element it is given.

import type { RatingPoint } from './results';

const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 170;
const PAD = { left: 34, right: 8, top: 8, bottom: 20 };

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Tick values for a range: 3 to 6 round numbers. */
export function ticks(lo: number, hi: number): number[] {
  const span = hi - lo;
  if (!(span > 0)) return [lo];
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => span / s <= 5) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/** Sets attributes that changed (an SVG element given its attributes again is laid out again). */
function update(e: Element, attrs: Record<string, string | number>): void {
  for (const [k, v] of Object.entries(attrs)) {
    const value = String(v);
    if (e.getAttribute(k) !== value) e.setAttribute(k, value);
  }
}

function setLabel(e: SVGTextElement, text: string): void {
  if (e.textContent !== text) e.textContent = text;
}

export class RatingGraph {
  private readonly svgEl: SVGSVGElement;
  private history: readonly (readonly RatingPoint[])[] = [];
  private colours: readonly string[] = [];
  private readonly resize: ResizeObserver;
  private width = 0;
  // The drawing's elements, kept from one drawing to the next: a graph redrawn after every game
  // only moves them. Labels move by their transform, so that their text is not laid out again.
  private readonly grid: SVGLineElement[] = [];
  private readonly labels: SVGTextElement[] = [];
  private readonly start = svg('text', { class: 'arena-axis' });
  private readonly end = svg('text', { class: 'arena-axis', 'text-anchor': 'end' });
  private readonly bands: SVGPolygonElement[] = [];
  private readonly lines: SVGPolylineElement[] = [];

  constructor(root: HTMLElement) {
    this.svgEl = svg('svg', { class: 'arena-graph-svg', height: HEIGHT, role: 'img', 'aria-label': 'TrueSkill μ ± σ of each bot over the rated games' });
    root.replaceChildren(this.svgEl);
    // The width comes from the observer (called once layout is done): reading it while drawing
    // would force a layout of its own. A hidden graph (no width) is drawn when it is shown.
    this.resize = new ResizeObserver((entries) => {
      const w = Math.floor(entries[entries.length - 1]?.contentRect.width ?? 0);
      if (w !== this.width) {
        this.width = w;
        this.draw();
      }
    });
    this.resize.observe(root);
  }

  update(history: readonly (readonly RatingPoint[])[], colours: readonly string[]): void {
    this.history = history;
    this.colours = colours;
    this.draw();
  }

  dispose(): void {
    this.resize.disconnect();
  }

  private draw(): void {
    const w = this.width;
    if (w <= 0) return;
    const g = this.svgEl;
    update(g, { viewBox: `0 0 ${w} ${HEIGHT}`, width: w });
    const lines = this.history;
    const games = Math.max(1, ...lines.map((l) => l[l.length - 1]?.games ?? 0));
    let lo = Infinity;
    let hi = -Infinity;
    for (const l of lines)
      for (const p of l) {
        lo = Math.min(lo, p.mu - p.sigma);
        hi = Math.max(hi, p.mu + p.sigma);
      }
    if (!Number.isFinite(lo)) [lo, hi] = [0, 50];
    const margin = (hi - lo) * 0.04 || 1;
    lo -= margin;
    hi += margin;
    const x = (n: number) => PAD.left + (n / games) * (w - PAD.left - PAD.right);
    const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (HEIGHT - PAD.top - PAD.bottom);
    const parts: SVGElement[] = [];
    ticks(lo, hi).forEach((t, i) => {
      const line = (this.grid[i] ??= svg('line', { class: 'arena-grid' }));
      update(line, { x1: PAD.left, x2: w - PAD.right, y1: y(t), y2: y(t) });
      const label = (this.labels[i] ??= svg('text', { class: 'arena-axis', 'text-anchor': 'end' }));
      update(label, { transform: `translate(${PAD.left - 6} ${y(t) + 3.5})` });
      setLabel(label, String(t));
      parts.push(line, label);
    });
    update(this.end, { transform: `translate(${w - PAD.right} ${HEIGHT - 5})` });
    setLabel(this.end, `${games} game${games === 1 ? '' : 's'}`);
    update(this.start, { transform: `translate(${PAD.left} ${HEIGHT - 5})` });
    setLabel(this.start, '0');
    parts.push(this.start, this.end);
    lines.forEach((l, k) => {
      if (l.length === 0) return;
      const colour = this.colours[k] ?? '#fff';
      const top = l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu + p.sigma).toFixed(1)}`);
      const bottom = l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu - p.sigma).toFixed(1)}`).reverse();
      const band = (this.bands[k] ??= svg('polygon', { 'fill-opacity': 0.13, stroke: 'none' }));
      update(band, { points: [...top, ...bottom].join(' '), fill: colour });
      const line = (this.lines[k] ??= svg('polyline', { fill: 'none', 'stroke-width': 1.8 }));
      update(line, { points: l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu).toFixed(1)}`).join(' '), stroke: colour });
      parts.push(band, line);
    });
    // The children change only when what is drawn does (a tick more or less, a bot's first point).
    const kids = g.children;
    if (kids.length !== parts.length || parts.some((p, i) => kids[i] !== p)) g.replaceChildren(...parts);
  }
}
