// A human at one seat of a Halite II game, in its simplest form: the turn ends with Enter or the
// button, with no commands (every ship keeps its course and docking state).

import { el } from '../../shell/dom';
import type { HumanPlay, HumanPlayHost, PointerIntercept } from '../../shell/game';

export class Halite2HumanPlay implements HumanPlay {
  readonly pointer: PointerIntercept | null = null;
  private waiting: { turn: number; resolve: (raw: unknown) => void } | null = null;
  private readonly panel: HTMLElement;
  private readonly button: HTMLButtonElement;

  constructor(private readonly host: HumanPlayHost) {
    this.panel = host.panel;
    this.button = el('button', { className: 'btn btn-primary', text: 'End turn', attrs: { type: 'button', 'data-part': 'end-turn', disabled: '' } });
    this.button.addEventListener('click', () => this.endTurn());
    this.panel.replaceChildren(el('div', { className: 'h2-human' }, [this.button]));
  }

  get waitingTurn(): number {
    return this.waiting?.turn ?? -1;
  }

  begin(_observation: unknown, turn: number): Promise<unknown> {
    this.host.showNewest();
    this.button.disabled = false;
    return new Promise((resolve) => (this.waiting = { turn, resolve }));
  }

  private endTurn(): void {
    const w = this.waiting;
    if (!w) return;
    this.waiting = null;
    this.button.disabled = true;
    w.resolve([]);
  }

  cancel(): void {
    this.endTurn();
  }

  key(e: KeyboardEvent): boolean {
    if (e.key === 'Enter' && this.waiting) {
      this.endTurn();
      return true;
    }
    return false;
  }

  dispose(): void {
    this.cancel();
    this.panel.replaceChildren();
  }
}
