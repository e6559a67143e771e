// The links between the app's pages, for every page's top bar: watch (replays and live games),
// play (a game against bots, your own bots), arena (many games, ratings) and learn (the rules).

import { el } from './dom';

export type PageName = 'watch' | 'play' | 'arena' | 'learn';

const PAGES: readonly { id: PageName; label: string; href: string; title: string }[] = [
  { id: 'watch', label: 'Watch', href: './', title: 'Watch replays and live games' },
  { id: 'play', label: 'Play', href: './?play', title: 'Play against bots, write your own' },
  { id: 'arena', label: 'Arena', href: './?arena', title: 'Many games between bots, with ratings' },
  { id: 'learn', label: 'Learn', href: './?learn', title: 'Learn the rules by playing them' },
];

/** The page links, the current one marked for assistive technology and styled as chosen. */
export function pageNav(current: PageName): HTMLElement {
  return el(
    'nav',
    { className: 'page-nav', attrs: { 'aria-label': 'Pages' } },
    PAGES.map((p) =>
      el('a', {
        className: 'page-link',
        text: p.label,
        attrs: { href: p.href, title: p.title, ...(p.id === current ? { 'aria-current': 'page' } : {}) },
      }),
    ),
  );
}
