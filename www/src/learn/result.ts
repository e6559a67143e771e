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
  /** Where to go after a solve (the next lesson), offered in the verdict itself. */
  next?: { href: string; label: string };
}

const turns = (n: number) => `${n} ${n === 1 ? 'turn' : 'turns'}`;

/** What par and the stars mean for this solve, in words: "Solved in 3 turns — par is 2: solve
 * it in 2 for 3 stars." */
export function parWords(turn: number, par: number, hintLevel: number, stars: number, best: number): string {
  const parLine =
    turn <= par
      ? `Par is ${par}: you matched it${hintLevel ? '' : ', 3 stars'}.`
      : `Par is ${par}: solve it in ${turns(par)} for 3 stars${turn <= par + 2 ? '' : `, in ${turns(par + 2)} for 2`}.`;
  const hints = hintLevel >= 3 ? ' You saw the solution, which leaves 1 star.' : hintLevel ? ` Each hint step costs a star; you took ${hintLevel}.` : '';
  return `${parLine}${hints} This time: ${stars} of 3 stars; your best: ${best} of 3.`;
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
    const next = c.next
      ? `<a class="btn btn-primary" href="${esc(c.next.href)}" data-part="verdict-next">${esc(c.next.label)}</a> `
      : '';
    box.innerHTML = `<h2 tabindex="-1" data-part="verdict">Solved in ${turns(step.turn)}</h2>
        <p>${starsHtml(stars)} <span data-part="par">${esc(parWords(step.turn, c.par, c.hintLevel, stars, best))}</span></p>
        <p class="lg-actions">${next}<button type="button" class="btn" data-part="retry">Play again</button></p>`;
  } else if (step.status === 'notYet' || step.punished) {
    box.hidden = false;
    box.className = 'lg-result is-not-yet';
    const notYet = step.status === 'notYet';
    box.innerHTML = `<h2 tabindex="-1" data-part="verdict">${notYet ? 'Not solved yet' : 'The enemy answers'}</h2><p data-part="why">${esc(c.why)}</p>
        ${notYet ? action('Retry', true) : action(c.punished.label, c.punished.primary)}`;
  } else {
    box.hidden = true;
    box.innerHTML = '';
  }
  box.querySelector('[data-part="retry"]')?.addEventListener('click', c.retry);
}
