// Event navigation: "Previous event" / "Next event" buttons under the timeline, the `[` and `]`
// keys, and a status line naming the event jumped to ("Turn 57: Greedy eliminated"). What counts
// as an event is the game's to say (`GameModule.events`); this only finds the neighbours of the
// frame shown and keeps the buttons' tooltips up to date. Mounted on the element it is given.

import { el, setText } from '../page/dom';
import { shortLabel } from '../page/names';
import type { GameEvent, SeatOutInfo } from '../game';

/** The event before (`dir` -1) or after (`dir` 1) frame `frame`, or null. `events` in frame order. */
export function neighbourEvent(events: readonly GameEvent[], frame: number, dir: 1 | -1): GameEvent | null {
  if (dir > 0) {
    for (const e of events) if (e.frame > frame) return e;
    return null;
  }
  for (let i = events.length - 1; i >= 0; i--) if (events[i].frame < frame) return events[i];
  return null;
}

/** How an event's label names seat `s`: "player 2 (Greedy)". */
export function seatName(names: readonly string[], s: number): string {
  return `player ${s + 1} (${shortLabel(names[s] ?? `Player ${s + 1}`)})`;
}

/** The ejections among the seats that are out, as events (every game has them), and the seats
 * ejected (a game does not call them eliminated as well). */
export function ejectionEvents(names: readonly string[], outs: readonly SeatOutInfo[]): { events: GameEvent[]; ejected: Set<number> } {
  const events: GameEvent[] = [];
  const ejected = new Set<number>();
  for (const o of outs) {
    if (!o.ejected) continue;
    ejected.add(o.seat);
    events.push({ frame: Math.max(0, o.frame), label: `${seatName(names, o.seat)} ejected` });
  }
  return { events, ejected };
}

/** "Turn 57: Greedy eliminated". */
export function eventText(e: GameEvent): string {
  return `Turn ${e.frame}: ${e.label}`;
}

export class EventNav {
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly status: HTMLElement;
  private readonly marks: HTMLElement;
  private events: readonly GameEvent[] = [];
  private frame = -1;
  private last = 0;
  private marksFor = '';

  constructor(root: HTMLElement, seek: (frame: number) => void) {
    this.prev = el('button', {
      className: 'btn btn-small event-btn',
      text: '‹ Previous event',
      attrs: { type: 'button', 'data-part': 'event-prev', 'aria-keyshortcuts': '[' },
    });
    this.next = el('button', {
      className: 'btn btn-small event-btn',
      text: 'Next event ›',
      attrs: { type: 'button', 'data-part': 'event-next', 'aria-keyshortcuts': ']' },
    });
    this.status = el('p', { className: 'event-status', attrs: { 'data-part': 'event-status', role: 'status', 'aria-live': 'polite' } });
    this.marks = el('div', { className: 'event-marks', attrs: { 'data-part': 'event-marks', 'aria-hidden': 'true' } });
    const bar = el('div', { className: 'event-nav', attrs: { 'data-part': 'event-nav', role: 'group', 'aria-label': 'Events' } }, [this.prev, this.next, this.status]);
    // The marks sit over the scrubber when there is one.
    (root.querySelector('.timeline') ?? root).appendChild(this.marks);
    root.appendChild(bar);
    this.prev.addEventListener('click', () => this.jump(-1, seek));
    this.next.addEventListener('click', () => this.jump(1, seek));
    this.onJump = seek;
    this.render();
  }

  private onJump: (frame: number) => void;

  /** The game's events (in frame order) and the frame shown, of `last + 1` frames. */
  update(events: readonly GameEvent[], frame: number, last: number): void {
    const changed = events !== this.events || frame !== this.frame || last !== this.last;
    this.events = events;
    this.frame = frame;
    this.last = last;
    if (changed) this.render();
  }

  /** Jumps to the event before or after the frame shown: true when there was one. */
  go(dir: 1 | -1): boolean {
    return this.jump(dir, this.onJump);
  }

  private jump(dir: 1 | -1, seek: (frame: number) => void): boolean {
    const e = neighbourEvent(this.events, this.frame, dir);
    if (!e) {
      setText(this.status, dir > 0 ? 'No later event.' : 'No earlier event.');
      return false;
    }
    // Every event at that frame, in one line.
    const all = this.events.filter((x) => x.frame === e.frame).map((x) => x.label);
    seek(e.frame);
    setText(this.status, `Turn ${e.frame}: ${all.join('; ')}`);
    this.frame = e.frame;
    this.render();
    return true;
  }

  private render(): void {
    const p = neighbourEvent(this.events, this.frame, -1);
    const n = neighbourEvent(this.events, this.frame, 1);
    this.prev.disabled = !p;
    this.next.disabled = !n;
    this.prev.title = p ? `${eventText(p)} ([)` : 'No earlier event';
    this.next.title = n ? `${eventText(n)} (])` : 'No later event';
    // Small marks over the scrubber, one per frame with an event.
    const key = `${this.last}:${this.events.length}:${this.events[this.events.length - 1]?.frame ?? -1}`;
    if (key === this.marksFor) return;
    this.marksFor = key;
    const frames = [...new Set(this.events.map((e) => e.frame))];
    this.marks.replaceChildren(
      ...frames.map((f) => {
        const m = el('span', { className: 'event-mark' });
        m.style.setProperty('--at', this.last > 0 ? (f / this.last).toFixed(4) : '0');
        return m;
      }),
    );
  }
}
