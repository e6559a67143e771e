// A Halite I engine off the main thread: one instance of the wasm engine per worker. It opens a
// replay (decompress, parse, then statistics, standings and the rules check, each posted as soon
// as it is known), or runs a match (new or forked from a replay) one joint step at a time.

import { readBotExtras, type BotExtras } from '../../shell/bot-extras';
import { FOG_NO_FORWARD, type Forward } from '../../shell/game';
import type { FrameBatch, FromEngine, Header, ToEngine } from './worker-protocol';

type Engine = typeof import('halite-wasm/halite');
type Replay = import('halite-wasm/halite').Halite1Replay;
type Game = import('halite-wasm/halite').Halite1Game;

interface Scope {
  onmessage: ((e: MessageEvent<ToEngine>) => void) | null;
  postMessage(message: FromEngine, transfer?: Transferable[]): void;
}

const scope = self as unknown as Scope;
let enginePromise: Promise<Engine> | null = null;
let game: Game | null = null;
let queue: Promise<void> = Promise.resolve();

function engine(): Promise<Engine> {
  if (!enginePromise) enginePromise = import(/* webpackChunkName: "engine" */ 'halite-wasm/halite');
  return enginePromise;
}

function message(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : String(e);
}

function post(m: FromEngine, transfer: Transferable[] = []): void {
  // A buffer may be listed once only.
  scope.postMessage(m, [...new Set(transfer)]);
}

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
  const none = { logs: null, drawings: null };
  if (bytes[0] === 0x1f) return none;
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

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

async function open(bytes: Uint8Array): Promise<void> {
  const e = await engine();
  post({ type: 'progress', label: 'Reading the replay…' });
  const r = e.Halite1Replay.fromBytes(bytes);
  try {
    if (r.numFrames < 1) throw new Error('the replay has no frames');
    const sites = r.width * r.height;
    const batch = copyFrames(r, 0, r.numFrames, sites);
    post({ type: 'opened', header: header(r, r.playerNames(), r.fogOfWar), batch }, buffers(batch));
    await tick();
    post({ type: 'standings', standings: r.standings() });
    const series = allSeries(e, r);
    post({ type: 'series', series }, Object.values(series).map((s) => s.buffer as Transferable));
    await tick();
    post({ type: 'verdict', verdict: r.verify() });
    const extras = botExtras(bytes, r.numPlayers, r.numFrames);
    post({ type: 'logs', logs: extras.logs, drawings: extras.drawings });
  } finally {
    r.free();
  }
}

function sendStarted(e: Engine, g: Game): void {
  const sites = g.width * g.height;
  const batch = copyFrames(g, 0, g.numFrames, sites);
  const series = allSeries(e, g);
  const h = header(g, g.playerNames(), g.fogRadius);
  h.maxTurns = g.maxTurns;
  h.seed = g.seed;
  post(
    { type: 'started', header: h, batch, results: g.results(), series, over: g.isOver(), turn: g.turn },
    [...buffers(batch), ...Object.values(series).map((s) => s.buffer as Transferable)],
  );
}

async function handle(m: ToEngine): Promise<void> {
  const e = await engine();
  switch (m.type) {
    case 'open':
      await open(m.bytes);
      return;
    case 'start':
      game?.free();
      game = new e.Halite1Game(m.config);
      sendStarted(e, game);
      return;
    case 'fork': {
      const r = e.Halite1Replay.fromBytes(m.bytes);
      try {
        game?.free();
        game = e.Halite1Game.fromReplay(r, m.frame);
      } finally {
        r.free();
      }
      sendStarted(e, game);
      return;
    }
    case 'observe': {
      const g = need();
      const observations: (unknown | null)[] = [];
      const transfer: Transferable[] = [];
      // Without fog every seat sees the whole board: copies of the latest frame's views, one set
      // per seat (each is transferred to its own bot). The engine's fog view is for Blitz only.
      const fog = g.fogRadius !== undefined;
      const last = g.numFrames - 1;
      for (let s = 0; s < g.numPlayers; s++) {
        if (!g.isAlive(s)) {
          observations.push(null);
          continue;
        }
        const v = fog
          ? (g.observation(s) as { owner: Uint8Array; strength: Uint8Array; production: Uint8Array })
          : { owner: g.owner(last).slice(), strength: g.strength(last).slice(), production: g.production().slice() };
        observations.push({ width: g.width, height: g.height, myId: s + 1, owner: v.owner, strength: v.strength, production: v.production, turn: g.turn });
        transfer.push(v.owner.buffer, v.strength.buffer, v.production.buffer);
      }
      // The forward model's start for hosted bots (one snapshot, copied to each of them).
      let forward: Forward | undefined;
      if (m.forward) {
        const snapshot = fog ? undefined : g.snapshot();
        forward = snapshot ? { snapshot } : { unavailable: FOG_NO_FORWARD };
        if (snapshot) transfer.push(snapshot.buffer);
      }
      post({ type: 'observations', id: m.id, observations, over: g.isOver(), results: g.results(), forward }, transfer);
      return;
    }
    case 'step': {
      const g = need();
      g.step(m.quads);
      const t = g.numFrames - 1;
      const batch = copyFrames(g, t, t + 1, g.width * g.height);
      const series = allSeries(e, g);
      post(
        { type: 'stepped', id: m.id, batch, results: g.results(), series, over: g.isOver(), turn: g.turn },
        [...buffers(batch), ...Object.values(series).map((s) => s.buffer as Transferable)],
      );
      return;
    }
    case 'eject': {
      const g = need();
      if (m.atInit) g.ejectAtInit(m.seat);
      else g.eject(m.seat);
      return;
    }
    case 'name':
      need().setPlayerName(m.seat, m.name);
      return;
    case 'json': {
      const bytes = need().toJson();
      post({ type: 'json', id: m.id, bytes }, [bytes.buffer as Transferable]);
      return;
    }
  }
}

function need(): Game {
  if (!game) throw new Error('no game has been started');
  return game;
}

scope.onmessage = (ev: MessageEvent<ToEngine>) => {
  const m = ev.data;
  // One message at a time, in order (an eject lands before the next step).
  queue = queue.then(() =>
    handle(m).catch((err: unknown) => {
      const id = 'id' in m ? m.id : undefined;
      post({ type: 'error', id, message: message(err) });
    }),
  );
};
