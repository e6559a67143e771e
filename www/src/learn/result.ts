// A lesson's result box, for every game's lessons: solved (stars against par, the hints used, the
// best so far, saved the instant the engine says so), not solved yet, or punished by the
// enemy's answer, each with its way to try again.

import { esc } from '../shell/page/dom';
import { recordSolve } from './progress';
import { starsFor, starsHtml } from './stars';

export interface LessonOutcome {
  status: string;
  turn: number;
  punished?: boolean;
}

export interface ResultContext {
  lessonId: string;
  par: number;
  hintLevel: number;
  /** Why a try that fails fails (the lesson's prose). */
  why: string;
  /** The button after the enemy's answer: its label, and whether it is the page's main action. */
  punished: { label: string; primary: boolean };
  retry: () => void;
  /** Called once when the lesson is solved (after the stars are saved). */
  solved?: () => void;
}

/** Fills `box` for the engine's verdict on a turn (hides it while the lesson goes on). */
export function showLessonResult(box: HTMLElement, step: LessonOutcome, c: ResultContext): void {
  const action = (label: string, primary: boolean) =>
    `<p class="lg-actions"><button type="button" class="btn${primary ? ' btn-primary' : ''}" data-part="retry">${label}</button></p>`;
  if (step.status === 'passed') {
    const stars = starsFor(step.turn, c.par, c.hintLevel);
    const best = recordSolve(c.lessonId, stars);
    c.solved?.();
    box.hidden = false;
    box.className = 'lg-result is-passed';
    box.innerHTML = `<h2>Solved in ${step.turn} ${step.turn === 1 ? 'turn' : 'turns'}</h2>
        <p>${starsHtml(stars)} <span class="lg-muted">(par ${c.par}${c.hintLevel ? `, ${c.hintLevel} hint ${c.hintLevel === 1 ? 'step' : 'steps'}` : ''}; best ${best})</span></p>
        ${action('Play again', false)}`;
  } else if (step.status === 'notYet' || step.punished) {
    box.hidden = false;
    box.className = 'lg-result is-not-yet';
    const notYet = step.status === 'notYet';
    box.innerHTML = `<h2>${notYet ? 'Not solved yet' : 'The enemy answers'}</h2><p data-part="why">${esc(c.why)}</p>
        ${notYet ? action('Retry', true) : action(c.punished.label, c.punished.primary)}`;
  } else {
    box.hidden = true;
    box.innerHTML = '';
  }
  box.querySelector('[data-part="retry"]')?.addEventListener('click', c.retry);
}
