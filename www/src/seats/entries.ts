// What one `?bots=` entry names: `human`, a built-in bot, a bot saved in the browser
// (`saved:<id>`), or a bot module URL (it contains `/` or ends in `.js` / `.mjs`). Pure.

import { isBotUrl } from '../shell/page/urlstate';
import type { BotLibrary } from '../bots/library';
import type { BotSource } from '../bots/messages';
import { foreignOrigin } from '../bots/sources';
import { cleanName, splitOrigin, withOrigin } from '../shell/page/names';

export { isBotUrl };

export type SeatChoice = { kind: 'human' } | { kind: 'bot'; source: BotSource; label: string };

/** The file name of a bot URL, for a seat's name until the module names itself. */
export function botFileName(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? url;
  return cleanName(last.replace(/\.m?js$/i, '').slice(0, 30)) || 'bot';
}

/**
 * Resolves one entry against the built-in bots (`builtins`: id -> display name) and the saved
 * bots. `base` resolves relative URLs (the page's address); `unlisted`: built-in ids no menu
 * offers (kept for tests), left out of the message. Throws an Error that says what is wrong with
 * the entry.
 */
export function resolveEntry(entry: string, builtins: ReadonlyMap<string, string>, library: BotLibrary | null, base: string, unlisted: ReadonlySet<string> = new Set()): SeatChoice {
  const e = entry.trim();
  if (e === 'human') return { kind: 'human' };
  if (isBotUrl(e)) {
    let url: string;
    try {
      url = new URL(e, base).href;
    } catch {
      throw new Error(`${e} is not a valid bot module address`);
    }
    // A third-party module's origin stands beside its name from the start.
    return { kind: 'bot', source: { kind: 'url', url }, label: withOrigin(botFileName(e), foreignOrigin(url, new URL(base).origin)) };
  }
  if (e.startsWith('saved:')) {
    const id = e.slice(6);
    const saved = library?.get(id);
    if (!saved) throw new Error(`no saved bot called ${id} in this browser (open Play to see your bots)`);
    const name = cleanName(saved.name) || id;
    return { kind: 'bot', source: { kind: 'code', code: saved.code, label: name, saved: id }, label: name };
  }
  const name = builtins.get(e);
  if (name === undefined) {
    // The message names only the bots a menu offers (not the ones kept for tests).
    const offered = [...builtins.keys()].filter((id) => !unlisted.has(id));
    throw new Error(`no built-in bot named ${e} (there are ${offered.join(', ')}; or human, saved:<name>, or a module URL)`);
  }
  return { kind: 'bot', source: { kind: 'builtin', id: e }, label: name };
}

/** `label`, numbered if another seat has it already ("Greedy 2 (https://bots.example)"), so no
 * two seats read the same whichever named itself first. */
export function uniqueName(label: string, taken: readonly string[]): string {
  const others = new Set(taken);
  if (!others.has(label)) return label;
  const { name, origin } = splitOrigin(label);
  let k = 2;
  while (others.has(withOrigin(`${name} ${k}`, origin))) k++;
  return withOrigin(`${name} ${k}`, origin);
}

/** Seat names from their labels, numbering repeats ("Expander", "Expander 2"; the number goes
 * on the name, before a third-party bot's origin: "bot 2 (https://bots.example)"). */
export function seatNames(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((base) => {
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    if (k === 1) return base;
    const { name, origin } = splitOrigin(base);
    return withOrigin(`${name} ${k}`, origin);
  });
}
