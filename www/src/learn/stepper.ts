// The turn stepper: plays a turn's phases one at a time, as an animation that ends on the new
// board. It can be paused, stepped and scrubbed by keyboard (Space, ←/→ or , and ., Home/End) or
// with its controls; with `prefers-reduced-motion` it does not animate and opens on the last
// phase. It owns its controls and the phase's ledger; the page draws the board for each phase.
// It knows phases only (any game's); each game's lessons load their turns into it.

const PHASE_MS = 1100;

/** What the stepper needs of a phase: its key, title and ledger lines. */
export interface StepperPhase {
  key: string;
  title: string;
  lines: readonly { kind: string; text: string }[];
}

export class PhaseStepper<P extends StepperPhase> {
  private phases: P[] = [];
  private index = 0;
  private timer: number | null = null;
  private loaded = false;
  private readonly title: HTMLElement;
  private readonly position: HTMLElement;
  private readonly lines: HTMLElement;
  private readonly report: HTMLElement;
  private readonly range: HTMLInputElement;
  private readonly play: HTMLButtonElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private extra: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly show: (phase: P, last: boolean) => void,
  ) {
    root.classList.add('lg-stepper');
    root.innerHTML = `
      <div class="lg-stepper-head">
        <h3 data-part="phase-title" aria-live="polite">No turn resolved yet</h3>
        <span class="lg-muted" data-part="phase-pos"></span>
      </div>
      <div class="lg-stepper-controls">
        <button type="button" class="btn" data-part="prev" aria-label="Previous phase">‹</button>
        <button type="button" class="btn" data-part="play">Play</button>
        <button type="button" class="btn" data-part="next" aria-label="Next phase">›</button>
        <input type="range" min="0" max="5" step="1" value="0" data-part="scrub" aria-label="Phase of the turn" />
      </div>
      <div data-part="extra"></div>
      <ol class="lg-lines" data-part="lines"></ol>
      <div class="lg-report" data-part="report"></div>`;
    const part = <T extends HTMLElement>(p: string) => root.querySelector<T>(`[data-part="${p}"]`) as T;
    this.title = part('phase-title');
    this.position = part('phase-pos');
    this.lines = part('lines');
    this.report = part('report');
    this.range = part<HTMLInputElement>('scrub');
    this.play = part<HTMLButtonElement>('play');
    this.prev = part<HTMLButtonElement>('prev');
    this.next = part<HTMLButtonElement>('next');
    this.extra = part('extra');
    this.prev.addEventListener('click', () => this.stepBy(-1));
    this.next.addEventListener('click', () => this.stepBy(1));
    this.play.addEventListener('click', () => (this.timer === null ? this.start() : this.pause()));
    this.range.addEventListener('input', () => {
      this.pause();
      this.go(Number(this.range.value));
    });
    root.addEventListener('keydown', (e) => this.onKey(e));
    // A report wider than its column scrolls sideways: it then takes the focus, so the keyboard
    // can scroll it too.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.fitReport()).observe(this.report);
    this.setEnabled(false);
  }

  /** The report, when it scrolls, is a named region reached by Tab; otherwise neither. */
  private fitReport(): void {
    const scrolls = !this.report.hidden && this.report.scrollWidth > this.report.clientWidth + 1;
    if (scrolls) {
      this.report.tabIndex = 0;
      this.report.setAttribute('role', 'region');
      this.report.setAttribute('aria-label', this.report.querySelector('caption')?.textContent ?? 'The turn\u2019s report');
    } else {
      this.report.removeAttribute('tabindex');
      this.report.removeAttribute('role');
      this.report.removeAttribute('aria-label');
    }
  }

  /** The element below the controls, for the page's own notes (a prediction's answer). */
  get extraElement(): HTMLElement {
    return this.extra;
  }

  get current(): P | null {
    return this.phases[this.index] ?? null;
  }

  get isPlaying(): boolean {
    return this.timer !== null;
  }

  /** Loads a turn's phases and plays them (or, with reduced motion, shows the last one);
   * `report` fills the table shown with the last phase. */
  loadPhases(phases: P[], report: (el: HTMLElement) => void): void {
    this.pause();
    this.loaded = true;
    this.phases = phases;
    this.range.max = String(this.phases.length - 1);
    this.setEnabled(true);
    report(this.report);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduced) {
      this.go(this.phases.length - 1);
    } else {
      this.go(0);
      this.start();
    }
  }

  clear(): void {
    this.pause();
    this.phases = [];
    this.loaded = false;
    this.title.textContent = 'No turn resolved yet';
    this.position.textContent = '';
    this.lines.replaceChildren();
    this.report.replaceChildren();
    this.fitReport();
    this.extra.replaceChildren();
    this.setEnabled(false);
  }

  /** Jumps to the last phase (the new board). */
  finish(): void {
    this.pause();
    if (this.phases.length) this.go(this.phases.length - 1);
  }

  pause(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.play.textContent = 'Play';
    this.root.dataset.playing = 'false';
  }

  private start(): void {
    if (!this.phases.length) return;
    if (this.index >= this.phases.length - 1) this.go(0);
    this.play.textContent = 'Pause';
    this.root.dataset.playing = 'true';
    this.timer = window.setInterval(() => {
      if (this.index >= this.phases.length - 1) this.pause();
      else this.go(this.index + 1);
    }, PHASE_MS);
  }

  private stepBy(d: number): void {
    this.pause();
    this.go(Math.max(0, Math.min(this.phases.length - 1, this.index + d)));
  }

  private go(i: number): void {
    const phase = this.phases[i];
    if (!phase) return;
    this.index = i;
    this.range.value = String(i);
    this.range.setAttribute('aria-valuetext', `${phase.title}, phase ${i + 1} of ${this.phases.length}`);
    this.title.textContent = phase.title;
    this.position.textContent = `Phase ${i + 1} of ${this.phases.length}`;
    this.root.dataset.phase = phase.key;
    this.lines.replaceChildren(
      ...phase.lines.map((l) => {
        const li = document.createElement('li');
        li.dataset.part = 'line';
        li.dataset.kind = l.kind;
        li.textContent = l.text;
        return li;
      }),
    );
    const last = i === this.phases.length - 1;
    this.report.hidden = !last;
    this.show(phase, last);
    this.fitReport();
  }

  private setEnabled(on: boolean): void {
    for (const b of [this.prev, this.play, this.next]) b.disabled = !on;
    this.range.disabled = !on;
  }

  private onKey(e: KeyboardEvent): void {
    // (The range and a scrolling report keep their own arrow keys.)
    if (!this.loaded || e.target === this.range || e.target === this.report) return;
    if (e.key === ' ' && (e.target as HTMLElement).tagName !== 'BUTTON') {
      if (this.timer === null) this.start();
      else this.pause();
    } else if (e.key === 'ArrowLeft' || e.key === ',') this.stepBy(-1);
    else if (e.key === 'ArrowRight' || e.key === '.') this.stepBy(1);
    else if (e.key === 'Home') this.stepBy(-99);
    else if (e.key === 'End') this.stepBy(99);
    else return;
    e.preventDefault();
  }
}
