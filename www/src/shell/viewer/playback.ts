// The playback clock: a continuous position in frames (frame + fraction of the move in flight),
// advanced by requestAnimationFrame timestamps. Pure logic, no DOM: unit-tested in node.

/** Clamps `v` into [lo, hi]. */
function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** How long one step (a key press or the step button) takes to animate. */
export const STEP_MS = 150;
/** Longest time step taken from one animation frame to the next (a tab switch must not jump). */
export const MAX_DT_MS = 100;

/** Playback speeds offered, frames per second. */
export const SPEEDS: readonly number[] = [1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 24, 30, 45, 60];
/** Speeds of the number keys 1 to 5 (the official visualizer's presets). */
export const SPEED_PRESETS: readonly number[] = [1, 3, 6, 10, 15];

/** The next speed up (+1) or down (-1) from `fps` in SPEEDS. */
export function nextSpeed(fps: number, dir: 1 | -1): number {
  if (dir > 0) return SPEEDS.find((s) => s > fps) ?? SPEEDS[SPEEDS.length - 1];
  for (let i = SPEEDS.length - 1; i >= 0; i--) if (SPEEDS[i] < fps) return SPEEDS[i];
  return SPEEDS[0];
}

interface StepAnimation {
  from: number;
  to: number;
  start: number;
  duration: number;
}

export class Playback {
  /** Position in frames: floor is the frame shown, the fraction is the move in flight. */
  pos = 0;
  playing = false;
  fps = 10;
  private anim: StepAnimation | null = null;

  get frame(): number {
    return Math.floor(this.pos + 1e-9);
  }

  get transit(): number {
    const t = this.pos - this.frame;
    return t < 1e-9 ? 0 : t;
  }

  get animating(): boolean {
    return this.anim !== null;
  }

  /**
   * Advances to time `now` (ms), `dt` ms after the previous tick. `last` is the last frame index.
   * With `hold` (a live game still being played) playback waits at the last frame instead of
   * stopping. Returns whether the position changed.
   */
  tick(now: number, dt: number, last: number, hold = false): boolean {
    const before = this.pos;
    if (this.anim) {
      const a = this.anim;
      const p = a.duration <= 0 ? 1 : (now - a.start) / a.duration;
      if (p >= 1) {
        this.pos = a.to;
        this.anim = null;
      } else {
        this.pos = a.from + (a.to - a.from) * Math.max(0, p);
      }
    } else if (this.playing) {
      const step = (Math.min(Math.max(dt, 0), MAX_DT_MS) / 1000) * this.fps;
      this.pos += step;
      if (this.pos >= last) {
        this.pos = Math.max(0, last);
        if (!hold) this.playing = false;
      }
    }
    this.pos = clamp(this.pos, 0, Math.max(0, last));
    return this.pos !== before;
  }

  /**
   * Plays on from the current position. A finished replay played from its end starts again from
   * the beginning (`rewind`); a live game never does: it waits at its newest frame for the next.
   */
  play(last: number, rewind = true): void {
    this.finishAnimation();
    if (rewind && this.pos >= last) this.pos = 0;
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  /** Jumps to frame `f` (no animation) and stops any step in flight. */
  seek(f: number, last: number): void {
    this.anim = null;
    this.pos = clamp(Math.round(f), 0, Math.max(0, last));
  }

  /**
   * Steps one frame forward (+1) or back (-1), pausing playback. The move slides over STEP_MS:
   * forward, pieces travel from their sites to the neighbours; back, they travel home.
   */
  step(dir: 1 | -1, now: number, last: number): void {
    this.playing = false;
    const base = this.finishAnimation();
    const whole = Math.floor(base + 1e-9);
    const fractional = base - whole > 1e-9;
    let target: number;
    if (dir > 0) target = whole + 1;
    else target = fractional ? whole : whole - 1;
    target = clamp(target, 0, Math.max(0, last));
    if (target === base) return;
    this.anim = { from: base, to: target, start: now, duration: STEP_MS };
  }

  private finishAnimation(): number {
    if (this.anim) {
      this.pos = this.anim.to;
      this.anim = null;
    }
    return this.pos;
  }
}
