// The frame every game's lesson view stands in: a turn is resolved by the engine (which judges
// it), the stepper plays its phases, and once it reaches the new board the prediction (if one was
// made) and the verdict show; retry starts the lesson again. A game's view says how to take a
// turn from its plan, load it into its stepper, word a prediction, and draw its board.

import { esc } from '../shell/page/dom';
import { errorMessage } from '../shell/engine';
import { showLessonResult, type LessonOutcome, type ResultContext } from './result';

/** The stepper's part the frame uses. */
export interface StepperLike {
  readonly extraElement: HTMLElement;
  clear(): void;
}

export abstract class LessonFrame<Step extends LessonOutcome> {
  protected status: Step['status'] | 'ongoing' = 'ongoing';
  /** The last turn resolved. */
  protected last: Step | null = null;
  /** The turn whose verdict shows once the stepper reaches its end. */
  protected pendingReveal: Step | null = null;
  protected hintLevel = 0;

  constructor(
    protected readonly lessonId: string,
    /** Starts the lesson again in the engine. */
    private readonly restart: () => void,
  ) {}

  /** The element of the view's part `p` (`data-part`). */
  protected abstract q<T extends HTMLElement>(p: string): T;
  protected abstract get stepperPart(): StepperLike;
  /** The engine's verdict on the planned turn; throws the engine's message for bad orders. */
  protected abstract takeTurn(): Step;
  protected abstract clearPlan(): void;
  /** Plays the turn's phases in the stepper. */
  protected abstract loadStep(step: Step): void;
  protected abstract refresh(): void;
  /** Focus after a retry. */
  protected abstract focusBoard(): void;
  /** The prediction made before the turn (then forgotten): what was said and whether it was right. */
  protected abstract takePrediction(step: Step): { text: string; right: boolean } | null;
  /** What the result box needs beyond the frame's own state. */
  protected abstract resultContext(): Pick<ResultContext, 'par' | 'why' | 'punished' | 'solved' | 'next'>;

  protected resolve(): void {
    if (this.status !== 'ongoing') return;
    let step: Step;
    try {
      step = this.takeTurn();
    } catch (e) {
      const err = this.q('move-error');
      err.hidden = false;
      err.textContent = errorMessage(e);
      return;
    }
    this.last = step;
    this.clearPlan();
    this.status = step.status as Step['status'];
    this.pendingReveal = step;
    this.q('result').hidden = true;
    this.stepperPart.extraElement.replaceChildren();
    this.loadStep(step);
    this.refresh();
    // The verdict shows at once, beside the phases still playing, and takes the focus.
    this.reveal();
  }

  /** The prediction's answer and the lesson's verdict, once the stepper reaches the new board
   * (at once when it does not animate). */
  protected reveal(): void {
    const step = this.pendingReveal;
    if (!step) return;
    this.pendingReveal = null;
    this.showPrediction(step);
    showLessonResult(this.q('result'), step, {
      ...this.resultContext(),
      lessonId: this.lessonId,
      hintLevel: this.hintLevel,
      retry: () => this.retry(),
    });
    this.focusVerdict();
  }

  /** Once the lesson is over: the verdict is scrolled into view and its first action (the next
   * lesson, or a retry) takes the focus, so a keyboard user goes on with one key. */
  private focusVerdict(): void {
    const box = this.q('result');
    if (box.hidden) return;
    const target = box.querySelector<HTMLElement>('[data-part="verdict-next"], [data-part="retry"]') ?? box.querySelector<HTMLElement>('[data-part="verdict"]');
    box.scrollIntoView({ block: 'nearest' });
    target?.focus({ preventScroll: true });
  }

  private showPrediction(step: Step): void {
    const box = this.stepperPart.extraElement;
    box.replaceChildren();
    const p = this.takePrediction(step);
    if (!p) return;
    const el = document.createElement('p');
    el.className = p.right ? 'lg-ok' : 'lg-warn';
    el.dataset.part = 'prediction';
    el.textContent = `${p.text} ${p.right ? 'Right!' : 'Step through the phases to see why.'}`;
    box.append(el);
    this.q('predict-note').textContent = '';
  }

  protected retry(): void {
    this.restart();
    this.status = 'ongoing';
    this.last = null;
    this.clearPlan();
    this.pendingReveal = null;
    this.stepperPart.clear();
    this.q('result').hidden = true;
    this.refresh();
    this.focusBoard();
  }
}

/** The side column's opening for every game's lessons: the lesson's intro, its goal (filled in
 * by the view as the lesson goes on), the turn, and the rules in force (`rules`: list items). */
export function goalSectionHtml(intro: string, rulesTitle: string, rules: string): string {
  return `<p class="lg-intro">${esc(intro)}</p>
            <section class="lg-goal" aria-label="Goal">
              <h2>Goal</h2>
              <p data-part="goal" aria-live="polite"></p>
              <p data-part="turn" class="lg-muted"></p>
              <h3>${esc(rulesTitle)}</h3>
              <ul class="lg-rules" data-part="rules">${rules}</ul>
            </section>`;
}

/** The box where a prediction is made before the turn is resolved (`fields`: its inputs). */
export function predictBoxHtml(summary: string, help: string, fields: string): string {
  return `<details class="lg-predict" data-part="predict-box">
              <summary>${esc(summary)}</summary>
              <p class="lg-muted">${esc(help)}</p>
              <div class="lg-predict-row">
                ${fields}
                <button type="button" class="btn" data-part="predict">Predict</button>
              </div>
              <p data-part="predict-note" class="lg-muted"></p>
            </details>`;
}
