// The panel a human's controls are mounted on, for any game: its role and name, its markup, and
// a lookup of its parts (a missing part is a bug in the markup, so it throws).

/** Fills `panel` with the orders bar's markup; returns the lookup of its `data-part`s. */
export function mountOrdersPanel(panel: HTMLElement, html: string): <T extends HTMLElement>(part: string) => T {
  panel.classList.add('orders-bar');
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-label', 'Your orders');
  panel.innerHTML = html;
  return <T extends HTMLElement>(part: string): T => {
    const e = panel.querySelector(`[data-part="${part}"]`);
    if (!e) throw new Error(`play controls are missing ${part}`);
    return e as T;
  };
}

/** Empties the panel again (the controls are disposed). */
export function unmountOrdersPanel(panel: HTMLElement): void {
  panel.replaceChildren();
  panel.classList.remove('orders-bar');
}
