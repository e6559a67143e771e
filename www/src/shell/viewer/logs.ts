// The bot log pane: what each bot wrote with console.* during the turn shown, following the
// current frame, filtered by bot. Mounted on the element it is given; hidden while no bot has
// logged anything.

import { el, setText } from '../page/dom';
import { shortLabel } from '../page/names';

export class LogPane {
  private readonly root: HTMLElement;
  private readonly filter: HTMLSelectElement;
  private readonly body: HTMLElement;
  private readonly count: HTMLElement;
  private logs: readonly (readonly string[])[] = [];
  private names: string[] = [];
  private shown = '';

  constructor(root: HTMLElement) {
    this.root = root;
    const id = `logs-${Math.random().toString(36).slice(2, 8)}`;
    this.filter = el('select', { className: 'select select-small', attrs: { id, 'data-part': 'log-filter' } });
    this.count = el('span', { className: 'card-note' });
    this.body = el('pre', { className: 'log-body', attrs: { 'data-part': 'log-body', tabindex: '0', 'aria-live': 'polite', 'aria-label': 'Bot logs of this turn' } });
    root.append(
      el('div', { className: 'card-head' }, [el('h2', { className: 'card-title', text: 'Bot logs' }), this.count]),
      el('div', { className: 'log-tools' }, [el('label', { className: 'field-label', text: 'Show', attrs: { for: id } }), this.filter]),
      this.body,
    );
    this.filter.addEventListener('change', () => {
      this.shown = '';
      this.onFilter?.();
    });
    root.hidden = true;
  }

  /** The seat the pane is filtered to, or -1 for every bot. */
  get only(): number {
    const n = Number(this.filter.value);
    return Number.isInteger(n) ? n : -1;
  }

  /** Called when the filter changes (the viewer redraws the pane). */
  onFilter: (() => void) | null = null;

  /** `logs[seat][turn]`: live arrays, read again at every update. */
  setLogs(logs: readonly (readonly string[])[], names: string[]): void {
    this.logs = logs;
    this.setNames(names);
  }

  setNames(names: string[]): void {
    this.names = names;
    const keep = this.filter.value;
    this.filter.replaceChildren(el('option', { text: 'Every bot', attrs: { value: '-1' } }), ...names.map((n, k) => el('option', { text: shortLabel(n), attrs: { value: String(k), title: n } })));
    this.filter.value = [...this.filter.options].some((o) => o.value === keep) ? keep : '-1';
    this.shown = '';
  }

  /** Shows the logs of the turn played from `frame`. */
  update(frame: number): void {
    const any = this.logs.some((l) => l.some((t) => t));
    this.root.hidden = !any;
    if (!any) return;
    const only = Number(this.filter.value);
    const parts: string[] = [];
    this.logs.forEach((l, seat) => {
      if (only >= 0 && seat !== only) return;
      const text = l[frame];
      if (text) parts.push(`${only >= 0 ? '' : `▸ ${this.names[seat] ?? `Player ${seat + 1}`}\n`}${text.replace(/\n$/, '')}`);
    });
    const out = parts.length ? parts.join('\n\n') : only >= 0 ? 'Nothing logged this turn.' : 'No bot logged anything this turn.';
    if (out !== this.shown) {
      this.shown = out;
      this.later(out);
    }
    setText(this.count, `turn ${frame}`);
  }

  private pending: string | null = null;

  /** Sets the text in a task of its own: a bot may log 10,000 characters a turn, and their
   * layout then comes in the next frame instead of the one that draws the new turn. */
  private later(text: string): void {
    const first = this.pending === null;
    this.pending = text;
    if (!first) return;
    setTimeout(() => {
      if (this.pending !== null) setText(this.body, this.pending);
      this.pending = null;
    }, 0);
  }
}
