// What bots draw on the map: per seat and turn, a list of shapes in map coordinates (Halite I:
// site units, (x + 0.5, y + 0.5) a site's centre; Halite II: map units), kept like the logs,
// drawn over the board at that frame, and saved in a download as `bot_drawings[seat][turn]`.
//
//   ["line", x1, y1, x2, y2, colour]   ["circle", x, y, r, colour]
//   ["text", x, y, text, colour]       ["dot", x, y, colour]
//
// `colour` is a CSS colour string of at most 32 characters, or null for the seat's colour.
// Shapes come from bots and from replay files: `readShapes` checks every one.

export type Shape =
  | ['line', number, number, number, number, string | null]
  | ['circle', number, number, number, string | null]
  | ['text', number, number, string, string | null]
  | ['dot', number, number, string | null];

/** The most shapes a bot keeps in one turn (the rest are dropped, with a line in its log). */
export const MAX_SHAPES = 1000;
export const MAX_COLOUR = 32;
export const MAX_TEXT = 100;

/** `drawings[seat][turn]`. */
export type Drawings = (Shape[] | undefined)[][];

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e9;
const colour = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.length <= MAX_COLOUR);

/** One shape, checked, or null. */
export function readShape(v: unknown): Shape | null {
  if (!Array.isArray(v) || v.length < 4 || v.length > 6) return null;
  const [kind] = v;
  if (kind === 'line' && v.length === 6 && num(v[1]) && num(v[2]) && num(v[3]) && num(v[4]) && colour(v[5])) return ['line', v[1], v[2], v[3], v[4], v[5]];
  if (kind === 'circle' && v.length === 5 && num(v[1]) && num(v[2]) && num(v[3]) && v[3] >= 0 && colour(v[4])) return ['circle', v[1], v[2], v[3], v[4]];
  if (kind === 'text' && v.length === 5 && num(v[1]) && num(v[2]) && typeof v[3] === 'string' && v[3].length <= MAX_TEXT && colour(v[4])) return ['text', v[1], v[2], v[3], v[4]];
  if (kind === 'dot' && v.length === 4 && num(v[1]) && num(v[2]) && colour(v[3])) return ['dot', v[1], v[2], v[3]];
  return null;
}

/** A turn's shapes, checked (at most MAX_SHAPES), or null when anything is wrong. */
export function readShapes(v: unknown): Shape[] | null {
  if (!Array.isArray(v) || v.length > MAX_SHAPES) return null;
  const out: Shape[] = [];
  for (let i = 0; i < v.length; i++) {
    const s = readShape(v[i]);
    if (!s) return null;
    out.push(s);
  }
  return out;
}

/** `bot_drawings` of a replay file (`[seat][turn]` lists of shapes), held to a live game's
 * limits as it is read: seats past `players` and turns past `turns` are left out, and so are a
 * turn's shapes past MAX_SHAPES and every shape that is not one a bot could draw. `cut` counts the
 * shapes left out (a seat's or turn's entry that is not a list counts as one). `drawings` is null
 * when the replay has none, or nothing readable. */
export function readDrawingsTable(v: unknown, players: number, turns: number): { drawings: Drawings | null; cut: number } {
  if (v === undefined || v === null) return { drawings: null, cut: 0 };
  if (!Array.isArray(v)) return { drawings: null, cut: 1 };
  const out: Drawings = [];
  let cut = 0;
  for (let p = 0; p < v.length; p++) {
    const seat: unknown = v[p];
    if (p >= players || !Array.isArray(seat)) {
      cut++;
      continue;
    }
    const row: (Shape[] | undefined)[] = [];
    for (let t = 0; t < seat.length; t++) {
      const turn: unknown = seat[t];
      if (t > turns) {
        cut++;
        continue;
      }
      if (turn === null) {
        row.push(undefined);
        continue;
      }
      if (!Array.isArray(turn)) {
        cut++;
        row.push(undefined);
        continue;
      }
      const n = Math.min(turn.length, MAX_SHAPES);
      cut += turn.length - n;
      const shapes: Shape[] = [];
      for (let i = 0; i < n; i++) {
        const s = readShape(turn[i]);
        if (s) shapes.push(s);
        else cut++;
      }
      row.push(shapes.length ? shapes : undefined);
    }
    while (out.length < p) out.push([]);
    out.push(row);
  }
  return { drawings: out.length ? out : null, cut };
}

/** Where a board puts map points (canvas pixels, CSS units) and how many pixels a map unit is. */
export interface MapProjection {
  mapToCanvas(x: number, y: number): [number, number];
  pixelsPerUnit(): number;
}

/** Shapes to draw, with the colour of those that name none. */
export interface ShapeLayer {
  shapes: readonly Shape[];
  colour: string;
}

/** The layers of turn `frame`: every seat's shapes (or only seat `only`'s, unless -1), each in its
 * seat's colour `colours[seat]`. */
export function turnLayers(drawings: Drawings, frame: number, only: number, colours: readonly string[]): ShapeLayer[] {
  const out: ShapeLayer[] = [];
  drawings.forEach((turns, seat) => {
    const shapes = turns[frame];
    if (shapes && (only < 0 || seat === only)) out.push({ shapes, colour: colours[seat] ?? '#fff' });
  });
  return out;
}

/** Main-thread time a painter spends drawing in one frame (ms): the rest of a turn's shapes are
 * drawn in the frames that follow. */
export const PAINT_BUDGET_MS = 6;

/**
 * Draws layers of shapes over the board a slice at a time: each call draws for at most a budget
 * of time, from where the last one stopped, so that a turn of every bot's most shapes (thousands
 * of texts) never holds the main thread for longer than a frame. The canvas is cleared and drawing
 * starts over only when the shapes, their colours, the canvas or the map's projection change: a
 * finished picture stays as it is, at no cost, for every frame drawn with the same ones.
 */
export class ShapePainter {
  private key = '';
  private layers: readonly ShapeLayer[] = [];
  private layer = 0;
  private index = 0;

  /** Whether the last call left shapes to draw (call again in the next frame). */
  get pending(): boolean {
    return this.layer < this.layers.length;
  }

  /** Forgets the picture: the next call draws everything again. */
  reset(): void {
    this.key = '';
    this.layers = [];
  }

  /** Draws `layers` over the board on `canvas` (the size of the board's canvas, in CSS pixels
   * times `dpr`) for at most `budgetMs`; true once every shape is drawn. */
  paint(canvas: HTMLCanvasElement, dpr: number, layers: readonly ShapeLayer[], map: MapProjection, budgetMs = PAINT_BUDGET_MS): boolean {
    const g = canvas.getContext('2d');
    if (!g) return true;
    const [x0, y0] = map.mapToCanvas(0, 0);
    const [x1, y1] = map.mapToCanvas(1, 1);
    const key = `${canvas.width}x${canvas.height}@${dpr} ${x0},${y0} ${x1},${y1} ${map.pixelsPerUnit()}`;
    if (key !== this.key || !sameLayers(layers, this.layers)) {
      this.key = key;
      this.layers = layers.slice();
      this.layer = 0;
      this.index = 0;
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.clearRect(0, 0, canvas.width, canvas.height);
    }
    if (!this.pending) return true;
    const end = performance.now() + budgetMs;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    setUp(g);
    const box = { w: canvas.width / dpr, h: canvas.height / dpr };
    while (this.layer < this.layers.length) {
      const { shapes, colour } = this.layers[this.layer];
      const to = Math.min(shapes.length, this.index + SLICE);
      for (let i = this.index; i < to; i++) drawShape(g, shapes[i], colour, map, box);
      this.index = to;
      if (to >= shapes.length) {
        this.layer++;
        this.index = 0;
      }
      if (performance.now() >= end) break;
    }
    return !this.pending;
  }
}

/** Shapes drawn between two looks at the clock. */
const SLICE = 25;

function sameLayers(a: readonly ShapeLayer[], b: readonly ShapeLayer[]): boolean {
  return a.length === b.length && a.every((l, i) => l.shapes === b[i].shapes && l.colour === b[i].colour);
}

function setUp(g: CanvasRenderingContext2D): void {
  g.lineWidth = 2;
  g.lineCap = 'round';
  g.font = '600 12px system-ui, sans-serif';
  g.textBaseline = 'middle';
}

/** The widest a text of MAX_TEXT characters is drawn (CSS pixels), to skip those wholly off the
 * canvas without measuring them. */
const TEXT_REACH = MAX_TEXT * 12;

function drawShape(g: CanvasRenderingContext2D, s: Shape, own: string, map: MapProjection, box: { w: number; h: number }): void {
  const unit = map.pixelsPerUnit();
  const c = s[s.length - 1] as string | null;
  g.strokeStyle = own;
  g.fillStyle = own;
  if (c) {
    // An invalid CSS colour leaves the seat's colour in place.
    g.strokeStyle = c;
    g.fillStyle = c;
  }
  if (s[0] === 'line') {
    // The far end is placed from the near one, so a line across a wrapped edge stays whole.
    const [x1, y1] = map.mapToCanvas(s[1], s[2]);
    g.beginPath();
    g.moveTo(x1, y1);
    g.lineTo(x1 + (s[3] - s[1]) * unit, y1 + (s[4] - s[2]) * unit);
    g.stroke();
  } else if (s[0] === 'circle') {
    const [x, y] = map.mapToCanvas(s[1], s[2]);
    g.beginPath();
    g.arc(x, y, Math.max(1, s[3] * unit), 0, Math.PI * 2);
    g.stroke();
  } else if (s[0] === 'dot') {
    const [x, y] = map.mapToCanvas(s[1], s[2]);
    g.beginPath();
    g.arc(x, y, Math.max(2.5, unit * 0.15), 0, Math.PI * 2);
    g.fill();
  } else {
    const [x, y] = map.mapToCanvas(s[1], s[2]);
    // Off the canvas: nothing to draw.
    if (y < -12 || y > box.h + 12 || x > box.w || x + TEXT_REACH < 0) return;
    g.lineWidth = 3;
    g.strokeStyle = 'rgba(0, 0, 0, 0.75)';
    g.strokeText(s[3], x + 4, y);
    g.fillText(s[3], x + 4, y);
    g.lineWidth = 2;
  }
}
