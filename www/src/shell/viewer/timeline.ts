// The timeline and playback controls: first / back / play / forward / last, a scrubber, the frame
// number and the speed. Mounted on the element it is given; it only reports what the user asks.

import { el, setText } from '../page/dom';
import { SPEEDS } from './playback';

export interface TimelineEvents {
  togglePlay(): void;
  step(dir: 1 | -1): void;
  seek(frame: number): void;
  speed(fps: number): void;
}

const ICONS = {
  start: '<path d="M6 5v14M18 6l-9 6 9 6Z"/>',
  back: '<path d="M15 6l-6 6 6 6"/>',
  forward: '<path d="M9 6l6 6-6 6"/>',
  end: '<path d="M18 5v14M6 6l9 6-9 6Z"/>',
};

function icon(path: string): string {
  return `<svg viewBox="0 0 24 24" aria-hidden="true">${path}</svg>`;
}

let uid = 0;

export class Timeline {
  private readonly play: HTMLButtonElement;
  private readonly range: HTMLInputElement;
  private readonly frameInput: HTMLInputElement;
  private readonly total: HTMLElement;
  private readonly speedSel: HTMLSelectElement;
  private last = -1;

  constructor(root: HTMLElement, ev: TimelineEvents) {
    const id = `tl${++uid}`;
    root.classList.add('controls');
    root.setAttribute('role', 'toolbar');
    root.setAttribute('aria-label', 'Playback');
    root.innerHTML = `
      <div class="transport">
        <button type="button" class="ctl" data-part="start" aria-label="First frame" title="First frame (Z)">${icon(ICONS.start)}</button>
        <button type="button" class="ctl" data-part="back" aria-label="Step back one frame" title="Step back (← or ,)">${icon(ICONS.back)}</button>
        <button type="button" class="ctl ctl-play" data-part="play" aria-label="Play" title="Play / pause (Space)">
          <svg class="icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5.5v13l10.5-6.5Z" fill="currentColor"/></svg>
          <svg class="icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M8.5 5.5v13M15.5 5.5v13"/></svg>
        </button>
        <button type="button" class="ctl" data-part="forward" aria-label="Step forward one frame" title="Step forward (→ or .)">${icon(ICONS.forward)}</button>
        <button type="button" class="ctl" data-part="end" aria-label="Last frame" title="Last frame (X)">${icon(ICONS.end)}</button>
      </div>
      <label class="timeline" for="${id}-range">
        <span class="visually-hidden">Timeline: frame</span>
        <input type="range" id="${id}-range" data-part="timeline" min="0" max="0" step="1" value="0">
      </label>
      <div class="frame-box">
        <label for="${id}-frame" class="field-label">Frame</label>
        <input type="number" id="${id}-frame" data-part="frame-input" class="num" min="0" max="0" step="1" value="0" inputmode="numeric">
        <span class="frame-total" data-part="frame-total">/ 0</span>
      </div>
      <div class="speed-box">
        <label for="${id}-speed" class="field-label">Speed</label>
        <select id="${id}-speed" data-part="speed" class="select select-small"></select>
      </div>`;
    const q = <T extends HTMLElement>(part: string) => root.querySelector(`[data-part="${part}"]`) as T;
    this.play = q('play');
    this.range = q('timeline');
    this.frameInput = q('frame-input');
    this.total = q('frame-total');
    this.speedSel = q('speed');
    for (const s of SPEEDS) this.speedSel.appendChild(el('option', { text: `${s} / s`, attrs: { value: String(s) } }));
    q<HTMLButtonElement>('start').addEventListener('click', () => ev.seek(0));
    q<HTMLButtonElement>('back').addEventListener('click', () => ev.step(-1));
    this.play.addEventListener('click', () => ev.togglePlay());
    q<HTMLButtonElement>('forward').addEventListener('click', () => ev.step(1));
    q<HTMLButtonElement>('end').addEventListener('click', () => ev.seek(Number.MAX_SAFE_INTEGER));
    this.range.addEventListener('input', () => ev.seek(Number(this.range.value)));
    this.frameInput.addEventListener('change', () => {
      const v = Number(this.frameInput.value);
      if (Number.isFinite(v)) ev.seek(v);
    });
    this.frameInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.frameInput.dispatchEvent(new Event('change'));
    });
    this.speedSel.addEventListener('change', () => ev.speed(Number(this.speedSel.value)));
  }

  /** Shows frame `f` of `last + 1`. */
  update(f: number, last: number): void {
    const t = this.range;
    if (last !== this.last) {
      this.last = last;
      t.max = String(last);
      this.frameInput.max = String(last);
      setText(this.total, `/ ${last}`);
    }
    t.value = String(f);
    t.style.setProperty('--fill', `${last > 0 ? ((f / last) * 100).toFixed(2) : 0}%`);
    const text = `Frame ${f} of ${last}`;
    if (t.getAttribute('aria-valuetext') !== text) t.setAttribute('aria-valuetext', text);
    if (document.activeElement !== this.frameInput) this.frameInput.value = String(f);
  }

  setPlaying(playing: boolean): void {
    const b = this.play;
    if (b.classList.contains('playing') !== playing) {
      b.classList.toggle('playing', playing);
      b.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    }
  }

  setSpeed(fps: number): void {
    if (!SPEEDS.includes(fps) && !this.speedSel.querySelector(`option[value="${fps}"]`)) {
      this.speedSel.appendChild(el('option', { text: `${fps} / s`, attrs: { value: String(fps) } }));
    }
    this.speedSel.value = String(fps);
  }
}
