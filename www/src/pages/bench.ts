// Hooks for the browser benchmark (www/bench/bench.mjs), mounted on `?bench=1` only.
// Everything is timed inside the page with performance.now().

import { loadEngine } from '../shell/engine';
import type { OpenedReplay } from '../shell/game';
import { loadGame } from '../shell/registry';
import { Viewer } from '../shell/viewer';

export interface BenchHooks {
  /** Fetches a replay once and keeps its bytes and its text. Returns the byte count. */
  load(url: string): Promise<number>;
  /** Opens the bytes in a worker, shows the replay and draws frame 0: ms until it is drawn. */
  openAndDraw(): Promise<number>;
  /** ms from the same start until the statistics series (graphs) arrived. */
  seriesMs(): number;
  /** JSON.parse of the same text (already decoded): ms. */
  jsonParse(): number;
  /** TextDecoder + JSON.parse (what a JS viewer does with the same bytes): ms. */
  decodeAndJsonParse(): number;
  /** Draws `n` frames one after another; per-draw ms. With `flush`, each draw is read back. */
  draws(n: number, flush: boolean): number[];
  /** Plays the open replay at `fps` for `seconds`, recording requestAnimationFrame deltas. */
  playback(fps: number, seconds: number): Promise<{ deltas: number[]; framesAdvanced: number }>;
  /** The main thread's wasm linear memory size now, bytes. */
  wasmMemory(): Promise<number>;
  info(): { width: number; height: number; numFrames: number; numPlayers: number };
  free(): void;
}

export async function mount(root: HTMLElement): Promise<void> {
  const module = await loadGame('halite1');
  await loadEngine();
  const host = document.createElement('main');
  root.appendChild(host);
  const viewer = new Viewer(host, module);
  let bytes = new Uint8Array(0);
  let text = '';
  let opened: OpenedReplay | null = null;
  let series = NaN;
  let sink = 0;

  const hooks: BenchHooks = {
    async load(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${res.status} fetching ${url}`);
      bytes = new Uint8Array(await res.arrayBuffer());
      text = new TextDecoder().decode(bytes);
      return bytes.length;
    },
    async openAndDraw() {
      const previous = opened;
      const t0 = performance.now();
      const o = await module.openReplay(bytes, () => {});
      viewer.show(o.source, { kind: 'replay', names: o.source.playerNames() }, { frame: 0, play: false });
      viewer.drawFrameNow(0);
      const t1 = performance.now();
      series = NaN;
      void o.seriesReady.then(() => (series = performance.now() - t0));
      await o.seriesReady;
      opened = o;
      previous?.dispose();
      return t1 - t0;
    },
    seriesMs: () => series,
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
    draws(n, flush) {
      const out: number[] = [];
      const frames = viewer.numFrames;
      const ctx = viewer.board.canvas.getContext('2d');
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
      const s = opened?.source;
      return { width: s?.width ?? 0, height: s?.height ?? 0, numFrames: s?.numFrames ?? 0, numPlayers: s?.numPlayers ?? 0 };
    },
    free() {
      opened?.dispose();
      opened = null;
    },
  };
  (window as unknown as { __bench: BenchHooks }).__bench = hooks;
  (window as unknown as { __benchSink: () => number }).__benchSink = () => sink;
}
