// Halite II behind the shell's GameModule seam: replays and matches run in an engine worker
// each; the main thread holds their frames as flat rows (Halite2Frames) and draws them.

import { halite2Events } from './events';
import type { Command, Observation } from './types';
import type { GameModule, Standing, VerifyResult } from '../../shell/game';
import { concatActions } from '../../shell/engine/engine-client';
import { engineRuntime, type FramesCodec } from '../../shell/engine/engine-match';
import { botList } from '../../shell/engine/builtin-bots';
import { INFO } from './info';
import { HALITE2_STARTER } from './starter';
import { Halite2Board } from './board';
import { Halite2Frames } from './frames';
import { Halite2HumanPlay } from './human';
import { navigate } from './navigate';
import { Halite2Inspector } from './inspector';
import { RecordedSeat } from '../../shell/engine/recorded-seat';
import { recordedCommands } from './recorded-seat';
import { liveMapSize } from './sizes';
import type { FrameBatch, Header, MatchStartConfig, RecordedMoves } from './worker-protocol';

export const SERIES: GameModule['series'] = [
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

/** How the shared engine runtime reads Halite II's frames, standings and verdicts. */
const CODEC: FramesCodec<Header, FrameBatch, Halite2Frames> = {
  frames: (h) => new Halite2Frames(h),
  append: (f, b) => f.append(b),
  standings: (raw, frames) => asStandings(raw, frames),
  verdict: (raw) => asVerifyResult(raw),
  pack: (actions) => concatActions(actions, (n) => new Float64Array(n)),
  totalFrames: (h) => h.frames,
  setMoves: (f, moves) => f.setMoves(moves as RecordedMoves | null),
};

const ENGINE = engineRuntime<MatchStartConfig, Header, FrameBatch, Halite2Frames>(() => new Worker(new URL('./engine-worker.ts', import.meta.url)), CODEC, (h) => h.players);

const BOT_LIST = () => botList(() => import(/* webpackChunkName: "halite2-bots" */ './bots').then((m) => m.BOTS));

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
  openReplay(bytes, onProgress, options) {
    return ENGINE.openReplay(bytes, onProgress, options);
  },
  startMatch(c) {
    const players = c.names.length;
    if (!PLAYER_COUNTS.includes(players)) {
      return Promise.reject(new Error(`Halite II is played by 1, 2 or 4 players, not ${players}`));
    }
    return ENGINE.start({ width: c.width, height: c.height, players, seed: c.seed, playerNames: c.names });
  },
  forkMatch(replay, frame) {
    return ENGINE.fork(replay, frame);
  },
  createBoard(canvas) {
    return new Halite2Board(canvas);
  },
  createInspector(root) {
    return new Halite2Inspector(root);
  },
  answerOrders(raw, observation) {
    const out: ReturnType<GameModule['answerOrders']> = new Map();
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
  createHumanPlay(host) {
    // Standing orders steer around planets and ships with the same helper bots use.
    return new Halite2HumanPlay(host, (obs, ship, target, planned) => navigate(obs, ship, target, { planned }));
  },
  events: halite2Events,
};
