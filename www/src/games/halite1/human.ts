// A human playing one seat of a Halite I game: selection on the board (click, shift-click, a box
// that may cross the wrapped edge, all, a strength filter), directions by keys, the on-screen
// d-pad or touch, standing "go to" orders, undo and redo, an optional turn timer, and the plan
// drawn as arrows before the turn ends. Unset pieces stay. The answer is the same list of moves
// a bot gives, checked by the same code.

import { el } from '../../shell/page/dom';
import type { HumanPlayHost } from '../../shell/game';
import { HumanTurn, turnHeadHtml, undoRedoTimerHtml } from '../../shell/viewer/human-turn';
import type { MapRenderer } from './board';
import type { Move, Observation } from './protocol';
import { TurnPlan } from './plan';


/** Direction of a key: arrows by name, WASD by physical position. */
function keyDirection(e: KeyboardEvent): number | null {
  switch (e.key) {
    case 'ArrowUp':
      return 1;
    case 'ArrowRight':
      return 2;
    case 'ArrowDown':
      return 3;
    case 'ArrowLeft':
      return 4;
    default:
      break;
  }
  const letter = /^Key([A-Z])$/.exec(e.code ?? '')?.[1] ?? (e.key.length === 1 ? e.key.toUpperCase() : '');
  switch (letter) {
    case 'W':
      return 1;
    case 'D':
      return 2;
    case 'S':
      return 3;
    case 'A':
      return 4;
    case 'X':
      return 0;
    default:
      return null;
  }
}

const ICON: Record<number, string> = {
  1: '<path d="M12 5v14M6 11l6-6 6 6"/>',
  2: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  3: '<path d="M12 19V5M6 13l6 6 6-6"/>',
  4: '<path d="M19 12H5M11 6l-6 6 6 6"/>',
  0: '<circle cx="12" cy="12" r="4.5"/>',
};
const DIR_NAME = ['Stay still', 'North', 'East', 'South', 'West'];
const DIR_KEYS = ['X', 'W or ↑', 'D or →', 'S or ↓', 'A or ←'];

export class Halite1HumanPlay extends HumanTurn<TurnPlan, [number, number]> {
  private readonly board: MapRenderer;
  private readonly els;
  private goToMode = false;

  constructor(host: HumanPlayHost) {
    super(
      host,
      new TurnPlan(host.source.width, host.source.height, host.seat + 1),
      `${turnHeadHtml('End the turn (Enter): pieces without orders stay')}
      <div class="orders-row">
        <div class="orders-group" role="group" aria-label="Select pieces">
          <button type="button" class="btn btn-small" data-part="all" title="Select all your pieces (Ctrl+A)">All</button>
          <label class="orders-filter"><span>Str ≥</span><input type="number" class="num num-small" data-part="min" min="0" max="255" step="1" value="50" aria-label="Select pieces with strength at least"></label>
          <button type="button" class="btn btn-small" data-part="filter" title="Select your pieces with at least this strength (shift: add)">Select</button>
          <button type="button" class="btn btn-small" data-part="none" title="Clear the selection (Esc)">None</button>
        </div>
        <div class="orders-dpad" role="group" aria-label="Direction for the selected pieces" data-part="dpad"></div>
        <div class="orders-group" role="group" aria-label="Orders">
          <button type="button" class="btn btn-small" data-part="goto" aria-pressed="false" title="Go to: then click a site; the selected pieces walk there over the next turns (G)">Go to…</button>${undoRedoTimerHtml()}
        </div>
      </div>
      <p class="orders-keys">Click or drag a box to select (shift adds) · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> or arrows move · <kbd>X</kbd> stay · <kbd>G</kbd> go to · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · <kbd>Enter</kbd> ends the turn · right-drag or two fingers pan</p>`,
    );
    this.board = host.board as MapRenderer;
    const q = this.q;
    this.els = {
      all: q<HTMLButtonElement>('all'),
      min: q<HTMLInputElement>('min'),
      filter: q<HTMLButtonElement>('filter'),
      none: q<HTMLButtonElement>('none'),
      dpad: q<HTMLDivElement>('dpad'),
      goto: q<HTMLButtonElement>('goto'),
    };
    for (const d of [4, 1, 0, 3, 2]) {
      const b = el('button', {
        className: `orders-dir orders-dir-${d}`,
        attrs: { type: 'button', 'aria-label': `${DIR_NAME[d]} (${DIR_KEYS[d]})`, title: `${DIR_NAME[d]} (${DIR_KEYS[d]})`, 'data-dir': String(d) },
      });
      b.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${ICON[d]}</svg>`;
      b.addEventListener('click', () => this.direct(d));
      this.els.dpad.appendChild(b);
    }
    this.els.all.addEventListener('click', () => this.act(() => this.plan.selectAll()));
    this.els.filter.addEventListener('click', (e) => this.act(() => this.plan.selectStrongerThan(this.minStrength(), e.shiftKey)));
    this.els.min.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.act(() => this.plan.selectStrongerThan(this.minStrength(), e.shiftKey));
      }
    });
    this.els.none.addEventListener('click', () => this.act(() => this.plan.clearSelection()));
    this.els.goto.addEventListener('click', () => this.setGoToMode(!this.goToMode));
    this.refresh();
  }

  protected startTurn(observation: unknown): void {
    this.plan.begin(observation as Observation);
  }

  /** The plan's moves (unset pieces stay). */
  protected answer(): Move[] {
    return this.plan.moves();
  }

  protected showPlan(on: boolean): void {
    if (!on) this.setGoToMode(false);
    this.board.setPlan(on ? this.plan : null);
  }

  protected worldAt(x: number, y: number): [number, number] | null {
    return this.board.worldAt(x, y);
  }

  /** The box covers whole sites, and may cross the wrapped edge. */
  protected override boxRect(from: [number, number], _sx: number, _sy: number, x: number, y: number): { left: number; top: number; width: number; height: number } | null {
    const w = this.board.worldAt(x, y);
    return w ? this.board.worldBoxToClient(Math.floor(from[0]), Math.floor(from[1]), Math.floor(w[0]), Math.floor(w[1])) : null;
  }

  protected boxSelect(from: [number, number], to: [number, number], additive: boolean): void {
    this.act(() => this.plan.selectBox(Math.floor(from[0]), Math.floor(from[1]), Math.floor(to[0]), Math.floor(to[1]), additive));
  }

  protected click(x: number, y: number, _at: [number, number], additive: boolean): void {
    const site = this.board.siteAt(x, y);
    if (site < 0) return;
    if (this.goToMode) {
      this.setGoToMode(false);
      this.changed(this.plan.goTo(site) > 0);
      return;
    }
    this.act(() => this.plan.click(site, additive));
  }

  protected override escape(): void {
    if (this.goToMode) this.setGoToMode(false);
    else super.escape();
  }

  protected gameKey(e: KeyboardEvent, k: string): boolean {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      if (this.pending) this.changed((this.plan.clear(false), true));
      return true;
    }
    if (k === 'g') {
      this.setGoToMode(!this.goToMode);
      return true;
    }
    const d = keyDirection(e);
    if (d !== null) {
      this.direct(d);
      return true;
    }
    return false;
  }

  protected enableControls(waiting: boolean): void {
    for (const b of [this.els.all, this.els.filter, this.els.none, this.els.goto, ...this.els.dpad.querySelectorAll('button')]) {
      (b as HTMLButtonElement).disabled = !waiting;
    }
  }

  protected statusParts(): string[] {
    const p = this.plan;
    const parts = [`${p.setCount} of ${p.pieceCount} pieces ordered`, `${p.selectedCount} selected`];
    if (p.orders.size > 0) parts.push(`${p.orders.size} walking to a site`);
    if (this.goToMode) parts.push('click the site to go to');
    return parts;
  }

  // ------------------------------------------------------------------ internals

  private minStrength(): number {
    const v = Number(this.els.min.value);
    return Number.isFinite(v) ? Math.max(0, Math.min(255, Math.round(v))) : 0;
  }

  private direct(d: number): void {
    if (!this.pending) return;
    this.changed(this.plan.direct(d) > 0);
  }

  private setGoToMode(on: boolean): void {
    this.goToMode = on && this.pending !== null;
    this.els.goto.setAttribute('aria-pressed', String(this.goToMode));
    this.board.canvas.classList.toggle('picking', this.goToMode);
    this.refresh();
  }

  private changed(any: boolean): void {
    if (any) this.host.redraw();
    this.refresh();
  }
}
