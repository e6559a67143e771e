// The router: mounts one page on the app's root element, chosen by the address.
//   /                        watch: a live game between built-in bots
//   ?bots=a,b,c[&seed=N&size=WxH&fog=R…]   a live game with these seats (`human` plays one yourself)
//   ?replay=URL[&frame=N&player=P&radius=R]   watch a replay from a URL (relative to the page)
//   ?play                    set up a game against bots; write and keep your own bots
//   ?arena[&bots=a,b&games=N&size=WxH|A-B&seed=S…]   many games between bots, rated (TrueSkill)
//   ?learn[=<lesson id>]     the lessons, or one lesson
//   ?sandbox[=<scenario>]    a small board to paint and resolve turn by turn
//   ?bench=1                 the benchmark page (hooks for www/bench/*.mjs)
// Each page is its own chunk, loaded when its address is opened.

import { errorMessage } from './shell/engine';
import { ARENA_FONTS, lookUpFonts, PAGE_FONTS, type PageFont } from './shell/page/fonts';
import { installPointerFocusRelease } from './shell/page/focus';
import { holdOffline, registerOffline } from './shell/page/offline';

type Mount = (root: HTMLElement, search: string) => Promise<unknown>;

/** The pages by the query key that opens them, in order of precedence, with the fonts of their
 * own text besides the watch page's (shell/page/fonts.ts); watch is the default. */
const PAGES: readonly (readonly [string, () => Promise<{ mount: Mount }>, readonly PageFont[]])[] = [
  ['bench', () => import(/* webpackChunkName: "bench" */ './pages/bench'), []],
  ['play', () => import(/* webpackChunkName: "play" */ './pages/play'), []],
  ['arena', () => import(/* webpackChunkName: "arena" */ './pages/arena/index'), ARENA_FONTS],
  ['learn', () => import(/* webpackChunkName: "learn" */ './pages/learn'), []],
  ['sandbox', () => import(/* webpackChunkName: "sandbox" */ './pages/sandbox'), []],
];

/** The page the address opens (undefined: watch). */
function pageOf(search: string) {
  const q = new URLSearchParams(search);
  return PAGES.find(([key]) => q.has(key));
}

async function route(root: HTMLElement): Promise<void> {
  const search = location.search;
  try {
    // Games run in workers, each with its own engine; a page loads its own copy only when it
    // first needs one, so start-up does not wait for it.
    const page = pageOf(search);
    const m = page ? await page[1]() : await import(/* webpackChunkName: "watch" */ './pages/watch');
    await m.mount(root, search);
  } catch (e) {
    const p = document.createElement('p');
    p.className = 'fatal';
    p.setAttribute('role', 'alert');
    p.textContent = `The app could not start: ${errorMessage(e)}`;
    root.replaceChildren(p);
  }
}

installPointerFocusRelease();
// Each font the page's text uses, looked up a task at a time while its page's script loads.
void lookUpFonts([...PAGE_FONTS, ...(pageOf(location.search)?.[2] ?? [])]);
const root = document.getElementById('app');
// The service worker registers after the page's start (production builds only; see
// shell/page/offline.ts).
if (root) holdOffline(route(root));
registerOffline();
