// The human-turn base both games' controls extend: a pending turn the person plans on the
// board, the orders bar's shared parts (status, countdown, End turn, undo and redo, the turn
// timer's choice), the selection box dragged on the board, the keys every game has (Ctrl+A,
// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, Enter, Esc), and the turn ended by the person, the button or
// the timer. A game writes its own orders, gestures and words.

import { el, setText } from '../page/dom';
import type { HumanPlay, HumanPlayHost, PointerIntercept } from '../game';
import { mountOrdersPanel, unmountOrdersPanel } from './orders-panel';
import { TurnTimer, timerOptionsHtml } from './turn-timer';

/** What the base needs of a game's plan of the turn. */
export interface TurnPlanLike {
  /** The turn being planned (-1 before the first). */
  readonly turn: number;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  undo(): boolean;
  redo(): boolean;
  selectAll(): unknown;
  clearSelection(): unknown;
}

/** The orders bar's head: the status line, the countdown and End turn (`endTitle` its tooltip). */
export function turnHeadHtml(endTitle: string): string {
  return `
      <div class="orders-head">
        <p class="orders-status" data-part="status" role="status" aria-live="polite">Waiting for the first turn…</p>
        <p class="orders-timer" data-part="timer" aria-live="off" hidden></p>
        <button type="button" class="btn btn-primary btn-end" data-part="end" disabled title="${endTitle}">End turn <kbd>⏎</kbd></button>
      </div>`;
}

/** Undo, redo and the turn timer's choice, for an orders group. */
export function undoRedoTimerHtml(): string {
  return `
          <button type="button" class="btn btn-small btn-icon-text" data-part="undo" title="Undo (Ctrl+Z)" aria-label="Undo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/></svg></button>
          <button type="button" class="btn btn-small btn-icon-text" data-part="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/></svg></button>
          <label class="orders-filter"><span class="visually-hidden">Turn timer</span>
            <select class="select select-small" data-part="timer-choice" aria-label="Turn timer">${timerOptionsHtml()}</select>
          </label>`;
}

interface Drag<W> {
  from: W;
  additive: boolean;
  moved: boolean;
  startX: number;
  startY: number;
}

export abstract class HumanTurn<P extends TurnPlanLike, W> implements HumanPlay {
  protected readonly panel: HTMLElement;
  /** The selection box drawn while dragging. */
  protected readonly box: HTMLDivElement;
  protected readonly q: <T extends HTMLElement>(part: string) => T;
  protected pending: { turn: number; resolve: (raw: unknown) => void; reject: (e: Error) => void } | null = null;
  protected disposed = false;
  private readonly parts: { status: HTMLElement; end: HTMLButtonElement; undo: HTMLButtonElement; redo: HTMLButtonElement };
  private readonly timer: TurnTimer;
  private drag: Drag<W> | null = null;

  readonly pointer: PointerIntercept;

  /** `html`: the orders bar (with `turnHeadHtml` and `undoRedoTimerHtml` in it). */
  constructor(
    protected readonly host: HumanPlayHost,
    protected readonly plan: P,
    html: string,
  ) {
    this.panel = host.panel;
    this.q = mountOrdersPanel(this.panel, html);
    const q = this.q;
    this.parts = { status: q('status'), end: q<HTMLButtonElement>('end'), undo: q<HTMLButtonElement>('undo'), redo: q<HTMLButtonElement>('redo') };
    this.timer = new TurnTimer(q<HTMLSelectElement>('timer-choice'), q('timer'), () => this.pending !== null, () => this.endTurn());
    this.parts.undo.addEventListener('click', () => this.act(() => this.plan.undo()));
    this.parts.redo.addEventListener('click', () => this.act(() => this.plan.redo()));
    this.parts.end.addEventListener('click', () => this.endTurn());
    this.box = el('div', { className: 'select-box', attrs: { 'aria-hidden': 'true', hidden: '' } });
    host.board.canvas.parentElement?.appendChild(this.box);
    this.pointer = {
      down: (x, y, additive) => {
        if (this.pending === null) return false;
        const w = this.worldAt(x, y);
        if (w === null) return false;
        this.drag = { from: w, additive, moved: false, startX: x, startY: y };
        return true;
      },
      move: (x, y) => {
        const d = this.drag;
        if (!d) return;
        if (!d.moved && Math.hypot(x - d.startX, y - d.startY) < 6) return;
        d.moved = true;
        const r = this.boxRect(d.from, d.startX, d.startY, x, y);
        const parent = this.box.parentElement?.getBoundingClientRect();
        if (!r || !parent) return;
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
        const w = this.worldAt(x, y);
        if (w === null) return;
        if (d.moved) this.boxSelect(d.from, w, d.additive);
        else this.click(x, y, w, d.additive);
      },
    };
  }

  get waitingTurn(): number {
    return this.pending ? this.pending.turn : -1;
  }

  begin(observation: unknown, turn: number): Promise<unknown> {
    if (this.disposed) return Promise.reject(new Error('the controls are closed'));
    this.startTurn(observation, turn);
    this.host.showNewest();
    return new Promise<unknown>((resolve, reject) => {
      this.pending = { turn, resolve, reject };
      this.timer.start();
      this.showPlan(true);
      this.refresh();
      this.host.redraw();
    });
  }

  /** Ends the turn with the plan (pieces without orders stay). */
  endTurn(): void {
    const p = this.pending;
    if (!p) return;
    const answer = this.answer();
    this.pending = null;
    this.timer.stop();
    this.showPlan(false);
    this.refresh();
    this.host.redraw();
    p.resolve(answer);
  }

  cancel(): void {
    const p = this.pending;
    this.pending = null;
    this.timer.stop();
    this.showPlan(false);
    if (p) p.reject(new Error('the game stopped'));
    if (!this.disposed) this.refresh();
  }

  key(e: KeyboardEvent): boolean {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && !e.altKey) {
      if (k === 'a') {
        this.act(() => this.plan.selectAll());
        return true;
      }
      if (k === 'z' || k === 'y') {
        const redo = k === 'y' || e.shiftKey;
        this.act(() => (redo ? this.plan.redo() : this.plan.undo()));
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
      this.escape();
      return true;
    }
    return this.gameKey(e, k);
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
    this.box.remove();
    unmountOrdersPanel(this.panel);
  }

  /** Runs a change to the plan while a turn is planned, then redraws the plan and the bar. */
  protected act(f: () => unknown): void {
    if (!this.pending) return;
    f();
    this.host.redraw();
    this.refresh();
  }

  /** The bar as the turn stands: the shared buttons, the game's own, the status line. */
  protected refresh(): void {
    const waiting = this.pending !== null;
    this.parts.undo.disabled = !waiting || !this.plan.canUndo;
    this.parts.redo.disabled = !waiting || !this.plan.canRedo;
    this.parts.end.disabled = !waiting;
    this.enableControls(waiting);
    this.panel.classList.toggle('waiting', waiting);
    if (!waiting) {
      setText(this.parts.status, this.plan.turn < 0 ? 'Waiting for the first turn…' : 'Turn sent: the others are moving…');
      return;
    }
    setText(this.parts.status, [`Turn ${this.plan.turn}: your move`, ...this.statusParts()].join(' · '));
  }

  /** Esc: by default clears the selection. */
  protected escape(): void {
    this.act(() => this.plan.clearSelection());
  }

  /** The client rectangle of the selection box from where the drag started to (x, y). */
  protected boxRect(_from: W, startX: number, startY: number, x: number, y: number): { left: number; top: number; width: number; height: number } | null {
    return { left: Math.min(startX, x), top: Math.min(startY, y), width: Math.abs(x - startX), height: Math.abs(y - startY) };
  }

  /** A new turn: the plan starts from what the seat sees. */
  protected abstract startTurn(observation: unknown, turn: number): void;
  /** The turn's answer, in the form a bot answers. */
  protected abstract answer(): unknown;
  /** Draws the plan on the board while a turn is planned (or stops). */
  protected abstract showPlan(on: boolean): void;
  /** The board point under (x, y), in the game's units, or null off the map. */
  protected abstract worldAt(x: number, y: number): W | null;
  protected abstract boxSelect(from: W, to: W, additive: boolean): void;
  /** A click (no drag) on the board. */
  protected abstract click(x: number, y: number, at: W, additive: boolean): void;
  /** Keys of the game's own (after the shared ones). */
  protected abstract gameKey(e: KeyboardEvent, k: string): boolean;
  /** Enables the game's own buttons while a turn is planned. */
  protected abstract enableControls(waiting: boolean): void;
  /** The status line's parts after "Turn N: your move". */
  protected abstract statusParts(): string[];
}
