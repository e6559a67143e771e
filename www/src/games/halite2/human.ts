// A human playing one seat of a Halite II game: select ships (click, shift-click, a box, all),
// click a point to fly there (a thrust each turn until the ship arrives, the path drawn), click a
// planet to dock (the ship flies into range first), undock with a key or button, hold, and Enter
// ends the turn. The answer is the same list of commands a bot gives, checked by the same code.

import { el, setText } from '../../shell/dom';
import { mountOrdersPanel, unmountOrdersPanel } from '../../shell/orders-panel';
import type { BoardView, HumanPlay, HumanPlayHost, PointerIntercept } from '../../shell/game';
import { ShipPlan, type Steer } from './human-plan';
import { lossLines } from './losses';
import { TurnTimer, timerOptionsHtml } from '../../shell/turn-timer';
import { decodeTarget, type Observation } from './types';

/** What the controls need of the Halite II board beyond the shell's `BoardView`. */
export interface PlanBoard extends BoardView {
  worldAt(clientX: number, clientY: number): { x: number; y: number } | null;
  setOverlay(draw: ((ctx: CanvasRenderingContext2D, toScreen: (x: number, y: number) => [number, number], scale: number) => void) | null): void;
}

const PLAN_COLOUR = 'rgba(255, 255, 255, 0.9)';

/** "1 ship", "3 ships". */
function ships(n: number): string {
  return `${n} ship${n === 1 ? '' : 's'}`;
}
const SELECT_COLOUR = '#ffd166';

export class Halite2HumanPlay implements HumanPlay {
  private readonly plan: ShipPlan;
  private readonly board: PlanBoard;
  private readonly host: HumanPlayHost;
  private readonly panel: HTMLElement;
  private readonly box: HTMLDivElement;
  private readonly els;
  private pending: { turn: number; resolve: (raw: unknown) => void; reject: (e: Error) => void } | null = null;
  private drag: { x: number; y: number; additive: boolean; moved: boolean; startX: number; startY: number } | null = null;
  private disposed = false;
  private note = '';
  private readonly timer: TurnTimer;

  readonly pointer: PointerIntercept;

  constructor(host: HumanPlayHost, steer?: Steer) {
    this.host = host;
    this.board = host.board as PlanBoard;
    this.plan = new ShipPlan(host.seat, steer);
    this.panel = host.panel;
    const q = mountOrdersPanel(
      this.panel,
      `
      <div class="orders-head">
        <p class="orders-status" data-part="status" role="status" aria-live="polite">Waiting for the first turn…</p>
        <p class="orders-timer" data-part="timer" aria-live="off" hidden></p>
        <button type="button" class="btn btn-primary btn-end" data-part="end" disabled title="End the turn (Enter): ships without orders stay">End turn <kbd>⏎</kbd></button>
      </div>
      <p class="orders-losses" data-part="losses" role="status" hidden></p>
      <div class="orders-row">
        <div class="orders-group" role="group" aria-label="Select ships">
          <button type="button" class="btn btn-small" data-part="all" title="Select all your ships (Ctrl+A)">All ships</button>
          <button type="button" class="btn btn-small" data-part="none" title="Clear the selection (Esc)">None</button>
        </div>
        <div class="orders-group" role="group" aria-label="Orders for the selected ships">
          <button type="button" class="btn btn-small" data-part="undock" title="Undock the selected docked ships (U)">Undock</button>
          <button type="button" class="btn btn-small" data-part="hold" title="Stop: the selected ships hold their place (H)">Hold</button>
          <button type="button" class="btn btn-small btn-icon-text" data-part="undo" title="Undo (Ctrl+Z)" aria-label="Undo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/></svg></button>
          <button type="button" class="btn btn-small btn-icon-text" data-part="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/></svg></button>
          <label class="orders-filter"><span class="visually-hidden">Turn timer</span>
            <select class="select select-small" data-part="timer-choice" aria-label="Turn timer">${timerOptionsHtml()}</select>
          </label>
        </div>
      </div>
      <p class="orders-keys">Click a ship or drag a box to select (shift adds) · click space to fly there · click a planet to dock · <kbd>U</kbd> undock · <kbd>H</kbd> hold · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · <kbd>Enter</kbd> ends the turn · right-drag or two fingers pan</p>`,
    );
    this.els = {
      status: q<HTMLParagraphElement>('status'),
      losses: q<HTMLParagraphElement>('losses'),
      all: q<HTMLButtonElement>('all'),
      none: q<HTMLButtonElement>('none'),
      undock: q<HTMLButtonElement>('undock'),
      hold: q<HTMLButtonElement>('hold'),
      undo: q<HTMLButtonElement>('undo'),
      redo: q<HTMLButtonElement>('redo'),
      timer: q<HTMLParagraphElement>('timer'),
      timerChoice: q<HTMLSelectElement>('timer-choice'),
      end: q<HTMLButtonElement>('end'),
    };
    this.timer = new TurnTimer(this.els.timerChoice, this.els.timer, () => this.pending !== null, () => this.endTurn());
    this.els.undo.addEventListener('click', () => this.act(() => (this.plan.undo() ? 1 : 0)));
    this.els.redo.addEventListener('click', () => this.act(() => (this.plan.redo() ? 1 : 0)));
    this.els.all.addEventListener('click', () => this.act(() => (this.plan.selectAll(), 1)));
    this.els.none.addEventListener('click', () => this.act(() => (this.plan.clearSelection(), 1)));
    this.els.undock.addEventListener('click', () => this.act(() => this.say(this.plan.undock(), 'undocking', 'No selected ship is docked')));
    this.els.hold.addEventListener('click', () => this.act(() => this.say(this.plan.hold(), 'holding', 'Select ships first')));
    this.els.end.addEventListener('click', () => this.endTurn());

    this.box = el('div', { className: 'select-box', attrs: { 'aria-hidden': 'true', hidden: '' } });
    this.board.canvas.parentElement?.appendChild(this.box);

    this.pointer = {
      down: (x, y, additive) => {
        if (this.pending === null) return false;
        const w = this.board.worldAt(x, y);
        if (!w) return false;
        this.drag = { x: w.x, y: w.y, additive, moved: false, startX: x, startY: y };
        return true;
      },
      move: (x, y) => {
        const d = this.drag;
        if (!d) return;
        if (!d.moved && Math.hypot(x - d.startX, y - d.startY) < 6) return;
        d.moved = true;
        const parent = this.box.parentElement?.getBoundingClientRect();
        if (!parent) return;
        this.box.hidden = false;
        this.box.style.left = `${Math.min(d.startX, x) - parent.left}px`;
        this.box.style.top = `${Math.min(d.startY, y) - parent.top}px`;
        this.box.style.width = `${Math.abs(x - d.startX)}px`;
        this.box.style.height = `${Math.abs(y - d.startY)}px`;
      },
      up: (x, y, cancelled) => {
        const d = this.drag;
        this.drag = null;
        this.box.hidden = true;
        if (!d || cancelled || this.pending === null) return;
        const w = this.board.worldAt(x, y);
        if (!w) return;
        if (d.moved) {
          this.act(() => this.plan.selectBox(d.x, d.y, w.x, w.y, d.additive) + 1);
          return;
        }
        this.clickAt(x, y, w, d.additive);
      },
    };
    this.refresh();
  }

  get waitingTurn(): number {
    return this.pending ? this.pending.turn : -1;
  }

  begin(observation: unknown, turn: number): Promise<unknown> {
    if (this.disposed) return Promise.reject(new Error('the controls are closed'));
    const obs = observation as Observation;
    this.plan.begin(obs);
    this.note = '';
    this.showLosses(obs, turn);
    this.host.showNewest();
    return new Promise<unknown>((resolve, reject) => {
      this.pending = { turn, resolve, reject };
      this.timer.start();
      this.board.setOverlay((ctx, toScreen, scale) => this.drawPlan(ctx, toScreen, scale));
      this.refresh();
      this.host.redraw();
    });
  }

  /** Ends the turn with the commands of the standing orders (ships without orders stay). */
  endTurn(): void {
    const p = this.pending;
    if (!p) return;
    const commands = this.plan.commands();
    this.pending = null;
    this.timer.stop();
    this.board.setOverlay(null);
    this.refresh();
    this.host.redraw();
    p.resolve(commands);
  }

  cancel(): void {
    const p = this.pending;
    this.pending = null;
    this.timer.stop();
    this.board.setOverlay(null);
    if (p) p.reject(new Error('the game stopped'));
    if (!this.disposed) this.refresh();
  }

  key(e: KeyboardEvent): boolean {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && !e.altKey) {
      if (k === 'a') {
        this.act(() => (this.plan.selectAll(), 1));
        return true;
      }
      if (k === 'z' || k === 'y') {
        const redo = k === 'y' || e.shiftKey;
        this.act(() => ((redo ? this.plan.redo() : this.plan.undo()) ? 1 : 0));
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
      this.act(() => (this.plan.clearSelection(), 1));
      return true;
    }
    if (k === 'u') {
      this.act(() => this.say(this.plan.undock(), 'undocking', 'No selected ship is docked'));
      return true;
    }
    if (k === 'h') {
      this.act(() => this.say(this.plan.hold(), 'holding', 'Select ships first'));
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

  /** A click on the board: a ship of the seat selects it; a planet docks the selection there;
   * open space sends the selection flying to that point. */
  private clickAt(cx: number, cy: number, w: { x: number; y: number }, additive: boolean): void {
    const t = decodeTarget(this.board.pick(cx, cy));
    if (t?.kind === 'ship' && this.plan.ship(t.id)) {
      this.act(() => (this.plan.click(t.id, additive) ? 1 : 0));
      return;
    }
    if (this.plan.selected.size === 0) {
      this.act(() => this.say(0, '', 'Select your ships first: click one or drag a box'));
      return;
    }
    if (t?.kind === 'planet') {
      const p = this.plan.planet(t.id);
      if (p) {
        const mine = p.owner === null || p.owner === this.plan.seat;
        this.act(() => {
          const r = this.plan.dockGroup(t.id);
          const sent = r.here + [...r.elsewhere.values()].reduce((a, b) => a + b, 0);
          if (sent === 0 && r.nowhere === 0) return this.say(0, '', mine ? 'Only undocked ships can dock' : `Planet ${t.id} belongs to another player`);
          const parts: string[] = [];
          if (r.here > 0) parts.push(`${ships(r.here)} docking at planet ${t.id}`);
          for (const [q, n] of r.elsewhere) parts.push(`${ships(n)} to planet ${q}`);
          if (r.elsewhere.size > 0 || r.nowhere > 0) parts.push(`planet ${t.id} has ${p.dockingSpots - p.dockedShips.length} free spot${p.dockingSpots - p.dockedShips.length === 1 ? '' : 's'}`);
          if (r.nowhere > 0) parts.push(`${ships(r.nowhere)} found no planet with room and hold`);
          this.note = parts.join(', ');
          return Math.max(1, sent);
        });
        return;
      }
    }
    this.act(() => this.say(this.plan.flyTo(w.x, w.y), `flying to (${w.x.toFixed(0)}, ${w.y.toFixed(0)})`, 'Docked ships cannot fly: undock them first'));
  }

  /** Names the seat's ships lost in the last turn (they are drawn as wrecks on the board). */
  private showLosses(obs: Observation, turn: number): void {
    const src = this.host.source as { events?: (t: number) => Float64Array };
    const lines = turn > 0 && src.events ? lossLines(src.events(turn - 1), this.plan.seat, obs.planets) : [];
    setText(this.els.losses, lines.length > 0 ? `Last turn: ${lines.join('; ')}.` : '');
    this.els.losses.hidden = lines.length === 0;
  }

  /** Sets the status note for an order given to `n` ships; returns n. */
  private say(n: number, done: string, none: string): number {
    this.note = n > 0 ? `${n} ship${n === 1 ? '' : 's'} ${done}` : none;
    return Math.max(n, 1);
  }

  private act(f: () => number): void {
    if (!this.pending) return;
    f();
    this.host.redraw();
    this.refresh();
  }

  private drawPlan(ctx: CanvasRenderingContext2D, toScreen: (x: number, y: number) => [number, number], scale: number): void {
    const thrusts = this.plan.thrusts();
    ctx.save();
    ctx.lineCap = 'round';
    for (const s of this.plan.myShips()) {
      const [sx, sy] = toScreen(s.x, s.y);
      const dest = this.plan.destination(s.id);
      if (dest) {
        const [dx, dy] = toScreen(dest.x, dest.y);
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = 'rgba(255, 255, 255, 0.45)';
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.lineTo(dx, dy);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.arc(dx, dy, 3, 0, Math.PI * 2);
        ctx.stroke();
      }
      const t = thrusts.get(s.id);
      if (t) {
        // This turn's step: the ship moves `magnitude` units along `angle`.
        const a = (t.angle * Math.PI) / 180;
        const [ex, ey] = toScreen(s.x + t.magnitude * Math.cos(a), s.y + t.magnitude * Math.sin(a));
        ctx.strokeStyle = PLAN_COLOUR;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.lineTo(ex, ey);
        ctx.stroke();
      }
      const o = this.plan.orders.get(s.id);
      if (o?.kind === 'undock' || (o?.kind === 'dock' && !t)) {
        ctx.strokeStyle = PLAN_COLOUR;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.arc(sx, sy, Math.max(5, 1.2 * scale), 0, Math.PI * 2);
        ctx.stroke();
      }
      if (this.plan.turn < 5 && !this.plan.selected.has(s.id)) {
        // Your ships in the first turns: a ring round each, so they are found on a large map.
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = SELECT_COLOUR;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.arc(sx, sy, Math.max(12, 2.5 * scale), 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (this.plan.selected.has(s.id)) {
        ctx.strokeStyle = SELECT_COLOUR;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(sx, sy, Math.max(7, 1.6 * scale), 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  private refresh(): void {
    const waiting = this.pending !== null;
    for (const b of [this.els.all, this.els.none, this.els.undock, this.els.hold]) b.disabled = !waiting;
    this.els.undo.disabled = !waiting || !this.plan.canUndo;
    this.els.redo.disabled = !waiting || !this.plan.canRedo;
    this.els.end.disabled = !waiting;
    this.panel.classList.toggle('waiting', waiting);
    if (!waiting) {
      setText(this.els.status, this.plan.turn < 0 ? 'Waiting for the first turn…' : 'Turn sent: the others are moving…');
      return;
    }
    const p = this.plan;
    const parts = [`Turn ${p.turn}: your move`, `${p.selected.size} of ${p.shipCount} ships selected`, `${p.orders.size} with orders`];
    if (this.note) parts.push(this.note);
    setText(this.els.status, parts.join(' · '));
  }
}
