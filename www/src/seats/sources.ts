// Where a bot's code comes from, as the person should see it: whether it is third-party code (a
// module from another origin than the app's, or a `data:` / `blob:` address from a link), the
// origin to show beside its name, and the page's own fetch of a module's source text (the bot
// host has no network: the page fetches the module, after the person agreed, and hands it in).

import type { BotSource } from './messages';
import { withOrigin } from '../shell/names';

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

/** Fetches a bot module's source text, with messages a person can act on. */
export async function fetchBotSource(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
  } catch (e) {
    const cross = (() => {
      try {
        return new URL(url).origin !== location.origin && /^https?:$/.test(new URL(url).protocol);
      } catch {
        return false;
      }
    })();
    const why = cross
      ? 'the server could not be reached or does not allow this page to read the file (it must send Access-Control-Allow-Origin)'
      : e instanceof Error ? e.message : String(e);
    throw new Error(`could not load ${url}: ${why}`);
  }
  if (res.status === 404) throw new Error(`could not load ${url}: not found (404)`);
  if (!res.ok) throw new Error(`could not load ${url}: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  const size = Number(res.headers.get('content-length'));
  if (size > MAX_BOT_BYTES) throw new Error(tooBig(url, size));
  const reader = res.body?.getReader();
  if (!reader) return res.text();
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
}

function tooBig(url: string, bytes: number): string {
  return `could not load ${url}: it is too big for a bot (${Math.round(bytes / 1024)} kB or more; the most is ${MAX_BOT_BYTES / 1024} kB)`;
}
