// Hooks for the browser benchmark (www/bench/bench.mjs), mounted on `?bench=1` only.
// Everything is timed inside the page with performance.now().

import { Match } from '../seats/match';
import { WorkerSeat } from '../seats/worker-seat';
import { gameInfo } from '../shell/catalog';
import type { GameModule, OpenedReplay } from '../shell/game';
import type { DirectBot, Forward, Seat, SeatAnswer } from '../shell/seat';
import { DEFAULT_GAME, loadGame, loadSelfPlay } from '../games/index';
import { Viewer } from '../shell/viewer/viewer';

/** A full game through the live path, timed: where the time of each turn goes. */
export interface FullGameTiming {
  turns: number;
  width: number;
  height: number;
  /** From the match's start (engine worker created, bots loaded) to its end, ms (page clock). */
  totalMs: number;
  /** The turn loop only (the total less the engine's start and the seats' start), ms. */
  loopMs: number;
  /** Time inside the bots' functions, summed over seats (the engine worker calls them one after
   * another), measured around each call. */
  botMs: number;
  /** How `botMs` adds up the seats: 'sum' (built-in bots, called one after another in the
   * engine worker) or 'slowest' (module bots in the bot host, each in its own worker, in
   * parallel: the slowest seat's time inside its bot function each turn). */
  bots: 'sum' | 'slowest';
  /** Of the loop, ms: waiting for the page (its seats, its credit); in the engine worker, the
   * observations, the answers' check and packing, the engine's step, the new frame copied out and
   * the turns posted to the page. */
  waitMs: number;
  observeMs: number;
  checkMs: number;
  stepMs: number;
  frameMs: number;
  postMs: number;
  ranks: number[];
  /** Bytes posted between the page and the engine worker a turn. */
  bytesPerTurn?: number;
  /** How often the engine worker asked the page for its seats' turns. */
  turnAsks?: number;
  /** Hosted bots: how many turns each seat answered through the page (the rest went on its port). */
  hostedTurns?: number[];
  /** Bytes posted to bot workers a turn (by the page or the engine worker; built-in bots: none). */
  botBytesPerTurn: number;
}

/** A seat that keeps, per turn, the time its bot spent inside the bot function (measured in its
 * worker), and the bytes of the observations the page posted to it. */
class TimedSeat implements Seat {
  readonly kind = 'bot' as const;
  readonly ms: number[] = [];
  bytes = 0;
  constructor(private readonly inner: WorkerSeat) {}
  get name(): string {
    return this.inner.name;
  }
  get wantsForward(): boolean {
    return this.inner.wantsForward;
  }
  start(seat: number, budgetMs: number, obs: unknown, forward?: Forward | null): Promise<SeatAnswer> {
    return this.inner.start(seat, budgetMs, obs, forward);
  }
  async act(obs: unknown, turn: number, budgetMs: number, forward?: Forward | null): Promise<SeatAnswer> {
    for (const v of Object.values(obs as object)) if (ArrayBuffer.isView(v)) this.bytes += v.byteLength;
    if (forward && 'snapshot' in forward) this.bytes += forward.snapshot.byteLength;
    const a = await this.inner.act(obs, turn, budgetMs, forward);
    this.ms[turn] = a.ms ?? 0;
    return a;
  }
  stop(): void {
    this.inner.stop();
  }
  direct(): DirectBot | null {
    return this.inner.direct();
  }
}

/** Plays a whole game as the live page does, as fast as it can go: of built-in bots, or (with
 * `hosted`) of the game's starter bot as a module in the bot host, in every seat. */
async function fullGame(module: GameModule, bots: string[], width: number, height: number, seed: number, hosted = false): Promise<FullGameTiming> {
  const t0 = performance.now();
  const host = await module.startMatch({ names: bots, width, height, seed });
  const timed = hosted ? bots.map((id) => new TimedSeat(new WorkerSeat(module.id, { kind: 'code', code: module.starterBot, label: id }, id, seed))) : null;
  const seats: Seat[] = timed ?? bots.map((id, k) => new WorkerSeat(module.id, { kind: 'builtin', id }, id, seed + k));
  const match = new Match(module, host, seats, { initMs: 30_000, turnMs: 10_000 });
  try {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      void match.run({
        onTurn: () => {},
        onEject: (_seat, name, reason) => reject(new Error(`${name} was ejected: ${reason}`)),
        onOver: () => resolve(),
        onError: (m) => reject(new Error(m)),
      });
    });
    const end = performance.now();
    const stats = match.stats;
    if (!stats) throw new Error('the match has no timings');
    const turns = host.turn;
    const posted = (host as { bytesPosted?: number }).bytesPosted;
    const turnAsks = (host as { turnAsks?: number }).turnAsks;
    // Hosted bots asked on their ports report their time to the loop; asked through the page,
    // to their seats.
    let botMs = stats.botMs;
    if (timed) {
      botMs = stats.hostedMs;
      for (let t = 0; t < turns; t++) botMs += Math.max(0, ...timed.map((s) => s.ms[t] ?? 0));
    }
    return {
      turns,
      width,
      height,
      totalMs: end - t0,
      loopMs: end - started - stats.startMs,
      botMs,
      bots: timed ? 'slowest' : 'sum',
      waitMs: stats.waitMs,
      observeMs: stats.observeMs,
      checkMs: stats.checkMs,
      stepMs: stats.stepMs,
      frameMs: stats.frameMs,
      postMs: stats.postMs,
      ranks: host.results.map((r) => r.rank),
      bytesPerTurn: posted === undefined ? undefined : posted / Math.max(1, turns),
      turnAsks,
      hostedTurns: timed ? timed.map((s) => s.ms.length) : undefined,
      botBytesPerTurn: timed ? (stats.hostedBytes + timed.reduce((n, s) => n + s.bytes, 0)) / Math.max(1, turns) : 0,
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
  /** A whole game of built-in bots through the live path (the engine worker running the match
   * loop and calling the bots, the page never holding it back), timed. */
  fullGame(bots: string[], width: number, height: number, seed: number, hosted?: boolean): Promise<FullGameTiming>;
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
    fullGame: (bots, width, height, seed, hosted) => fullGame(module, bots, width, height, seed, hosted),
  };
  (window as unknown as { __bench: BenchHooks }).__bench = hooks;
  (window as unknown as { __benchSink: () => number }).__benchSink = () => sink;
}
