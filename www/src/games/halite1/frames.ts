// A Halite I game on the main thread: its frames as flat typed arrays that a worker filled
// (a replay it parsed, or a live game it is stepping). The main thread holds no game state in
// wasm memory; the few per-frame questions the viewer asks (a fog view, one turn's report) are
// stateless engine calls on one frame's arrays.

import { ENGINE } from './engine';
import type { FrameSource } from '../../shell/game';
import { FramesBase } from '../../shell/viewer/frames-base';
import { asFogFrame, asTurnReport, type FogFrame, type TurnReport } from './types';
import type { Header } from './worker-protocol';

export class Halite1Frames extends FramesBase implements FrameSource {
  readonly game = 'halite1' as const;
  readonly fogOfWar: number | undefined;
  private readonly prod: Uint8Array;
  private readonly sites: number;
  private owners: Uint8Array;
  private strengths: Uint8Array;
  private moveBuf: Uint8Array;
  private frames = 0;

  constructor(h: Header) {
    super(h);
    this.prod = h.production;
    this.fogOfWar = h.fogOfWar;
    this.sites = h.width * h.height;
    // The page's engine answers fog views and turn reports: load it once the page is idle.
    const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    if (idle) idle(() => this.engine(), { timeout: 1000 });
    this.owners = new Uint8Array(0);
    this.strengths = new Uint8Array(0);
    this.moveBuf = new Uint8Array(0);
  }

  get numFrames(): number {
    return this.frames;
  }

  private reserve(frames: number): void {
    const need = frames * this.sites;
    if (need <= this.owners.length && need <= this.moveBuf.length) return;
    const grow = (a: Uint8Array) => {
      if (a.length >= need) return a;
      const b = new Uint8Array(Math.max(need, a.length * 2));
      b.set(a);
      return b;
    };
    this.owners = grow(this.owners);
    this.strengths = grow(this.strengths);
    this.moveBuf = grow(this.moveBuf);
  }

  /** Appends frames: `owners`/`strengths` hold k frames, `moves` the k turns that led to them
   * (none for frame 0: pass k - 1 turns then). */
  append(owners: Uint8Array, strengths: Uint8Array, moves: Uint8Array): void {
    const k = Math.floor(owners.length / this.sites);
    if (k === 0) return;
    if (this.frames === 0 && moves.length === (k - 1) * this.sites) {
      // The first batch (a whole replay, or a game's first frames): adopt the transferred
      // arrays as they are, no copy.
      this.owners = owners;
      this.strengths = strengths;
      this.moveBuf = moves;
      this.frames = k;
      this.version++;
      return;
    }
    this.reserve(this.frames + k);
    this.owners.set(owners.subarray(0, k * this.sites), this.frames * this.sites);
    this.strengths.set(strengths.subarray(0, k * this.sites), this.frames * this.sites);
    // moves[t] is the turn from frame t to t + 1; a batch carries the turns before its frames.
    const firstTurn = this.frames === 0 ? 0 : this.frames - 1;
    this.moveBuf.set(moves.subarray(0, Math.floor(moves.length / this.sites) * this.sites), firstTurn * this.sites);
    this.frames += k;
    this.version++;
  }

  /** Frames the series cover. */
  seriesFrames(): number {
    const s = this.series('territory');
    return s ? Math.floor(s.length / Math.max(1, this.numPlayers)) : 0;
  }

  private check(t: number, last: number): void {
    if (!Number.isInteger(t) || t < 0 || t > last) throw new Error(`no frame ${t} (0 to ${last})`);
  }

  owner(t: number): Uint8Array {
    this.check(t, this.frames - 1);
    return this.owners.subarray(t * this.sites, (t + 1) * this.sites);
  }

  strength(t: number): Uint8Array {
    this.check(t, this.frames - 1);
    return this.strengths.subarray(t * this.sites, (t + 1) * this.sites);
  }

  production(): Uint8Array {
    return this.prod;
  }

  /** The moves of turn t (frame t -> t + 1). */
  moves(t: number): Uint8Array {
    this.check(t, this.frames - 2);
    return this.moveBuf.subarray(t * this.sites, (t + 1) * this.sites);
  }

  /** The main thread's engine, or null until it has loaded (then the version is bumped, so
   * views ask again). */
  private engine() {
    const e = ENGINE.ifLoaded();
    if (!e && !this.waiting) {
      this.waiting = true;
      ENGINE.load().then(
        () => this.version++,
        () => {},
      );
    }
    return e;
  }

  private waiting = false;

  private fogCache: { t: number; seat: number; radius: number; version: number; fog: FogFrame | null } | null = null;

  /** What seat `seat` saw of frame t within `radius` (the last view asked for is kept: the
   * board and the inspector ask for the same one). Until the engine has loaded, nothing is
   * known to be visible, so nothing is shown (a perspective never reveals more than it saw). */
  fogView(t: number, seat: number, radius: number): FogFrame | null {
    const c = this.fogCache;
    if (c && c.t === t && c.seat === seat && c.radius === radius && c.version === this.version) return c.fog;
    const e = this.engine();
    if (!e) {
      const none = new Uint8Array(this.sites);
      return { owner: none, strength: none, production: none, visible: none };
    }
    const v = e.halite1FogView(this.width, this.height, this.owner(t), this.strength(t), this.prod, seat, radius);
    const fog = asFogFrame(v, this.sites);
    this.fogCache = { t, seat, radius, version: this.version, fog };
    return fog;
  }

  /** The report of turn t (damage per site), from the frame and the moves. */
  turnReport(t: number): TurnReport | null {
    if (t >= this.frames - 1) return null;
    const e = this.engine();
    if (!e) return null;
    const v = e.halite1TurnReport(this.width, this.height, this.numPlayers, this.owner(t), this.strength(t), this.prod, this.moves(t));
    return asTurnReport(v);
  }
}
