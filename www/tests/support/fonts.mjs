// The fonts a page's text uses, against the lists the page looks up ahead
// (www/src/shell/page/fonts.ts).

import { compileSources } from './compile.mjs';

/** The lists of shell/page/fonts.ts by name, each as a set of "weight sizepx stack" keys. */
export function fontLists() {
  const src = compileSources();
  const fonts = src.load('shell/page/fonts.js');
  src.cleanup();
  const keys = (list) => new Set(list.map(([weight, size, stack]) => `${weight} ${size}px ${stack}`));
  return { PAGE_FONTS: keys(fonts.PAGE_FONTS), ARENA_FONTS: keys(fonts.ARENA_FONTS) };
}

/** In the page (pass it to `page.evaluate`): each text's weight, size and font stack ('sans' or
 * 'mono' when it is one of the style sheet's), for every element on screen with text of its own
 * (or a field's), as "weight sizepx stack" keys. */
export function fontsInUse() {
  // The custom properties keep the style sheet's (minified) spelling; the computed family is
  // spelled out: both are compared without their spaces.
  const bare = (v) => v.replace(/\s+/g, '');
  const root = getComputedStyle(document.documentElement);
  const stacks = { [bare(root.getPropertyValue('--font'))]: 'sans', [bare(root.getPropertyValue('--mono'))]: 'mono' };
  const out = new Set();
  for (const e of document.querySelectorAll('body *')) {
    const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if ((!ownText && !(e instanceof HTMLInputElement || e instanceof HTMLSelectElement)) || !e.getClientRects().length) continue;
    const s = getComputedStyle(e);
    out.add(`${s.fontWeight} ${s.fontSize} ${stacks[bare(s.fontFamily)] ?? s.fontFamily}`);
  }
  return [...out];
}
