// One Halite II lesson on the learn page: the SVG board (scene.ts), the orders of the selected
// ship (thrust sliders and numbers, dragging on the board, dock and undock buttons), the goal and
// the rule numbers, hints, a prediction, and "Resolve turn", which plays the turn in the shared
// stepper: orders, docking, the movement animated in time with its shots and collisions,
// production. The engine judges every turn (the `Halite2Lesson` handle); stars and progress go
// through the learn page's shared parts.

import { esc } from '../../../shell/page/dom';
import { topbarHtml } from '../../../shell/page/nav';
import type { Learn } from '../engine';
import { LessonFrame, goalSectionHtml, predictBoxHtml } from '../../../learn/frame';
import { PhaseStepper } from '../../../learn/stepper';
import { H2_LESSONS, goalText, h2Prose, limitText, lowerFirst, type H2LessonEntry } from './index';
import { h2Phases, orderText, shipName, type H2Phase } from './phases';
import { H2Scene, type SceneState } from './scene';
import { orderShip, type Board, type H2LessonSpec, type H2Step, type Order, type RuleNumbers, type ShipView } from './types';

type LessonHandle = InstanceType<Learn['Halite2Lesson']>;

export function mountLesson(root: HTMLElement, engine: Learn, entry: H2LessonEntry): void {
  new H2LessonView(root, engine, entry);
}

const HINT_BUTTON = ['Show a hint arrow', 'Show a hint in words', 'Show the solution', 'Solution shown'];

class H2LessonView extends LessonFrame<H2Step> {
  private readonly lesson: LessonHandle;
  private readonly spec: H2LessonSpec;
  private readonly rules: RuleNumbers;
  private readonly scene: H2Scene;
  private readonly stepper: PhaseStepper<H2Phase>;
  private readonly plan = new Map<number, Order>();
  private readonly root: HTMLElement;
  private selected: number | null = null;
  private showRanges = false;
  private prediction: { ship: number; health: number } | null = null;

  constructor(
    root: HTMLElement,
    engine: Learn,
    private readonly entry: H2LessonEntry,
  ) {
    super(entry.id, () => this.lesson.reset());
    this.root = root;
    this.lesson = new engine.Halite2Lesson(entry.text);
    this.spec = this.lesson.spec() as H2LessonSpec;
    this.rules = this.lesson.rules() as RuleNumbers;
    const p = h2Prose(entry.id);
    const index = H2_LESSONS.indexOf(entry);
    const next = H2_LESSONS[index + 1];
    const r = this.rules;
    root.innerHTML = `${topbarHtml({ page: 'learn' })}
      <main class="lg-page lg-lesson h2l-lesson" data-lesson="${esc(entry.id)}" data-game="halite2">
        <nav class="lg-crumbs"><a href="?learn">All lessons</a> <span class="lg-muted">Halite II · lesson ${index + 1} of ${H2_LESSONS.length}</span></nav>
        <h1>${esc(p.title)} <span class="lg-tag">Halite II</span></h1>
        <div class="lg-layout">
          <section class="lg-board-col" aria-label="Board and orders">
            <div data-part="board"></div>
            <p class="lg-muted lg-help">Select one of your ships (click or tap it, or Tab to it and press Enter), then drag on the board to aim it, or use the controls below. On a selected ship, ← and → turn it by 5° (with Shift, 1°); ↑ and ↓ change the thrust; Ctrl+Enter resolves the turn.</p>
            <div class="h2l-orders">
              <p data-part="selected" class="lg-selected" aria-live="polite">No ship selected</p>
              <div class="h2l-thrust">
                <label class="h2l-slider">Thrust <input type="range" min="0" max="${r.maxSpeed}" step="1" value="0" data-part="mag-range" /></label>
                <input class="num" type="number" min="0" max="${r.maxSpeed}" step="1" value="0" data-part="mag" aria-label="Thrust magnitude, 0 to ${r.maxSpeed}" />
                <label class="h2l-slider">Angle <input type="range" min="0" max="359" step="1" value="0" data-part="angle-range" /></label>
                <input class="num" type="number" min="0" max="359" step="1" value="0" data-part="angle" aria-label="Thrust angle in degrees, 0 east, 90 south" />
              </div>
              <div class="h2l-dock" data-part="dock-buttons"></div>
              <label class="h2l-check"><input type="checkbox" data-part="ranges" /> Show weapon ranges (${r.weaponReach})</label>
              <p data-part="move-error" class="lg-error" role="alert" hidden></p>
              <div class="lg-actions">
                <button type="button" class="btn" data-part="clear">Clear orders</button>
                <button type="button" class="btn btn-primary" data-part="resolve">Resolve turn</button>
              </div>
              <p data-part="plan-list" class="lg-muted h2l-plan"></p>
            </div>
          </section>
          <aside class="lg-side">
            ${goalSectionHtml(
              p.intro,
              'Rules',
              `
                <li>Thrust at most ${r.maxSpeed} a turn; no inertia: a ship stops at the end of every turn.</li>
                <li>Docking reaches ${r.dockReach} past a planet's surface and takes ${r.dockTurns} turns.</li>
                <li>A planet produces ${r.baseProductivity} a turn for its first docked ship, ${r.additionalProductivity} more for each other; a new ship at ${r.productionPerShip}.</li>
                <li>Weapons: ${r.weaponDamage} a turn within ${r.weaponReach}, split among the enemies in range; docked ships do not fire.</li>`,
            )}
            <section class="lg-result" data-part="result" aria-live="polite" hidden></section>
            ${predictBoxHtml(
              "Predict a ship's health before you resolve",
              "Select a ship (yours or an enemy's) and say its health after the turn (0 if it is destroyed); the stepper then shows the answer.",
              `<label>Health <input class="num" type="number" min="0" max="255" value="255" data-part="predict-health" /></label>`,
            )}
            <section class="lg-hints">
              <button type="button" class="btn" data-part="hint">${HINT_BUTTON[0]}</button>
              <p data-part="hint-text" aria-live="polite"></p>
            </section>
            <section aria-label="Turn stepper" data-part="stepper"></section>
            <p class="lg-next-step">${next ? `<a class="btn" href="?learn=${encodeURIComponent(next.id)}" data-part="next-lesson">Next lesson: ${esc(h2Prose(next.id).title)}</a>` : '<a class="btn" href="?learn">All lessons</a>'}</p>
          </aside>
        </div>
      </main>`;
    this.scene = new H2Scene(
      this.q('board'),
      this.rules,
      {
        select: (id) => this.select(id),
        submit: () => this.resolve(),
        aim: (id, m, a) => this.setThrust(id, m, a),
        nudge: (id, dm, da) => {
          const [m, a] = this.thrustOf(id);
          this.setThrust(id, Math.max(0, Math.min(this.rules.maxSpeed, m + dm)), (((a + da) % 360) + 360) % 360);
        },
      },
      'Lesson map: planets and ships',
    );
    this.stepper = new PhaseStepper<H2Phase>(this.q('stepper'), (phase, last) => this.showPhase(phase, last));
    this.wire();
    this.refresh();
    root.addEventListener('keydown', (e) => {
      // Ctrl+Enter resolves from anywhere in the lesson (a ship's own keys answer it first).
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault();
        this.resolve();
      }
    });
  }

  private get board(): Board {
    return this.lesson.board() as Board;
  }

  private myShip(id: number | null, board = this.board): ShipView | undefined {
    return id === null ? undefined : board.ships.find((s) => s.id === id && s.owner === this.spec.player);
  }

  private wire(): void {
    const mag = this.q<HTMLInputElement>('mag');
    const magRange = this.q<HTMLInputElement>('mag-range');
    const angle = this.q<HTMLInputElement>('angle');
    const angleRange = this.q<HTMLInputElement>('angle-range');
    const fromInputs = (m: HTMLInputElement, a: HTMLInputElement) => {
      if (this.selected === null) return;
      const mv = Math.max(0, Math.min(this.rules.maxSpeed, Math.round(Number(m.value) || 0)));
      const av = (((Math.round(Number(a.value) || 0) % 360) + 360) % 360);
      this.setThrust(this.selected, mv, av);
    };
    mag.addEventListener('change', () => fromInputs(mag, angle));
    angle.addEventListener('change', () => fromInputs(mag, angle));
    magRange.addEventListener('input', () => fromInputs(magRange, angleRange));
    angleRange.addEventListener('input', () => fromInputs(magRange, angleRange));
    this.q('dock-buttons').addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLButtonElement>('button');
      if (!b || this.selected === null || !this.myShip(this.selected)) return;
      const id = this.selected;
      if (b.dataset.planet !== undefined) this.plan.set(id, { dock: [id, Number(b.dataset.planet)] });
      else if (b.dataset.part === 'undock') this.plan.set(id, { undock: id });
      else this.plan.delete(id);
      this.refresh();
    });
    this.q<HTMLInputElement>('ranges').addEventListener('change', (e) => {
      this.showRanges = (e.target as HTMLInputElement).checked;
      this.refresh();
    });
    this.q('clear').addEventListener('click', () => {
      this.plan.clear();
      this.refresh();
    });
    this.q('resolve').addEventListener('click', () => this.resolve());
    this.q('hint').addEventListener('click', () => {
      this.hintLevel = Math.min(3, this.hintLevel + 1);
      this.refresh();
    });
    this.q('predict').addEventListener('click', () => this.predict());
  }

  private thrustOf(id: number): [number, number] {
    const o = this.plan.get(id);
    return o && 'thrust' in o ? [o.thrust[1], o.thrust[2]] : [0, 0];
  }

  private select(id: number): void {
    this.selected = id;
    this.refresh();
  }

  private setThrust(id: number, magnitude: number, angle: number): void {
    if (!this.myShip(id) || this.status !== 'ongoing') return;
    // A thrust of 0 is no order: the ship stays where it is.
    if (magnitude === 0) this.plan.delete(id);
    else this.plan.set(id, { thrust: [id, magnitude, angle] });
    this.q('move-error').hidden = true;
    this.refresh();
  }

  private predict(): void {
    const note = this.q('predict-note');
    if (this.selected === null) {
      note.textContent = 'Select a ship on the board first.';
      return;
    }
    const health = Math.max(0, Math.min(255, Math.round(Number(this.q<HTMLInputElement>('predict-health').value) || 0)));
    this.prediction = { ship: this.selected, health };
    note.textContent = `You predict ship ${this.selected}: health ${health} after the turn. Now resolve the turn.`;
    this.refresh();
  }

  protected q<T extends HTMLElement>(part: string): T {
    return this.root.querySelector<T>(`[data-part="${part}"]`) as T;
  }

  protected get stepperPart(): PhaseStepper<H2Phase> {
    return this.stepper;
  }

  protected takeTurn(): H2Step {
    return this.lesson.step([...this.plan.values()]) as H2Step;
  }

  protected clearPlan(): void {
    this.plan.clear();
  }

  protected loadStep(step: H2Step): void {
    this.stepper.loadPhases(h2Phases(step, this.spec.player), (el) => this.report(step, el));
  }

  protected focusBoard(): void {
    const first = this.board.ships.find((s) => s.owner === this.spec.player);
    if (first) this.scene.focusShip(first.id);
  }

  protected takePrediction(step: H2Step): { text: string; right: boolean } | null {
    const p = this.prediction;
    this.prediction = null;
    if (!p) return null;
    const after = step.after.ships.find((s) => s.id === p.ship);
    const health = after ? after.health : 0;
    return { text: `Ship ${p.ship}: you predicted health ${p.health}; it is ${after ? health : '0 (destroyed)'}.`, right: health === p.health };
  }

  protected resultContext() {
    const next = H2_LESSONS[H2_LESSONS.indexOf(this.entry) + 1];
    return {
      par: this.spec.par,
      why: h2Prose(this.entry.id).why,
      punished: { label: 'Retry', primary: true },
      next: next ? { href: `?learn=${encodeURIComponent(next.id)}`, label: `Next lesson: ${h2Prose(next.id).title}` } : undefined,
    };
  }

  /** The turn's report: every ship's health and docking before and after. */
  private report(step: H2Step, el: HTMLElement): void {
    const me = this.spec.player;
    const rows = step.before.ships
      .map((b) => {
        const a = step.after.ships.find((s) => s.id === b.id);
        const who = b.owner === me ? 'you' : `player ${b.owner + 1}`;
        return `<tr data-ship="${b.id}"><th scope="row">${b.id}</th><td>${who}</td><td>${b.health} → ${a ? a.health : 'destroyed'}</td><td>${a ? a.status : '—'}</td></tr>`;
      })
      .concat(
        step.after.ships
          .filter((a) => !step.before.ships.some((b) => b.id === a.id))
          .map((a) => `<tr data-ship="${a.id}"><th scope="row">${a.id}</th><td>${a.owner === me ? 'you' : `player ${a.owner + 1}`}</td><td>new, ${a.health}</td><td>${a.status}</td></tr>`),
      )
      .join('');
    el.innerHTML = `<table class="lg-table" data-part="report-table"><caption>Ships after the turn</caption>
      <thead><tr><th scope="col">Ship</th><th scope="col">Player</th><th scope="col">Health</th><th scope="col">Docking</th></tr></thead>
      <tbody>${rows}</tbody></table>`;
  }

  private showPhase(phase: H2Phase, last: boolean): void {
    const step = this.last;
    if (last || !step) {
      this.refresh();
      this.reveal();
      return;
    }
    const state = this.sceneState(phase.board === 'before' ? step.before : step.after, phase.arrows ? step.orders : []);
    if (phase.key === 'movement') {
      this.scene.animate(step, state, () => this.scene.render(state));
    } else {
      this.scene.render(state);
    }
  }

  private hintOrders(): Order[] {
    if (this.hintLevel < 1 || this.status !== 'ongoing') return [];
    const turn = this.lesson.turn;
    return turn === 0 ? this.spec.hints : (this.spec.solution[turn] ?? []);
  }

  private sceneState(board: Board, orders: { owner: number; order: Order }[]): SceneState {
    return {
      board,
      me: this.spec.player,
      orders,
      hints: [],
      selected: this.selected,
      goal: this.spec.goal,
      keep: this.spec.keep,
      showRanges: this.showRanges,
      predicted: this.prediction?.ship ?? null,
    };
  }

  protected refresh(): void {
    const board = this.board;
    const me = this.spec.player;
    if (this.selected !== null && !board.ships.some((s) => s.id === this.selected)) this.selected = null;
    const playing = this.stepper.isPlaying && this.stepper.current?.key !== 'after';
    if (!playing) {
      const state = this.sceneState(
        board,
        [...this.plan.values()].map((order) => ({ owner: me, order })),
      );
      state.hints = this.hintOrders();
      this.scene.render(state);
    }
    const ship = this.selected === null ? undefined : board.ships.find((s) => s.id === this.selected);
    const mine = ship && ship.owner === me && this.status === 'ongoing' ? ship : undefined;
    const order = mine ? this.plan.get(mine.id) : undefined;
    this.q('selected').textContent = !ship
      ? 'No ship selected'
      : `Selected: ${shipName(ship.id, ship.owner, me)}, health ${ship.health}, ${ship.status}${mine ? ` · order: ${order ? orderText(order) : 'none (stays still)'}` : ''}`;
    const [m, a] = mine ? this.thrustOf(mine.id) : [0, 0];
    const canThrust = !!mine && mine.status === 'undocked';
    for (const [part, v] of [
      ['mag', m],
      ['mag-range', m],
      ['angle', a],
      ['angle-range', a],
    ] as const) {
      const input = this.q<HTMLInputElement>(part);
      if (document.activeElement !== input || input.type === 'range') input.value = String(v);
      input.disabled = !canThrust;
    }
    const dock = this.q('dock-buttons');
    // The buttons are redrawn; the one with focus keeps it.
    const had = dock.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    const key = had ? (had.dataset.planet !== undefined ? `[data-planet="${had.dataset.planet}"]` : `[data-part="${had.dataset.part}"]`) : null;
    dock.innerHTML = `${board.planets
      .map((p) => `<button type="button" class="btn" data-planet="${p.id}"${canThrust ? '' : ' disabled'}>Dock at planet ${p.id}</button>`)
      .join('')}<button type="button" class="btn" data-part="undock"${mine && mine.status === 'docked' ? '' : ' disabled'}>Undock</button><button type="button" class="btn" data-part="no-order"${mine && order ? '' : ' disabled'}>No order</button>`;
    if (key) dock.querySelector<HTMLElement>(key)?.focus();
    const planned = [...this.plan.values()];
    this.q('plan-list').textContent = planned.length
      ? `Orders this turn: ${planned.map((o) => `${shipName(orderShip(o), me, me)} ${orderText(o)}`).join('; ')}.`
      : 'No orders yet: ships without an order stay still.';
    this.q('goal').textContent = `${goalText(this.spec.goal)}${this.spec.keep ? `, and ${lowerFirst(goalText(this.spec.keep))}` : ''}, ${limitText(this.spec.turns)}.`;
    this.q('turn').textContent = `Turn ${this.lesson.turn} of ${this.spec.turns} · par ${this.spec.par}`;
    this.q<HTMLButtonElement>('resolve').disabled = this.status !== 'ongoing';
    const hint = this.q<HTMLButtonElement>('hint');
    hint.textContent = HINT_BUTTON[this.hintLevel];
    hint.disabled = this.hintLevel >= 3;
    const text = this.q('hint-text');
    const prose = h2Prose(this.entry.id);
    if (this.hintLevel === 1) text.textContent = 'The yellow arrows show good orders for this turn.';
    else if (this.hintLevel === 2) text.textContent = prose.hint;
    else if (this.hintLevel === 3)
      text.textContent = `${prose.hint} The solution from the start: ${this.spec.solution
        .map((t, k) => `turn ${k + 1}: ${t.length ? t.map((o) => `ship ${orderShip(o)} ${orderText(o)}`).join(', ') : 'no orders'}`)
        .join('; ')}; then no orders until the goal is met.`;
    else text.textContent = '';
  }
}
