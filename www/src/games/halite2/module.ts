// Halite II behind the shell's GameModule seam: replays and matches run in an engine worker
// each; the main thread holds their frames as flat rows (Halite2Frames) and draws them.

import type { Command, Observation } from './types';
import type { BotExtras } from '../../shell/bot-extras';
import type {
  ActionContext,
  BoardView,
  BotInfo,
  Checked,
  GameModule,
  HumanPlay,
  HumanPlayHost,
  Inspector,
  MatchConfig,
  Forward,
  MatchHost,
  OpenedReplay,
  SeriesInfo,
  PieceOrder,
  Standing,
  VerifyResult,
} from '../../shell/game';
import { EngineClient, concatActions } from '../../shell/engine-client';
import { INFO } from './info';
import { HALITE2_STARTER } from './starter';
import { Halite2Board } from './board';
import { Halite2Frames } from './frames';
import { Halite2HumanPlay } from './human';
import { navigate } from './navigate';
import { Halite2Inspector } from './inspector';
import { checkCommands } from './protocol';
import { looksLikeHalite2 } from './recognise';
import { RecordedSeat } from '../../shell/recorded-seat';
import { recordedCommands } from './recorded-seat';
import { liveMapSize } from './sizes';
import type { FromEngine, ToEngine } from './worker-protocol';

export const SERIES: readonly SeriesInfo[] = [
  { key: 'ships', label: 'Ships', short: 'Ships', basic: true },
  { key: 'planets', label: 'Planets', short: 'Plan.', basic: true },
  { key: 'produced', label: 'Ships produced', short: 'Made', basic: true },
  { key: 'health', label: 'Fleet health', short: 'Health', basic: false },
  { key: 'docked', label: 'Docked ships', basic: false },
  { key: 'damage', label: 'Damage dealt', basic: false },
  { key: 'attacks', label: 'Attacks', basic: false },
];

const HELP_NOTES: readonly string[] = [
  'Drag the map to pan (it does not wrap: space ends at its edges). Wheel or pinch to zoom at the pointer.',
  'Hover a ship or a planet (or tap it on a touch screen) to inspect it; click to pin it.',
  'Planets: the ring is their health, the marks around them their docking spots (filled: taken), the inner arc the production toward the next ship. Docked ships hang on tethers.',
  'Ships point where they fly; zoomed in, a bar shows their health. Lines are attacks, bursts are ships or planets destroyed, rings are new ships.',
  'Click or drag on a graph to jump to that frame.',
  'Open a replay (.hlt, zstd or plain JSON) with Open replay, by dropping a file anywhere on the page, or with a link: ?replay=URL&frame=N.',
  'A live game: ?game=halite2&bots=a,b&seed=N&size=WxH (1, 2 or 4 seats). Continue a replay from a frame: ?replay=URL&frame=N&continue=human,recorded.',
  'Space always plays and pauses. Enter activates a button reached with Tab; a button clicked or tapped does not keep the focus, so while you play a seat Enter always ends the turn.',
  'Playing a seat yourself: click a ship or drag a box to select (shift adds), Ctrl+A selects all; click open space to fly there, a planet to dock (the ships fly into range first; ships beyond its free spots go on to the nearest planet with room); U undocks, H holds, Ctrl+Z / Ctrl+Shift+Z undo and redo, Esc clears the selection, Enter ends the turn. Orders stand until done. Pan with the right mouse button or two fingers.',
];

/** Seat counts the original plays. */
const PLAYER_COUNTS = [1, 2, 4];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const numOr = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** The engine's standings (a replay's `standings()` or a game's `results()`) at the seam. */
export function asStandings(v: unknown, frames: number): Standing[] {
  if (!Array.isArray(v)) return [];
  const out: Standing[] = [];
  for (const s of v) {
    if (!isObject(s) || typeof s.rank !== 'number' || typeof s.seat !== 'number') continue;
    const last = numOr(s.lastFrameAlive, -1);
    out.push({
      seat: s.seat,
      name: typeof s.name === 'string' ? s.name : `Player ${s.seat + 1}`,
      rank: s.rank,
      lastFrameAlive: last,
      alive: typeof s.alive === 'boolean' ? s.alive : last >= frames - 1,
      ejected: s.ejected === true,
      score: numOr(s.ships, numOr(s.shipsProduced, 0)),
    });
  }
  return out;
}

export function asVerifyResult(v: unknown): VerifyResult {
  if (isObject(v) && v.ok === true) return { ok: true };
  const out: VerifyResult = { ok: false, frame: isObject(v) ? numOr(v.frame, 0) : 0, message: isObject(v) && typeof v.message === 'string' ? v.message : 'the replay does not follow the rules' };
  if (isObject(v) && v.unfinished === true) out.unfinished = true;
  return out;
}

/** An engine worker of this game, and its request/answer plumbing. */
class EngineWorker extends EngineClient<ToEngine, FromEngine> {
  constructor() {
    super(new Worker(new URL('./engine-worker.ts', import.meta.url)));
  }
}

function openReplay(bytes: Uint8Array, onProgress: (label: string) => void): Promise<OpenedReplay> {
  const w = new EngineWorker();
  return new Promise<OpenedReplay>((resolveOpen, rejectOpen) => {
    let standings!: (s: Standing[]) => void;
    let seriesReady!: () => void;
    let verdict!: (v: VerifyResult) => void;
    let failLater: (e: Error) => void = () => {};
    const pStandings = new Promise<Standing[]>((r) => (standings = r));
    const pSeries = new Promise<void>((r) => (seriesReady = r));
    const pVerdict = new Promise<VerifyResult>((r, j) => {
      verdict = r;
      failLater = j;
    });
    pVerdict.catch(() => {});
    let extras!: (x: BotExtras) => void;
    const pExtras = new Promise<BotExtras>((r) => (extras = r));
    let frames: Halite2Frames | null = null;
    let expected = 0;
    let total = 0;
    // The replay is shown once all its frames are here: they come in batches, each a short task.
    const whole = () => {
      if (!frames || frames.numFrames < total) return;
      resolveOpen({
        source: frames,
        standings: pStandings,
        seriesReady: pSeries,
        verdict: pVerdict,
        logs: pExtras.then((x) => x.logs),
        drawings: pExtras.then((x) => x.drawings),
        bytes,
        dispose: () => w.terminate(),
      });
    };
    w.onEvent = (m) => {
      switch (m.type) {
        case 'progress':
          onProgress(m.label);
          break;
        case 'error':
          extras({ logs: null, drawings: null });
          frames?.setMoves(null);
          if (!frames || frames.numFrames < total) rejectOpen(new Error(m.message));
          else failLater(new Error(m.message));
          w.terminate();
          break;
        case 'opened':
          frames = new Halite2Frames(m.header);
          frames.append(m.batch);
          expected = m.header.players;
          total = m.header.frames ?? frames.numFrames;
          whole();
          break;
        case 'frames':
          frames?.append(m.batch);
          whole();
          break;
        case 'series':
          frames?.setSeries(m.series);
          seriesReady();
          break;
        case 'standings':
          standings(asStandings(m.standings, frames?.numFrames ?? 0));
          break;
        case 'verdict':
          verdict(asVerifyResult(m.verdict));
          break;
        case 'moves':
          frames?.setMoves(m.moves);
          break;
        case 'logs':
          // The last message of an opening: the worker's work is done.
          extras({ logs: m.logs && m.logs.length === expected ? m.logs : null, drawings: m.drawings });
          w.terminate();
          break;
        default:
          break;
      }
    };
    // The worker gets its own copy: the page keeps the bytes for download.
    const copy = bytes.slice();
    w.send({ type: 'open', bytes: copy }, [copy.buffer as Transferable]);
  });
}

/** A Halite II match played in an engine worker. */
class Halite2Match implements MatchHost {
  source!: Halite2Frames;
  seats = 0;
  over = false;
  turn = 0;
  results: Standing[] = [];

  private constructor(private readonly w: EngineWorker) {}

  static async create(first: ToEngine, transfer: Transferable[] = []): Promise<Halite2Match> {
    const w = new EngineWorker();
    const m = new Halite2Match(w);
    const started = await w.awaitEvent(first, 'started', transfer);
    m.source = new Halite2Frames(started.header);
    m.source.append(started.batch);
    m.source.setSeries(started.series);
    m.seats = started.header.players;
    m.over = started.over;
    m.turn = started.turn;
    m.results = asStandings(started.results, m.source.numFrames);
    return m;
  }

  private fwd: Forward | null = null;

  async observations(opts: { forward?: boolean } = {}): Promise<(unknown | null)[]> {
    const r = await this.w.request((id) => ({ type: 'observe', id, forward: opts.forward === true }), 'observations');
    this.fwd = r.forward ?? null;
    // A seat ejected before the first turn may have ended the game.
    this.over = r.over;
    if (r.over) this.results = asStandings(r.results, this.source.numFrames);
    return r.observations;
  }

  forward(): Forward | null {
    return this.fwd;
  }

  async step(actions: (unknown | null)[]): Promise<void> {
    const commands = concatActions(actions, (n) => new Float64Array(n));
    const r = await this.w.request((id) => ({ type: 'step', id, commands }), 'stepped', [commands.buffer]);
    this.source.append(r.batch);
    this.source.setSeries(r.series);
    this.results = asStandings(r.results, this.source.numFrames);
    this.over = r.over;
    this.turn = r.turn;
  }

  eject(seat: number, atInit: boolean): void {
    this.w.send({ type: 'eject', seat, atInit });
  }

  setName(seat: number, name: string): void {
    const names = this.source.playerNames();
    if (seat < 0 || seat >= names.length) return;
    names[seat] = name;
    this.source.setNames(names);
    this.w.send({ type: 'name', seat, name });
  }

  async replayBytes(members = ''): Promise<Uint8Array> {
    const r = await this.w.request((id) => ({ type: 'hlt', id, members }), 'hlt');
    return r.bytes;
  }

  dispose(): void {
    this.w.terminate();
  }
}

const BOT_LIST = (): Promise<readonly BotInfo[]> =>
  import(/* webpackChunkName: "halite2-bots" */ './bots').then((m) =>
    Object.values(m.BOTS).map((b) => ({ id: b.id, name: b.name, description: b.description, hidden: b.hidden })),
  );

export const HALITE2: GameModule = {
  id: 'halite2',
  title: INFO.title,
  starterBot: HALITE2_STARTER,
  series: SERIES,
  layers: [],
  helpNotes: HELP_NOTES,
  inspectorTitle: 'Ship or planet',
  rankSeries: 'ships',
  perspectives: false,
  playerCounts: PLAYER_COUNTS,
  // The original's map sizes: 3b x 2b for its bases b (the live game's liveSize draws the smaller).
  sizes: [80, 88, 96, 104, 112, 120, 128].map((b) => ({ width: 3 * b, height: 2 * b })),
  recognise: looksLikeHalite2,
  openReplay(bytes, onProgress) {
    return openReplay(bytes, onProgress);
  },
  startMatch(c: MatchConfig): Promise<MatchHost> {
    const players = c.names.length;
    if (!PLAYER_COUNTS.includes(players)) {
      return Promise.reject(new Error(`Halite II is played by 1, 2 or 4 players, not ${players}`));
    }
    return Halite2Match.create({ type: 'start', config: { width: c.width, height: c.height, players, seed: c.seed, playerNames: c.names } });
  },
  forkMatch(replay: Uint8Array, frame: number): Promise<MatchHost> {
    const copy = replay.slice();
    return Halite2Match.create({ type: 'fork', bytes: copy, frame }, [copy.buffer]);
  },
  createBoard(canvas: HTMLCanvasElement): BoardView {
    return new Halite2Board(canvas);
  },
  createInspector(root: HTMLElement): Inspector {
    return new Halite2Inspector(root);
  },
  checkAction(raw: unknown, seat: number, _ctx: ActionContext, recorded = false): Checked<unknown> {
    const c = checkCommands(raw, seat, recorded);
    return c.ok ? { ok: true, action: c.packed } : { ok: false, reason: c.reason };
  },
  answerOrders(raw: unknown, observation: unknown): Map<string, PieceOrder> {
    const out = new Map<string, PieceOrder>();
    if (!Array.isArray(raw)) return out;
    const ships = new Map(((observation as Observation | null)?.ships ?? []).map((s) => [s.id, s]));
    for (const c of raw as Partial<Command>[]) {
      if (typeof c !== 'object' || c === null || typeof c.ship !== 'number') continue;
      const order =
        c.type === 'thrust' ? `thrust ${String(c.magnitude)} at ${String(c.angle)}°` : c.type === 'dock' ? `dock at planet ${String(c.planet)}` : c.type === 'undock' ? 'undock' : 'an unknown command';
      const s = ships.get(c.ship);
      out.set(`ship ${c.ship}`, { piece: `ship ${c.ship}`, order, x: s?.x ?? 0, y: s?.y ?? 0 });
    }
    return out;
  },
  bots: BOT_LIST,
  async lineup(players, random) {
    const m = await import(/* webpackChunkName: "halite2-bots" */ './bots');
    return m.liveLineup(players, random);
  },
  recordedSeat(replay, seat, name) {
    return new RecordedSeat(name, recordedCommands(replay as Halite2Frames), seat);
  },
  liveSize: liveMapSize,
  createHumanPlay(host: HumanPlayHost): HumanPlay {
    // Standing orders steer around planets and ships with the same helper bots use.
    return new Halite2HumanPlay(host, (obs, ship, target, planned) => navigate(obs, ship, target, { planned }));
  },
};
