// The router: mounts one page on the app's root element, chosen by the address.
//   /                       watch: a live game between built-in bots (`?bots=a,b,c` picks them)
//   ?replay=URL[&frame=N&player=P&radius=R]   watch a replay from a URL (relative to the page)
//   ?bench=1                the benchmark page (hooks for www/bench/bench.mjs)
//   ?learn[=<lesson id>]    the lessons, or one lesson
//   ?sandbox[=<scenario>]   a small board to paint and resolve turn by turn
// Play, arena and learn pages mount here the same way.

import { errorMessage } from './shell/engine';

type PageId = 'watch' | 'bench' | 'learn' | 'sandbox';

function pageOf(search: string): PageId {
  const q = new URLSearchParams(search);
  if (q.has('bench')) return 'bench';
  if (q.has('learn')) return 'learn';
  if (q.has('sandbox')) return 'sandbox';
  return 'watch';
}

async function route(root: HTMLElement): Promise<void> {
  const search = location.search;
  try {
    // Games run in workers, each with its own engine; the page loads its own copy only when it
    // first needs one (a fog view, a turn report), so start-up does not wait for it.
    switch (pageOf(search)) {
      case 'bench': {
        const m = await import(/* webpackChunkName: "bench" */ './pages/bench');
        await m.mount(root);
        return;
      }
      case 'learn': {
        const m = await import(/* webpackChunkName: "learn" */ './pages/learn');
        await m.mount(root, search);
        return;
      }
      case 'sandbox': {
        const m = await import(/* webpackChunkName: "sandbox" */ './pages/sandbox');
        await m.mount(root, search);
        return;
      }
      case 'watch': {
        const m = await import(/* webpackChunkName: "watch" */ './pages/watch');
        await m.mount(root, search);
        return;
      }
    }
  } catch (e) {
    const p = document.createElement('p');
    p.className = 'fatal';
    p.setAttribute('role', 'alert');
    p.textContent = `The app could not start: ${errorMessage(e)}`;
    root.replaceChildren(p);
  }
}

const root = document.getElementById('app');
if (root) void route(root);
