// The first two bots head to head, under the standings: their score difference with its 95%
// interval and the same as Elo, and the SPRT's verdict when the run had one (results of the
// Python arena). The same view serves an in-page run and opened results. Mounted on the element
// it is given.

import { el } from '../shell/page/dom';
import type { ScoreCi, SprtResult } from './opened';

const signed = (v: number, d: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(d)}`;

export class CompareView {
  constructor(private readonly root: HTMLElement) {
    root.hidden = true;
  }

  /** Shows the head-to-head of `names[0]` and `names[1]`; nothing when `ci` and `sprt` are null. */
  update(names: readonly string[], ci: ScoreCi | null, sprt: SprtResult | null): void {
    const [a, b] = [names[0] ?? 'bot 1', names[1] ?? 'bot 2'];
    const items: HTMLElement[] = [];
    if (ci) {
      items.push(
        el('div', { className: 'arena-compare-item', attrs: { 'data-part': 'score-ci' } }, [
          el('dt', { text: `Score difference, ${a} − ${b}` }),
          el('dd', {}, [
            el('strong', { text: signed(ci.diff, 3), attrs: { 'data-value': 'diff' } }),
            el('span', { text: ` [${signed(ci.low, 3)}, ${signed(ci.high, 3)}]`, attrs: { 'data-value': 'interval', title: '95% interval' } }),
            el('span', { className: 'muted', text: ` 95% · ${ci.games} game${ci.games === 1 ? '' : 's'}` }),
          ]),
        ]),
        el('div', { className: 'arena-compare-item', attrs: { 'data-part': 'score-elo' } }, [
          el('dt', { text: 'As Elo' }),
          el('dd', {}, [
            el('strong', { text: signed(ci.elo, 0), attrs: { 'data-value': 'elo' } }),
            el('span', { text: ` [${signed(ci.eloLow, 0)}, ${signed(ci.eloHigh, 0)}]`, attrs: { 'data-value': 'elo-interval', title: '95% interval' } }),
          ]),
        ]),
      );
    }
    if (sprt) {
      const verdict =
        sprt.result === 'H1'
          ? `H1 accepted: ${a} is about ${signed(sprt.elo1, 0)} Elo or more against ${b}`
          : sprt.result === 'H0'
            ? `H0 accepted: ${a} is about ${signed(sprt.elo0, 0)} Elo or less against ${b}`
            : 'undecided';
      const after = sprt.stoppedAfter ?? sprt.wins + sprt.losses + sprt.draws;
      items.push(
        el('div', { className: 'arena-compare-item arena-compare-wide', attrs: { 'data-part': 'sprt', 'data-result': sprt.result ?? 'none' } }, [
          el('dt', { text: `SPRT, Elo ${sprt.elo0} against ${sprt.elo1} (α ${sprt.alpha}, β ${sprt.beta})` }),
          el('dd', {}, [
            el('strong', { className: sprt.result ? '' : 'muted', text: verdict, attrs: { 'data-value': 'verdict' } }),
            el('span', {
              className: 'muted',
              text: ` · after ${after} game${after === 1 ? '' : 's'} · LLR ${sprt.llr.toFixed(2)} (bounds ${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) · ${sprt.wins} W, ${sprt.losses} L${sprt.draws ? `, ${sprt.draws} D` : ''}`,
            }),
          ]),
        ]),
      );
    }
    this.root.hidden = items.length === 0;
    this.root.replaceChildren(...(items.length ? [el('dl', { className: 'arena-compare' }, items)] : []));
  }
}
