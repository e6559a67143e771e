// The seam between the shell (pages, viewer, timeline, graphs, seats, match loop) and a game.
// Everything a page knows of a game goes through a GameModule; code specific to one game lives
// only under games/<id>/. Seats are numbered from 0 everywhere at this seam; a game maps them to
// its own ids inside (Halite I owner values are seat + 1).

import type { Forward, Seat } from './seat';
import type { EjectionKind, LoopEjection, LoopNote, LoopSetup, LoopStats, PageAnswer } from './engine-protocol';
import type { Drawings } from './drawings';
import type { Palette } from './palette';

/** A game's id, as the registry (games/index.ts) lists it. */
export type GameId = string;

/** What the shell reads of any game being shown: its size, seats, frames and statistics. */
export interface FrameSource {
  readonly game: GameId;
  readonly width: number;
  readonly height: number;
  /** Frames held so far (a live game grows). */
  readonly numFrames: number;
  readonly numPlayers: number;
  playerNames(): string[];
  /** A statistics series, player-major (`seat * numFrames + frame`), or null before it is known. */
  series(name: string): Uint32Array | null;
  /** Bumped whenever new frames or series arrive (for caches). */
  readonly version: number;
}

/** One line of the standings. `seat` is 0-based. */
export interface Standing {
  seat: number;
  name: string;
  rank: number;
  /** Last frame in which the seat held anything (-1: out before the first turn). */
  lastFrameAlive: number;
  alive: boolean;
  ejected: boolean;
  /** The game's main score at the end (Halite I: territory). */
  score: number;
}

export type VerifyResult =
  | { ok: true }
  | { ok: false; frame: number; message: string; site?: { x: number; y: number }; unfinished?: boolean };

/** A moment of a game worth jumping to (an elimination, a capture, a battle...): the frame that
 * shows it, and what happened there in a few words ("Greedy eliminated"). */
export interface GameEvent {
  frame: number;
  label: string;
}

/** When a seat went out of a game, as the viewer knows it (from the standings and ejections). */
export interface SeatOutInfo {
  seat: number;
  /** First frame in which the seat is out. */
  frame: number;
  ejected: boolean;
}

/** A statistics series a game offers for graphs. */
export interface SeriesInfo {
  key: string;
  label: string;
  /** A short label for narrow columns (the players panel). */
  short?: string;
  /** Shown without "extended statistics". */
  basic: boolean;
}

/** Whose eyes the board is drawn through: -1 the whole map, else a seat and its sight radius. */
export interface Perspective {
  seat: number;
  radius: number;
}

export interface BoardDrawState {
  frame: number;
  /** Progress of the move from `frame` to `frame + 1`, 0..1. */
  transit: number;
  perspective: Perspective;
  /** The frame a perspective is drawn from (an eliminated seat: the last frame it saw). */
  perspectiveFrame: number;
  /** Optional layers by name (Halite I: 'production', 'arrows'). */
  layers: ReadonlySet<string>;
  /** Target under the pointer and pinned in the inspector, or -1. */
  hover: number;
  pinned: number;
}

/** A game's board, drawn on a canvas the shell gives it. Targets are game-defined numbers
 * (Halite I: site indices). */
export interface BoardView {
  readonly canvas: HTMLCanvasElement;
  setSource(src: FrameSource | null): void;
  setPalette(p: Palette): void;
  resize(): void;
  draw(state: BoardDrawState): void;
  /** The target under a client point, or -1. */
  pick(clientX: number, clientY: number): number;
  panBy(dx: number, dy: number): void;
  /** Pans by whole cells (keyboard). */
  panSteps(dx: number, dy: number): void;
  zoomBy(factor: number, px?: number, py?: number): void;
  resetView(): void;
  /** Client point of map point (x, y), or null when off screen (Halite I: the cell's centre is
   * at whole coordinates; Halite II: map coordinates are floats). */
  cellToClient(x: number, y: number): { x: number; y: number } | null;
  /** Canvas pixels (CSS units) of map point (x, y) in the units bots draw in (Halite I: site
   * units, a site's centre at (x + 0.5, y + 0.5); Halite II: map units), unclipped. */
  mapToCanvas(x: number, y: number): [number, number];
  /** Canvas pixels per map unit at the current zoom. */
  pixelsPerUnit(): number;
  /** Whether the perspective sees target `t` in `frame`. */
  isVisible(t: number, frame: number, p: Perspective): boolean;
}

/** Shows what is at one target of the board at one frame. Mounted on the element it is given. */
export interface Inspector {
  /** A short note for the inspector's heading (e.g. "pinned"), if it has one. */
  readonly noteElement?: HTMLElement;
  setSource(src: FrameSource | null, names: string[]): void;
  setPalette(p: Palette): void;
  /** Shows target `t` (or nothing for -1) at `frame`, seen through `p`. */
  show(t: number, frame: number, p: Perspective, pinned: boolean): void;
}

/** A replay opened in a worker: the frames at once, the rest as it is computed. */
export interface OpenedReplay {
  source: FrameSource;
  fogOfWar?: number;
  /** Final standings. */
  standings: Promise<Standing[]>;
  /** Statistics for the graphs (the source's series are filled when this resolves). */
  seriesReady: Promise<void>;
  /** The rules check of every turn. */
  verdict: Promise<VerifyResult>;
  /** The replay as the original's file (for download). */
  bytes: Uint8Array;
  /** Bot logs kept with the replay (`logs[seat][turn]`), if it has any. */
  logs: Promise<string[][] | null>;
  /** Bot drawings kept with the replay (`drawings[seat][turn]`), if it has any. */
  drawings: Promise<Drawings | null>;
  /** What reading the replay cut to a live game's limits (names, logs, drawings), in a sentence;
   * null when nothing was. */
  trimmed: Promise<string | null>;
  /** Says the page has drawn what it has of the replay so far. An opening asked to be `paced`
   * waits for this (or a second) before its next piece of work: the statistics after the
   * frames, the rules check after the statistics. Nothing otherwise. */
  drawn(): void;
  /** Frees the worker. */
  dispose(): void;
}

/** How a replay is opened. `paced`: the page calls `OpenedReplay.drawn` as it draws, and the
 * worker's work after the frames waits for it, so that the page's first frames of the replay
 * do not share the cores with the worker's statistics and rules check. */
export interface OpenOptions {
  paced?: boolean;
}

export interface MatchConfig {
  names: string[];
  width: number;
  height: number;
  seed: number;
  /** Blitz fog radius, if any. */
  fog?: number;
  maxTurns?: number;
}

export type { Forward } from './seat';

/** Why a fog game offers no forward model. */
export const FOG_NO_FORWARD = 'debug.simulate is not available in fog games: it would reveal hidden sites';

/** A game being played. Its rules run off the main thread; `source` grows as turns are played. */
export interface MatchHost {
  readonly source: FrameSource;
  readonly seats: number;
  readonly over: boolean;
  readonly turn: number;
  /** Standings as of the latest turn (final once over). */
  readonly results: Standing[];
  /** What each seat sees now (null for a seat that is out); with `forward`, the engine's
   * snapshot for bots' forward model is taken too (read it with `forward()`). */
  observations(opts?: { forward?: boolean }): Promise<(unknown | null)[]>;
  /** The forward model's start as of the last `observations({ forward: true })`, or null. */
  forward(): Forward | null;
  /** Why the engine would refuse `raw` as `seat`'s answer now (the check a live game makes:
   * the game's packing, then the engine), or null if it passes. Nothing is kept for the turn. */
  check(seat: number, raw: unknown): Promise<string | null>;
  /** Plays one turn with every seat's checked action (null: no action). The answer brings the
   * next turn's observations (the next `observations()` with the same `forward` needs no round
   * trip). */
  step(actions: (unknown | null)[], opts?: { forward?: boolean }): Promise<void>;
  /** Ejects a seat as the original does (`atInit`: it failed to start). */
  eject(seat: number, atInit: boolean): void;
  /** Renames a seat (in the results, the replay and `source.playerNames()`). */
  setName(seat: number, name: string): void;
  /** The game so far as the original's replay file; `members` (JSON object members such as
   * `"bot_logs":[...]`, see shell/engine/bot-extras.ts) go into its JSON, before any compression;
   * gzipped as well, by the engine's worker, with `gzip` (a replay its game compresses itself,
   * Halite II's zstd, comes as it is). */
  replayBytes(members?: string, opts?: { gzip?: boolean }): Promise<Uint8Array>;
  /** Plays the game to its end with the match loop in the engine worker (shell/engine/match-loop.ts):
   * `client` answers the page's seats and hears of the turns played (already in `source`), the
   * ejections and the end. */
  play(setup: LoopSetup, client: LoopClient): LoopHandle;
  dispose(): void;
}

/** The page's side of a match loop running in the engine worker. */
export interface LoopClient {
  /** The page's seats `seats` are to answer (or, `start`, to start: `turn` is then -1). */
  ask(start: boolean, turn: number, seats: number[], observations: (unknown | null)[], forward: Forward | null): void;
  /** One or more turns were played (their frames are in `source`), and these seats ejected;
   * `notes`: what the hosted bots asked on their ports logged and drew meanwhile. */
  played(ejected: LoopEjection[], notes: LoopNote[]): void;
  /** A hosted bot asked on its port overran its budget in `turn`: end its worker and say why
   * (`LoopHandle.failed`). */
  overrun(seat: number, turn: number, ms: number): void;
  ended(error: string | null, stats: LoopStats | null): void;
}

/** The page's messages to a running match loop. */
export interface LoopHandle {
  /** The game may reach `frames` frames. */
  credit(frames: number): void;
  answer(turn: number, seat: number, answer: PageAnswer): void;
  resign(seat: number): void;
  /** A hosted bot asked on its port failed outside its messages (its worker or host crashed, it
   * overran its budget): the loop ejects it. */
  failed(seat: number, reason: string, kind: EjectionKind): void;
  halt(): void;
}

/** A gesture on the board taken over from the camera (a human's selection box). Coordinates are
 * client pixels. */
export interface PointerIntercept {
  /** A primary pointer went down on the board: true to take the gesture (the map does not pan). */
  down(clientX: number, clientY: number, additive: boolean): boolean;
  move(clientX: number, clientY: number): void;
  /** The gesture ended (`cancelled`: a second finger turned it into a pinch). */
  up(clientX: number, clientY: number, cancelled: boolean): void;
}

/** What a human seat's controls are given by the page that shows the game. */
export interface HumanPlayHost {
  /** The board the game is drawn on (the controls draw their plan on it). */
  board: BoardView;
  /** The game being played. */
  source: FrameSource;
  /** An element for the controls' panel (d-pad, end turn...): mounted on, emptied on dispose. */
  panel: HTMLElement;
  /** The human's seat (0-based). */
  seat: number;
  /** The frame the viewer shows now. */
  shownFrame(): number;
  /** Asks for a redraw of the board. */
  redraw(): void;
  /** Brings the view to the newest frame (a turn is waiting for the human). */
  showNewest(): void;
}

/** A human's controls for one seat of a live game. */
export interface HumanPlay {
  /** A turn begins: what the seat sees. Resolves with the seat's raw answer when the human ends
   * the turn (Enter, the button, or the turn timer). */
  begin(observation: unknown, turn: number): Promise<unknown>;
  /** The game stopped: a waiting turn ends with no answer. */
  cancel(): void;
  /** A key pressed while focus is not in a text field: true when the controls used it. */
  key(e: KeyboardEvent): boolean;
  /** Board gestures the controls take (selection), or null. */
  readonly pointer: PointerIntercept | null;
  /** The turn a human is planning now, or -1. */
  readonly waitingTurn: number;
  dispose(): void;
}

/** A built-in bot of a game. */
export interface BotInfo {
  id: string;
  name: string;
  description: string;
  hidden?: boolean;
}

/** The context a seat's raw answer is checked against. */
/** One piece's order: which piece ("(3, 4)", "ship 12"), the order in words, and where the piece
 * is, in the units bots draw in. */
export interface PieceOrder {
  piece: string;
  order: string;
  x: number;
  y: number;
}

/** An optional layer of the board, with its toggle chip (Halite I: the production heat map). */
export interface LayerInfo {
  key: string;
  label: string;
  /** The letter key that toggles it, as shown on the chip and in the help (one the viewer's
   * own keys leave free). */
  kbd: string;
  title: string;
  /** Its line in the viewer's help ("Production heat map on / off"). */
  help: string;
}

export interface GameModule {
  readonly id: GameId;
  readonly title: string;
  /** The text a new bot starts from: a short bot that plays, with steps to make it better. */
  readonly starterBot: string;
  readonly series: readonly SeriesInfo[];
  /** The board's optional layers, each a chip and a key in the viewer (none: an empty list). */
  readonly layers: readonly LayerInfo[];
  /** Lines of the viewer's help about this game's board. */
  readonly helpNotes: readonly string[];
  /** What the help's line on panning adds about the map's edges (Halite I: it wraps around). */
  readonly panNote?: string;
  /** What the inspector shows, for its card's title. */
  readonly inspectorTitle: string;
  /** The series a live standing is ranked by (largest first). */
  readonly rankSeries: string;
  /** Whether the board can be seen through one seat's eyes (fog of war). */
  readonly perspectives: boolean;
  /** Seat counts a live game may have (absent: any the page allows). */
  readonly playerCounts?: readonly number[];
  /** The map sizes a live game is offered on (absent: any size within the page's bounds). */
  readonly sizes?: readonly { width: number; height: number }[];
  /** Whether a live game can have fog of war (absent: when the board has `perspectives`). */
  readonly fog?: boolean;
  /** The name its fog-of-war games go by, when they have one of their own. */
  readonly fogName?: string;
  /** Its replays are plain JSON, as the original tools write and read them; the page also offers
   * them gzipped, under this ending (`.hlt.gz`), which its own readers take as well (absent: a
   * game whose replays are compressed already, such as Halite II's zstd). */
  readonly gzipEnding?: string;
  /** Opens a replay in a worker; rejects with the engine's message. */
  openReplay(bytes: Uint8Array, onProgress: (label: string) => void, options?: OpenOptions): Promise<OpenedReplay>;
  /** A new match on a generated map. */
  startMatch(config: MatchConfig): Promise<MatchHost>;
  /** A match continuing a replay from `frame`, exactly as the recorded game would have. */
  forkMatch(replay: Uint8Array, frame: number): Promise<MatchHost>;
  createBoard(canvas: HTMLCanvasElement): BoardView;
  createInspector(root: HTMLElement): Inspector;
  /** Each piece's order in an answer (a bot's, or a recorded one), keyed by piece, for comparing
   * two answers to the same observation (pieces that stay still are absent). */
  answerOrders(raw: unknown, observation: unknown): Map<string, PieceOrder>;
  /** The built-in bots (loaded on demand). */
  bots(): Promise<readonly BotInfo[]>;
  /** A lineup of built-in bots for a live game with `players` seats. */
  lineup(players: number, random: () => number): Promise<string[]>;
  /** A seat that plays the moves a replay recorded for seat `seat` (a replay's source). */
  recordedSeat(replay: FrameSource, seat: number, name: string): Seat;
  /** A live game's map size for a random generator. */
  liveSize(random: () => number): { width: number; height: number };
  /** Controls for a human playing seat `host.seat` on this game's board. */
  createHumanPlay(host: HumanPlayHost): HumanPlay;
  /** The moments of `src` worth jumping to, in frame order, from what it holds so far (frames,
   * series); `outs`: the seats known to be out (ejections, eliminations). Absent: the viewer
   * offers no event navigation. */
  events?(src: FrameSource, outs: readonly SeatOutInfo[]): GameEvent[];
}
