// The top bar every page shares: the brand (a link home), the links between the pages (watch,
// play, arena, learn), the page's title and its own actions. Pages write it into their markup
// and fill in the parts they own (`data-part="title"`, `"meta"`).

import { esc } from './dom';

export type PageName = 'watch' | 'play' | 'arena' | 'learn';

const PAGES: readonly { id: PageName; label: string; href: string; title: string }[] = [
  { id: 'watch', label: 'Watch', href: './', title: 'Watch replays and live games' },
  { id: 'play', label: 'Play', href: './?play', title: 'Play against bots, write your own' },
  { id: 'arena', label: 'Arena', href: './?arena', title: 'Many games between bots, with ratings' },
  { id: 'learn', label: 'Learn', href: './?learn', title: 'Learn the rules by playing them' },
];

const BRAND = `
    <a class="brand" href="./" aria-label="Halite, home: a live game">
      <svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect x="3" y="3" width="12" height="12" rx="2" fill="#ff5d5d"/>
        <rect x="17" y="3" width="12" height="12" rx="2" fill="#3fa7ff"/>
        <rect x="3" y="17" width="12" height="12" rx="2" fill="#ffc94a"/>
        <rect x="19.5" y="19.5" width="7" height="7" rx="1.5" fill="#41d68a"/>
      </svg>
      <span class="brand-name">Halite</span>
    </a>`;

/** The page links, the current one marked for assistive technology and styled as chosen. */
export function pageNavHtml(current: PageName): string {
  const links = PAGES.map(
    (p) => `<a class="page-link" href="${p.href}" title="${esc(p.title)}"${p.id === current ? ' aria-current="page"' : ''}>${p.label}</a>`,
  ).join('');
  return `<nav class="page-nav" aria-label="Pages">${links}</nav>`;
}

export interface TopbarOptions {
  page: PageName;
  /** The page's heading (escaped here); none when the page has its own `h1`. */
  title?: string;
  /** A line under the title (escaped here). */
  meta?: string;
  /** Markup placed after the meta text (a badge). */
  metaExtra?: string;
  /** The page's own controls, as markup (their wrapper included). */
  actions?: string;
}

/** The top bar's markup. */
export function topbarHtml(o: TopbarOptions): string {
  const title =
    o.title === undefined
      ? '<div class="title-block title-block-empty"></div>'
      : `<div class="title-block">
      <h1 class="game-title" data-part="title">${esc(o.title)}</h1>
      <p class="game-meta"><span class="game-meta-text" data-part="meta">${esc(o.meta ?? '')}</span>${o.metaExtra ?? ''}</p>
    </div>`;
  return `<header class="topbar">${BRAND}
    ${pageNavHtml(o.page)}
    ${title}
    ${o.actions ?? ''}
  </header>`;
}
