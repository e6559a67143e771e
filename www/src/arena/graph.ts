// A small chart of every bot's TrueSkill μ ± σ over the rated games, as SVG (a few hundred points
// at most per line; redrawn after every rated game). Mounted on the element it is given.

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

export class RatingGraph {
  private readonly svgEl: SVGSVGElement;
  private history: readonly (readonly RatingPoint[])[] = [];
  private colours: readonly string[] = [];
  private readonly resize: ResizeObserver;
  private width = 0;

  constructor(private readonly root: HTMLElement) {
    this.svgEl = svg('svg', { class: 'arena-graph-svg', height: HEIGHT, role: 'img', 'aria-label': 'TrueSkill μ ± σ of each bot over the rated games' });
    root.replaceChildren(this.svgEl);
    this.resize = new ResizeObserver(() => {
      const w = Math.floor(this.root.clientWidth);
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
    const w = this.width || Math.floor(this.root.clientWidth) || 300;
    const g = this.svgEl;
    g.setAttribute('viewBox', `0 0 ${w} ${HEIGHT}`);
    g.setAttribute('width', String(w));
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
    for (const t of ticks(lo, hi)) {
      parts.push(svg('line', { class: 'arena-grid', x1: PAD.left, x2: w - PAD.right, y1: y(t), y2: y(t) }));
      const label = svg('text', { class: 'arena-axis', x: PAD.left - 6, y: y(t) + 3.5, 'text-anchor': 'end' });
      label.textContent = String(t);
      parts.push(label);
    }
    const end = svg('text', { class: 'arena-axis', x: w - PAD.right, y: HEIGHT - 5, 'text-anchor': 'end' });
    end.textContent = `${games} game${games === 1 ? '' : 's'}`;
    const start = svg('text', { class: 'arena-axis', x: PAD.left, y: HEIGHT - 5 });
    start.textContent = '0';
    parts.push(start, end);
    lines.forEach((l, k) => {
      if (l.length === 0) return;
      const colour = this.colours[k] ?? '#fff';
      const top = l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu + p.sigma).toFixed(1)}`);
      const bottom = l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu - p.sigma).toFixed(1)}`).reverse();
      parts.push(svg('polygon', { points: [...top, ...bottom].join(' '), fill: colour, 'fill-opacity': 0.13, stroke: 'none' }));
      parts.push(svg('polyline', { points: l.map((p) => `${x(p.games).toFixed(1)},${y(p.mu).toFixed(1)}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': 1.8 }));
    });
    g.replaceChildren(...parts);
  }
}
