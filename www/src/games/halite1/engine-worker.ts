// A Halite I engine off the main thread: one instance of the wasm engine per worker. It opens a
// replay (decompress, parse, then statistics, standings and the rules check, each posted as soon
// as it is known), or runs a match (new or forked from a replay) one joint step at a time. The
// shared host (shell/engine/engine-host.ts) runs the worker; this is Halite I's codec.

import { isGzip } from '../../shell/compress';
import { insertMembers, readBotExtras, type BotExtras } from '../../shell/engine/bot-extras';
import { hostEngine, liveGame, seriesDelta, type LiveGame } from '../../shell/engine/engine-host';
import { packMoves, type Observation } from './protocol';
import type { FromEngine } from '../../shell/engine-protocol';
import { FOG_NO_FORWARD } from '../../shell/game';
import { ENGINE, READER, WRITER, type Engine } from './engine';
import type { FrameBatch, Header, MatchStartConfig } from './worker-protocol';

type Replay = import('halite-wasm/halite1/halite1').Halite1Replay;
type Game = import('halite-wasm/halite1/halite1').Halite1Game;

function engine(): Promise<Engine> {
  return ENGINE.load();
}

type Post = (m: FromEngine<Header, FrameBatch>, transfer?: Transferable[]) => void;

function buffers(b: FrameBatch): Transferable[] {
  return [b.owners.buffer, b.strengths.buffer, b.moves.buffer] as Transferable[];
}

/** Copies frames [from, to) and the turns that led to them out of a replay or game. */
function copyFrames(src: Replay | Game, from: number, to: number, sites: number): FrameBatch {
  const k = to - from;
  const owners = new Uint8Array(k * sites);
  const strengths = new Uint8Array(k * sites);
  const firstTurn = from === 0 ? 0 : from - 1;
  const turns = to - 1 - firstTurn;
  const moves = new Uint8Array(Math.max(0, turns) * sites);
  for (let t = from; t < to; t++) {
    owners.set(src.owner(t), (t - from) * sites);
    strengths.set(src.strength(t), (t - from) * sites);
  }
  for (let t = firstTurn; t < to - 1; t++) moves.set(src.moves(t), (t - firstTurn) * sites);
  return { owners, strengths, moves };
}

function allSeries(e: Engine, src: Replay | Game): Record<string, Uint32Array> {
  const out: Record<string, Uint32Array> = {};
  for (const n of e.seriesNames() as string[]) out[n] = src.series(n);
  return out;
}

function header(src: Replay | Game, names: string[], fog: number | undefined): Header {
  return {
    width: src.width,
    height: src.height,
    players: src.numPlayers,
    names,
    production: src.production().slice(),
    fogOfWar: fog,
  };
}

/** The logs and drawings a replay saved in the page carries (`"bot_logs"`, `"bot_drawings"`,
 * keys the original tools ignore). Only plain JSON is searched, and parsed only when one of the
 * keys is there. */
function botExtras(bytes: Uint8Array, players: number, frames: number): BotExtras {
  const none = { logs: null, drawings: null, logsCut: 0, drawingsCut: 0 };
  if (isGzip(bytes)) return none;
  const marker = new TextEncoder().encode('"bot_');
  search: for (let i = bytes.length - marker.length; i >= 0; i--) {
    for (let j = 0; j < marker.length; j++) if (bytes[i + j] !== marker[j]) continue search;
    try {
      return readBotExtras(JSON.parse(new TextDecoder().decode(bytes)), players, frames);
    } catch {
      // Not readable: the replay opens without them.
      return none;
    }
  }
  return none;
}

async function open(bytes: Uint8Array, post: Post, drawn: () => Promise<void>): Promise<void> {
  const e = await engine();
  post({ type: 'progress', label: 'Reading the replay…' });
  const files = await READER.load();
  const r = e.Halite1Replay.fromRecord(files.Halite1Files.read(bytes));
  try {
    if (r.numFrames < 1) throw new Error('the replay has no frames');
    const sites = r.width * r.height;
    const batch = copyFrames(r, 0, r.numFrames, sites);
    post({ type: 'opened', header: header(r, r.playerNames(), r.fogOfWar), batch }, buffers(batch));
    await drawn();
    post({ type: 'standings', standings: r.standings() });
    const series = allSeries(e, r);
    post({ type: 'series', series }, Object.values(series).map((s) => s.buffer as Transferable));
    await drawn();
    post({ type: 'verdict', verdict: r.verify() });
    const extras = botExtras(bytes, r.numPlayers, r.numFrames);
    post({ type: 'logs', ...extras });
  } finally {
    r.free();
  }
}

/** A live Halite I game behind the host's interface. */
function live(e: Engine, g: Game): LiveGame<FrameBatch> {
  const sites = g.width * g.height;
  const fog = g.fogRadius !== undefined;
  // Asked of the engine once, not at every flush.
  const seriesNames = e.seriesNames() as string[];
  return liveGame(g, {
    batchAll: () => copyFrames(g, 0, g.numFrames, sites),
    batchLast: () => copyFrames(g, g.numFrames - 1, g.numFrames, sites),
    series: () => allSeries(e, g),
    seriesFrom: (from) => seriesDelta(seriesNames, g.seriesFrom(from), g.numPlayers, g.numFrames, from),
    observe(forward, skip) {
      const observations: (unknown | null)[] = [];
      const transfer: Transferable[] = [];
      // Each seat's observation as the engine gives it (halite1::observe: fog applied in Blitz),
      // its arrays fresh copies (each is transferred to its own bot).
      for (let s = 0; s < g.numPlayers; s++) {
        if (!g.isAlive(s)) {
          observations.push(null);
          continue;
        }
        if (skip?.[s]) {
          observations.push(true);
          continue;
        }
        const o = g.observation(s) as Observation;
        observations.push(o);
        transfer.push(o.owner.buffer, o.strength.buffer, o.production.buffer);
      }
      // The forward model's start for hosted bots (one snapshot, copied to each of them).
      const snapshot = forward && !fog ? g.snapshot() : undefined;
      if (snapshot) transfer.push(snapshot.buffer);
      const fwd = forward ? (snapshot ? { snapshot } : { unavailable: FOG_NO_FORWARD }) : undefined;
      // The standings only when read (the match loop does not need them every turn).
      return {
        observations,
        over: g.isOver(),
        get results() {
          return g.results();
        },
        forward: fwd,
        transfer,
      };
    },
    accept: (seat, packed, lenient) => g.acceptAnswer(seat, packed as Uint32Array, lenient),
    playBuiltin: (seat, id) => g.playBuiltin(seat, id),
    stepAccepted: () => g.stepAccepted(),
    step: (packed) => g.step(packed as Uint32Array),
    async save(members, keep) {
      const files = (await WRITER.load()).Halite1Files;
      // Kept in the browser: gzipped by the writer at its fast level, in one call without members.
      if (keep && !members) return files.writeToKeep(g.toRecord());
      const json = insertMembers(files.write(g.toRecord()), members);
      return keep ? files.gzipToKeep(json) : json;
    },
  });
}

function liveHeader(g: Game): Header {
  const h = header(g, g.playerNames(), g.fogRadius);
  h.maxTurns = g.maxTurns;
  h.seed = g.seed;
  return h;
}

hostEngine<MatchStartConfig, Header, FrameBatch>(
  {
    open: async (bytes, post, drawn) => open(bytes, post, drawn),
    async start(config) {
      const e = await engine();
      const g = new e.Halite1Game(config);
      return { game: live(e, g), header: liveHeader(g) };
    },
    async fork(bytes, frame) {
      const [e, files] = await Promise.all([engine(), READER.load()]);
      const r = e.Halite1Replay.fromRecord(files.Halite1Files.read(bytes));
      let g: Game;
      try {
        g = e.Halite1Game.fromReplay(r, frame);
      } finally {
        r.free();
      }
      return { game: live(e, g), header: liveHeader(g) };
    },
    buffers,
    loop: {
      pack: (raw, seat) => packMoves(raw, seat),
      bots: () => import(/* webpackChunkName: "halite1-bots" */ './bots').then((m) => m.BOTS),
    },
  },
  (h) => h.players,
);
