// A Halite II engine off the main thread: one instance of the wasm engine per worker. It opens a
// replay (decompress, parse, then the rows of every frame, the series, standings, the rules
// check and the recorded moves, each posted as soon as it is known), or runs a match (new or
// forked from a replay) one joint step at a time. The page gets flat rows only (rows.ts).

import { readBotExtras } from '../../shell/engine/bot-extras';
import { unpacked } from '../../shell/page/loader';
import { hostEngine, liveGame, seriesDelta, tick, type LiveGame } from '../../shell/engine/engine-host';
import { packCommands } from './protocol';
import type { FromEngine, SeriesMap } from '../../shell/engine-protocol';
import { EV_STRIDE, PLANET_STRIDE, SHIP_STRIDE, adoptRowLayout, rowLayout, type RowLayout } from './layout';
import { turnRows } from './rows';
import { ENGINE, READER, WRITER, type Engine } from './engine';
import type { FrameBatch, Header, MatchStartConfig, RecordedMoves } from './worker-protocol';

type Replay = import('halite-wasm/halite2/halite2').Halite2Replay;
type Game = import('halite-wasm/halite2/halite2').Halite2Game;

/** Frames per batch while opening a replay: each message stays small for the page to take in. */
const BATCH_FRAMES = 40;

/** The engine, loaded once; its row layout is adopted as it loads (layout.ts). */
function engine(): Promise<Engine> {
  return ENGINE.load().then((e) => {
    if (!rowLayout()) adoptRowLayout(e.halite2RowLayout() as RowLayout);
    return e;
  });
}

/** The engine's row layout, adopted when it loaded (every header carries it to the page). */
function adoptedLayout(): RowLayout {
  const layout = rowLayout();
  if (!layout) throw new Error('the engine is not loaded');
  return layout;
}

type Post = (m: FromEngine<Header, FrameBatch>, transfer?: Transferable[]) => void;

function buffers(b: FrameBatch): Transferable[] {
  return [b.ships, b.shipCounts, b.planets, b.planetCounts, b.motion, b.events, b.eventCounts].map((a) => a.buffer as Transferable);
}

function concat(parts: Float64Array[]): Float64Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Float64Array(n);
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return out;
}

/** The frame rows of a replay or game, read once (the views are copied at once: wasm memory may
 * grow on the next call). */
class RowReader {
  private readonly ships: Float64Array[] = [];
  private readonly planets: Float64Array[] = [];

  constructor(private readonly src: Replay | Game) {}

  shipsAt(t: number): Float64Array {
    return (this.ships[t] ??= this.src.ships(t).slice());
  }

  planetsAt(t: number): Float64Array {
    return (this.planets[t] ??= this.src.planets(t).slice());
  }

  get frames(): number {
    return this.src.numFrames;
  }

  /** Frames [from, to) and turns [turnFrom, turnTo). */
  batch(from: number, to: number, turnFrom: number, turnTo: number): FrameBatch {
    const ships: Float64Array[] = [];
    const planets: Float64Array[] = [];
    const shipCounts = new Uint32Array(to - from);
    const planetCounts = new Uint32Array(to - from);
    const motion: Float64Array[] = [];
    const events: Float64Array[] = [];
    const eventCounts = new Uint32Array(Math.max(0, turnTo - turnFrom));
    for (let t = turnFrom; t < turnTo; t++) {
      const r = turnRows(this.shipsAt(t), t + 1 < this.frames ? this.shipsAt(t + 1) : null, this.src.events(t));
      motion.push(r.motion);
      events.push(r.events);
      eventCounts[t - turnFrom] = r.events.length / EV_STRIDE;
    }
    for (let t = from; t < to; t++) {
      const s = this.shipsAt(t);
      const p = this.planetsAt(t);
      ships.push(s);
      planets.push(p);
      shipCounts[t - from] = s.length / SHIP_STRIDE;
      planetCounts[t - from] = p.length / PLANET_STRIDE;
    }
    return { from, ships: concat(ships), shipCounts, planets: concat(planets), planetCounts, turnFrom, motion: concat(motion), events: concat(events), eventCounts };
  }
}

/** Every statistics series of a replay or game, as the engine computes them (seat-major). */
function engineSeries(src: Replay | Game): SeriesMap {
  const out: SeriesMap = {};
  for (const n of src.seriesNames()) out[n] = src.seriesArray(n);
  return out;
}

async function open(bytes: Uint8Array, post: Post, drawn: () => Promise<void>): Promise<void> {
  const e = await engine();
  post({ type: 'progress', label: 'Reading the replay…' });
  const files = (await READER.load()).Halite2Files;
  // gzip bytes (a game kept in the browser) are unpacked first; zstd and JSON the engine reads.
  const plain = await unpacked(bytes);
  const r = e.Halite2Replay.fromRecord(files.read(plain));
  try {
    const frames = r.numFrames;
    if (frames < 1) throw new Error('the replay has no frames');
    const players = r.numPlayers;
    const reader = new RowReader(r);
    const header: Header = { width: r.width, height: r.height, players, names: r.playerNames(), seed: r.seed, frames, layout: adoptedLayout() };
    for (let from = 0; from < frames; from += BATCH_FRAMES) {
      const to = Math.min(frames, from + BATCH_FRAMES);
      const batch = reader.batch(from, to, from, to);
      if (from === 0) post({ type: 'opened', header, batch }, buffers(batch));
      else post({ type: 'frames', batch }, buffers(batch));
      if (to < frames) {
        post({ type: 'progress', label: `Reading the frames: ${to} of ${frames}…` });
        await tick();
      }
    }
    await drawn();
    // The engine's series, as it follows the record.
    const s = engineSeries(r);
    post({ type: 'series', series: s }, Object.values(s).map((a) => a.buffer as Transferable));
    post({ type: 'standings', standings: r.standings() });
    await drawn();
    post({ type: 'verdict', verdict: r.verify() });
    await tick();
    // The moves it recorded, as command rows turn by turn.
    const moves: RecordedMoves = { packed: r.recordedMoves(), counts: r.recordedMoveCounts() };
    post({ type: 'moves', moves }, [moves.packed.buffer as Transferable, moves.counts.buffer as Transferable]);
    // What the page kept with the game (logs, drawings) is in the JSON, compressed or not.
    let original: unknown = null;
    try {
      const text = new TextDecoder().decode(files.plainJson(plain));
      if (text.includes('"bot_')) original = JSON.parse(text) as unknown;
    } catch {
      original = null;
    }
    const extras = readBotExtras(original, players, frames);
    post({ type: 'logs', ...extras });
  } finally {
    r.free();
  }
}

function header(g: Game): Header {
  return { width: g.width, height: g.height, players: g.numPlayers, names: g.playerNames(), maxTurns: g.maxTurns, layout: adoptedLayout() };
}

/** A live Halite II game behind the host's interface: its rows read once, its series the
 * engine's. */
function live(g: Game): LiveGame<FrameBatch> {
  const reader = new RowReader(g);
  // Asked of the engine once, not at every flush.
  const seriesNames = g.seriesNames();
  return liveGame(g, {
    // The turns already played have their motion and events; the newest frame's come with the next step.
    batchAll: () => reader.batch(0, g.numFrames, 0, g.numFrames - 1),
    // The new frame, and the turn that led to it (its motion and events).
    batchLast: () => reader.batch(g.numFrames - 1, g.numFrames, g.numFrames - 2, g.numFrames - 1),
    series: () => engineSeries(g),
    seriesFrom: (from) => seriesDelta(seriesNames, g.seriesFrom(from), g.numPlayers, g.numFrames, from),
    observe(forward, skip) {
      // Each seat's observation as the engine gives it (halite2::observe), a fresh object each.
      const observations: (unknown | null)[] = [];
      for (let s = 0; s < g.numPlayers; s++) observations.push(!g.isAlive(s) ? null : skip?.[s] ? true : (g.observation(s) as unknown));
      // The forward model's start for hosted bots (one snapshot, copied to each of them).
      const snapshot = forward ? g.snapshot() : null;
      // The standings only when read (the match loop does not need them every turn).
      return {
        observations,
        over: g.isOver(),
        get results() {
          return g.results();
        },
        forward: snapshot ? { snapshot } : undefined,
        transfer: snapshot ? [snapshot.buffer as Transferable] : [],
      };
    },
    accept: (seat, packed) => g.acceptAnswer(seat, packed as Float64Array),
    stepAccepted: () => g.stepAccepted(),
    step: (packed) => g.step(packed as Float64Array),
    async save(members, keep) {
      const files = (await WRITER.load()).Halite2Files;
      const record = g.toRecord();
      const extra = new TextEncoder().encode(members);
      // Kept in the browser: written fast; a file for a person: written small.
      return keep ? files.writeToKeep(record, extra) : files.writeCompressedWith(record, extra);
    },
  });
}

hostEngine<MatchStartConfig, Header, FrameBatch>(
  {
    open: async (bytes, post, drawn) => open(bytes, post, drawn),
    async start(config) {
      const e = await engine();
      const g = new e.Halite2Game(config);
      return { game: live(g), header: header(g) };
    },
    async fork(bytes, frame) {
      const [e, files] = await Promise.all([engine(), READER.load()]);
      const r = e.Halite2Replay.fromRecord(files.Halite2Files.read(await unpacked(bytes)));
      let g: Game;
      try {
        g = e.Halite2Game.fromReplay(r, frame);
      } finally {
        r.free();
      }
      return { game: live(g), header: header(g) };
    },
    buffers,
    loop: {
      pack: (raw, seat, lenient) => packCommands(raw, seat, lenient),
      bots: () => import(/* webpackChunkName: "halite2-bots" */ './bots').then((m) => m.BOTS),
    },
  },
  (h) => h.players,
);
