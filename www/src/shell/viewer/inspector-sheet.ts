// The inspector on a phone: the map fills the screen and the inspector's card sits far below it,
// so a tap on the map (that pins a site or a ship) brings the card up as a sheet fixed at the
// bottom of the screen, over the map's lower part. The sheet is labelled by the card's title; its
// close button, Escape, a downward swipe on it or a tap outside it put it away, and the focus goes
// back to the map. Wider screens keep the card in the side column. While a human seat is giving
// orders, a tap selects pieces instead and the sheet stays away from the orders bar.

const PHONE = '(max-width: 560px)';

/** Installs the sheet on a viewer mounted on `root`. */
export function installInspectorSheet(root: HTMLElement): void {
  const body = root.querySelector<HTMLElement>('[data-part="inspector"]');
  const card = body?.closest<HTMLElement>('section');
  const head = root.querySelector<HTMLElement>('[data-part="inspector-head"]');
  const map = root.querySelector<HTMLElement>('[data-part="map"]');
  const play = root.querySelector<HTMLElement>('[data-part="human-play"]');
  if (!body || !card || !head || !map || !window.matchMedia) return;
  const media = window.matchMedia(PHONE);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'btn sheet-close';
  close.dataset.part = 'sheet-close';
  close.setAttribute('aria-label', 'Close the inspector');
  close.innerHTML = '<span aria-hidden="true">×</span> Close';
  close.hidden = true;
  head.append(close);

  const isOpen = () => card.classList.contains('is-sheet');
  const show = (on: boolean, focusMap = false) => {
    if (on === isOpen()) return;
    card.classList.toggle('is-sheet', on);
    card.dataset.part = on ? 'inspector-sheet' : '';
    close.hidden = !on;
    if (on) card.setAttribute('role', 'region');
    else card.removeAttribute('role');
    if (!on && focusMap) map.focus({ preventScroll: true });
  };
  close.addEventListener('click', () => show(false, true));
  card.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      e.stopPropagation();
      show(false, true);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen() && document.activeElement === map) show(false);
  });
  // A tap on the map: once the viewer has pinned (or unpinned) what is there, the sheet follows.
  map.addEventListener('pointerup', () => {
    if (!media.matches || (play && !play.hidden)) return;
    window.setTimeout(() => {
      // The card's head says "pinned" while something is pinned.
      show(/pinned/.test(head.textContent ?? ''));
    }, 0);
  });
  // A tap outside the sheet (but on the map, which pins anew) puts it away.
  document.addEventListener('pointerdown', (e) => {
    const t = e.target as Node;
    if (isOpen() && !card.contains(t) && t !== map) show(false);
  });
  // A swipe down on the sheet puts it away.
  let startY: number | null = null;
  card.addEventListener('touchstart', (e) => (startY = e.touches[0]?.clientY ?? null), { passive: true });
  card.addEventListener('touchend', (e) => {
    const y = e.changedTouches[0]?.clientY;
    if (startY !== null && y !== undefined && y - startY > 60 && card.scrollTop <= 0) show(false, true);
    startY = null;
  });
  media.addEventListener('change', () => {
    if (!media.matches) show(false);
  });
}
