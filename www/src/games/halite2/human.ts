// A human playing one seat of a Halite II game: select ships (click, shift-click, a box, all),
// click a point to fly there (a thrust each turn until the ship arrives, the path drawn), click a
// planet to dock (the ship flies into range first), undock with a key or button, hold, and Enter
// ends the turn. The answer is the same list of commands a bot gives, checked by the same code.

import { setText } from '../../shell/page/dom';
import type { BoardView, HumanPlayHost } from '../../shell/game';
import { HumanTurn, turnHeadHtml, undoRedoTimerHtml } from '../../shell/viewer/human-turn';
import { ShipPlan, type Steer } from './human-plan';
import { lossLines } from './losses';
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

export class Halite2HumanPlay extends HumanTurn<ShipPlan, { x: number; y: number }> {
  private readonly board: PlanBoard;
  private readonly els;
  private note = '';

  constructor(host: HumanPlayHost, steer?: Steer) {
    super(
      host,
      new ShipPlan(host.seat, steer),
      `${turnHeadHtml('End the turn (Enter): ships without orders stay')}
      <p class="orders-losses" data-part="losses" role="status" hidden></p>
      <div class="orders-row">
        <div class="orders-group" role="group" aria-label="Select ships">
          <button type="button" class="btn btn-small" data-part="all" title="Select all your ships (Ctrl+A)">All ships</button>
          <button type="button" class="btn btn-small" data-part="none" title="Clear the selection (Esc)">None</button>
        </div>
        <div class="orders-group" role="group" aria-label="Orders for the selected ships">
          <button type="button" class="btn btn-small" data-part="undock" title="Undock the selected docked ships (U)">Undock</button>
          <button type="button" class="btn btn-small" data-part="hold" title="Stop: the selected ships hold their place (H)">Hold</button>${undoRedoTimerHtml()}
        </div>
      </div>
      <p class="orders-keys">Click a ship or drag a box to select (shift adds) · click space to fly there · click a planet to dock · <kbd>U</kbd> undock · <kbd>H</kbd> hold · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · <kbd>Enter</kbd> ends the turn · right-drag or two fingers pan</p>`,
    );
    this.board = host.board as PlanBoard;
    const q = this.q;
    this.els = {
      losses: q<HTMLParagraphElement>('losses'),
      all: q<HTMLButtonElement>('all'),
      none: q<HTMLButtonElement>('none'),
      undock: q<HTMLButtonElement>('undock'),
      hold: q<HTMLButtonElement>('hold'),
    };
    this.els.all.addEventListener('click', () => this.act(() => this.plan.selectAll()));
    this.els.none.addEventListener('click', () => this.act(() => this.plan.clearSelection()));
    this.els.undock.addEventListener('click', () => this.act(() => this.say(this.plan.undock(), 'undocking', 'No selected ship is docked')));
    this.els.hold.addEventListener('click', () => this.act(() => this.say(this.plan.hold(), 'holding', 'Select ships first')));
    this.refresh();
  }

  protected startTurn(observation: unknown, turn: number): void {
    const obs = observation as Observation;
    this.plan.begin(obs);
    this.note = '';
    this.showLosses(obs, turn);
  }

  /** The commands of the standing orders (ships without orders stay). */
  protected answer(): unknown {
    return this.plan.commands();
  }

  protected showPlan(on: boolean): void {
    this.board.setOverlay(on ? (ctx, toScreen, scale) => this.drawPlan(ctx, toScreen, scale) : null);
  }

  protected worldAt(x: number, y: number): { x: number; y: number } | null {
    return this.board.worldAt(x, y);
  }

  protected boxSelect(from: { x: number; y: number }, to: { x: number; y: number }, additive: boolean): void {
    this.act(() => this.plan.selectBox(from.x, from.y, to.x, to.y, additive));
  }

  protected gameKey(_e: KeyboardEvent, k: string): boolean {
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

  protected enableControls(waiting: boolean): void {
    for (const b of [this.els.all, this.els.none, this.els.undock, this.els.hold]) b.disabled = !waiting;
  }

  protected statusParts(): string[] {
    const p = this.plan;
    const parts = [`${p.selected.size} of ${p.shipCount} ships selected`, `${p.orders.size} with orders`];
    if (this.note) parts.push(this.note);
    return parts;
  }

  // ------------------------------------------------------------------ internals

  /** A click on the board: a ship of the seat selects it; a planet docks the selection there;
   * open space sends the selection flying to that point. */
  protected click(cx: number, cy: number, w: { x: number; y: number }, additive: boolean): void {
    const t = decodeTarget(this.board.pick(cx, cy));
    if (t?.kind === 'ship' && this.plan.ship(t.id)) {
      this.act(() => this.plan.click(t.id, additive));
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
}
