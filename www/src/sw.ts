// The service worker: after one visit the whole app works with no network at all.
//
// What it keeps: every file of the build except source maps (the page, its scripts and styles,
// the icon, the manifest, the bot host, every game's engine binaries and glue, the sample
// replays). The build writes that list and a version (a hash of every file's name and content)
// into this file (webpack.config.js, OfflineManifest), so no file or game is named here. It is
// all fetched when this worker installs, into a cache of this version's own; the build is a few
// megabytes, so keeping all of it at once means every page and game works offline, even one the
// person never opened while online.
//
// How it answers: a file of the list from this version's cache (content-hashed files never
// change; the few files with fixed names, such as index.html, are the ones this version was
// installed with); an address of the page (any query: ?play, ?learn=…, ?replay=…) is the kept
// index.html; anything else (source maps, other sites, `?replay=` addresses elsewhere) goes to the
// network as if this worker were not there.
//
// Updates never break a game in progress. A new version installs next to the old one and waits
// (no skipWaiting on install). It takes over when a page of the app is loaded while no other tab
// of the app is open: that navigation activates it and answers with a refresh, so the page loads
// under the new version (and says so). With other tabs open, the old version keeps serving them
// until they are all closed. When the new version activates, every older version's cache is
// deleted.

/** The parts of the service worker scope used here (the project's TypeScript lib is the DOM's). */
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WindowClient {
  readonly id: string;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: ExtendableMessageEvent) => void): void;
  readonly location: Location;
}

const worker = self as unknown as ServiceWorkerScope;

/** Filled in by the build: { version, files } (files relative to this worker's address). */
const BUILD = JSON.parse('__OFFLINE_BUILD__') as { version: string; files: string[] };

const PREFIX = 'halite-app-';
const CACHE = `${PREFIX}${BUILD.version}`;
const BASE = new URL('./', worker.location.href);
const INDEX = new URL('index.html', BASE).href;
const KEPT = new Set(BUILD.files.map((f) => new URL(f, BASE).href));

worker.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `no-cache`: the files as the server has them now, not an HTTP cache's older copy.
      await cache.addAll([...KEPT].map((url) => new Request(url, { cache: 'no-cache' })));
    })(),
  );
});

worker.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    })(),
  );
});

worker.addEventListener('message', (e) => {
  const m = e.data as { type?: unknown } | null;
  if (!m) return;
  // The page asks which version serves it (to say "Updated to the latest version" once).
  if (m.type === 'version' && e.ports[0]) e.ports[0].postMessage({ version: BUILD.version });
  // Sent only by the active version to a waiting one, at a load with no other window open.
  if (m.type === 'take-over') e.waitUntil(worker.skipWaiting());
});

/** The address without its query and fragment, for comparing with the kept files. */
function bare(url: string): string {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  return u.href;
}

/** Whether `url` is one of the app's page addresses (the index, with any query). */
function isPage(url: string): boolean {
  const b = bare(url);
  return b === BASE.href || b === INDEX;
}

async function fromCache(url: string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(url);
}

/** A navigation to the app: the kept page, or first the switch to a waiting new version. */
async function page(request: Request): Promise<Response> {
  const waiting = worker.registration.waiting;
  if (waiting && request.mode === 'navigate') {
    // The only window of the app (if any) is the one being replaced by this load: nothing else
    // runs a game on the old version, so the new one takes over and the page loads again under
    // it. A `Refresh` answer reloads the same address at once.
    const windows = await worker.clients.matchAll({ type: 'window' });
    if (windows.length <= 1) {
      waiting.postMessage({ type: 'take-over' });
      // Answer once it has taken over, so the reload reaches it (a few seconds at most).
      await new Promise<void>((resolve) => {
        const done = () => {
          if (waiting.state !== 'installed') resolve();
        };
        waiting.addEventListener('statechange', done);
        setTimeout(resolve, 3_000);
        done();
      });
      return new Response('', { headers: { Refresh: '0', 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
    }
  }
  return (await fromCache(INDEX)) ?? fetch(request);
}

worker.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.method !== 'GET') return;
  const url = request.url;
  if (isPage(url) && (request.mode === 'navigate' || request.destination === 'document')) {
    e.respondWith(page(request));
    return;
  }
  const key = bare(url);
  if (!KEPT.has(key)) return;
  e.respondWith((async () => (await fromCache(key)) ?? fetch(request))());
});

export {};
