// The standings of an arena: one row per participant, sortable by any column (μ − 3σ, the
// ladder's key, by default). Mounted on the element it is given; rebuilt after every game (a
// handful of rows).

import { el } from '../shell/page/dom';
import { nameLabel } from '../shell/page/names';
import type { Row } from './results';

type Key = 'name' | 'games' | 'wins' | 'avgRank' | 'timeouts' | 'otherEjections' | 'mu' | 'sigma' | 'conservative';

interface Column {
  key: Key;
  label: string;
  title: string;
  numeric: boolean;
  /** Larger is better (the first click sorts this way). */
  desc: boolean;
  value(r: Row): number | string;
  text(r: Row): string;
}

const fixed = (v: number, d: number) => (Number.isFinite(v) ? v.toFixed(d) : '–');

// The rating first (the sort key), so a narrow screen shows it without scrolling.
const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Bot', title: 'The bot, whichever seat it played', numeric: false, desc: false, value: (r) => r.name.toLowerCase(), text: (r) => r.name },
  { key: 'conservative', label: 'μ − 3σ', title: 'Conservative rating: the bot is very likely at least this strong', numeric: true, desc: true, value: (r) => r.conservative, text: (r) => fixed(r.conservative, 2) },
  { key: 'mu', label: 'μ', title: 'TrueSkill mean', numeric: true, desc: true, value: (r) => r.rating.mu, text: (r) => fixed(r.rating.mu, 2) },
  { key: 'sigma', label: 'σ', title: 'TrueSkill uncertainty', numeric: true, desc: false, value: (r) => r.rating.sigma, text: (r) => fixed(r.rating.sigma, 2) },
  { key: 'games', label: 'Games', title: 'Games played to the end', numeric: true, desc: true, value: (r) => r.games, text: (r) => String(r.games) },
  { key: 'wins', label: 'Wins', title: 'Games ranked first', numeric: true, desc: true, value: (r) => r.wins, text: (r) => String(r.wins) },
  { key: 'avgRank', label: 'Avg rank', title: 'Mean rank (1 is first)', numeric: true, desc: false, value: (r) => (Number.isNaN(r.avgRank) ? Infinity : r.avgRank), text: (r) => fixed(r.avgRank, 2) },
  { key: 'timeouts', label: 'Timeouts', title: 'Ejected for overrunning the time budget', numeric: true, desc: false, value: (r) => r.timeouts, text: (r) => String(r.timeouts) },
  { key: 'otherEjections', label: 'Errors', title: 'Other ejections: threw, crashed, answered garbage or failed to start', numeric: true, desc: false, value: (r) => r.otherEjections, text: (r) => String(r.otherEjections) },
];

export class ResultsTable {
  private key: Key = 'conservative';
  private desc = true;
  private rows: Row[] = [];
  private colours: readonly string[] = [];
  private readonly head: HTMLTableRowElement;
  private readonly body: HTMLTableSectionElement;

  constructor(root: HTMLElement) {
    this.head = el('tr');
    this.body = el('tbody', { attrs: { 'data-part': 'standings-body' } });
    const table = el('table', { className: 'arena-table arena-standings', attrs: { 'data-part': 'standings' } }, [
      el('caption', { className: 'visually-hidden', text: 'Standings: one row per bot. Column headers sort the table.' }),
      el('thead', {}, [this.head]),
      this.body,
    ]);
    root.replaceChildren(el('div', { className: 'arena-scroll' }, [table]));
    this.renderHead();
  }

  /** Shows rows (`colours[participant]` marks each bot). */
  update(rows: readonly Row[], colours: readonly string[]): void {
    this.rows = rows.slice();
    this.colours = colours;
    this.renderBody();
  }

  private sortBy(key: Key): void {
    const col = COLUMNS.find((c) => c.key === key);
    if (!col) return;
    if (this.key === key) this.desc = !this.desc;
    else {
      this.key = key;
      this.desc = col.desc;
    }
    this.renderHead();
    this.renderBody();
  }

  private renderHead(): void {
    this.head.replaceChildren(
      el('th', { className: 'num-cell', text: '#', attrs: { scope: 'col', title: 'Place by the sorted column' } }),
      ...COLUMNS.map((c) => {
        const active = c.key === this.key;
        const btn = el('button', { className: 'arena-sort', attrs: { type: 'button', title: c.title } }, [
          el('span', { text: c.label }),
          el('span', { className: 'arena-sort-mark', text: active ? (this.desc ? '▼' : '▲') : '▼', attrs: { 'aria-hidden': 'true' } }),
        ]);
        btn.addEventListener('click', () => this.sortBy(c.key));
        const th = el('th', { className: `${c.numeric ? 'num-cell' : 'name-cell'}${active ? ' sorted' : ''}`, attrs: { scope: 'col' } }, [btn]);
        if (active) th.setAttribute('aria-sort', this.desc ? 'descending' : 'ascending');
        return th;
      }),
    );
  }

  private renderBody(): void {
    const col = COLUMNS.find((c) => c.key === this.key) ?? COLUMNS[COLUMNS.length - 1];
    const sign = this.desc ? -1 : 1;
    const rows = this.rows.slice().sort((a, b) => {
      const x = col.value(a);
      const y = col.value(b);
      const d = typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
      return sign * d || b.conservative - a.conservative || a.participant - b.participant;
    });
    this.body.replaceChildren(
      ...rows.map((r, i) => {
        const swatch = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        swatch.style.background = this.colours[r.participant] ?? '#fff';
        const tr = el('tr', { attrs: { 'data-participant': String(r.participant) } }, [
          el('td', { className: 'num-cell muted', text: String(i + 1) }),
          ...COLUMNS.map((c) =>
            c.key === 'name'
              ? el('th', { className: 'name-cell', attrs: { scope: 'row', 'data-col': c.key } }, [el('span', { className: 'arena-bot' }, [swatch, nameLabel(r.name, 'arena-bot-name')])])
              : el('td', { className: `num-cell${c.key === 'conservative' ? ' strong' : ''}${(c.key === 'timeouts' || c.key === 'otherEjections') && Number(c.value(r)) > 0 ? ' bad' : ''}`, text: c.text(r), attrs: { 'data-col': c.key } }),
          ),
        ]);
        return tr;
      }),
    );
  }
}
