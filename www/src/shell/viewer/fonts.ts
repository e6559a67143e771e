// The viewer's fonts, each used once while the page is idle, before a game is shown.
//
// The first time text uses a font strike (a face at a size), Chromium's renderer may have to ask
// the browser process for it (on Linux: its render style, from fontconfig) and waits for the
// answer. A viewer showing its first game lays out its side panel and draws its graphs in sizes
// the page had not used yet: on the 2-core machine those lookups were 16 in the tasks that show
// the 11 MB s107 replay, 30 to 130 ms of their wall time for almost no CPU (the browser process
// waiting for a core the engine worker held). Laying out a line of hidden text in each size and
// weight the viewer uses, in an idle moment, moves them out of those tasks.
// `www/tests/viewer-fonts.e2e.test.mjs` checks that every strike a shown replay uses is here.

import { GRAPH_FONT } from './graphs';

/** The page's two families (styles.css's `--font` and `--mono`). */
export type FontFamily = 'font' | 'mono';

export interface WarmFont {
  family: FontFamily;
  /** The CSS weight, as the style sheet gives it. */
  weight: number;
  /** CSS pixels. */
  size: number;
}

const font = (weight: number, sizes: number[]): WarmFont[] => sizes.map((size) => ({ family: 'font' as const, weight, size }));

/** Every strike the viewer's text uses, by weight: its panels, controls and notes, on a wide
 * screen and on a phone (13.5 px there). */
export const WARM_FONTS: readonly WarmFont[] = [
  ...font(400, [11, 11.5, 12, 12.5, 13, 13.5, 14]),
  ...font(500, [13.5, 14]),
  ...font(550, [12.5, 13, 14]),
  ...font(600, [11.5, 12, 12.5, 13, 13.5, 14]),
  ...font(650, [15]),
  ...font(700, [12, 16]),
  { family: 'mono', weight: 600, size: 10.5 },
];

/** Canvas fonts the viewer draws with (a canvas resolves its font on first use, as text does). */
export const WARM_CANVAS_FONTS: readonly string[] = [GRAPH_FONT];

/** Fonts used per idle task: a strike not met before can take a few milliseconds of waiting. */
const PER_TASK = 4;

let warmed = false;

/** Uses every font of WARM_FONTS once, a few at a time when the page is idle (once per page). */
export function warmFonts(): void {
  if (warmed || typeof document === 'undefined') return;
  warmed = true;
  const idle = (f: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 50));
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  // Laid out (its text shaped, its fonts resolved) but never seen, and never in the way.
  box.style.cssText = 'position:absolute;left:-10000px;top:0;width:1px;height:1px;overflow:hidden;visibility:hidden;contain:strict;pointer-events:none';
  let next = 0;
  const step = () => {
    if (next === 0) document.body.appendChild(box);
    for (const f of WARM_FONTS.slice(next, next + PER_TASK)) {
      const s = document.createElement('span');
      s.style.font = `${f.weight} ${f.size}px var(--${f.family})`;
      s.textContent = 'Ag 0123456789';
      box.appendChild(s);
    }
    next += PER_TASK;
    // Read, so that the layout (and its lookups) happens in this idle task and not a later one.
    void box.offsetWidth;
    if (next < WARM_FONTS.length) {
      idle(step);
      return;
    }
    const c = document.createElement('canvas').getContext('2d');
    if (c)
      for (const cf of WARM_CANVAS_FONTS) {
        c.font = cf;
        c.measureText('Ag 01');
      }
    box.remove();
  };
  idle(step);
}
