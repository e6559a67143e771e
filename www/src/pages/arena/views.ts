// The arena page's cards as both sessions draw them (pages/arena/): the page's parts by name, the
// standings table, the rating graph and its legend, the head-to-head, the games list (each game
// opened or downloaded from it), the cards' empty-state notes and the announcements.

import { CompareView } from '../../arena/compare';
import { GamesList } from '../../arena/games';
import { RatingGraph } from '../../arena/graph';
import { ResultsTable } from '../../arena/table';
import { el, setText } from '../../shell/page/dom';
import { nameLabel } from '../../shell/page/names';
import { COLOURS } from './markup';

export class ArenaViews {
  /** The page's part named `part` (its `data-part`). */
  readonly q: <T extends HTMLElement>(part: string) => T;
  readonly table: ResultsTable;
  readonly graph: RatingGraph;
  readonly games: GamesList;
  readonly compare: CompareView;

  constructor(root: HTMLElement) {
    this.q = <T extends HTMLElement>(part: string): T => {
      const e = root.querySelector(`[data-part="${part}"]`);
      if (!e) throw new Error(`arena markup is missing ${part}`);
      return e as T;
    };
    this.table = new ResultsTable(this.q('table'));
    this.graph = new RatingGraph(this.q('graph'));
    this.games = new GamesList(this.q('games-list'));
    this.compare = new CompareView(this.q('compare'));
  }

  /** The graph's legend: each bot's colour and name. */
  legend(names: readonly string[]): void {
    const legend = this.q('legend');
    const want = names.join('\n');
    if (legend.dataset.names === want) return;
    legend.dataset.names = want;
    legend.replaceChildren(
      ...names.map((n, k) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = COLOURS[k] ?? '#fff';
        return el('li', {}, [dot, nameLabel(n)]);
      }),
    );
  }

  /** Shows a card's content (`on`) or its empty-state note. */
  reveal(part: string, on: boolean): void {
    this.q(part).hidden = !on;
    this.q(`${part}-empty`).hidden = on;
  }

  /** Tells assistive technology of a run's start and end (not of every game). */
  announce(text: string): void {
    setText(this.q('announce'), text);
  }
}
