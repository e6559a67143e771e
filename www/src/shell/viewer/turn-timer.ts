// The optional turn timer of a human seat, for any game: a choice of seconds a turn (kept in the
// browser), a countdown shown in the orders bar, and the turn ended for the person when it runs
// out. Mounted on the choice and the countdown elements it is given.

import { setText } from '../page/dom';

const TIMER_KEY = 'halite.turnTimer';
export const TIMERS = [0, 10, 20, 30, 60] as const;

/** The choice's options, for an orders bar's markup. */
export function timerOptionsHtml(): string {
  return TIMERS.map((t) => `<option value="${t}">${t === 0 ? 'No timer' : `${t} s a turn`}</option>`).join('');
}

function readTimer(): number {
  try {
    const v = Number(localStorage.getItem(TIMER_KEY));
    return (TIMERS as readonly number[]).includes(v) ? v : 0;
  } catch {
    return 0;
  }
}

export class TurnTimer {
  private seconds: number;
  private end = 0;
  private handle: ReturnType<typeof setInterval> | null = null;

  /** `waiting()` tells whether a turn is being planned; `expire()` ends it. */
  constructor(
    choice: HTMLSelectElement,
    private readonly display: HTMLElement,
    private readonly waiting: () => boolean,
    private readonly expire: () => void,
  ) {
    this.seconds = readTimer();
    choice.value = String(this.seconds);
    choice.addEventListener('change', () => {
      this.seconds = Number(choice.value) || 0;
      try {
        localStorage.setItem(TIMER_KEY, String(this.seconds));
      } catch {
        // Not kept: the choice still holds for this game.
      }
      this.start();
    });
  }

  /** Starts the countdown of the turn being planned (none without a timer). */
  start(): void {
    this.stop();
    if (!this.waiting() || this.seconds <= 0) return;
    this.end = performance.now() + this.seconds * 1000;
    this.display.hidden = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((this.end - performance.now()) / 1000));
      setText(this.display, `${left} s left`);
      this.display.classList.toggle('urgent', left <= 5);
      if (left <= 0) {
        this.stop();
        this.expire();
      }
    };
    tick();
    this.handle = setInterval(tick, 250);
  }

  stop(): void {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
    this.display.hidden = true;
  }
}
