// What every game's frames on the main thread share: the header's size, seats and names, a
// version bumped on every change (for caches), and the statistics series, set whole (a replay)
// or grown by each turn's new values (a live game).

import type { SeriesDelta, SeriesMap } from '../engine-protocol';
import { cleanName } from '../page/names';

/** Names as the page shows them, whatever a replay's file or a header says (shell/page/names.ts). */
const shown = (names: readonly string[]) => names.map((n, k) => cleanName(String(n)) || `Player ${k + 1}`);

export interface FramesHeader {
  width: number;
  height: number;
  players: number;
  names: string[];
}

export abstract class FramesBase {
  abstract readonly game: string;
  readonly width: number;
  readonly height: number;
  readonly numPlayers: number;
  protected names: string[];
  version = 0;
  private readonly seriesMap = new Map<string, Uint32Array>();

  constructor(h: FramesHeader) {
    this.width = h.width;
    this.height = h.height;
    this.numPlayers = h.players;
    this.names = shown(h.names);
  }

  abstract get numFrames(): number;

  playerNames(): string[] {
    return this.names.slice();
  }

  setNames(names: string[]): void {
    this.names = shown(names);
    this.version++;
  }

  /** Every series whole (seat-major, `seat * frames + frame`). */
  setSeries(series: SeriesMap): void {
    for (const [k, v] of Object.entries(series)) this.seriesMap.set(k, v);
    this.version++;
  }

  /** The series' values of frames `d.from` on (a live game's new turn). */
  appendSeries(d: SeriesDelta): void {
    const p = Math.max(1, this.numPlayers);
    const frames = d.from + d.frames;
    for (const [k, v] of Object.entries(d.values)) {
      const old = this.seriesMap.get(k);
      const had = old ? Math.floor(old.length / p) : 0;
      const keep = Math.min(had, d.from);
      const out = new Uint32Array(p * frames);
      for (let s = 0; s < p; s++) {
        if (old && keep > 0) out.set(old.subarray(s * had, s * had + keep), s * frames);
        out.set(v.subarray(s * d.frames, (s + 1) * d.frames), s * frames + d.from);
      }
      this.seriesMap.set(k, out);
    }
    this.version++;
  }

  /** A series, seat-major, or null before it is known. A live game's series may be a frame
   * behind its frames; the graphs read what is there. */
  series(name: string): Uint32Array | null {
    return this.seriesMap.get(name) ?? null;
  }
}
