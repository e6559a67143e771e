// The top bar on a phone: the page's secondary actions (those marked `data-more`) move into a
// "⋯ More" menu, each with its name written out, so the sample picker and the game's own actions
// (Continue, New, Resign) keep their room and their labels, and the bar stays one row. On wider
// screens they go back to their places in the bar. The menu is a disclosure: its button says
// whether it is open; Escape, a tap outside or choosing an item closes it, and the focus goes
// back to the button.

const PHONE = '(max-width: 560px)';

/** Installs the menu on the bar `actions` (a page's action group). */
export function installMoreMenu(actions: HTMLElement): void {
  const items = [...actions.querySelectorAll<HTMLElement>(':scope > [data-more]')];
  if (!items.length || !window.matchMedia) return;
  const wrap = document.createElement('div');
  wrap.className = 'more-wrap';
  wrap.dataset.part = 'more-wrap';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn more-button';
  button.dataset.part = 'more';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'more-menu');
  button.innerHTML = '<span aria-hidden="true">⋯</span> More';
  const menu = document.createElement('div');
  menu.className = 'more-menu';
  menu.id = 'more-menu';
  menu.dataset.part = 'more-menu';
  menu.setAttribute('role', 'group');
  menu.setAttribute('aria-label', 'More actions');
  menu.hidden = true;
  wrap.append(button, menu);
  wrap.hidden = true;
  actions.append(wrap);

  // Where each item lives in the bar, to put it back.
  const homes = items.map((el) => {
    const mark = document.createComment('more');
    el.before(mark);
    return { el, mark };
  });
  // An icon-only item gets its name written out in the menu (the words of its own name).
  for (const el of items) {
    if (!el.classList.contains('btn-icon') || el.querySelector('.menu-label')) continue;
    const name = (el.getAttribute('aria-label') ?? el.title).split(':')[0];
    const span = document.createElement('span');
    span.className = 'menu-label';
    span.textContent = name;
    el.append(span);
  }

  const open = (on: boolean, focusButton = false) => {
    menu.hidden = !on;
    button.setAttribute('aria-expanded', String(on));
    if (on) menu.querySelector<HTMLElement>('button:not([hidden]), input, [href]')?.focus();
    else if (focusButton) button.focus();
  };
  button.addEventListener('click', () => open(menu.hidden));
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      open(false, true);
    }
  });
  // Choosing an item closes the menu (a file picker's label, after it has opened its dialog).
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('button, a')) open(false);
  });
  menu.addEventListener('change', () => open(false));
  document.addEventListener('pointerdown', (e) => {
    if (!menu.hidden && !wrap.contains(e.target as Node)) open(false);
  });

  const media = window.matchMedia(PHONE);
  const place = () => {
    const phone = media.matches;
    if (phone) for (const { el } of homes) menu.append(el);
    else for (const { el, mark } of homes) mark.after(el);
    wrap.hidden = !phone;
    if (!phone) open(false);
  };
  media.addEventListener('change', place);
  place();
}
