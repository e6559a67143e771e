// Where a bot's code comes from, as the person should see it: whether it is third-party code (a
// module from another origin than the app's, or a `data:` / `blob:` address from a link), the
// origin to show beside its name, and the page's own fetch of a module's source text (the bot
// host has no network: the page fetches the module, after the person agreed, and hands it in).

import type { BotSource } from './messages';
import { withOrigin } from '../shell/page/names';

export { withOrigin };

/** The largest bot module, in bytes (a file, an editor's text or a URL's module). */
export const MAX_BOT_BYTES = 512 * 1024;

/** The origin a bot URL's code comes from, as shown to the person, always with its scheme
 * ("http://127.0.0.1:8081", "https://bots.example": a module over https on the app's own host is
 * another origin and says so), "a data: address" for an address without an origin, or null for
 * the app's own origin. */
export function foreignOrigin(url: string, appOrigin: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'an invalid address';
  }
  if (u.protocol === 'data:') return 'a data: address';
  if (u.protocol === 'blob:') return 'a blob: address';
  if (u.origin === appOrigin) return null;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `a ${u.protocol} address`;
  return u.origin;
}

/** The third-party origin of a seat's bot (see `foreignOrigin`), or null: built-in bots, saved
 * bots, the editor's and files' code and modules on the app's origin are the person's own. */
export function sourceOrigin(source: BotSource, appOrigin: string): string | null {
  return source.kind === 'url' ? foreignOrigin(source.url, appOrigin) : null;
}

/**
 * Fetches a bot module's source text, with messages a person can act on. The module comes from
 * the origin of `url` and from no other: the person agreed to that origin (or it is the app's
 * own), so a redirect elsewhere is refused before any request reaches the other origin. A redirect
 * within the origin is followed.
 */
export async function fetchBotSource(url: string): Promise<string> {
  let asked: URL | null = null;
  try {
    asked = new URL(url);
  } catch {
    // fetch names the fault below
  }
  const http = asked !== null && (asked.protocol === 'http:' || asked.protocol === 'https:');
  const fence = http && asked ? originFence(asked.origin) : null;
  try {
    let res: Response;
    try {
      res = await (fence ? fence.fetch : fetch)(url, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
    } catch (e) {
      if (fence && asked && (await fence.blocked())) throw new Error(elsewhere(url, asked.origin, null));
      const cross = http && asked !== null && asked.origin !== location.origin;
      const why = cross
        ? 'the server could not be reached or does not allow this page to read the file (it must send Access-Control-Allow-Origin)'
        : e instanceof Error ? e.message : String(e);
      throw new Error(`could not load ${url}: ${why}`);
    }
    if (http && asked && res.url) {
      const got = new URL(res.url).origin;
      if (got !== asked.origin) throw new Error(elsewhere(url, asked.origin, got));
    }
    if (res.status === 404) throw new Error(`could not load ${url}: not found (404)`);
    if (!res.ok) throw new Error(`could not load ${url}: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    const size = Number(res.headers.get('content-length'));
    if (size > MAX_BOT_BYTES) throw new Error(tooBig(url, size));
    const reader = res.body?.getReader();
    if (!reader) return await res.text();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_BOT_BYTES) {
        void reader.cancel();
        throw new Error(tooBig(url, total));
      }
      parts.push(value);
    }
    const all = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return new TextDecoder().decode(all);
  } finally {
    fence?.close();
  }
}

/** The sentence for a module that redirects to another origin than the one asked for: `to` when
 * it is known (the browser does not say where a redirect it stopped was going). */
function elsewhere(url: string, origin: string, to: string | null): string {
  const where = to ? `another origin, ${to}` : 'another origin, which was not contacted';
  return `could not load ${url}: ${origin} redirected it to ${where}. A bot module must come from the origin it was agreed for (${origin}); use the module's own address`;
}

interface Fence {
  fetch: typeof fetch;
  /** Whether a request was stopped on its way to another origin. */
  blocked(): Promise<boolean>;
  close(): void;
}

/**
 * A fetch that reaches `origin` only: the fetch of an empty frame of the page's own, whose
 * Content-Security-Policy adds `connect-src <origin>` to the page's. The browser checks every
 * redirect against it before making the request, so a redirect to another origin fails without
 * reaching it. Null where no frame can be made (the caller then checks the response's address).
 */
function originFence(origin: string): Fence | null {
  if (typeof document === 'undefined' || !document.body) return null;
  const frame = document.createElement('iframe');
  frame.className = 'fetch-fence';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  document.body.appendChild(frame);
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  const doc = frame.contentDocument;
  if (!win || !doc) {
    frame.remove();
    return null;
  }
  let stopped = false;
  doc.addEventListener('securitypolicyviolation', () => (stopped = true));
  const meta = doc.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src ${origin}`;
  (doc.head ?? doc.documentElement).appendChild(meta);
  return {
    fetch: win.fetch.bind(win),
    // The violation's event may come just after the failed fetch.
    blocked: () => new Promise((resolve) => setTimeout(() => resolve(stopped), 50)),
    close: () => frame.remove(),
  };
}

function tooBig(url: string, bytes: number): string {
  return `could not load ${url}: it is too big for a bot (${Math.round(bytes / 1024)} kB or more; the most is ${MAX_BOT_BYTES / 1024} kB)`;
}
