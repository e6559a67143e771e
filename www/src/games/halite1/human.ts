// A human playing one seat of a Halite I game: selection on the board (click, shift-click, a box
// that may cross the wrapped edge, all, a strength filter), directions by keys, the on-screen
// d-pad or touch, standing "go to" orders, undo and redo, an optional turn timer, and the plan
// drawn as arrows before the turn ends. Unset pieces stay. The answer is the same list of moves
// a bot gives, checked by the same code.

import { el, setText } from '../../shell/dom';
import { mountOrdersPanel, unmountOrdersPanel } from '../../shell/orders-panel';
import type { HumanPlay, HumanPlayHost, PointerIntercept } from '../../shell/game';
import type { MapRenderer } from './board';
import type { Move, Observation } from './protocol';
import { TurnPlan } from './plan';
import { TurnTimer, timerOptionsHtml } from '../../shell/turn-timer';


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

export class Halite1HumanPlay implements HumanPlay {
  private readonly plan: TurnPlan;
  private readonly board: MapRenderer;
  private readonly host: HumanPlayHost;
  private readonly panel: HTMLElement;
  private readonly box: HTMLDivElement;
  private readonly els;
  private pending: { turn: number; resolve: (raw: unknown) => void; reject: (e: Error) => void } | null = null;
  private goToMode = false;
  private drag: { x: number; y: number; additive: boolean; moved: boolean; startX: number; startY: number } | null = null;
  private readonly timer: TurnTimer;
  private disposed = false;

  readonly pointer: PointerIntercept;

  constructor(host: HumanPlayHost) {
    this.host = host;
    this.board = host.board as MapRenderer;
    this.plan = new TurnPlan(host.source.width, host.source.height, host.seat + 1);
    this.panel = host.panel;
    const q = mountOrdersPanel(
      this.panel,
      `
      <div class="orders-head">
        <p class="orders-status" data-part="status" role="status" aria-live="polite">Waiting for the first turn…</p>
        <p class="orders-timer" data-part="timer" aria-live="off" hidden></p>
        <button type="button" class="btn btn-primary btn-end" data-part="end" disabled title="End the turn (Enter): pieces without orders stay">End turn <kbd>⏎</kbd></button>
      </div>
      <div class="orders-row">
        <div class="orders-group" role="group" aria-label="Select pieces">
          <button type="button" class="btn btn-small" data-part="all" title="Select all your pieces (Ctrl+A)">All</button>
          <label class="orders-filter"><span>Str ≥</span><input type="number" class="num num-small" data-part="min" min="0" max="255" step="1" value="50" aria-label="Select pieces with strength at least"></label>
          <button type="button" class="btn btn-small" data-part="filter" title="Select your pieces with at least this strength (shift: add)">Select</button>
          <button type="button" class="btn btn-small" data-part="none" title="Clear the selection (Esc)">None</button>
        </div>
        <div class="orders-dpad" role="group" aria-label="Direction for the selected pieces" data-part="dpad"></div>
        <div class="orders-group" role="group" aria-label="Orders">
          <button type="button" class="btn btn-small" data-part="goto" aria-pressed="false" title="Go to: then click a site; the selected pieces walk there over the next turns (G)">Go to…</button>
          <button type="button" class="btn btn-small btn-icon-text" data-part="undo" title="Undo (Ctrl+Z)" aria-label="Undo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/></svg></button>
          <button type="button" class="btn btn-small btn-icon-text" data-part="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/></svg></button>
          <label class="orders-filter"><span class="visually-hidden">Turn timer</span>
            <select class="select select-small" data-part="timer-choice" aria-label="Turn timer">
              ${timerOptionsHtml()}
            </select>
          </label>
        </div>
      </div>
      <p class="orders-keys">Click or drag a box to select (shift adds) · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> or arrows move · <kbd>X</kbd> stay · <kbd>G</kbd> go to · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · <kbd>Enter</kbd> ends the turn · right-drag or two fingers pan</p>`,
    );
    this.els = {
      status: q<HTMLParagraphElement>('status'),
      timer: q<HTMLParagraphElement>('timer'),
      all: q<HTMLButtonElement>('all'),
      min: q<HTMLInputElement>('min'),
      filter: q<HTMLButtonElement>('filter'),
      none: q<HTMLButtonElement>('none'),
      dpad: q<HTMLDivElement>('dpad'),
      goto: q<HTMLButtonElement>('goto'),
      undo: q<HTMLButtonElement>('undo'),
      redo: q<HTMLButtonElement>('redo'),
      timerChoice: q<HTMLSelectElement>('timer-choice'),
      end: q<HTMLButtonElement>('end'),
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
    this.els.all.addEventListener('click', () => this.select(() => this.plan.selectAll()));
    this.els.filter.addEventListener('click', (e) => this.select(() => this.plan.selectStrongerThan(this.minStrength(), e.shiftKey)));
    this.els.min.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.select(() => this.plan.selectStrongerThan(this.minStrength(), e.shiftKey));
      }
    });
    this.els.none.addEventListener('click', () => this.select(() => this.plan.clearSelection()));
    this.els.goto.addEventListener('click', () => this.setGoToMode(!this.goToMode));
    this.els.undo.addEventListener('click', () => this.changed(this.plan.undo()));
    this.els.redo.addEventListener('click', () => this.changed(this.plan.redo()));
    this.els.end.addEventListener('click', () => this.endTurn());
    this.timer = new TurnTimer(this.els.timerChoice, this.els.timer, () => this.pending !== null, () => this.endTurn());

    this.box = el('div', { className: 'select-box', attrs: { 'aria-hidden': 'true', hidden: '' } });
    this.board.canvas.parentElement?.appendChild(this.box);

    this.pointer = {
      down: (x, y, additive) => {
        if (this.pending === null) return false;
        const w = this.board.worldAt(x, y);
        if (!w) return false;
        this.drag = { x: w[0], y: w[1], additive, moved: false, startX: x, startY: y };
        return true;
      },
      move: (x, y) => {
        const d = this.drag;
        if (!d) return;
        if (!d.moved && Math.hypot(x - d.startX, y - d.startY) < 6) return;
        d.moved = true;
        const w = this.board.worldAt(x, y);
        if (!w) return;
        const r = this.board.worldBoxToClient(Math.floor(d.x), Math.floor(d.y), Math.floor(w[0]), Math.floor(w[1]));
        const parent = this.box.parentElement?.getBoundingClientRect();
        if (!parent) return;
        this.box.hidden = false;
        this.box.style.left = `${r.left - parent.left}px`;
        this.box.style.top = `${r.top - parent.top}px`;
        this.box.style.width = `${r.width}px`;
        this.box.style.height = `${r.height}px`;
      },
      up: (x, y, cancelled) => {
        const d = this.drag;
        this.drag = null;
        this.box.hidden = true;
        if (!d || cancelled || this.pending === null) return;
        const w = this.board.worldAt(x, y);
        if (!w) return;
        if (d.moved) {
          this.select(() => this.plan.selectBox(Math.floor(d.x), Math.floor(d.y), Math.floor(w[0]), Math.floor(w[1]), d.additive));
          return;
        }
        const site = this.board.siteAt(x, y);
        if (site < 0) return;
        if (this.goToMode) {
          this.setGoToMode(false);
          this.changed(this.plan.goTo(site) > 0);
          return;
        }
        this.select(() => this.plan.click(site, d.additive));
      },
    };
    this.refresh();
  }

  get waitingTurn(): number {
    return this.pending ? this.pending.turn : -1;
  }

  begin(observation: unknown, turn: number): Promise<unknown> {
    if (this.disposed) return Promise.reject(new Error('the controls are closed'));
    this.plan.begin(observation as Observation);
    this.host.showNewest();
    return new Promise<unknown>((resolve, reject) => {
      this.pending = { turn, resolve, reject };
      this.board.setPlan(this.plan);
      this.timer.start();
      this.refresh();
    });
  }

  /** Ends the turn with the plan (unset pieces stay). */
  endTurn(): void {
    const p = this.pending;
    if (!p) return;
    const moves: Move[] = this.plan.moves();
    this.pending = null;
    this.timer.stop();
    this.setGoToMode(false);
    this.board.setPlan(null);
    this.refresh();
    this.host.redraw();
    p.resolve(moves);
  }

  cancel(): void {
    const p = this.pending;
    this.pending = null;
    this.timer.stop();
    this.board.setPlan(null);
    if (p) p.reject(new Error('the game stopped'));
    if (!this.disposed) this.refresh();
  }

  key(e: KeyboardEvent): boolean {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && !e.altKey) {
      if (k === 'a') {
        this.select(() => this.plan.selectAll());
        return true;
      }
      if (k === 'z') {
        this.changed(e.shiftKey ? this.plan.redo() : this.plan.undo());
        return true;
      }
      if (k === 'y') {
        this.changed(this.plan.redo());
        return true;
      }
      return false;
    }
    if (e.altKey) return false;
    if (e.key === 'Enter') {
      this.endTurn();
      return true;
    }
    if (e.key === 'Escape') {
      if (this.goToMode) this.setGoToMode(false);
      else this.select(() => this.plan.clearSelection());
      return true;
    }
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

  dispose(): void {
    this.cancel();
    this.disposed = true;
    this.box.remove();
    unmountOrdersPanel(this.panel);
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

  private select(f: () => void): void {
    if (!this.pending) return;
    f();
    this.changed(true);
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

  private refresh(): void {
    const waiting = this.pending !== null;
    const p = this.plan;
    for (const b of [this.els.all, this.els.filter, this.els.none, this.els.goto, ...this.els.dpad.querySelectorAll('button')]) {
      (b as HTMLButtonElement).disabled = !waiting;
    }
    this.els.undo.disabled = !waiting || !p.canUndo;
    this.els.redo.disabled = !waiting || !p.canRedo;
    this.els.end.disabled = !waiting;
    this.panel.classList.toggle('waiting', waiting);
    if (!waiting) {
      setText(this.els.status, p.turn < 0 ? 'Waiting for the first turn…' : 'Turn sent: the others are moving…');
      return;
    }
    const pieces = p.pieceCount;
    const parts = [`Turn ${p.turn}: your move`, `${p.setCount} of ${pieces} pieces ordered`, `${p.selectedCount} selected`];
    if (p.orders.size > 0) parts.push(`${p.orders.size} walking to a site`);
    if (this.goToMode) parts.push('click the site to go to');
    setText(this.els.status, parts.join(' · '));
  }
}
