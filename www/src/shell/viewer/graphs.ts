// Statistics graphs: one small canvas per series, every player's curve, a cursor at the current
// frame. Clicking or dragging on a graph seeks. Curves are drawn once into an offscreen canvas
// (again only when the data, size or colours change); each animation frame only copies that
// image and draws the cursor.

import type { FrameSource, SeriesInfo } from '../game';
import { el, fmt, setText } from '../page/dom';

const PAD_X = 4;
const PAD_TOP = 6;
const PAD_BOTTOM = 4;

/** Frame under x (CSS px) on a graph `width` wide showing `frames` frames. */
export function frameAtX(x: number, width: number, frames: number): number {
  if (frames <= 1) return 0;
  const t = (x - PAD_X) / Math.max(1, width - 2 * PAD_X);
  return Math.max(0, Math.min(frames - 1, Math.round(t * (frames - 1))));
}

class Graph {
  readonly name: string;
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly values: HTMLElement;
  private valueEls: HTMLElement[] = [];
  private readonly cache: HTMLCanvasElement;
  private readonly cacheCtx: CanvasRenderingContext2D;
  data: Uint32Array | null = null;
  frames = 0;
  players = 0;
  private max = 1;
  private colours: readonly string[] = [];
  private cssW = 0;
  private cssH = 0;
  private dpr = 1;
  private valid = false;

  constructor(name: string, label: string, onSeek: (frame: number) => void) {
    this.name = name;
    this.canvas = el('canvas', {
      className: 'graph-canvas',
      // Focusable, as a slider over the frames: its value is every player's number at the frame
      // shown (read out as it changes), and the viewer's keys move it (← → a frame, Home / End).
      attrs: {
        role: 'slider',
        tabindex: '0',
        'aria-label': `${label} of every player, frame by frame. Click or drag to seek; ← and → step.`,
        'aria-valuemin': '0',
        'aria-valuemax': '0',
        'aria-valuenow': '0',
        'data-part': `graph-${name}`,
      },
    });
    this.values = el('span', { className: 'graph-values' });
    this.root = el('figure', { className: 'graph', attrs: { 'data-series': name } }, [
      el('figcaption', {}, [el('span', { className: 'graph-title', text: label }), this.values]),
      this.canvas,
    ]);
    const ctx = this.canvas.getContext('2d');
    this.cache = document.createElement('canvas');
    const cacheCtx = this.cache.getContext('2d');
    if (!ctx || !cacheCtx) throw new Error('this browser cannot draw on a canvas');
    this.ctx = ctx;
    this.cacheCtx = cacheCtx;

    let dragging = false;
    const seekAt = (e: PointerEvent) => {
      const r = this.canvas.getBoundingClientRect();
      onSeek(frameAtX(e.clientX - r.left, r.width, this.frames));
    };
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || this.frames === 0) return;
      dragging = true;
      this.canvas.setPointerCapture(e.pointerId);
      seekAt(e);
      e.preventDefault();
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (dragging) seekAt(e);
    });
    const end = () => {
      dragging = false;
    };
    this.canvas.addEventListener('pointerup', end);
    this.canvas.addEventListener('pointercancel', end);
  }

  setData(data: Uint32Array | null, frames: number, players: number, colours: readonly string[]): void {
    this.data = data;
    this.frames = frames;
    this.players = players;
    let max = 1;
    if (data) for (let i = 0; i < data.length; i++) if (data[i] > max) max = data[i];
    this.max = max;
    this.valid = false;
    if (this.valueEls.length !== players) {
      this.values.replaceChildren();
      this.valueEls = [];
      for (let p = 0; p < players; p++) {
        const v = el('span', { className: 'graph-value' });
        this.valueEls.push(v);
        this.values.appendChild(v);
      }
    }
    this.valueEls.forEach((v, p) => (v.style.color = colours[p + 1] ?? '#fff'));
    this.colours = colours;
  }

  setColours(colours: readonly string[]): void {
    this.colours = colours;
    this.valueEls.forEach((v, p) => (v.style.color = colours[p + 1] ?? '#fff'));
    this.valid = false;
  }

  resize(): boolean {
    const r = this.canvas.getBoundingClientRect();
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const w = Math.round(r.width);
    const h = Math.round(r.height);
    if (w === this.cssW && h === this.cssH && dpr === this.dpr) return false;
    this.cssW = w;
    this.cssH = h;
    this.dpr = dpr;
    this.canvas.width = this.cache.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = this.cache.height = Math.max(1, Math.round(h * dpr));
    this.valid = false;
    return true;
  }

  private x(f: number): number {
    return PAD_X + (this.frames <= 1 ? 0 : (f / (this.frames - 1)) * (this.cssW - 2 * PAD_X));
  }

  private y(v: number): number {
    return PAD_TOP + (1 - v / this.max) * (this.cssH - PAD_TOP - PAD_BOTTOM);
  }

  private paintCache(): void {
    const c = this.cacheCtx;
    c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    c.clearRect(0, 0, this.cssW, this.cssH);
    // Quarter lines.
    c.beginPath();
    for (let q = 1; q <= 3; q++) {
      const y = Math.round(PAD_TOP + (q / 4) * (this.cssH - PAD_TOP - PAD_BOTTOM)) + 0.5;
      c.moveTo(0, y);
      c.lineTo(this.cssW, y);
    }
    c.strokeStyle = 'rgba(255, 255, 255, 0.06)';
    c.lineWidth = 1;
    c.stroke();
    const data = this.data;
    if (data && this.frames > 0) {
      c.lineWidth = 1.5;
      c.lineJoin = 'round';
      for (let p = 0; p < this.players; p++) {
        c.beginPath();
        const base = p * this.frames;
        // At most about one point per device pixel.
        const stride = Math.max(1, Math.floor(this.frames / (this.cssW * this.dpr)));
        for (let f = 0; f < this.frames; f += stride) {
          const x = this.x(f);
          const y = this.y(data[base + f]);
          if (f === 0) c.moveTo(x, y);
          else c.lineTo(x, y);
        }
        const lastF = this.frames - 1;
        c.lineTo(this.x(lastF), this.y(data[base + lastF]));
        c.strokeStyle = this.colours[p + 1] ?? '#fff';
        c.stroke();
      }
      c.font = '10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
      c.fillStyle = 'rgba(230, 233, 239, 0.45)';
      c.textBaseline = 'top';
      c.textAlign = 'right';
      c.fillText(fmt(this.max), this.cssW - PAD_X, 1);
    }
    this.valid = true;
  }

  /** Draws the cursor at position `pos` (frames, fractional while a move is in flight). */
  draw(pos: number): void {
    if (this.cssW === 0) return;
    if (!this.valid) this.paintCache();
    const c = this.ctx;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, this.canvas.width, this.canvas.height);
    c.drawImage(this.cache, 0, 0);
    if (this.frames === 0) return;
    c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const x = Math.round(this.x(Math.min(pos, this.frames - 1))) + 0.5;
    c.beginPath();
    c.moveTo(x, 0);
    c.lineTo(x, this.cssH);
    c.strokeStyle = 'rgba(255, 255, 255, 0.7)';
    c.lineWidth = 1;
    c.stroke();
    const data = this.data;
    if (data) {
      const f = Math.max(0, Math.min(this.frames - 1, Math.floor(pos)));
      for (let p = 0; p < this.players; p++) {
        c.beginPath();
        c.arc(x, this.y(data[p * this.frames + f]), 2.5, 0, Math.PI * 2);
        c.fillStyle = this.colours[p + 1] ?? '#fff';
        c.fill();
      }
    }
  }

  /** Writes the values at frame `f` next to the title (and as the graph's value, with the
   * players' names, for keyboard and screen-reader users). */
  showValues(f: number, names: readonly string[] = []): void {
    const data = this.data;
    const parts: string[] = [];
    for (let p = 0; p < this.valueEls.length; p++) {
      const v = data && f < this.frames ? data[p * this.frames + f] : 0;
      setText(this.valueEls[p], fmt(v));
      parts.push(`${names[p] ?? `Player ${p + 1}`} ${fmt(v)}`);
    }
    const c = this.canvas;
    const max = String(Math.max(0, this.frames - 1));
    if (c.getAttribute('aria-valuemax') !== max) c.setAttribute('aria-valuemax', max);
    const now = String(Math.max(0, Math.min(f, this.frames - 1)));
    if (c.getAttribute('aria-valuenow') !== now) c.setAttribute('aria-valuenow', now);
    const text = `Frame ${f}: ${parts.join(', ')}`;
    if (c.getAttribute('aria-valuetext') !== text) c.setAttribute('aria-valuetext', text);
  }
}

export class GraphPanel {
  private readonly container: HTMLElement;
  private series: readonly SeriesInfo[] = [];
  /** Graphs made so far, by series key: a graph is made the first time it is shown. */
  private made = new Map<string, Graph>();
  private src: FrameSource | null = null;
  private colours: readonly string[] = [];
  private extended = false;
  private version = -1;
  private readonly onSeek: (frame: number) => void;

  /** Mounts the graphs of `series` on `container`. */
  constructor(container: HTMLElement, series: readonly SeriesInfo[], onSeek: (frame: number) => void) {
    this.container = container;
    this.onSeek = onSeek;
    this.setSeries(series);
  }

  /** The series to show (a game's list). */
  setSeries(series: readonly SeriesInfo[]): void {
    this.container.replaceChildren();
    this.made = new Map();
    this.series = series;
    this.applyVisibility();
    this.version = -1;
  }

  private shown(s: SeriesInfo): boolean {
    return this.extended || s.basic;
  }

  private onShow: Graph[] = [];

  /** The graphs on show. */
  private visible(): Graph[] {
    return this.onShow;
  }

  /** Makes the graphs to show (in the series' order) that do not exist yet. */
  private makeShown(): Graph[] {
    const out: Graph[] = [];
    for (const s of this.series) {
      if (!this.shown(s)) continue;
      let g = this.made.get(s.key);
      if (!g) {
        g = new Graph(s.key, s.label, (f) => this.onSeek(f));
        g.setData(null, 0, 0, this.colours);
        this.made.set(s.key, g);
        // Keep the series' order in the page.
        const next = this.series.slice(this.series.indexOf(s) + 1).map((x) => this.made.get(x.key)).find((x) => x !== undefined);
        this.container.insertBefore(g.root, next ? next.root : null);
      }
      out.push(g);
    }
    return out;
  }

  private applyVisibility(): void {
    for (const s of this.series) {
      const g = this.made.get(s.key);
      if (g) g.root.hidden = !this.shown(s);
    }
    this.onShow = this.makeShown();
  }

  setSource(src: FrameSource | null, colours: readonly string[]): void {
    this.src = src;
    this.colours = colours;
    for (const g of this.made.values()) g.setData(null, 0, 0, colours);
    this.version = -1;
  }

  setExtended(on: boolean): void {
    this.extended = on;
    this.applyVisibility();
    this.resize();
    this.version = -1;
    this.refresh();
  }

  setColours(colours: readonly string[]): void {
    this.colours = colours;
    for (const g of this.made.values()) g.setColours(colours);
  }

  /** Reads the series again if the game has new data (a live game, or series just computed). */
  refresh(): void {
    const src = this.src;
    if (!src) return;
    if (src.version === this.version) return;
    this.version = src.version;
    const players = Math.max(1, src.numPlayers);
    let frames = 0;
    for (const g of this.visible()) {
      let data: Uint32Array | null = null;
      try {
        data = src.series(g.name);
      } catch {
        data = null;
      }
      const f = data ? Math.floor(data.length / players) : 0;
      frames = Math.max(frames, f);
      g.setData(data, f, src.numPlayers, this.colours);
    }
    this.container.dataset.frames = String(frames);
  }

  /** The data of a graph on show. */
  data(name: string): Uint32Array | null {
    return this.made.get(name)?.data ?? null;
  }

  resize(): void {
    for (const g of this.visible()) g.resize();
  }

  draw(pos: number): void {
    for (const g of this.visible()) g.draw(pos);
  }

  showValues(frame: number): void {
    const names = this.src ? this.src.playerNames() : [];
    for (const g of this.visible()) g.showValues(frame, names);
  }
}
