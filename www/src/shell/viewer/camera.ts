// Pointer control of a board: drag to pan, wheel or pinch to zoom, hover and tap to inspect.
// Mounted on the board's canvas; works for any BoardView. While a human plays, one-finger and
// left-button gestures go to the play controls (selection); the map then pans with the right or
// middle mouse button or two fingers.

import type { BoardView, PointerIntercept } from '../game';

export interface CameraEvents {
  /** The view moved (redraw). */
  changed(): void;
  /** The target under a mouse pointer (-1 when it leaves). */
  hover(target: number): void;
  /** A tap or click on a target (not a drag). `touch` for a finger or pen. */
  tap(target: number, touch: boolean): void;
  /** The play controls that take primary gestures now, if any. */
  intercept?(): PointerIntercept | null;
}

export function bindCamera(board: BoardView, ev: CameraEvents): void {
  const canvas = board.canvas;
  const pointers = new Map<number, { x: number; y: number }>();
  let dragged = false;
  let downAt = { x: 0, y: 0 };
  let pinchDist = 0;
  /** The play controls holding the current gesture. */
  let taken: PointerIntercept | null = null;

  canvas.addEventListener('pointerdown', (e) => {
    const mouse = e.pointerType === 'mouse';
    if (mouse && e.button > 2) return;
    const primary = !mouse || e.button === 0;
    const intercept = ev.intercept?.() ?? null;
    // Without play controls only the left button (or a finger) pans; with them, left is theirs.
    if (mouse && !primary && !intercept) return;
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      dragged = false;
      downAt = { x: e.clientX, y: e.clientY };
      // A finger adds to the selection (there is no shift key on a touch screen).
      const additive = e.shiftKey || e.ctrlKey || e.metaKey || e.pointerType === 'touch';
      if (primary && intercept && intercept.down(e.clientX, e.clientY, additive)) taken = intercept;
    } else if (pointers.size === 2) {
      if (taken) {
        // A second finger: the gesture becomes a pinch.
        taken.up(e.clientX, e.clientY, true);
        taken = null;
      }
      const [a, b] = [...pointers.values()];
      pinchDist = Math.hypot(a.x - b.x, a.y - b.y);
      dragged = true;
    }
  });

  canvas.addEventListener('contextmenu', (e) => {
    if (ev.intercept?.()) e.preventDefault();
  });

  canvas.addEventListener('pointermove', (e) => {
    if (taken && pointers.has(e.pointerId)) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      taken.move(e.clientX, e.clientY);
      return;
    }
    const prev = pointers.get(e.pointerId);
    if (!prev) {
      if (e.pointerType === 'mouse') ev.hover(board.pick(e.clientX, e.clientY));
      return;
    }
    const cur = { x: e.clientX, y: e.clientY };
    if (pointers.size === 1) {
      if (!dragged && Math.hypot(cur.x - downAt.x, cur.y - downAt.y) > 5) {
        dragged = true;
        canvas.classList.add('dragging');
        // Catch up the movement made before the drag was recognised.
        board.panBy(cur.x - downAt.x, cur.y - downAt.y);
      } else if (dragged) {
        board.panBy(cur.x - prev.x, cur.y - prev.y);
      }
      pointers.set(e.pointerId, cur);
      if (dragged) ev.changed();
    } else if (pointers.size === 2) {
      const other = [...pointers.entries()].filter(([id]) => id !== e.pointerId).map(([, p]) => p)[0];
      const midBefore = { x: (prev.x + other.x) / 2, y: (prev.y + other.y) / 2 };
      const midAfter = { x: (cur.x + other.x) / 2, y: (cur.y + other.y) / 2 };
      const dist = Math.hypot(cur.x - other.x, cur.y - other.y);
      const r = canvas.getBoundingClientRect();
      if (pinchDist > 0 && dist > 0) board.zoomBy(dist / pinchDist, midAfter.x - r.left, midAfter.y - r.top);
      board.panBy(midAfter.x - midBefore.x, midAfter.y - midBefore.y);
      pinchDist = dist;
      pointers.set(e.pointerId, cur);
      ev.changed();
    }
  });

  const release = (e: PointerEvent, cancelled: boolean) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (taken) {
      const t = taken;
      taken = null;
      t.up(e.clientX, e.clientY, cancelled);
      return;
    }
    if (pointers.size === 0) {
      canvas.classList.remove('dragging');
      if (!dragged && !cancelled) ev.tap(board.pick(e.clientX, e.clientY), e.pointerType !== 'mouse');
    } else if (pointers.size === 1) {
      pinchDist = 0;
    }
  };
  canvas.addEventListener('pointerup', (e) => release(e, false));
  canvas.addEventListener('pointercancel', (e) => release(e, true));
  canvas.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse' && pointers.size === 0) ev.hover(-1);
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const r = canvas.getBoundingClientRect();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? r.height : 1;
      const delta = Math.max(-300, Math.min(300, e.deltaY * unit));
      board.zoomBy(Math.exp(-delta * 0.0022), e.clientX - r.left, e.clientY - r.top);
      ev.changed();
    },
    { passive: false },
  );
}
