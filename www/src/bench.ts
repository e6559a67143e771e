// Hooks for the browser benchmark (www/bench/bench.mjs), installed on `?bench=1` only.
// Everything is timed inside the page with performance.now().

import type { Engine, ReplayHandle } from './engine';
import type { Viewer } from './viewer/viewer';

export interface BenchHooks {
  /** Fetches a replay once and keeps its bytes and its text. Returns the byte count. */
  load(url: string): Promise<number>;
  /** ReplayHandle.fromBytes on the bytes, then the viewer shows it and draws frame 0: ms. */
  parseAndDraw(): number;
  /** JSON.parse of the same text (already decoded): ms. */
  jsonParse(): number;
  /** TextDecoder + JSON.parse (what a JS viewer does with the same bytes): ms. */
  decodeAndJsonParse(): number;
  /** Statistics series of the open replay (what the graphs need), computed once: ms. */
  series(): number;
  /** Draws `n` frames one after another; per-draw ms. With `flush`, each draw is read back
   * (getImageData of one pixel) so the time includes rasterisation. */
  draws(n: number, flush: boolean): number[];
  /** Plays the open replay at `fps` for `seconds`, recording requestAnimationFrame deltas. */
  playback(fps: number, seconds: number): Promise<{ deltas: number[]; framesAdvanced: number }>;
  /** The wasm linear memory size now, bytes. */
  wasmMemory(): Promise<number>;
  /** Facts of the open replay. */
  info(): { width: number; height: number; numFrames: number; numPlayers: number };
  /** Frees the open replay. */
  free(): void;
}

export function installBenchHooks(engine: Engine, viewer: Viewer): void {
  let bytes = new Uint8Array(0);
  let text = '';
  let handle: ReplayHandle | null = null;
  let sink = 0;

  const hooks: BenchHooks = {
    async load(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${res.status} fetching ${url}`);
      bytes = new Uint8Array(await res.arrayBuffer());
      text = new TextDecoder().decode(bytes);
      return bytes.length;
    },
    parseAndDraw() {
      const previous = handle;
      const t0 = performance.now();
      const h = engine.ReplayHandle.fromBytes(bytes);
      viewer.show(h, { kind: 'replay', names: h.playerNames() }, { frame: 0, play: false });
      viewer.drawFrameNow(0);
      const t1 = performance.now();
      handle = h;
      previous?.free();
      return t1 - t0;
    },
    jsonParse() {
      const t0 = performance.now();
      const v = JSON.parse(text) as { num_frames?: number };
      const t1 = performance.now();
      sink += v.num_frames ?? 0;
      return t1 - t0;
    },
    decodeAndJsonParse() {
      const t0 = performance.now();
      const v = JSON.parse(new TextDecoder().decode(bytes)) as { num_frames?: number };
      const t1 = performance.now();
      sink += v.num_frames ?? 0;
      return t1 - t0;
    },
    series() {
      if (!handle) return NaN;
      const t0 = performance.now();
      sink += handle.series('territory').length;
      return performance.now() - t0;
    },
    draws(n, flush) {
      const out: number[] = [];
      const frames = viewer.numFrames;
      const ctx = viewer.renderer.canvas.getContext('2d');
      for (let i = 0; i < n; i++) {
        const f = (i * 7) % Math.max(1, frames);
        const t0 = performance.now();
        viewer.drawFrameNow(f, (i % 4) / 4);
        if (flush && ctx) sink += ctx.getImageData(0, 0, 1, 1).data[0];
        out.push(performance.now() - t0);
      }
      return out;
    },
    playback(fps, seconds) {
      return new Promise((resolve) => {
        viewer.seek(0);
        viewer.setSpeed(fps);
        const startFrame = viewer.frame;
        const deltas: number[] = [];
        let last = 0;
        let start = 0;
        const tick = (now: number) => {
          if (start === 0) {
            start = now;
            last = now;
            viewer.play();
          } else {
            deltas.push(now - last);
            last = now;
          }
          if (now - start < seconds * 1000) requestAnimationFrame(tick);
          else {
            const framesAdvanced = viewer.frame - startFrame;
            viewer.pause();
            resolve({ deltas, framesAdvanced });
          }
        };
        requestAnimationFrame(tick);
      });
    },
    async wasmMemory() {
      const wasm = (await import('halite-wasm/halite_bg.wasm')) as { memory: WebAssembly.Memory };
      return wasm.memory.buffer.byteLength;
    },
    info() {
      return {
        width: handle?.width ?? 0,
        height: handle?.height ?? 0,
        numFrames: handle?.numFrames ?? 0,
        numPlayers: handle?.numPlayers ?? 0,
      };
    },
    free() {
      handle?.free();
      handle = null;
    },
  };
  (window as unknown as { __bench: BenchHooks; __benchSink: () => number }).__bench = hooks;
  (window as unknown as { __benchSink: () => number }).__benchSink = () => sink;
}
