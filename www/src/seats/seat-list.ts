// The list of a game's seats, each a SeatPicker, as every set-up shows it: the play page's new
// game, the arena's participants and the Continue dialog. A list either grows and shrinks by the
// seat counts the game allows (an Add button, a Remove button per seat) or has one fixed row per
// player (a continued game). Each row has the seat's colour (when known), its number or player
// name, the picker and a line for the row's problem; `check()` reads every row's `?bots=` entry
// and names what is wrong in the row itself.

import { el, setText } from '../shell/page/dom';
import { nameLabel } from '../shell/page/names';
import type { BotInfo } from '../shell/game';
import { fewerSeats, moreSeats, type LiveRules } from '../shell/page/live-setup';
import { isBotUrl } from '../shell/page/urlstate';
import type { BotLibrary } from '../bots/library';
import { SeatPicker } from './seat-picker';

const SELECT = '[data-part="seat-select"]';
const URL_FIELD = '[data-part="seat-url"]';

export interface SeatListOptions {
  /** The element the rows go into (an `<ol>`). */
  list: HTMLElement;
  /** Offer "Human (you)". */
  human: boolean;
  /** Offer "Recorded moves" (a continued replay's own moves). */
  recorded?: boolean;
  /** The game's built-in bots (hidden ones left out). */
  builtins: readonly BotInfo[];
  library: BotLibrary;
  /** The seat counts the game allows, with the button that adds seats; absent: a fixed list. */
  grow?: { rules: LiveRules; add: HTMLButtonElement; max: number; entry: (seat: number, entries: readonly string[]) => string };
  /** The players' names (a fixed list: each row is labelled with its player). */
  names?: readonly string[];
  /** Each seat's colour, by seat (a swatch in its row). */
  colours?: readonly string[];
  /** Called when a choice changes, or a seat is added or removed. */
  onChange?: () => void;
}

interface Row {
  li: HTMLLIElement;
  swatch: HTMLSpanElement;
  label: HTMLSpanElement;
  picker: SeatPicker;
  remove: HTMLButtonElement | null;
  error: HTMLParagraphElement;
}

let serial = 0;

/** Whether `entry` is a bot module address the page can fetch (http(s), or a path). */
export function validBotUrl(entry: string): boolean {
  if (entry.includes(',') || /^\s*javascript:/i.test(entry)) return false;
  if (!isBotUrl(entry)) return false;
  try {
    const u = new URL(entry, location.href);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export class SeatList {
  private readonly rows: Row[] = [];

  constructor(private readonly opts: SeatListOptions) {
    opts.list.classList.add('seat-list');
    const grow = opts.grow;
    grow?.add.addEventListener('click', () => {
      const target = moreSeats(grow.rules, this.rows.length);
      if (target === null) return;
      while (this.rows.length < target) this.add(grow.entry(this.rows.length, this.entries));
      this.sync();
      this.select(this.rows.length - 1)?.focus();
      opts.onChange?.();
    });
  }

  /** Every seat's choice as a `?bots=` entry ('recorded' for recorded moves), in seat order. */
  get entries(): string[] {
    return this.rows.map((r) => r.picker.value);
  }

  get length(): number {
    return this.rows.length;
  }

  /** Replaces the seats with one per entry. */
  set(entries: readonly string[]): void {
    for (const r of this.rows.splice(0)) this.drop(r);
    const max = this.opts.grow?.max ?? entries.length;
    for (const entry of entries.slice(0, max)) this.add(entry);
    this.sync();
  }

  /** The seats' colours changed (a palette). */
  setColours(colours: readonly string[]): void {
    this.opts.colours = colours;
    this.sync();
  }

  /** Reads every seat; a seat with no usable choice gets its problem in its row. Returns the
   * entries and the first control with a problem (null: none). */
  check(): { entries: string[]; firstBad: HTMLElement | null } {
    let firstBad: HTMLElement | null = null;
    const entries = this.rows.map((row) => {
      this.clearError(row);
      const entry = row.picker.value;
      const url = row.li.querySelector<HTMLInputElement>(URL_FIELD);
      const select = row.li.querySelector<HTMLSelectElement>(SELECT) ?? row.li;
      const urlShown = url !== null && !url.hidden;
      const bad = (target: HTMLElement, message: string) => {
        row.error.textContent = message;
        row.error.hidden = false;
        target.setAttribute('aria-invalid', 'true');
        firstBad ??= target;
      };
      if (urlShown && entry === '') bad(url, 'Enter the address of a bot module (a .js file) for this seat.');
      else if (urlShown && !validBotUrl(entry)) bad(url, 'This is not an address of a bot module: use http(s)://… or a path such as bots/mine.js, without commas.');
      else if (entry.startsWith('saved:') && !this.opts.library.get(entry.slice(6))) bad(select, 'This saved bot is not in this browser: choose another.');
      else if (entry === '') bad(select, 'Choose who plays this seat.');
      return entry;
    });
    return { entries, firstBad };
  }

  /** Enables the Add and Remove buttons as the seat counts allow (after a form was locked). */
  sync(): void {
    const grow = this.opts.grow;
    const n = this.rows.length;
    const fewer = grow ? fewerSeats(grow.rules, n) : null;
    this.rows.forEach((r, k) => {
      const seat = k + 1;
      const name = this.opts.names?.[k];
      // A replay's name, its origin (if any) whole beside it.
      if (name) r.label.replaceChildren(nameLabel(name));
      else setText(r.label, String(seat));
      const colour = this.opts.colours?.[k];
      r.swatch.style.visibility = colour === undefined ? 'hidden' : '';
      if (colour !== undefined) r.swatch.style.background = colour;
      const label = name ? `Seat ${seat} (${name})` : `Seat ${seat}`;
      this.select(k)?.setAttribute('aria-label', label);
      this.select(k)?.setAttribute('aria-describedby', r.error.id);
      this.select(k)?.setAttribute('data-seat', String(k));
      r.li.querySelector(URL_FIELD)?.setAttribute('aria-label', `${label}: bot module URL`);
      r.li.querySelector(URL_FIELD)?.setAttribute('aria-describedby', r.error.id);
      if (r.remove) {
        const text = fewer !== null && n - fewer > 1 ? `Remove seat ${seat} (the game then has ${fewer} seats)` : `Remove seat ${seat}`;
        r.remove.setAttribute('aria-label', text);
        r.remove.title = text;
        r.remove.disabled = fewer === null;
      }
    });
    if (grow) {
      const more = moreSeats(grow.rules, n);
      grow.add.disabled = more === null || n >= grow.max;
      // A game of 1, 2 or 4 players grows from 2 to 4 seats at once.
      setText(grow.add.querySelector('span') ?? grow.add, more !== null && more - n > 1 ? `Add ${more - n} seats` : 'Add a seat');
    }
  }

  /** The first seat's choice, for focus. */
  focus(): void {
    this.select(0)?.focus();
  }

  dispose(): void {
    for (const r of this.rows.splice(0)) this.drop(r);
  }

  // ------------------------------------------------------------------ internals

  private select(k: number): HTMLSelectElement | null {
    return this.rows[k]?.li.querySelector<HTMLSelectElement>(SELECT) ?? null;
  }

  private add(entry: string): void {
    const o = this.opts;
    const id = ++serial;
    const swatch = el('span', { className: 'player-swatch seat-row-swatch', attrs: { 'aria-hidden': 'true' } });
    const label = el('span', { className: 'seat-row-label', attrs: { 'aria-hidden': 'true' } });
    const host = el('div', { className: 'seat-row-picker' });
    const error = el('p', { className: 'seat-row-error', attrs: { id: `seat-row-error-${id}`, hidden: '' } });
    let remove: HTMLButtonElement | null = null;
    const parts: HTMLElement[] = [swatch, label, host];
    if (o.grow) {
      remove = el('button', { className: 'btn btn-icon seat-row-remove', attrs: { type: 'button' } });
      remove.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>';
      parts.push(remove);
    }
    parts.push(error);
    const li = el('li', { className: o.grow ? 'seat-row' : 'seat-row seat-row-fixed' }, parts);
    o.list.appendChild(li);
    const picker = new SeatPicker(host, { human: o.human, recorded: o.recorded, builtins: o.builtins, library: o.library, label: `Seat ${this.rows.length + 1}`, value: entry });
    const row: Row = { li, swatch, label, picker, remove, error };
    picker.onChange = () => {
      this.clearError(row);
      o.onChange?.();
    };
    remove?.addEventListener('click', () => this.remove(row));
    this.rows.push(row);
  }

  private remove(row: Row): void {
    const grow = this.opts.grow;
    if (!grow) return;
    const target = fewerSeats(grow.rules, this.rows.length);
    if (target === null) return;
    const i = this.rows.indexOf(row);
    if (i < 0) return;
    this.rows.splice(i, 1);
    this.drop(row);
    // A game of 1, 2 or 4 players drops from 4 seats to 2: the last seats go too.
    while (this.rows.length > target) {
      const last = this.rows.pop();
      if (last) this.drop(last);
    }
    this.sync();
    // Focus stays in the list: on the seat that took this one's place, or the last.
    this.select(Math.min(i, this.rows.length - 1))?.focus();
    this.opts.onChange?.();
  }

  private drop(row: Row): void {
    row.picker.dispose();
    row.li.remove();
  }

  private clearError(row: Row): void {
    row.error.hidden = true;
    row.error.textContent = '';
    for (const part of row.li.querySelectorAll(`${URL_FIELD}, ${SELECT}`)) part.removeAttribute('aria-invalid');
  }
}
