// The players panel: each seat's colour, name, standing as of the current frame, its main
// numbers at that frame and whether it is out. Mounted on the element it is given.

import { el, fmt, setText } from '../page/dom';
import { nameLabel } from '../page/names';
import type { SeriesInfo } from '../game';
import { ordinal, type SeatStanding } from './standings';

interface Row {
  root: HTMLLIElement;
  swatch: HTMLElement;
  rank: HTMLElement;
  values: HTMLElement[];
  status: HTMLElement;
}

export class PlayersPanel {
  private readonly list: HTMLOListElement;
  private rows: Row[] = [];
  private columns: readonly SeriesInfo[] = [];
  /** The seat the person plays (0-based), or -1. */
  private you = -1;

  private readonly head: HTMLElement;

  constructor(root: HTMLElement) {
    this.head = el('div', { className: 'players-head', attrs: { 'aria-hidden': 'true' } });
    this.list = el('ol', { className: 'players' });
    root.append(this.head, this.list);
  }

  /** One row per seat; `columns` are the series whose value at the frame each row shows. */
  setPlayers(names: string[], columns: readonly SeriesInfo[], colours: readonly string[]): void {
    this.columns = columns;
    // Column labels once, above the rows; each row repeats them for screen readers.
    this.head.replaceChildren(
      el('span', { text: 'Player' }),
      ...columns.map((c) => el('span', { text: c.short ?? c.label, attrs: { title: c.label } })),
      el('span', { text: 'Rank' }),
    );
    this.head.style.setProperty('--cols', String(columns.length));
    this.list.style.setProperty('--cols', String(columns.length));
    this.list.replaceChildren();
    this.rows = names.map((n, seat) => {
      const swatch = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
      // The name is cut when there is no room, never the origin beside it.
      const name = nameLabel(n, 'player-name');
      const rank = el('span', { className: 'player-rank' });
      const values = columns.map(() => el('b'));
      const status = el('span', { className: 'player-status' });
      const cells = columns.map((c, k) => el('span', { className: 'player-value' }, [el('span', { className: 'visually-hidden', text: `${c.label} ` }), values[k]]));
      const root = el('li', { className: 'player', attrs: { 'data-player': String(seat) } }, [swatch, name, ...cells, rank, status]);
      this.list.appendChild(root);
      return { root, swatch, rank, values, status };
    });
    this.setColours(colours);
    this.markYou();
  }

  /** Marks seat `seat` (0-based) as the person's ("You" beside its name), or none with -1. */
  setYou(seat: number): void {
    this.you = seat;
    this.markYou();
  }

  private markYou(): void {
    this.rows.forEach((r, seat) => {
      const mine = seat === this.you;
      r.root.classList.toggle('you', mine);
      // A seat named "You" says so already; any other name gets the badge before it.
      const label = r.root.querySelector('.name-label-name')?.textContent ?? '';
      const had = r.root.querySelector('.player-you');
      // Inside the name's cell, before the name: the row's columns stay as they are.
      if (mine && !had && label !== 'You') r.root.querySelector('.player-name')?.prepend(el('span', { className: 'player-you', text: 'You', attrs: { title: 'You play this seat' } }), document.createTextNode(' '));
      if (!mine && had) {
        if (had.nextSibling?.nodeType === Node.TEXT_NODE) had.nextSibling.remove();
        had.remove();
      }
    });
  }

  setColours(colours: readonly string[]): void {
    this.rows.forEach((r, k) => (r.swatch.style.background = colours[k + 1] ?? '#fff'));
  }

  /** Shows the standings and values at one frame. `value(column, seat)` is null when unknown. */
  update(standings: readonly SeatStanding[], value: (column: string, seat: number) => number | null, live: boolean): void {
    this.rows.forEach((r, seat) => {
      this.columns.forEach((c, k) => {
        const v = value(c.key, seat);
        setText(r.values[k], v === null ? '—' : fmt(v));
      });
      const s = standings[seat];
      if (s) {
        setText(r.rank, ordinal(s.rank));
        setAttr(r.rank, 'data-first', String(s.rank === 1 && !s.out));
        // One way of writing a rank everywhere ("2nd"); whether it is final shows in its title.
        setAttr(r.rank, 'data-final', String(s.final));
        setAttr(r.rank, 'title', s.final ? `Finished ${ordinal(s.rank)}` : `${ordinal(s.rank)} ${live ? 'now' : 'at this frame'}`);
      } else setText(r.rank, '');
      const o = s?.out ?? null;
      // An ejection says why, next to the name (a second line); an elimination only when.
      setText(r.status, o ? `${o.ejected ? 'ejected' : 'eliminated'} at frame ${o.frame}${o.ejected && o.reason ? `: ${o.reason}` : ''}` : '');
      setAttr(r.status, 'title', o?.reason ?? '');
      setAttr(r.status, 'data-kind', o ? (o.ejected ? 'ejected' : 'out') : '');
      if (r.root.classList.contains('out') !== Boolean(o)) r.root.classList.toggle('out', Boolean(o));
    });
  }
}

/** Sets an attribute only when its value changes. */
export function setAttr(e: Element, name: string, value: string): void {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}
