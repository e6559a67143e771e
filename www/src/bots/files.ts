// Bot source files: reading a picked or dropped `.js` file into the library, downloading a saved
// bot, and the name a module declares. A bot's code is only ever text here: it is read, stored
// and written back, never evaluated (it runs only in a seat's Worker once a game starts).

import type { BotLibrary, SavedBot } from './library';
import { MAX_BOT_BYTES } from './sources';
import { saveFile } from '../shell/page/dom';

export { MAX_BOT_BYTES };

/** Whether a file looks like a bot module by its name or type. */
export function isBotFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.m?js$/i.test(file.name) || /javascript|ecmascript/i.test(file.type);
}

/** The name a module gives itself with `export const name = '...'`, read from its text by a
 * pattern (nothing is run), or null. */
export function declaredName(code: string): string | null {
  const m = /export\s+(?:const|let|var)\s+name\s*=\s*(['"`])([^'"`\n\\]{1,40})\1/.exec(code);
  const name = m?.[2].trim();
  return name ? name : null;
}

/** The text with its `export const name = '...'` declaration set to `name` (when it has one;
 * otherwise unchanged). A text edit, like declaredName: nothing is run. */
export function renameInCode(code: string, name: string): string {
  const safe = name.replace(/[\\'"`\n]/g, '').slice(0, 40);
  return code.replace(/(export\s+(?:const|let|var)\s+name\s*=\s*)(['"`])[^'"`\n\\]{0,40}\2/, (_m, head: string, q: string) => `${head}${q}${safe}${q}`);
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", else the date (2026-11-23).
 * Written by hand: the first Intl formatter of a page loads locale data on the main thread. */
export function changedWhen(ms: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 45) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 7) return `${d} days ago`;
  const t = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** A file name without its directory and extension ("bots/my-bot.mjs" -> "my-bot"). */
export function baseName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? fileName;
  return last.replace(/\.m?js$/i, '') || 'bot';
}

/**
 * Saves a picked or dropped file in the library (origin 'file') and returns the saved bot. The
 * same text read again (the same file picked twice) gives the bot already saved instead of a
 * copy. Rejects with a message fit for the user when the file is not a bot module or too big.
 */
export async function saveBotFile(library: BotLibrary, file: File): Promise<SavedBot> {
  if (!isBotFile(file)) throw new Error(`${file.name} is not a JavaScript module (.js or .mjs)`);
  if (file.size > MAX_BOT_BYTES) throw new Error(`${file.name} is too big for a bot (${Math.round(file.size / 1024)} kB; the most is ${MAX_BOT_BYTES / 1024} kB)`);
  const code = await file.text();
  const same = library.list().find((b) => b.origin === 'file' && b.code === code);
  if (same) return same;
  return library.create(declaredName(code) ?? baseName(file.name), code, 'file');
}

/** A file name to download a saved bot as. */
export function downloadFileName(bot: Pick<SavedBot, 'id'>): string {
  return `${bot.id}.js`;
}

/** Offers a saved bot's text as a `.js` download. */
export function downloadBot(bot: SavedBot): void {
  saveFile(new Blob([bot.code], { type: 'text/javascript' }), downloadFileName(bot));
}

/** The first `.js` file among dropped files, or null. */
export function firstBotFile(files: FileList | null | undefined): File | null {
  for (const f of Array.from(files ?? [])) if (isBotFile(f)) return f;
  return null;
}
