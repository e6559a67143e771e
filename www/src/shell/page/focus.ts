// Focus after a mouse click or a tap: a button (or toggle, checkbox, menu) clicked with a pointer
// gives the focus back, so that keys keep their page-wide meaning (while a human seat waits,
// Enter ends the turn instead of pressing the last clicked button again). A control reached with
// Tab keeps its focus, and Enter or Space activate it, as accessibility requires. Controls inside
// a dialog keep their focus (the dialog holds it).

/** The last way the person interacted: by a pointer (mouse, pen, touch) or by the keyboard. */
let pointerLast = false;
let installed = false;

const CLICKABLE = 'button, summary, [role="button"], input[type="checkbox"], input[type="radio"], input[type="range"]';

/** Whether a click came from a pointer: keyboard activation gives `detail` 0. */
function fromPointer(e: MouseEvent): boolean {
  return e.detail > 0 || pointerLast;
}

function release(target: Element | null): void {
  if (!target || target.closest('dialog')) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && (active === target || target.contains(active))) active.blur();
}

/** Installs the page-wide listeners once (any page, any game). */
export function installPointerFocusRelease(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('pointerdown', () => (pointerLast = true), true);
  doc.addEventListener('keydown', () => (pointerLast = false), true);
  // Bubble phase on the document: the control's own handlers have run.
  doc.addEventListener('click', (e) => {
    const t = (e.target as Element | null)?.closest?.(CLICKABLE) ?? null;
    if (t && fromPointer(e)) release(t);
  });
  // A menu (select) or slider chosen with a pointer gives the focus back once its value is set.
  doc.addEventListener('change', (e) => {
    const t = e.target as Element | null;
    if (pointerLast && t && (t.tagName === 'SELECT' || (t as HTMLInputElement).type === 'range')) release(t);
  });
  // A slider dragged with a pointer.
  doc.addEventListener('pointerup', (e) => {
    const t = (e.target as Element | null)?.closest?.('input[type="range"]') ?? null;
    if (t) release(t);
  });
}
