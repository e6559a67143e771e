// Offline: registers the service worker (www/src/sw.ts, built as sw.js) that keeps the app so it
// works with no network after one visit, and says when a new version is ready or has taken over.
//
// Only production builds register it (the build defines OFFLINE_BUILD: true for
// `webpack --mode production`, false for `npm start`'s dev server, whose files change at every
// edit and which must never be answered from a cache). Registering waits for the page's `load`
// event, so it never delays the first paint.

import { localStore } from './dom';
import { whenIdle } from '../tasks';

declare const OFFLINE_BUILD: boolean;

/** Where the page remembers which version served it last (to say "updated" once). */
const SEEN_KEY = 'halite.offline.version';

/** A short passing notice at the bottom of the page. */
function notice(text: string): void {
  let box = document.querySelector<HTMLElement>('.app-notices');
  if (!box) {
    box = document.createElement('div');
    box.className = 'app-notices';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.appendChild(box);
  }
  const n = document.createElement('div');
  n.className = 'app-notice';
  n.textContent = text;
  box.appendChild(n);
  setTimeout(() => n.remove(), 8_000);
}

/** The version of the worker that serves this page, or null. */
function versionOf(worker: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => {
      const v = (e.data as { version?: unknown } | null)?.version;
      resolve(typeof v === 'string' && v.length <= 100 ? v : null);
    };
    worker.postMessage({ type: 'version' }, [channel.port2]);
  });
}

/** Says "Updated to the latest version" on the first load under a new version. */
async function sayIfUpdated(): Promise<void> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  const version = await versionOf(worker);
  const store = localStore();
  if (!version || !store) return;
  const seen = store.getItem(SEEN_KEY);
  store.setItem(SEEN_KEY, version);
  if (seen !== null && seen !== version) notice('Updated to the latest version.');
}

/** Says so when a new version has installed while this page runs on the old one. */
function watchForUpdates(reg: ServiceWorkerRegistration): void {
  const tell = (w: ServiceWorker | null) => {
    if (!w) return;
    const ready = () => {
      if (w.state === 'installed' && navigator.serviceWorker.controller) {
        notice('A new version is ready: it will be used next time you open the page.');
      }
    };
    if (w.state === 'installed') ready();
    else w.addEventListener('statechange', ready);
  };
  reg.addEventListener('updatefound', () => tell(reg.installing));
}

async function register(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker.register(new URL('sw.js', document.baseURI).href, { scope: './' });
    watchForUpdates(reg);
    await sayIfUpdated();
  } catch {
    // Without a service worker (private windows, some browsers, file:) the app works online as
    // before.
  }
}

/** The longest registration waits for held work. */
const HOLD_MS = 20_000;

/** Work registration waits for (each settled or not; see `holdOffline`). */
const held: Promise<void>[] = [];
/** Registration no longer waits (or never will: a development build): later work is not kept. */
let holding = OFFLINE_BUILD;

/** Holds the service worker's registration until `work` settles (at most `HOLD_MS` in all). */
export function holdOffline(work: Promise<unknown>): void {
  if (!holding) return;
  held.push(
    work.then(
      () => {},
      () => {},
    ),
  );
}

/** Resolves once every held work has settled, including work held while waiting. */
async function heldWork(): Promise<void> {
  for (let seen = 0; seen < held.length; ) {
    const now = held.length;
    await Promise.all(held.slice(seen, now));
    seen = now;
  }
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Registers the service worker once the page has loaded and its start-up work is done
 * (production builds only). */
export function registerOffline(): void {
  if (!OFFLINE_BUILD || !('serviceWorker' in navigator)) {
    holding = false;
    held.length = 0;
    return;
  }
  void (async () => {
    await loaded();
    await Promise.race([heldWork(), new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
    holding = false;
    held.length = 0;
    await whenIdle(2_000, 200);
    await register();
  })();
}
