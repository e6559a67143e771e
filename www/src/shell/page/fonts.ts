// The fonts of a page's text, looked up while the page's scripts load.
//
// Chromium's renderer asks the browser process for each family, weight and size of font it has
// not used yet, and waits for the answer (on Linux a fontconfig match, in the browser process). A
// page's first frame lays out all its text at once, so it waited for all of its fonts in one task:
// on a loaded 2-core machine, 15 to 40 ms of the first frame of a replay link. Asked for one a
// task before that frame, while the thread would be waiting for the page's scripts anyway, they
// are known when it comes. The arena page looks up its own styles after the watch page's, which
// every page shares (the top bar) and which most links open.

import { nextTask } from '../tasks';

/** A text style: [weight, size in px, stack], where `sans` is the style sheet's `--font` and
 * `mono` its `--mono`. */
export type PageFont = readonly [number, number, 'sans' | 'mono'];

/** The watch page's text styles at any width (the top bar, the map's controls, the side panel
 * and the introduction), in the order its frames first need them. `e2e.test.mjs` holds this list
 * to what the page shows. */
export const PAGE_FONTS: readonly PageFont[] = [
  // The first frame: the top bar, the map's controls and the options under it.
  [400, 14, 'sans'],
  [500, 14, 'sans'],
  [600, 14, 'sans'],
  [700, 16, 'sans'],
  [650, 15, 'sans'],
  [400, 13, 'sans'],
  [550, 13, 'sans'],
  [600, 13, 'sans'],
  [400, 12, 'sans'],
  [700, 12, 'sans'],
  [400, 11.5, 'sans'],
  [550, 12.5, 'sans'],
  [600, 12.5, 'sans'],
  [550, 14, 'sans'],
  [600, 10.5, 'mono'],
  // The side panel, a replay's players and a phone's layout.
  [400, 11, 'sans'],
  [600, 11.5, 'sans'],
  [600, 12, 'sans'],
  [400, 12.5, 'sans'],
  [700, 13, 'sans'],
  [400, 13.5, 'sans'],
  [500, 13.5, 'sans'],
  [550, 13.5, 'sans'],
  [600, 13.5, 'sans'],
  [700, 14, 'sans'],
  [400, 20, 'sans'],
];

/** The arena page's text styles besides PAGE_FONTS: its set-up first, then the opened results'
 * (standings, graph and the games list). `arena-results.e2e.test.mjs` holds this list to what
 * the page shows. */
export const ARENA_FONTS: readonly PageFont[] = [
  [650, 14, 'sans'],
  [650, 12, 'sans'],
  [700, 12.5, 'sans'],
  [400, 12, 'mono'],
  [500, 12, 'sans'],
  [500, 13, 'sans'],
  [500, 11.5, 'sans'],
  [400, 10.5, 'sans'],
  [500, 9, 'sans'],
  [600, 9, 'sans'],
];

/** Looks up each of `fonts`, one a task (a canvas measures a few characters in it). Resolves
 * when all are known; a page without the style sheet's font stacks looks up nothing. */
export async function lookUpFonts(fonts: readonly PageFont[]): Promise<void> {
  const root = getComputedStyle(document.documentElement);
  const stacks = { sans: root.getPropertyValue('--font').trim(), mono: root.getPropertyValue('--mono').trim() };
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx || !stacks.sans || !stacks.mono) return;
  for (const [weight, size, stack] of fonts) {
    await nextTask();
    ctx.font = `${weight} ${size}px ${stacks[stack]}`;
    ctx.measureText('Ag 01');
  }
}
