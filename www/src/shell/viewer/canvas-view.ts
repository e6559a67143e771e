// A board canvas's size in CSS pixels and its device pixel ratio, kept matched to its box: the
// backing store is the box times the ratio (at most 3), so boards draw sharp on any screen. And
// what every game's board starts from: its canvas, 2D context, view, camera and source.


export class CanvasView {
  /** CSS pixels. */
  w = 0;
  h = 0;
  dpr = 1;

  constructor(private readonly canvas: HTMLCanvasElement) {}

  /** Matches the canvas to its box; false when nothing changed. */
  fit(): boolean {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const w = Math.max(1, Math.round(rect.width));
    const h = Math.max(1, Math.round(rect.height));
    if (w === this.w && h === this.h && dpr === this.dpr) return false;
    this.w = w;
    this.h = h;
    this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    return true;
  }
}

/** A board's camera: `scale` CSS pixels per map unit and the map point at the view's centre. */
export interface Camera {
  scale: number;
  cx: number;
  cy: number;
}

/** The parts every game's board has: its canvas and 2D context, the canvas's view, the camera
 * (zoomed by the user or fitted), and the source it draws with its map size. */
export abstract class CanvasBoard<S> {
  readonly canvas: HTMLCanvasElement;
  protected readonly ctx: CanvasRenderingContext2D;
  protected readonly view: CanvasView;
  protected src: S | null = null;
  protected width = 0;
  protected height = 0;
  camera: Camera = { scale: 1, cx: 0, cy: 0 };
  protected userZoomed = false;

  /** `alpha`: whether the canvas is transparent (a board drawn over a background). */
  constructor(canvas: HTMLCanvasElement, alpha: boolean) {
    this.canvas = canvas;
    this.view = new CanvasView(canvas);
    const ctx = canvas.getContext('2d', { alpha });
    if (!ctx) throw new Error('this browser cannot draw on a canvas');
    this.ctx = ctx;
  }
}
