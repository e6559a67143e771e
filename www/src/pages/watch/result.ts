// The result over the map when the display reaches the end of a finished live game: the ranking
// with each seat's score or why it left, then (a game between built-in bots) a countdown to the
// next game. A human's game, a game with a bot of the person's own, a continued game or one with
// an ejection waits for the person instead.

import { WorkerSeat } from '../../seats/worker-seat';
import { el, fmt, setText } from '../../shell/page/dom';
import { nameLabel } from '../../shell/page/names';
import type { Standing } from '../../shell/game';
import { ordinal } from '../../shell/viewer/standings';
import { nextRequest, type LiveShown, type WatchContext } from './context';

const NEXT_GAME_S = 8;

export class ResultOverlay {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly ctx: WatchContext) {}

  /** Shows the result once the display reaches the end of `shown` (while it is still shown). */
  waitForEnd(shown: LiveShown): void {
    this.clear();
    this.timer = setInterval(() => {
      if (this.ctx.current !== shown) {
        this.clear();
        return;
      }
      if (!this.ctx.viewer.atEnd) return;
      this.clear();
      this.show(shown);
    }, 200);
  }

  hide(): void {
    this.clear();
    this.ctx.ui.els.result.hidden = true;
  }

  private clear(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private show(shown: LiveShown): void {
    const { ctx } = this;
    const { match } = shown;
    const standings: Standing[] = match.host.results.slice().sort((a, b) => a.rank - b.rank);
    const e = ctx.ui.els;
    const winner = standings[0];
    const rank = ctx.module.series.find((x) => x.key === ctx.module.rankSeries);
    const unit = (rank?.short ?? rank?.label ?? 'points').toLowerCase();
    setText(e.resultTitle, winner ? `${winner.name} wins` : 'Game over');
    e.resultList.replaceChildren(
      ...standings.map((s) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = ctx.viewer.paletteColours[s.seat + 1] ?? '#fff';
        const ej = match.ejections.get(s.seat);
        const detail = ej ? (ej.kind === 'resigned' ? `resigned at frame ${ej.frame}` : `ejected at frame ${ej.frame}: ${ej.reason}`) : s.alive ? `${fmt(s.score)} ${unit}` : `out at frame ${s.lastFrameAlive + 1}`;
        return el('li', {}, [el('span', { className: 'rank', text: ordinal(s.rank) }), dot, nameLabel(s.name, 'result-name'), el('span', { className: 'detail', text: detail })]);
      }),
    );
    e.result.hidden = false;
    if (shown.human) {
      // A human's game waits for the human: no countdown to the next one.
      const won = winner?.seat === shown.human.seat;
      const resigned = match.ejections.get(shown.human.seat)?.kind === 'resigned';
      setText(e.resultTitle, won ? 'You win!' : resigned ? 'You resigned' : winner ? `${winner.name} wins` : 'Game over');
      setText(e.resultNext, shown.restart ? 'Download the game, look back through it, or play again from the same frame.' : 'Download the game, look back through it, or play again on a new map.');
      setText(e.nextGame, 'New game');
      setText(e.stay, 'Stay on this game');
      return;
    }
    // A game with a bot of the person's own, or one where a bot was ejected, waits too: the
    // result (and the reason) stays until the person moves on.
    const userBot = match.seats.some((s) => s instanceof WorkerSeat && s.source.kind !== 'builtin');
    if (userBot || match.ejections.size > 0 || shown.from !== null) {
      setText(e.resultNext, match.ejections.size > 0 ? 'A bot was ejected: its reason is in the list above and in the bot logs.' : 'Download the game, look back through it, or start a new one.');
      setText(e.nextGame, 'New game');
      setText(e.stay, 'Stay on this game');
      return;
    }
    setText(e.nextGame, 'Next game now');
    let left = NEXT_GAME_S;
    setText(e.resultNext, `Next game in ${left} s…`);
    this.timer = setInterval(() => {
      if (ctx.current !== shown) {
        this.hide();
        return;
      }
      left--;
      if (left <= 0) {
        const next = nextRequest(shown);
        this.hide();
        void ctx.startLive(next);
      } else setText(e.resultNext, `Next game in ${left} s…`);
    }, 1000);
  }
}
