// A Halite I lesson: the board as an ARIA grid, the goal and the rules in force, moves by
// tap-site-then-direction, by keyboard or typed, and "Resolve turn", which plays the turn's
// phases in the stepper. The engine judges every turn (the `Halite1Lesson` handle); the view
// only draws and collects moves.

import { esc } from '../../../shell/page/dom';
import { moveRowHtml } from './move-row';
import { topbarHtml } from '../../../shell/page/nav';
import { LESSONS, goalText, limitText, prose, rulesText, type LessonEntry } from './index';
import { BoardGrid, type Arrow, type CellShow } from './board-grid';
import { DirectionPad } from './dpad';
import { parseMoves } from './orders';
import type { Phase } from './phases';
import { loadProgress } from '../../../learn/progress';
import { LessonFrame, goalSectionHtml, predictBoxHtml } from '../../../learn/frame';
import { Stepper } from './stepper';
import { DIR_NAMES, type LessonSpec, type LessonStep, type Scenario } from './types';
import type { Learn } from '../engine';

type LessonHandle = InstanceType<Learn['Halite1Lesson']>;

/** Opens a lesson on `root`. */
export function mountLesson(root: HTMLElement, engine: Learn, entry: LessonEntry): void {
  new LessonView(root, engine, entry);
}

class LessonView extends LessonFrame<LessonStep> {
  private readonly lesson: LessonHandle;
  private readonly spec: LessonSpec;
  private readonly grid: BoardGrid;
  private readonly pad: DirectionPad;
  private readonly stepper: Stepper;
  private readonly plan = new Map<number, number>();
  private selected = -1;
  private prediction: { site: number; owner: number; strength: number } | null = null;
  private readonly root: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly engine: Learn,
    private readonly entry: LessonEntry,
  ) {
    super(entry.id, () => this.lesson.reset());
    this.root = root;
    this.lesson = new engine.Halite1Lesson(entry.text);
    this.spec = this.lesson.spec() as LessonSpec;
    const p = prose(entry.id);
    const index = LESSONS.indexOf(entry);
    const next = LESSONS[index + 1];
    root.innerHTML = `${topbarHtml({ page: 'learn' })}
      <main class="lg-page lg-lesson" data-lesson="${esc(entry.id)}">
        <nav class="lg-crumbs"><a href="?learn">All lessons</a> <span class="lg-muted">Lesson ${index + 1} of ${LESSONS.length}</span></nav>
        <h1>${esc(p.title)}${this.spec.game === 'blitz' ? ' <span class="lg-tag">Blitz</span>' : ''}</h1>
        <div class="lg-layout">
          <section class="lg-board-col" aria-label="Board and moves">
            <div data-part="board"></div>
            <p class="lg-muted lg-help">Tap one of your sites, then a direction. Keyboard: arrow keys move between sites, N E S W or Shift+arrow give a move, “.” stays still, Enter resolves the turn.</p>
            ${moveRowHtml('1 1 east', { part: 'clear', label: 'Clear moves' })}
          </section>
          <aside class="lg-side">
            ${goalSectionHtml(
              p.intro,
              'Rules in force',
              rulesText(this.spec.rules, this.spec.fog)
                .map((r) => `<li class="${r.on ? 'is-on' : 'is-off'}">${esc(r.label)}: <strong>${r.on ? 'on' : 'off'}</strong></li>`)
                .join(''),
            )}
            <section class="lg-result" data-part="result" aria-live="polite" hidden></section>
            ${predictBoxHtml(
              'Predict a site before you resolve',
              'Select a site, say who will own it and its strength after the turn; the stepper then shows the answer.',
              `<label>Owner <select class="select" data-part="predict-owner"></select></label>
                <label>Strength <input class="num" type="number" min="0" max="65535" value="0" data-part="predict-strength" /></label>`,
            )}
            <section class="lg-hints">
              <button type="button" class="btn" data-part="hint">Show a hint arrow</button>
              <p data-part="hint-text" aria-live="polite"></p>
            </section>
            <section aria-label="Turn stepper" data-part="stepper"></section>
            <section class="lg-bot" aria-label="Bot track" data-part="bot" hidden></section>
            <p class="lg-next-step">${next ? `<a class="btn" href="?learn=${encodeURIComponent(next.id)}" data-part="next-lesson">Next lesson: ${esc(prose(next.id).title)}</a>` : '<a class="btn" href="?sandbox">Try the sandbox</a>'}</p>
          </aside>
        </div>
      </main>`;
    this.grid = new BoardGrid(this.q('board'), {
      activate: (site) => this.select(site),
      direction: (site, dir) => {
        this.select(site);
        this.setMove(dir);
      },
      submit: () => this.resolve(),
    }, 'Lesson board');
    this.pad = new DirectionPad(this.q('pad'), (dir) => this.setMove(dir));
    this.stepper = new Stepper(this.q('stepper'), (phase, last) => this.showPhase(phase, last));
    this.wire();
    this.refresh();
    // Tab enters the board on the learner's piece, not on (0, 0).
    this.grid.setTabStop(this.pieceNear(-1));
    this.root.addEventListener('keydown', (e) => {
      // Ctrl+Enter resolves from anywhere in the lesson but a text field's own Enter.
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !this.grid.hasFocus) {
        e.preventDefault();
        this.resolve();
      }
    });
    if (loadProgress()[entry.id]) this.openBotTrack();
  }

  /** The bot track opens once the lesson has been solved by hand (now or before). */
  private openBotTrack(): void {
    const host = this.q('bot');
    if (!host.hidden) return;
    host.hidden = false;
    void import(/* webpackChunkName: "learn-bot" */ './bot-track').then((m) => m.mountBotTrack(host, this.engine, this.spec));
  }

  private wire(): void {
    const players = this.lesson.players;
    this.q<HTMLSelectElement>('predict-owner').innerHTML = ['neutral', ...Array.from({ length: players }, (_, k) => `player ${k + 1}`)]
      .map((t, v) => `<option value="${v}">${t}</option>`)
      .join('');
    this.q('clear').addEventListener('click', () => {
      this.plan.clear();
      this.refresh();
    });
    this.q('resolve').addEventListener('click', () => this.resolve());
    this.q('typed-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.addTyped();
    });
    this.q('hint').addEventListener('click', () => {
      this.hintLevel = Math.min(3, this.hintLevel + 1);
      this.refresh();
    });
    this.q('predict').addEventListener('click', () => this.predict());
  }

  private position(): Scenario {
    return this.lesson.position() as Scenario;
  }

  private select(site: number): void {
    // Orders are given on the new board: a turn's phases still playing end there at once.
    if (this.stepper.isPlaying) this.stepper.finish();
    this.selected = site;
    this.refresh();
  }

  private ownsSite(site: number): boolean {
    return this.position().owner[site] === this.spec.player;
  }

  private setMove(dir: number): void {
    if (this.selected < 0 || !this.ownsSite(this.selected) || this.status !== 'ongoing') return;
    if (dir === 0) this.plan.delete(this.selected);
    else this.plan.set(this.selected, dir);
    this.refresh();
  }

  private addTyped(): void {
    const input = this.q<HTMLInputElement>('typed');
    const pos = this.position();
    const { moves, error } = parseMoves(input.value, pos.width, pos.height);
    const err = this.q('move-error');
    const bad = moves.find((m) => pos.owner[m.y * pos.width + m.x] !== this.spec.player);
    if (error || bad) {
      err.hidden = false;
      err.textContent = error ?? `You have no piece on (${bad?.x}, ${bad?.y}).`;
      return;
    }
    err.hidden = true;
    for (const m of moves) {
      const site = m.y * pos.width + m.x;
      if (m.dir === 0) this.plan.delete(site);
      else this.plan.set(site, m.dir);
    }
    input.value = '';
    this.refresh();
  }

  private predict(): void {
    if (this.selected < 0) {
      this.q('predict-note').textContent = 'Select a site on the board first.';
      return;
    }
    const owner = Number(this.q<HTMLSelectElement>('predict-owner').value);
    const strength = Number(this.q<HTMLInputElement>('predict-strength').value);
    this.prediction = { site: this.selected, owner, strength };
    const w = this.position().width;
    this.q('predict-note').textContent = `You predict (${this.selected % w}, ${Math.floor(this.selected / w)}): ${owner ? `player ${owner}` : 'neutral'}, strength ${strength}. Now resolve the turn.`;
    this.refresh();
  }

  /** One of the learner's sites: `site` itself if it is one, else the nearest (-1: the first). */
  private pieceNear(site: number): number {
    const pos = this.position();
    const w = pos.width;
    let best = -1;
    let bestD = Infinity;
    pos.owner.forEach((o, i) => {
      if (o !== this.spec.player) return;
      const d = site < 0 ? i : Math.abs((i % w) - (site % w)) + Math.abs(Math.floor(i / w) - Math.floor(site / w));
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    });
    return best < 0 ? Math.max(0, site) : best;
  }

  protected override resolve(): void {
    const onBoard = this.grid.hasFocus;
    const from = this.grid.focusedSite;
    const dir = this.plan.get(from) ?? 0;
    super.resolve();
    if (this.status !== 'ongoing') return;
    // The focus follows the piece it was on (to where it moved), or the nearest one left.
    const pos = this.position();
    const [dx, dy] = [[0, 0], [0, -1], [1, 0], [0, 1], [-1, 0]][dir];
    const x = (((from % pos.width) + dx) % pos.width + pos.width) % pos.width;
    const y = ((Math.floor(from / pos.width) + dy) % pos.height + pos.height) % pos.height;
    const site = this.pieceNear(y * pos.width + x);
    if (onBoard) this.grid.focus(site);
    else this.grid.setTabStop(site);
  }

  protected q<T extends HTMLElement>(part: string): T {
    return this.root.querySelector<T>(`[data-part="${part}"]`) as T;
  }

  protected get stepperPart(): Stepper {
    return this.stepper;
  }

  protected takeTurn(): LessonStep {
    const flat: number[] = [];
    const w = this.position().width;
    for (const [site, dir] of this.plan) flat.push(site % w, Math.floor(site / w), dir);
    return this.lesson.step(new Uint32Array(flat)) as LessonStep;
  }

  protected clearPlan(): void {
    this.plan.clear();
  }

  protected loadStep(step: LessonStep): void {
    this.stepper.load(step.explanation);
  }

  protected focusBoard(): void {
    this.grid.focus(this.pieceNear(this.selected));
  }

  protected takePrediction(step: LessonStep): { text: string; right: boolean } | null {
    const p = this.prediction;
    this.prediction = null;
    if (!p) return null;
    const after = step.explanation.after;
    const w = after.width;
    const owner = after.owner[p.site];
    const strength = after.strength[p.site];
    const name = (o: number) => (o ? `player ${o}` : 'neutral');
    return {
      text: `(${p.site % w}, ${Math.floor(p.site / w)}): you predicted ${name(p.owner)}, strength ${p.strength}; it is ${name(owner)}, strength ${strength}.`,
      right: owner === p.owner && strength === p.strength,
    };
  }

  protected resultContext() {
    return {
      par: this.spec.par,
      why: prose(this.entry.id).why,
      punished: { label: 'Start again', primary: false },
      solved: () => this.openBotTrack(),
      next: this.nextLesson(),
    };
  }

  private nextLesson(): { href: string; label: string } | undefined {
    const next = LESSONS[LESSONS.indexOf(this.entry) + 1];
    return next ? { href: `?learn=${encodeURIComponent(next.id)}`, label: `Next lesson: ${prose(next.id).title}` } : undefined;
  }

  /** Cells of the lesson's current board, fog and stars included. */
  private boardCells(owner: number[], strength: number[], visible: boolean[] | null): CellShow[] {
    const pos = this.position();
    const stars = new Set(this.spec.stars.map(([x, y]) => y * pos.width + x));
    return owner.map((o, i) => ({
      owner: o,
      strength: strength[i],
      production: pos.production[i],
      hidden: visible ? !visible[i] : false,
      star: stars.has(i),
      predicted: this.prediction?.site === i,
    }));
  }

  private visibility(): boolean[] | null {
    const v = this.lesson.visible();
    return v ? Array.from(v, (b) => b === 1) : null;
  }

  private planArrows(): Arrow[] {
    const arrows: Arrow[] = [...this.plan].map(([site, dir]) => ({ site, dir, kind: 'plan' }));
    if (this.hintLevel >= 1 && this.status === 'ongoing') {
      const w = this.position().width;
      const turn = this.lesson.turn;
      const orders = turn === 0 ? this.spec.hints : (this.spec.solution[turn] ?? []);
      for (const [x, y, d] of orders) arrows.push({ site: y * w + x, dir: DIR_NAMES.indexOf(d), kind: 'hint' });
    }
    return arrows;
  }

  private showPhase(phase: Phase, last: boolean): void {
    if (last) {
      this.refresh();
      this.reveal();
      return;
    }
    const vis = this.visibility();
    const before = this.last?.explanation.before;
    // In fog, a phase shows only what the learner saw before the turn or sees after it.
    const seen = vis && before ? this.seenBefore(before).map((b, i) => b || vis[i]) : null;
    const w = this.position().width;
    const stars = new Set(this.spec.stars.map(([x, y]) => y * w + x));
    const cells = phase.cells.map((c, i) => ({ ...c, hidden: seen ? !seen[i] : false, star: stars.has(i) }));
    this.grid.render(this.position().width, this.position().height, cells, phase.arrows, -1);
  }

  private seenBefore(before: Scenario): boolean[] {
    // Visible before the turn: within the fog radius of the learner's sites then.
    const r = this.spec.fog ?? 0;
    const { width: w, height: h } = before;
    const out = new Array<boolean>(w * h).fill(false);
    before.owner.forEach((o, i) => {
      if (o !== this.spec.player) return;
      const x = i % w;
      const y = Math.floor(i / w);
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++)
          if (dx * dx + dy * dy <= r * r) out[(((y + dy) % h) + h) % h * w + ((((x + dx) % w) + w) % w)] = true;
    });
    return out;
  }

  protected refresh(): void {
    const pos = this.position();
    const playing = this.stepper.isPlaying && this.stepper.current?.key !== 'owners';
    if (!playing) {
      const cells = this.boardCells(pos.owner, pos.strength, this.visibility());
      if (this.stepper.current?.key === 'owners') {
        for (const c of this.last?.explanation.changes ?? []) cells[c.site].changed = true;
      }
      this.grid.render(pos.width, pos.height, cells, this.planArrows(), this.selected);
    }
    const w = pos.width;
    const own = this.selected >= 0 && this.ownsSite(this.selected) && this.status === 'ongoing';
    this.pad.setEnabled(own);
    const sel = this.selected;
    this.q('selected').textContent =
      sel < 0
        ? 'No site selected'
        : `Selected (${sel % w}, ${Math.floor(sel / w)})${own ? `: move ${DIR_NAMES[this.plan.get(sel) ?? 0]}` : ''}`;
    this.q('goal').textContent = `${goalText(this.spec.goal)}, ${limitText(this.spec.turns, this.spec.atEnd)}.`;
    this.q('turn').textContent = `Turn ${this.lesson.turn} of ${this.spec.turns} · par ${this.spec.par}`;
    this.q<HTMLButtonElement>('resolve').disabled = this.status !== 'ongoing';
    const hint = this.q<HTMLButtonElement>('hint');
    hint.textContent = ['Show a hint arrow', 'Show a hint in words', 'Show the solution', 'Solution shown'][this.hintLevel];
    hint.disabled = this.hintLevel >= 3;
    const text = this.q('hint-text');
    if (this.hintLevel === 1) text.textContent = 'The yellow arrows show a good move.';
    else if (this.hintLevel === 2) text.textContent = prose(this.entry.id).hint;
    else if (this.hintLevel === 3)
      text.textContent = `${prose(this.entry.id).hint} The solution from the start: ${this.spec.solution
        .map((t, k) => `turn ${k + 1}: ${t.length ? t.map(([x, y, d]) => `${x} ${y} ${d}`).join(', ') : 'all still'}`)
        .join('; ')}.`;
    else text.textContent = '';
  }
}
