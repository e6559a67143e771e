// Hooks for the browser benchmark (www/bench/bench.mjs), mounted on `?bench=1` only.
// Everything is timed inside the page with performance.now().

import { Match } from '../seats/match';
import type { Seat, SeatAnswer } from '../shell/seat';
import { WorkerSeat } from '../seats/worker-seat';
import { gameInfo } from '../shell/catalog';
import type { GameModule, MatchHost, OpenedReplay } from '../shell/game';
import { DEFAULT_GAME, loadGame, loadSelfPlay } from '../games/index';
import { Viewer } from '../shell/viewer';

/** A full game through the live path, timed: where the time of each turn goes. */
export interface FullGameTiming {
  turns: number;
  width: number;
  height: number;
  /** From the match's start (workers created, bots loaded) to its end, ms. */
  totalMs: number;
  /** From the first turn's observations to the end (the turn loop only), ms. */
  loopMs: number;
  /** Sum over turns of the slowest seat's time inside its bot function (seats run in parallel). */
  botMs: number;
  /** Sums over turns, ms: asking the engine worker for the observations (round trip); from the
   * observations to the step (bots, their messages, the answers' check); the step's round trip;
   * the rest of the loop. */
  observeMs: number;
  actMs: number;
  stepMs: number;
  ranks: number[];
  /** Bytes posted between the page and the engine worker a turn (when the host counts them). */
  bytesPerTurn?: number;
}

/** A seat that keeps, per turn, the time its bot spent inside the bot function. */
class TimedSeat implements Seat {
  readonly kind = 'bot' as const;
  readonly ms: number[] = [];
  constructor(private readonly inner: Seat) {}
  get name(): string {
    return this.inner.name;
  }
  start(seat: number, budgetMs: number, obs: unknown): Promise<SeatAnswer> {
    return this.inner.start(seat, budgetMs, obs);
  }
  async act(obs: unknown, turn: number, budgetMs: number): Promise<SeatAnswer> {
    const a = await this.inner.act(obs, turn, budgetMs);
    this.ms[turn] = a.ms ?? 0;
    return a;
  }
  stop(): void {
    this.inner.stop();
  }
}

/** A match host that times its two round trips to the engine worker. */
class TimedHost implements MatchHost {
  observeMs = 0;
  stepMs = 0;
  actMs = 0;
  firstObserve = NaN;
  private observed = 0;
  constructor(private readonly inner: MatchHost) {}
  get source() {
    return this.inner.source;
  }
  get seats() {
    return this.inner.seats;
  }
  get over() {
    return this.inner.over;
  }
  get turn() {
    return this.inner.turn;
  }
  get results() {
    return this.inner.results;
  }
  async observations(opts?: { forward?: boolean }): Promise<(unknown | null)[]> {
    const t0 = performance.now();
    if (Number.isNaN(this.firstObserve)) this.firstObserve = t0;
    const o = await this.inner.observations(opts);
    this.observed = performance.now();
    this.observeMs += this.observed - t0;
    return o;
  }
  async step(actions: (unknown | null)[], opts?: { forward?: boolean }): Promise<void> {
    const t0 = performance.now();
    this.actMs += t0 - this.observed;
    await this.inner.step(actions, opts);
    this.stepMs += performance.now() - t0;
  }
  forward() {
    return this.inner.forward();
  }
  /** Bytes posted between the page and the engine worker, when the host counts them. */
  get bytesPosted(): number | undefined {
    return (this.inner as { bytesPosted?: number }).bytesPosted;
  }
  eject(seat: number, atInit: boolean): void {
    this.inner.eject(seat, atInit);
  }
  setName(seat: number, name: string): void {
    this.inner.setName(seat, name);
  }
  replayBytes(members?: string): Promise<Uint8Array> {
    return this.inner.replayBytes(members);
  }
  dispose(): void {
    this.inner.dispose();
  }
}

/** Plays a whole game of built-in bots as the live page does, as fast as it can go. */
async function fullGame(module: GameModule, bots: string[], width: number, height: number, seed: number): Promise<FullGameTiming> {
  const t0 = performance.now();
  const host = new TimedHost(await module.startMatch({ names: bots, width, height, seed }));
  const seats = bots.map((id, k) => new TimedSeat(new WorkerSeat(module.id, { kind: 'builtin', id }, id, seed + k)));
  const match = new Match(module, host, seats, { initMs: 30_000, turnMs: 10_000 });
  try {
    await new Promise<void>((resolve, reject) => {
      void match.run({
        canAdvance: () => true,
        onTurn: () => {},
        onEject: (_seat, name, reason) => reject(new Error(`${name} was ejected: ${reason}`)),
        onOver: () => resolve(),
        onError: (m) => reject(new Error(m)),
      });
    });
    const end = performance.now();
    const turns = host.turn;
    let botMs = 0;
    for (let t = 0; t < turns; t++) botMs += Math.max(0, ...seats.map((s) => s.ms[t] ?? 0));
    const loopMs = end - host.firstObserve;
    return {
      turns,
      width,
      height,
      totalMs: end - t0,
      loopMs,
      botMs,
      observeMs: host.observeMs,
      actMs: host.actMs,
      stepMs: host.stepMs,
      ranks: host.results.map((r) => r.rank),
      bytesPerTurn: host.bytesPosted === undefined ? undefined : host.bytesPosted / Math.max(1, turns),
    };
  } finally {
    match.stop();
    host.dispose();
  }
}

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
  /** A whole game of the default game between built-in bots, played inline with the page's
   * engine (its self-play's config and result). */
  playBots(config: unknown): Promise<unknown>;
  /** A whole game of built-in bots through the live path (engine worker, a worker per bot, the
   * match loop never waiting for a display), timed. */
  fullGame(bots: string[], width: number, height: number, seed: number): Promise<FullGameTiming>;
}

export async function mount(root: HTMLElement): Promise<void> {
  const module = await loadGame(DEFAULT_GAME);
  const engine = gameInfo(DEFAULT_GAME)?.engine;
  if (!engine) throw new Error(`no game ${DEFAULT_GAME}`);
  await engine.load();
  const host = document.createElement('main');
  document.documentElement.classList.add('fills-window');
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
      await engine.load();
      return engine.memoryBytes();
    },
    info() {
      const s = opened?.source;
      return { width: s?.width ?? 0, height: s?.height ?? 0, numFrames: s?.numFrames ?? 0, numPlayers: s?.numPlayers ?? 0 };
    },
    free() {
      opened?.dispose();
      opened = null;
    },
    async playBots(config) {
      const selfplay = await loadSelfPlay();
      return selfplay.playSelfHere(config);
    },
    fullGame: (bots, width, height, seed) => fullGame(module, bots, width, height, seed),
  };
  (window as unknown as { __bench: BenchHooks }).__bench = hooks;
  (window as unknown as { __benchSink: () => number }).__benchSink = () => sink;
}
