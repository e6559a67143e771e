// The Halite II lesson board, in SVG at the map's own scale (one unit of the viewBox is one unit
// of the map, y down as in the engine): planets with their health, docking spots and dock ring,
// ships with their health, docking state and (on demand) weapon ring, the goal's marks, and each
// ship's order as an arrow. Ships are buttons (click, tap, or Tab then Enter); a selected ship of
// the learner is aimed by dragging on the board or by its arrow keys. `animate` plays a resolved
// turn: every ship flies its straight line in time, shots flash and wrecks burst at the moments
// the engine gives.

import { DEFAULT_PALETTE, ownerColour } from '../../../shell/palette';
import type { Board, Goal, H2Step, Order, PlanetView, RuleNumbers, ShipView } from './types';
import { orderShip } from './types';

export interface SceneState {
  board: Board;
  /** The learner's seat. */
  me: number;
  /** Orders to draw as arrows, with their owners (the learner's plan, or a turn's orders). */
  orders: { owner: number; order: Order }[];
  /** Hint arrows (drawn apart from the plan). */
  hints: Order[];
  selected: number | null;
  goal: Goal;
  keep: Goal | null;
  showRanges: boolean;
  /** The ship a prediction is about. */
  predicted: number | null;
}

export interface SceneCallbacks {
  select(ship: number): void;
  /** The learner aims a ship by dragging: a thrust of `magnitude` (0 to 7) at `angle` degrees. */
  aim(ship: number, magnitude: number, angle: number): void;
  /** Arrow keys on a selected ship: change its thrust by these steps. */
  nudge(ship: number, magnitude: number, angle: number): void;
  /** Ctrl+Enter on a ship: the turn is given (lessons resolve it); Enter alone selects. */
  submit?(): void;
}

const NS = 'http://www.w3.org/2000/svg';
const ANIMATION_MS = 900;
const FLASH = 0.12;

const colour = (owner: number | null) => (owner === null ? DEFAULT_PALETTE.colours[0] : ownerColour(DEFAULT_PALETTE, owner + 1));
const f = (v: number) => String(Math.round(v * 1000) / 1000);

/** Thrust `magnitude` at `angle` degrees as a displacement (y down, 0° east, 90° south). */
export function thrustVector(magnitude: number, angle: number): [number, number] {
  const a = (angle * Math.PI) / 180;
  return [magnitude * Math.cos(a), magnitude * Math.sin(a)];
}

/** The thrust that aims from `(x0, y0)` towards `(x, y)`: whole magnitude up to `max`, whole degrees. */
export function aimAt(x0: number, y0: number, x: number, y: number, max: number): { magnitude: number; angle: number } {
  const dx = x - x0;
  const dy = y - y0;
  const magnitude = Math.min(max, Math.round(Math.hypot(dx, dy)));
  const angle = (((Math.round((Math.atan2(dy, dx) * 180) / Math.PI) % 360) + 360) % 360);
  return { magnitude, angle };
}

function goalMarks(goal: Goal | null, out: { reach: { x: number; y: number; r: number }[]; ships: Set<number>; planets: Set<number> }): void {
  if (!goal) return;
  if ('reach' in goal) out.reach.push(goal.reach);
  else if ('destroyed' in goal) out.ships.add(goal.destroyed);
  else if ('alive' in goal) out.ships.add(goal.alive);
  else if ('planetDestroyed' in goal) out.planets.add(goal.planetDestroyed);
  else if ('docked' in goal) out.planets.add(goal.docked.planet);
  else if ('and' in goal) goal.and.forEach((g) => goalMarks(g, out));
  else if ('or' in goal) goal.or.forEach((g) => goalMarks(g, out));
  else if ('not' in goal) goalMarks(goal.not, out);
}

export function shipLabel(s: ShipView, me: number): string {
  const who = s.owner === me ? 'your ship' : `enemy ship (player ${s.owner + 1})`;
  const dock =
    s.status === 'undocked'
      ? 'undocked'
      : `${s.status} at planet ${s.planet}${s.turnsLeft !== null ? `, ${s.turnsLeft} turns left` : ''}`;
  return `Ship ${s.id}, ${who}, health ${s.health}, ${dock}, at (${f(s.x)}, ${f(s.y)})`;
}

export class H2Scene {
  readonly svg: SVGSVGElement;
  private state: SceneState | null = null;
  private frame: number | null = null;
  private dragging = false;

  constructor(
    host: HTMLElement,
    private readonly rules: RuleNumbers,
    private readonly cb: SceneCallbacks,
    label: string,
  ) {
    host.classList.add('h2l-board');
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.setAttribute('role', 'group');
    this.svg.setAttribute('aria-label', label);
    this.svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    host.replaceChildren(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.onDown(e));
    this.svg.addEventListener('pointermove', (e) => this.onMove(e));
    const end = (e: PointerEvent) => {
      this.dragging = false;
      if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    };
    this.svg.addEventListener('pointerup', end);
    this.svg.addEventListener('pointercancel', end);
    this.svg.addEventListener('keydown', (e) => this.onKey(e));
  }

  get animating(): boolean {
    return this.frame !== null;
  }

  /** Draws a board between turns (stops an animation). */
  render(state: SceneState): void {
    this.stop();
    this.state = state;
    this.draw(state, null, null);
  }

  /** Plays a resolved turn from `step.before` to `step.after`, then calls `done`. */
  animate(step: H2Step, state: SceneState, done: () => void): void {
    this.stop();
    this.state = state;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduced) {
      done();
      return;
    }
    const t0 = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - t0) / ANIMATION_MS);
      this.draw(state, step, t);
      if (t < 1) this.frame = requestAnimationFrame(tick);
      else {
        this.frame = null;
        done();
      }
    };
    this.frame = requestAnimationFrame(tick);
  }

  stop(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  focusShip(id: number): void {
    this.svg.querySelector<SVGGElement>(`[data-ship="${id}"]`)?.focus();
  }

  /** Map coordinates of a pointer event. */
  private point(e: PointerEvent): { x: number; y: number } | null {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  private mine(id: number | null): ShipView | undefined {
    const s = this.state;
    if (!s || id === null) return undefined;
    return s.board.ships.find((v) => v.id === id && v.owner === s.me && v.status === 'undocked');
  }

  private onDown(e: PointerEvent): void {
    if (!this.state || this.animating) return;
    const hit = (e.target as Element).closest('[data-ship]');
    if (hit) {
      const id = Number(hit.getAttribute('data-ship'));
      this.cb.select(id);
      if (this.mine(id)) this.startDrag(e);
      return;
    }
    // A tap on open space aims the selected ship there (and a drag keeps aiming).
    if (this.mine(this.state.selected)) {
      this.startDrag(e);
      this.onMove(e);
    }
  }

  private startDrag(e: PointerEvent): void {
    this.dragging = true;
    this.svg.setPointerCapture(e.pointerId);
    e.preventDefault();
  }

  private onMove(e: PointerEvent): void {
    if (!this.dragging || !this.state) return;
    const ship = this.mine(this.state.selected);
    const p = this.point(e);
    if (!ship || !p) return;
    if (Math.hypot(p.x - ship.x, p.y - ship.y) < 0.5) return;
    const { magnitude, angle } = aimAt(ship.x, ship.y, p.x, p.y, this.rules.maxSpeed);
    this.cb.aim(ship.id, magnitude, angle);
  }

  private onKey(e: KeyboardEvent): void {
    const g = (e.target as Element).closest?.('[data-ship]');
    if (!g) return;
    const id = Number(g.getAttribute('data-ship'));
    if (e.key === 'Enter' && this.cb.submit && (e.ctrlKey || e.metaKey)) {
      this.cb.submit();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.cb.select(id);
    } else if (this.state?.selected === id && this.mine(id) && e.key.startsWith('Arrow')) {
      const step = e.shiftKey ? 1 : 5;
      if (e.key === 'ArrowRight') this.cb.nudge(id, 0, step);
      else if (e.key === 'ArrowLeft') this.cb.nudge(id, 0, -step);
      else if (e.key === 'ArrowUp') this.cb.nudge(id, 1, 0);
      else this.cb.nudge(id, -1, 0);
    } else return;
    e.preventDefault();
  }

  /** Draws the board; with a step, at time `t` of its turn. */
  private draw(state: SceneState, step: H2Step | null, t: number | null): void {
    const b = step ? step.before : state.board;
    const { width: w, height: h } = b;
    const focused = (document.activeElement as Element | null)?.closest?.('[data-ship]')?.getAttribute('data-ship');
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    // Labels keep a legible size on a phone: the stylesheet sizes them from one screen pixel.
    const ppu = this.svg.clientWidth > 0 ? Math.min(this.svg.clientWidth / w, (this.svg.clientHeight || Infinity) / h) : 0;
    if (ppu > 0) this.svg.style.setProperty('--h2l-px', f(1 / ppu));
    const parts: string[] = [];
    parts.push(
      `<defs><marker id="h2l-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="currentColor"/></marker></defs>`,
      `<rect class="h2l-sea" x="0" y="0" width="${w}" height="${h}"/>`,
    );
    for (let x = 10; x < w; x += 10) parts.push(`<line class="h2l-gridline" x1="${x}" y1="0" x2="${x}" y2="${h}"/>`);
    for (let y = 10; y < h; y += 10) parts.push(`<line class="h2l-gridline" x1="0" y1="${y}" x2="${w}" y2="${y}"/>`);
    const marks = { reach: [] as { x: number; y: number; r: number }[], ships: new Set<number>(), planets: new Set<number>() };
    goalMarks(state.goal, marks);
    goalMarks(state.keep, marks);
    for (const r of marks.reach) {
      parts.push(
        `<g class="h2l-goal" data-part="goal-mark"><circle cx="${f(r.x)}" cy="${f(r.y)}" r="${f(Math.max(r.r, 0.4))}"/><path d="M${f(r.x - 1.2)} ${f(r.y)}h2.4M${f(r.x)} ${f(r.y - 1.2)}v2.4"/></g>`,
      );
    }
    const time = t ?? 1;
    // Planets: a planet destroyed during the turn disappears at its moment.
    const planetGone = new Map<number, number>();
    const shipGone = new Map<number, number>();
    if (step) {
      for (const e of step.events) {
        if (e.kind !== 'destroyed') continue;
        if ('planet' in e.target) planetGone.set(e.target.planet.id, e.time);
        else shipGone.set(e.target.ship.id, e.time);
      }
    }
    for (const p of b.planets) {
      if ((planetGone.get(p.id) ?? 2) <= time) continue;
      parts.push(this.planet(p, b, marks.planets.has(p.id)));
    }
    // Ships, at their place at time t.
    const motion = new Map(step?.motion.map((m) => [m.ship, m]) ?? []);
    const positions = new Map<number, { x: number; y: number }>();
    for (const s of b.ships) {
      const m = motion.get(s.id);
      let x = s.x;
      let y = s.y;
      if (m && t !== null) {
        const k = m.end > 0 ? Math.min(time, m.end) / m.end : 1;
        x = m.x0 + (m.x1 - m.x0) * k;
        y = m.y0 + (m.y1 - m.y0) * k;
      }
      positions.set(s.id, { x, y });
    }
    if (!step) {
      for (const o of state.orders) parts.push(this.arrow(b, o.order, o.owner === state.me ? 'is-plan' : 'is-enemy'));
      for (const o of state.hints) parts.push(this.arrow(b, o, 'is-hint'));
    }
    for (const s of b.ships) {
      if ((shipGone.get(s.id) ?? 2) <= time) continue;
      const p = positions.get(s.id) ?? s;
      parts.push(this.ship(s, p.x, p.y, state, marks.ships.has(s.id)));
    }
    if (step && t !== null) {
      for (const e of step.events) {
        if (e.kind === 'attack' && time >= e.time && time < e.time + FLASH * 2) {
          const from = positions.get(e.ship);
          for (const hit of e.hits) {
            const to = 'ship' in hit.target ? positions.get(hit.target.ship.id) : undefined;
            if (from && to) parts.push(`<line class="h2l-shot" x1="${f(from.x)}" y1="${f(from.y)}" x2="${f(to.x)}" y2="${f(to.y)}"/>`);
          }
        } else if (e.kind === 'destroyed' && time >= e.time && time < e.time + FLASH * 3) {
          const k = (time - e.time) / (FLASH * 3);
          const reach = 'planet' in e.target ? e.radius + Math.max(e.radius, 4) : e.radius * 3;
          parts.push(`<circle class="h2l-burst" cx="${f(e.x)}" cy="${f(e.y)}" r="${f(e.radius + (reach - e.radius) * k)}" opacity="${f(1 - k)}"/>`);
        }
      }
    }
    this.svg.innerHTML = parts.join('');
    this.svg.classList.toggle('is-aiming', !step && !!this.mine(state.selected));
    if (focused != null && this.svg.contains(document.activeElement) === false) this.focusShip(Number(focused));
  }

  private planet(p: PlanetView, b: Board, marked: boolean): string {
    const c = colour(p.owner);
    const ring = p.r + this.rules.dockReach;
    const owner = p.owner === null ? 'neutral' : `player ${p.owner + 1}`;
    const hp = Math.max(0, Math.min(1, p.health / p.maxHealth));
    const docked = p.docked.map((id) => b.ships.find((s) => s.id === id)).filter((s): s is ShipView => !!s);
    const tethers = docked
      .map((s) => `<line class="h2l-tether" x1="${f(p.x)}" y1="${f(p.y)}" x2="${f(s.x)}" y2="${f(s.y)}" stroke="${colour(s.owner)}"/>`)
      .join('');
    const label = `Planet ${p.id}, ${owner}, health ${p.health} of ${p.maxHealth}, ${p.docked.length} of ${p.dockingSpots} docking spots used${p.owner !== null ? `, production ${p.production} of ${this.rules.productionPerShip}` : ''}`;
    return `<g class="h2l-planet${marked ? ' is-goal' : ''}" data-planet="${p.id}" role="img" aria-label="${label}">
      <circle class="h2l-dock-ring" cx="${f(p.x)}" cy="${f(p.y)}" r="${f(ring)}"/>
      ${tethers}
      <circle class="h2l-planet-body" cx="${f(p.x)}" cy="${f(p.y)}" r="${f(p.r)}" fill="${c}" stroke="${c}"/>
      ${marked ? `<circle class="h2l-target" cx="${f(p.x)}" cy="${f(p.y)}" r="${f(p.r + 0.8)}"/>` : ''}
      <text class="h2l-planet-id" x="${f(p.x)}" y="${f(p.y - Math.min(p.r * 0.25, 1))}">P${p.id}</text>
      <text class="h2l-planet-hp" x="${f(p.x)}" y="${f(p.y + Math.min(p.r * 0.45, 1.6))}">${p.health}</text>
      <rect class="h2l-bar-bg" x="${f(p.x - p.r)}" y="${f(p.y - p.r - 1.1)}" width="${f(2 * p.r)}" height="0.45"/>
      <rect class="h2l-bar" x="${f(p.x - p.r)}" y="${f(p.y - p.r - 1.1)}" width="${f(2 * p.r * hp)}" height="0.45"/>
      <text class="h2l-planet-note" x="${f(p.x)}" y="${f(p.y - p.r - 2.2)}">${p.docked.length}/${p.dockingSpots} docked${p.owner !== null ? ` · ${p.production}/${this.rules.productionPerShip}` : ''}</text>
    </g>`;
  }

  private ship(s: ShipView, x: number, y: number, state: SceneState, marked: boolean): string {
    const c = colour(s.owner);
    const selected = state.selected === s.id;
    const range = state.showRanges || selected ? `<circle class="h2l-weapon-ring" cx="${f(x)}" cy="${f(y)}" r="${f(this.rules.weaponReach)}" stroke="${c}"/>` : '';
    const hp = Math.max(0, Math.min(1, s.health / 255));
    const status = s.status === 'undocked' ? '' : s.turnsLeft !== null ? ` ${s.status} ${s.turnsLeft}` : ` ${s.status}`;
    const mineCls = s.owner === state.me ? ' is-mine' : ' is-enemy';
    const label = shipLabel(s, state.me) + (marked ? ', named in the goal' : '');
    return `<g class="h2l-ship${mineCls}${selected ? ' is-selected' : ''}${state.predicted === s.id ? ' is-predicted' : ''}" data-ship="${s.id}" tabindex="0" role="button" aria-pressed="${selected}" aria-label="${label}">
      ${range}
      <circle class="h2l-hit" cx="${f(x)}" cy="${f(y)}" r="1.4"/>
      ${marked ? `<circle class="h2l-target" cx="${f(x)}" cy="${f(y)}" r="1.3"/>` : ''}
      ${selected ? `<circle class="h2l-select" cx="${f(x)}" cy="${f(y)}" r="1.05"/>` : ''}
      <circle class="h2l-ship-body" cx="${f(x)}" cy="${f(y)}" r="${f(this.rules.shipRadius)}" fill="${c}"/>
      <rect class="h2l-bar-bg" x="${f(x - 0.8)}" y="${f(y - 1.35)}" width="1.6" height="0.3"/>
      <rect class="h2l-bar" x="${f(x - 0.8)}" y="${f(y - 1.35)}" width="${f(1.6 * hp)}" height="0.3"/>
      <text class="h2l-ship-id" x="${f(x + 1.1)}" y="${f(y + 0.05)}">${s.id}${status}</text>
    </g>`;
  }

  private arrow(b: Board, o: Order, cls: string): string {
    const s = b.ships.find((v) => v.id === orderShip(o));
    if (!s) return '';
    if ('thrust' in o) {
      const [, m, a] = o.thrust;
      if (m === 0) return '';
      const [dx, dy] = thrustVector(m, a);
      return `<g class="h2l-arrow ${cls}"><line x1="${f(s.x)}" y1="${f(s.y)}" x2="${f(s.x + dx)}" y2="${f(s.y + dy)}" marker-end="url(#h2l-head)"/><circle class="h2l-ghost" cx="${f(s.x + dx)}" cy="${f(s.y + dy)}" r="${f(this.rules.shipRadius)}"/></g>`;
    }
    if ('dock' in o) {
      const p = b.planets.find((v) => v.id === o.dock[1]);
      if (!p) return '';
      const d = Math.hypot(p.x - s.x, p.y - s.y) || 1;
      const ex = p.x - ((p.x - s.x) / d) * p.r;
      const ey = p.y - ((p.y - s.y) / d) * p.r;
      return `<g class="h2l-arrow ${cls} is-dock"><line x1="${f(s.x)}" y1="${f(s.y)}" x2="${f(ex)}" y2="${f(ey)}" marker-end="url(#h2l-head)"/><text class="h2l-order-note" x="${f((s.x + ex) / 2)}" y="${f((s.y + ey) / 2 - 0.5)}">dock</text></g>`;
    }
    return `<g class="h2l-arrow ${cls}"><text class="h2l-order-note" x="${f(s.x)}" y="${f(s.y - 1.8)}">undock</text></g>`;
  }
}
