// Halite I (and Blitz) behind the shell's GameModule seam: replays and matches run in an engine
// worker each; the main thread holds their frames as flat arrays (Halite1Frames) and draws them.

import { halite1Events } from './events';
import type { GameModule } from '../../shell/game';
import { concatActions } from '../../shell/engine/engine-client';
import type { LayerInfo } from '../../shell/game';
import { INFO } from './info';
import { HALITE1_STARTER } from './starter';
import { MapRenderer } from './board';
import { Halite1Frames } from './frames';
import { Halite1HumanPlay } from './human';
import { SiteInspector } from './inspector';
import { RecordedSeat } from '../../shell/engine/recorded-seat';
import { recordedMoves } from './recorded-seat';
import { asStandings, asVerifyResult } from './types';
import type { FrameBatch, Header, MatchStartConfig } from './worker-protocol';
import { engineRuntime, type FramesCodec } from '../../shell/engine/engine-match';
import { botList } from '../../shell/engine/builtin-bots';

export const SERIES: GameModule['series'] = [
  { key: 'territory', label: 'Territory', short: 'Sites', basic: true },
  { key: 'production', label: 'Production', short: 'Prod.', basic: true },
  { key: 'strength', label: 'Strength', short: 'Str.', basic: true },
  { key: 'realisedProduction', label: 'Realised production', basic: false },
  { key: 'capLoss', label: 'Strength lost to the cap', basic: false },
  { key: 'damageToPlayers', label: 'Damage to players', basic: false },
  { key: 'damageToNeutral', label: 'Damage to neutral', basic: false },
  { key: 'overkill', label: 'Overkill damage', basic: false },
  { key: 'damageTaken', label: 'Damage taken', basic: false },
  { key: 'sitesCaptured', label: 'Sites captured', basic: false },
  { key: 'piecesLost', label: 'Pieces lost', basic: false },
];

/** How the shared engine runtime reads Halite I's frames, standings and verdicts. */
const CODEC: FramesCodec<Header, FrameBatch, Halite1Frames> = {
  frames: (h) => new Halite1Frames(h),
  append: (f, b) => f.append(b.owners, b.strengths, b.moves),
  standings: (raw) => asStandings(raw),
  verdict: (raw) => asVerifyResult(raw),
  pack: (actions) => concatActions(actions, (n) => new Uint32Array(n)),
  fogOfWar: (h) => h.fogOfWar,
};

const ENGINE = engineRuntime<MatchStartConfig, Header, FrameBatch, Halite1Frames>(() => new Worker(new URL('./engine-worker.ts', import.meta.url)), CODEC, (h) => h.players);

const BOT_LIST = () => botList(() => import(/* webpackChunkName: "halite1-bots" */ './bots').then((m) => m.BOTS));

/** The viewer's help about this board. */
const HELP_NOTES: readonly string[] = [
  'Drag the map to pan: a Halite I map wraps around, like the game board. Wheel or pinch to zoom at the pointer.',
  'Hover a site (or tap it on a touch screen) to inspect it; click to pin it.',
  'Click or drag on a graph to jump to that frame.',
  'Open a replay with Open replay, by dropping a file anywhere on the page, or with a link: ?replay=URL&frame=N&player=P&radius=R. Add &continue=human,recorded,… (one entry per player) to play it on from that frame.',
  'The View menu shows exactly what one player saw within the fog radius (Blitz replays use their own radius).',
  'The players panel shows the standings at the current frame; press "Final result" to see how the game ended.',
  'Space always plays and pauses. Enter activates a button reached with Tab; a button clicked or tapped does not keep the focus, so while you play a seat Enter always ends the turn.',
  'Playing a seat yourself: click or drag a box to select your pieces (shift adds), Ctrl+A selects all, W A S D or the arrows give them a direction, X makes them stay, G then a click sends them walking to a site, Ctrl+Z / Ctrl+Shift+Z undo and redo, Enter ends the turn. Pan with the right mouse button or two fingers.',
];

/** The board's optional layers. */
const LAYERS: readonly LayerInfo[] = [
  { key: 'production', label: 'Production', kbd: 'P', title: 'Production heat map (P)', help: 'Production heat map on / off' },
  { key: 'arrows', label: 'Arrows', kbd: 'M', title: 'Move arrows (M)', help: 'Move arrows on / off' },
];

export const HALITE1: GameModule = {
  id: 'halite1',
  title: INFO.title,
  starterBot: HALITE1_STARTER,
  layers: LAYERS,
  helpNotes: HELP_NOTES,
  panNote: 'it wraps around',
  inspectorTitle: 'Site',
  fogName: INFO.fogName,
  gzipEnding: '.hlt.gz',
  series: SERIES,
  rankSeries: 'territory',
  perspectives: true,
  openReplay(bytes, onProgress, options) {
    return ENGINE.openReplay(bytes, onProgress, options);
  },
  startMatch(c) {
    const config: MatchStartConfig = {
      width: c.width,
      height: c.height,
      players: c.names.length,
      seed: c.seed,
      playerNames: c.names,
      fogRadius: c.fog,
      maxTurns: c.maxTurns,
    };
    return ENGINE.start(config);
  },
  forkMatch(replay, frame) {
    return ENGINE.fork(replay, frame);
  },
  createBoard(canvas) {
    return new MapRenderer(canvas);
  },
  createInspector(root) {
    return new SiteInspector(root);
  },
  answerOrders(raw, observation) {
    const out: ReturnType<GameModule['answerOrders']> = new Map();
    if (!Array.isArray(raw)) return out;
    const names = ['still', 'north', 'east', 'south', 'west'];
    const { width = Infinity, height = Infinity } = (observation ?? {}) as { width?: number; height?: number };
    for (const m of raw as unknown[]) {
      const { x, y, dir } = (m ?? {}) as Record<string, unknown>;
      if (typeof x !== 'number' || typeof y !== 'number' || typeof dir !== 'number' || dir === 0) continue;
      // A move off the map (an answer the engine refuses) is no piece's order.
      if (!(x >= 0 && y >= 0 && x < width && y < height)) continue;
      out.set(`${x},${y}`, { piece: `(${x}, ${y})`, order: names[dir] ?? `direction ${dir}`, x: x + 0.5, y: y + 0.5 });
    }
    return out;
  },
  bots: BOT_LIST,
  async lineup(players, random) {
    const m = await import(/* webpackChunkName: "halite1-bots" */ './bots');
    return m.liveLineup(players, random);
  },
  recordedSeat(replay, _seat, name) {
    return new RecordedSeat(name, recordedMoves(replay as Halite1Frames));
  },
  liveSize(random) {
    const side = 24 + 2 * Math.floor(random() * 5);
    return { width: side, height: side };
  },
  createHumanPlay(host) {
    return new Halite1HumanPlay(host);
  },
  events: halite1Events,
};
