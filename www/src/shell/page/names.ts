// Names that bots and files give themselves, as the page shows them. A name is untrusted text: it
// loses the characters that reorder what follows it (bidi controls) and its runs of blanks that
// take room without showing (zero-width and format characters, wide and braille blanks, Hangul
// fillers, variation selectors, tags) become one ordinary space, so no name can hide what stands
// beside it. A third-party bot's label is its name with its origin after it, "Greedy
// (http://127.0.0.1:8081)": `splitOrigin` reads that form back, and `nameLabel` shows the two in
// elements of their own, the name cut with an ellipsis when it has to be and the origin never.

import { el } from './dom';

/** Characters that change the direction of the text around them: dropped. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Runs of blanks and of characters that show nothing: one space each. Separators of every kind
 * (U+3000 and the other spaces, line and paragraph separators), control and format characters
 * (zero-width ones, the soft hyphen, tags), the braille blank, Hangul fillers, the combining
 * grapheme joiner, Khmer's invisible vowels, Mongolian's vowel separator, variation selectors
 * and musical notation's invisible formatting characters. */
const BLANKS =
  /[\p{Z}\p{Cc}\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFE00-\uFE0F\uFFA0\u{1D159}\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]+/gu;

/** Lone halves of surrogate pairs: not text. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/** More than this many combining marks in a row are cut (a name stays one line high). */
const MAX_MARKS = 4;
const MARK_RUN = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');

/**
 * A name given from outside (a bot's own, a saved bot's, a module's file name, a replay's), as it
 * is shown: without bidi controls, its invisible and wide blanks as single spaces, trimmed. May
 * be '' (nothing visible was left): the caller then uses a name of its own.
 */
export function cleanName(name: string): string {
  return name.replace(LONE_SURROGATE, '').replace(BIDI, '').replace(BLANKS, ' ').replace(MARK_RUN, '$1').trim();
}

/** The origin after a label as `withOrigin` writes it: "(https://host[:port])", or the kind of
 * address that has no origin ("(data: address)", "(invalid address)"). Origins are ASCII (the URL
 * parser writes a host in punycode), so nothing in one can pass for something else. */
const ORIGIN_SUFFIX = / \((https?:\/\/[A-Za-z0-9.\-[\]:]+|[a-z][a-z0-9+.-]*: address|invalid address)\)$/;

/** A seat's label with its origin beside it, so an impostor "Greedy" is told apart ("Greedy
 * (http://127.0.0.1:8081)"); `origin` as `foreignOrigin` gives it (an article before a kind of
 * address is dropped). The plain-text form: downloads, the document's title, a select's options. */
export function withOrigin(name: string, origin: string | null): string {
  return origin ? `${name} (${origin.replace(/^an? /, '')})` : name;
}

/** A label split into the name and the origin `withOrigin` put after it (null when it has none). */
export function splitOrigin(label: string): { name: string; origin: string | null } {
  const m = ORIGIN_SUFFIX.exec(label);
  return m ? { name: label.slice(0, m.index), origin: m[1] } : { name: label, origin: null };
}

/** A label as one line of text for a place that cannot hold elements (a select's options): the
 * name cut to `max` characters, the origin whole after it. */
export function shortLabel(label: string, max = 18): string {
  const { name, origin } = splitOrigin(label);
  const chars = [...name];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : name;
  return origin ? `${cut} (${origin})` : cut;
}

/**
 * A label as elements: `.name-label` holding the name (`.name-label-name`, cut with an ellipsis
 * when there is no room) and, for a third-party bot, its origin (`.name-label-origin`, never cut:
 * a long one wraps). Both are isolated from each other's direction. The whole label is the title.
 */
export function nameLabel(label: string, className = ''): HTMLSpanElement {
  const { name, origin } = splitOrigin(label);
  const parts: Node[] = [el('span', { className: 'name-label-name', text: name })];
  // A space between them: the label reads "Greedy (http://…)" as text too, and the origin may go
  // onto the next line there when the two do not fit side by side.
  if (origin) parts.push(document.createTextNode(' '), el('span', { className: 'name-label-origin', text: `(${origin})`, attrs: { 'data-part': 'origin' } }));
  return el('span', { className: className ? `name-label ${className}` : 'name-label', attrs: { title: label } }, parts);
}
