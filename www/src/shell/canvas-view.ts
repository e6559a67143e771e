// A board canvas's size in CSS pixels and its device pixel ratio, kept matched to its box: the
// backing store is the box times the ratio (at most 3), so boards draw sharp on any screen.

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
