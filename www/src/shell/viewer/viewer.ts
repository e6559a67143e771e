// The viewer: a game's board with playback, timeline, keys, the perspective (fog) selector, the
// players panel, the game's inspector and the graphs. Mounted on the element it is given (it
// builds its own markup there and finds nothing by global id), so every page can show a board.
// It draws any FrameSource of the module it is made with: a replay, or a live game that grows.

import { bindCamera } from './camera';
import { el, setText } from '../page/dom';
import { shortLabel } from '../page/names';
import type { BoardView, FrameSource, GameModule, HumanPlay, Inspector, Perspective, Standing } from '../game';
import { GraphPanel } from './graphs';
import { ShapePainter, turnLayers, type Drawings, type ShapeLayer } from '../drawings';
import { LogPane } from './logs';
import { HelpDialog } from './help';
import { keyAction, keyBelongsToTarget, type KeyAction } from './keys';
import { DEFAULT_PALETTE, OKABE_ITO_PALETTE, ownerColour, type Palette } from '../palette';
import { PlayersPanel } from './players';
import { Playback, SPEED_PRESETS, nextSpeed } from './playback';
import { outsOf, standingsAt, type SeatOut } from './standings';
import { Timeline } from './timeline';
import { EventNav } from './events';
import type { GameEvent } from '../game';
import { YouMarker } from './you-marker';

export interface SourceInfo {
  kind: 'replay' | 'live';
  /** Player names, seat order. */
  names: string[];
  /** The Blitz fog radius of a replay, if it has one. */
  fogOfWar?: number;
}

export interface OpenOptions {
  frame?: number;
  /** Perspective: -1 (or absent) the whole map, else a seat. */
  seat?: number;
  radius?: number;
  play?: boolean;
  fps?: number;
}

export interface Ejection {
  frame: number;
  reason: string;
}

const PALETTE_KEY = 'halite.palette';

let uid = 0;

export class Viewer {
  readonly board: BoardView;
  readonly playback = new Playback();
  readonly module: GameModule;
  /** The map area: pages put their overlays (banners, progress, results) here. */
  readonly well: HTMLDivElement;
  private readonly root: HTMLElement;
  private readonly inspector: Inspector;
  private readonly timeline: Timeline;
  /** Previous / next event (absent when the game declares none). */
  private readonly eventNav: EventNav | null;
  private eventCache: { src: FrameSource; version: number; outs: Map<number, SeatOut>; frames: number; events: GameEvent[] } | null = null;
  private readonly players: PlayersPanel;
  private readonly you: YouMarker;
  private readonly graphs: GraphPanel;
  private readonly help: HelpDialog;
  private readonly logs: LogPane;
  private readonly parts: {
    chip: HTMLElement;
    note: HTMLElement;
    perspective: HTMLSelectElement;
    radius: HTMLInputElement;
    layers: Map<string, HTMLButtonElement>;
    extended: HTMLButtonElement;
    palette: HTMLButtonElement;
    drawingsChip: HTMLButtonElement;
    overlay: HTMLCanvasElement;
    finalBtn: HTMLButtonElement;
    play: HTMLDivElement;
  };
  /** The controls of a human playing the live game shown, if any. */
  private human: HumanPlay | null = null;
  /** A seat whose view is imposed (a human in a game with fog sees only its own view). */
  private lockedSeat: number | null = null;
  private src: FrameSource | null = null;
  private info: SourceInfo = { kind: 'replay', names: [] };
  private final: Standing[] | null = null;
  private ejections = new Map<number, Ejection>();
  /** What the bots drew, `[seat][turn]` (live arrays), and whether it is shown. */
  private drawings: Drawings = [];
  private showDrawings = true;
  /** Shapes shown at one frame only (Debug this turn: what a bot answered there). */
  private marks: { frame: number; layers: ShapeLayer[] } | null = null;
  private outs = new Map<number, SeatOut>();
  private showFinal = false;
  private perspective: Perspective = { seat: -1, radius: 2 };
  private layers = new Set<string>();
  private extended = false;
  private palette: Palette = DEFAULT_PALETTE;
  private colours: string[] = [];
  private hover = -1;
  private pinned = -1;
  private dirty = true;
  /** Draws the bots' shapes over the board, a slice of time a frame. */
  private readonly painter = new ShapePainter();
  private lastTime = 0;
  private shownFrame = -1;
  private shownFrames = -1;
  private shownVersion = -1;
  private hold = false;
  private panelFrame = -1;
  private panelTime = 0;
  private failed = false;
  private graphsIn = 0;
  private disposed = false;
  private resizeWanted = true;
  private freshLayout = true;
  /** The side panel is laid out one frame after the board, so no one task does both. */
  private side: HTMLElement | null = null;

  /** Called when the frame or perspective changes (for the address bar). */
  onStateChange: (() => void) | null = null;
  /** Called when drawing fails (engine error): the message. */
  onError: ((message: string) => void) | null = null;

  constructor(root: HTMLElement, module: GameModule) {
    this.root = root;
    this.module = module;
    const id = `v${++uid}`;
    root.classList.add('layout');
    root.innerHTML = `
      <section class="stage" aria-label="Game map and playback">
        <div class="map-well" data-part="well">
          <canvas class="map-canvas" data-part="map" tabindex="0" role="img" aria-label="Game map. Drag to pan, wheel or pinch to zoom, hover or tap to inspect."></canvas>
          <canvas class="map-overlay" data-part="drawings" aria-hidden="true" hidden></canvas>
          <div class="map-tools" role="group" aria-label="Zoom">
            <button type="button" class="tool" data-part="zoom-in" aria-label="Zoom in" title="Zoom in (+)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 6v12M6 12h12"/></svg></button>
            <button type="button" class="tool" data-part="zoom-out" aria-label="Zoom out" title="Zoom out (−)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 12h12"/></svg></button>
            <button type="button" class="tool" data-part="recentre" aria-label="Recentre on the players and fit the map" title="Recentre (O)"><svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="3"/><path d="M12 3v3M12 18v3M3 12h3M18 12h3"/></svg></button>
          </div>
          <div class="frame-chip" data-part="frame-chip" aria-hidden="true"></div>
          <p class="map-note" data-part="map-note" role="status" hidden></p>
        </div>
        <div data-part="human-play" hidden></div>
        <div data-part="controls" id="${id}-controls"></div>
        <div class="options" role="group" aria-label="Display options">
          <div class="option-group" data-part="perspective-group">
            <label for="${id}-persp" class="field-label">View</label>
            <select id="${id}-persp" data-part="perspective" class="select select-small"><option value="-1">Whole map</option></select>
            <label for="${id}-radius" class="field-label">Fog radius</label>
            <input type="number" id="${id}-radius" data-part="radius" class="num num-small" min="0" max="64" step="1" value="2" disabled>
          </div>
          <div class="option-group toggles" data-part="toggles"></div>
        </div>
      </section>
      <aside class="side" data-part="side" aria-label="Game details" hidden>
        <section class="card" aria-labelledby="${id}-players">
          <div class="card-head">
            <h2 class="card-title" id="${id}-players">Players</h2>
            <button type="button" class="link-btn" data-part="final" aria-pressed="false" title="Show how the game ended (it may spoil the replay)">Final result</button>
          </div>
          <div data-part="players"></div>
        </section>
        <section class="card" aria-labelledby="${id}-site">
          <div class="card-head" data-part="inspector-head"><h2 class="card-title" id="${id}-site">${module.inspectorTitle}</h2></div>
          <div data-part="inspector"></div>
        </section>
        <section class="card card-logs" data-part="logs" aria-label="Bot logs"></section>
        <section class="card card-graphs" aria-labelledby="${id}-stats">
          <div class="card-head">
            <h2 class="card-title" id="${id}-stats">Statistics</h2>
            <span class="card-note">click a graph to seek</span>
          </div>
          <div class="graphs" data-part="graphs"></div>
        </section>
      </aside>`;
    const q = <T extends HTMLElement>(part: string) => {
      const e = root.querySelector(`[data-part="${part}"]`);
      if (!e) throw new Error(`viewer markup is missing ${part}`);
      return e as T;
    };
    this.well = q<HTMLDivElement>('well');
    this.side = q('side');
    const canvas = q<HTMLCanvasElement>('map');
    this.board = module.createBoard(canvas);
    this.inspector = module.createInspector(q('inspector'));
    if (this.inspector.noteElement) q('inspector-head').appendChild(this.inspector.noteElement);
    this.timeline = new Timeline(q('controls'), {
      togglePlay: () => this.togglePlay(),
      step: (d) => this.step(d),
      seek: (f) => this.seek(f),
      speed: (fps) => this.setSpeed(fps),
    });
    this.timeline.setSpeed(this.playback.fps);
    this.eventNav = module.events ? new EventNav(q('controls'), (f) => this.seek(f)) : null;
    this.players = new PlayersPanel(q('players'));
    this.you = new YouMarker(q('well'));
    this.graphs = new GraphPanel(q('graphs'), module.series, (f) => this.seek(f));
    this.help = new HelpDialog(root, module);
    this.logs = new LogPane(q('logs'));
    this.logs.onFilter = () => {
      this.logs.update(this.playback.frame);
      this.dirty = true;
    };
    const toggles = q('toggles');
    const chip = (part: string, label: string, kbd: string, title: string) => {
      const b = el('button', { className: 'chip', attrs: { type: 'button', 'aria-pressed': 'false', title, 'data-part': part } }, [
        el('span', { className: 'chip-dot', attrs: { 'aria-hidden': 'true' } }),
        document.createTextNode(label),
        el('kbd', { text: kbd }),
      ]);
      toggles.appendChild(b);
      return b;
    };
    const layers = new Map<string, HTMLButtonElement>();
    for (const l of module.layers) layers.set(l.key, chip(`layer-${l.key}`, l.label, l.kbd, l.title));
    this.parts = {
      chip: q('frame-chip'),
      note: q('map-note'),
      perspective: q('perspective'),
      radius: q('radius'),
      layers,
      extended: chip('extended', 'Extended stats', 'E', 'Extended statistics (E)'),
      drawingsChip: chip('bot-drawings', 'Bot drawings', 'B', 'What the bots drew on the map this turn (B); filtered by bot like the logs'),
      overlay: q<HTMLCanvasElement>('drawings'),
      palette: chip('palette', 'Colour-blind safe', 'C', 'Colour-blind-safe palette, Okabe–Ito (C)'),
      finalBtn: q('final'),
      play: q('human-play'),
    };
    this.parts.drawingsChip.hidden = true;
    if (!module.perspectives) q('perspective-group').hidden = true;
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(PALETTE_KEY);
    } catch {
      saved = null;
    }
    this.setPalette(saved === OKABE_ITO_PALETTE.id ? OKABE_ITO_PALETTE : DEFAULT_PALETTE, false);
    this.bindControls(q);
    bindCamera(this.board, {
      changed: () => (this.dirty = true),
      hover: (t) => {
        if (t !== this.hover) {
          this.hover = t;
          this.dirty = true;
          this.inspect();
        }
      },
      intercept: () => this.human?.pointer ?? null,
      tap: (t, touch) => {
        this.pinned = t === this.pinned ? -1 : t;
        if (touch) this.hover = -1;
        this.dirty = true;
        this.inspect();
      },
    });
    window.addEventListener('keydown', this.onKey);
    // Sizes are read in the frame loop, never in the middle of a task that changed the page (a
    // forced layout there would lengthen that task).
    const ro = new ResizeObserver(() => (this.resizeWanted = true));
    ro.observe(this.well);
    ro.observe(q('graphs'));
    requestAnimationFrame(this.loop);
  }

  // ---------------------------------------------------------------- public API

  get source(): FrameSource | null {
    return this.src;
  }

  get kind(): 'replay' | 'live' {
    return this.info.kind;
  }

  get frame(): number {
    return this.playback.frame;
  }

  get numFrames(): number {
    return this.src ? this.src.numFrames : 0;
  }

  /** The seat whose view is shown, or -1 for the whole map. */
  get currentSeat(): number {
    return this.perspective.seat;
  }

  get currentRadius(): number {
    return this.perspective.radius;
  }

  get playing(): boolean {
    return this.playback.playing;
  }

  /** Whether playback stands at the newest frame. */
  get atEnd(): boolean {
    return this.src !== null && this.playback.pos >= this.src.numFrames - 1 && !this.playback.animating;
  }

  get paletteColours(): readonly string[] {
    return this.colours;
  }

  /** Shows a game. The previous source is no longer read after this returns. */
  show(src: FrameSource, info: SourceInfo, opts: OpenOptions = {}): void {
    this.detachHuman();
    this.you.hide();
    this.players.setYou(-1);
    this.src = src;
    this.info = info;
    this.failed = false;
    this.final = null;
    this.ejections = new Map();
    this.outs = new Map();
    this.showFinal = false;
    this.parts.finalBtn.setAttribute('aria-pressed', 'false');
    // A live game has no final result until it ends.
    this.parts.finalBtn.hidden = info.kind === 'live';
    this.hold = info.kind === 'live';
    this.hover = -1;
    this.pinned = -1;
    this.board.setSource(src);
    this.inspector.setSource(src, info.names);
    this.resizeWanted = true;
    this.freshLayout = true;
    const last = src.numFrames - 1;
    this.playback.seek(opts.frame ?? 0, last);
    if (opts.fps) this.setSpeed(opts.fps);
    this.perspective = { seat: -1, radius: opts.radius ?? info.fogOfWar ?? 2 };
    this.parts.radius.value = String(this.perspective.radius);
    this.buildPerspectives();
    this.setPerspective(opts.seat ?? -1, false);
    this.players.setPlayers(info.names, this.module.series.filter((s) => s.basic), this.colours);
    this.logs.setLogs([], info.names);
    this.drawings = [];
    this.marks = null;
    this.graphs.setSource(src, this.colours);
    this.graphsIn = 2;
    this.shownFrame = -1;
    this.shownFrames = -1;
    this.shownVersion = -1;
    this.panelFrame = -1;
    if (opts.play) this.playback.play(last, !this.hold);
    else this.playback.pause();
    this.dirty = true;
    this.syncFrameUi(true);
  }

  /** Gives seat `seat` of the live game shown to a human: the game's play controls, under the
   * map. With `fogRadius` the view is locked to what that seat sees. */
  attachHuman(seat: number, fogRadius?: number): HumanPlay {
    const src = this.src;
    if (!src) throw new Error('no game is shown');
    this.detachHuman();
    const panel = this.parts.play;
    panel.hidden = false;
    const play = this.module.createHumanPlay({
      board: this.board,
      source: src,
      panel,
      seat,
      shownFrame: () => this.playback.frame,
      redraw: () => (this.dirty = true),
      showNewest: () => this.followNewest(),
    });
    this.human = play;
    // The person's seat is marked on the board and in the players panel (until another game).
    this.you.show(seat, this.colours[seat + 1] ?? '#fff');
    this.players.setYou(seat);
    if (fogRadius !== undefined) {
      this.lockedSeat = seat;
      this.perspective = { seat, radius: fogRadius };
      this.parts.radius.value = String(fogRadius);
      this.setPerspective(seat, false);
      this.parts.perspective.disabled = true;
      this.parts.radius.disabled = true;
    }
    this.resizeWanted = true;
    return play;
  }

  /** Removes a human's controls (the game ended or another is shown). */
  detachHuman(): void {
    if (!this.human) return;
    this.human.dispose();
    this.human = null;
    this.parts.play.hidden = true;
    if (this.lockedSeat !== null) {
      this.lockedSeat = null;
      this.parts.perspective.disabled = false;
      this.parts.radius.disabled = this.perspective.seat < 0;
    }
    this.resizeWanted = true;
    this.dirty = true;
  }

  /** The human's controls, if a human plays the game shown. */
  get humanPlay(): HumanPlay | null {
    return this.human;
  }

  /** Bot logs to show with the frames: `logs[seat][turn]` (read again as the game grows). */
  setLogs(logs: readonly (readonly string[])[]): void {
    this.logs.setLogs(logs, this.info.names);
    this.panelFrame = -1;
  }

  /** New seat names (a bot named itself when it started). */
  setNames(names: string[]): void {
    this.info = { ...this.info, names: names.slice() };
    this.players.setPlayers(this.info.names, this.module.series.filter((s) => s.basic), this.colours);
    const seat = this.perspective.seat;
    this.buildPerspectives();
    this.parts.perspective.value = String(seat);
    this.inspector.setSource(this.src, this.info.names);
    this.logs.setNames(this.info.names);
    this.panelFrame = -1;
  }

  /** The live game finished: playback stops at the last frame instead of waiting for more. */
  setLiveFinished(): void {
    this.hold = false;
    this.parts.finalBtn.hidden = false;
    this.panelFrame = -1;
  }

  /** New frames or statistics were added to the source. */
  framesAdded(): void {
    this.dirty = true;
  }

  /** The final standings (a replay's, or a live game's latest). */
  setStandings(standings: Standing[]): void {
    this.final = standings;
    this.outs = outsOf(standings, this.ejections);
    this.panelFrame = -1;
    this.shownFrame = -1;
  }

  setEjections(ej: Map<number, Ejection>): void {
    this.ejections = new Map(ej);
    this.outs = outsOf(this.final, this.ejections);
    this.panelFrame = -1;
    this.shownFrame = -1;
  }

  play(): void {
    if (!this.src) return;
    // A live game still being played never starts again from frame 0: it plays on to the newest
    // frame and waits there.
    this.playback.play(this.src.numFrames - 1, !this.hold);
    this.timeline.setPlaying(true);
  }

  /** Whether the game shown is live and still being played. */
  get following(): boolean {
    return this.hold;
  }

  /** Shows the newest frame at once and follows the live game from there (a turn waits for the
   * human, or the person asked for the last frame). */
  followNewest(): void {
    const src = this.src;
    if (!src) return;
    const last = src.numFrames - 1;
    this.playback.seek(last, last);
    if (this.hold) this.playback.play(last, false);
    this.timeline.setPlaying(this.playback.playing);
    this.dirty = true;
  }

  pause(): void {
    this.playback.pause();
    this.timeline.setPlaying(false);
  }

  togglePlay(): void {
    if (this.playback.playing) this.pause();
    else this.play();
  }

  seek(f: number): void {
    if (!this.src) return;
    // In a live game, the last frame means the newest one, followed as the game goes on.
    if (this.hold && f >= this.src.numFrames - 1) {
      this.followNewest();
      return;
    }
    this.playback.pause();
    this.playback.seek(f, this.src.numFrames - 1);
    this.timeline.setPlaying(false);
    // The scrubber and the frame box show the new frame at once (the map follows on the next
    // animation frame): a key pressed on the scrubber right after moves on from this frame.
    this.syncFrameUi(false);
    this.dirty = true;
  }

  step(dir: 1 | -1): void {
    if (!this.src) return;
    this.playback.step(dir, performance.now(), this.src.numFrames - 1);
    this.timeline.setPlaying(this.playback.playing);
  }

  setSpeed(fps: number): void {
    const v = Math.max(1, Math.min(60, Math.round(fps)));
    this.playback.fps = v;
    this.timeline.setSpeed(v);
  }

  setPerspective(seat: number, notify = true): void {
    if (this.lockedSeat !== null) seat = this.lockedSeat;
    const players = this.src ? this.src.numPlayers : 0;
    this.perspective = { seat: seat >= 0 && seat < players ? seat : -1, radius: this.perspective.radius };
    this.parts.perspective.value = String(this.perspective.seat);
    this.parts.radius.disabled = this.perspective.seat < 0;
    this.shownFrame = -1;
    this.dirty = true;
    this.inspect();
    if (notify) this.onStateChange?.();
  }

  setRadius(r: number): void {
    if (!Number.isFinite(r)) return;
    this.perspective = { seat: this.perspective.seat, radius: Math.max(0, Math.min(64, Math.round(r))) };
    this.parts.radius.value = String(this.perspective.radius);
    this.dirty = true;
    this.inspect();
    this.onStateChange?.();
  }

  /** Pins cell (x, y) in the inspector (and outlines it on the board). */
  pinSite(x: number, y: number): void {
    const src = this.src;
    if (!src || x < 0 || y < 0 || x >= src.width || y >= src.height) return;
    this.pinned = y * src.width + x;
    this.dirty = true;
    this.inspect();
  }

  /** Client coordinates of the centre of cell (x, y) on screen, or null (tests use this). */
  siteToClient(x: number, y: number): { x: number; y: number } | null {
    return this.board.cellToClient(x, y);
  }

  /** Whether the current perspective sees cell (x, y) in the current frame. */
  isVisible(x: number, y: number): boolean {
    const src = this.src;
    if (!src || this.perspective.seat < 0) return src !== null;
    return this.board.isVisible(y * src.width + x, this.perspectiveFrame(this.playback.frame), this.perspective);
  }

  /** Draws frame `f` at once (benchmarks). */
  drawFrameNow(f: number, transit = 0): void {
    this.board.draw(this.drawState(f, transit));
    this.drawOverlay(f, Infinity);
  }

  // ---------------------------------------------------------------- frame loop

  /** Resolves after the next frame the viewer draws (at once once it is disposed): a live game
   * waits on it for the display to catch up, instead of polling. */
  nextFrame(): Promise<void> {
    // A disposed viewer draws no more frames: the caller checks again in a while.
    if (this.disposed) return new Promise<void>((r) => setTimeout(r, 20));
    return new Promise<void>((r) => this.frameWaiters.push(r));
  }

  private frameWaiters: (() => void)[] = [];

  /** Resolves in a task after the first frame that shows all the source has (its board drawn
   * after its first layout, its graphs with the statistics so far), or once the viewer is
   * disposed. A hidden tab draws nothing: it waits until the tab is shown. */
  drawn(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    return new Promise<void>((r) => this.drawnWaiters.push(r));
  }

  private drawnWaiters: (() => void)[] = [];

  private loop = (now: number): void => {
    if (this.frameWaiters.length > 0) {
      const waiting = this.frameWaiters;
      this.frameWaiters = [];
      // After this frame's work: queued so they run once the loop has drawn.
      queueMicrotask(() => waiting.forEach((r) => r()));
    }
    if (this.disposed) return;
    const dt = this.lastTime ? now - this.lastTime : 0;
    this.lastTime = now;
    const src = this.src;
    if (this.resizeWanted) {
      this.resizeWanted = false;
      this.resize();
      if (this.freshLayout) {
        // The first layout of new content is long: drawing waits for the next frame, so that
        // no one task does both.
        this.freshLayout = false;
        requestAnimationFrame(this.loop);
        return;
      }
    }
    if (this.side) {
      // A frame of its own for the side panel's first layout.
      this.side.hidden = false;
      this.side = null;
      requestAnimationFrame(this.loop);
      return;
    }
    if (src && !this.failed) {
      try {
        const last = src.numFrames - 1;
        const moved = this.playback.tick(now, dt, last, this.hold);
        if (moved || this.dirty) {
          this.dirty = false;
          this.board.draw(this.drawState(this.playback.frame, this.playback.transit));
          this.drawOverlay(this.playback.frame);
          this.graphs.draw(this.playback.pos);
        } else if (this.painter.pending) {
          // The rest of the drawings, a slice a frame.
          this.drawOverlay(this.playback.frame);
        }
        let force = false;
        if (this.graphsIn > 0 && --this.graphsIn === 0) force = true;
        if (this.graphsIn === 0 && src.version !== this.shownVersion) {
          this.shownVersion = src.version;
          this.dirty = true;
          this.graphs.refresh();
          this.graphs.draw(this.playback.pos);
          force = true;
        }
        this.syncFrameUi(force);
        this.syncPanels(now, force);
        if (this.drawnWaiters.length > 0 && !this.dirty && this.graphsIn === 0 && this.shownVersion === src.version) {
          const waiting = this.drawnWaiters;
          this.drawnWaiters = [];
          // In a task of their own, after this frame's painting.
          setTimeout(() => waiting.forEach((r) => r()), 0);
        }
      } catch (e) {
        this.failed = true;
        this.pause();
        this.onError?.(`drawing failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    requestAnimationFrame(this.loop);
  };

  /** The frame a perspective is drawn from: an eliminated seat's last frame. */
  private perspectiveFrame(f: number): number {
    const seat = this.perspective.seat;
    if (seat < 0) return f;
    const o = this.outs.get(seat);
    if (o && f >= o.frame) return Math.max(0, o.frame - 1);
    return f;
  }

  private drawState(f: number, transit: number) {
    const pf = this.perspectiveFrame(f);
    return {
      frame: f,
      transit: pf === f ? transit : 0,
      perspective: this.perspective,
      perspectiveFrame: pf,
      layers: this.layers,
      hover: this.hover,
      pinned: this.pinned,
    };
  }

  /** Updates everything that shows the frame number (only when it changed). */
  private syncFrameUi(force: boolean): void {
    const src = this.src;
    if (!src) return;
    const f = this.playback.frame;
    const frames = src.numFrames;
    if (!force && f === this.shownFrame && frames === this.shownFrames) return;
    this.shownFrame = f;
    this.shownFrames = frames;
    const last = frames - 1;
    this.timeline.update(f, last);
    this.eventNav?.update(this.events(), f, last);
    const live = this.info.kind === 'live' && this.hold;
    setText(this.parts.chip, live ? `Turn ${f} · live` : `Frame ${f} / ${last}`);
    this.timeline.setPlaying(this.playback.playing);
    this.syncNote(f);
    this.onStateChange?.();
  }

  /** The game's events in the frames held so far (computed again when they change). */
  events(): readonly GameEvent[] {
    const src = this.src;
    const find = this.module.events;
    if (!src || !find) return [];
    const c = this.eventCache;
    if (c && c.src === src && c.version === src.version && c.outs === this.outs && c.frames === src.numFrames) return c.events;
    let events: GameEvent[] = [];
    try {
      const outs = [...this.outs].map(([seat, o]) => ({ seat, frame: o.frame, ejected: o.ejected }));
      events = find.call(this.module, src, outs).filter((e) => e.frame >= 0 && e.frame < src.numFrames);
    } catch {
      // A game's event finder that fails leaves the buttons without events, not the page broken.
      events = [];
    }
    this.eventCache = { src, version: src.version, outs: this.outs, frames: src.numFrames, events };
    return events;
  }

  /** Jumps to the previous or next event (the `[` and `]` keys). */
  jumpToEvent(dir: 1 | -1): void {
    if (!this.eventNav) return;
    this.eventNav.update(this.events(), this.playback.frame, Math.max(0, this.numFrames - 1));
    this.eventNav.go(dir);
  }

  /** The note over the map when the perspective's seat is out at this frame. */
  private syncNote(f: number): void {
    const seat = this.perspective.seat;
    const o = seat >= 0 ? this.outs.get(seat) : undefined;
    const note = this.parts.note;
    if (!o || f < o.frame) {
      note.hidden = true;
      return;
    }
    const name = this.info.names[seat] ?? `Player ${seat + 1}`;
    const how = o.ejected ? 'was ejected' : 'was eliminated';
    const seen = o.frame - 1;
    setText(note, seen >= 0 ? `${name} ${how} at frame ${o.frame}. Showing the last frame it saw (${seen}).` : `${name} ${how} before the first turn and saw nothing.`);
    note.hidden = false;
  }

  /** The side panels for the current frame; while playing, a few times a second only. */
  private syncPanels(now: number, force: boolean): void {
    const f = this.playback.frame;
    if (!force && f === this.panelFrame) return;
    if (!force && this.playback.playing && now - this.panelTime < 100) return;
    this.panelFrame = f;
    this.panelTime = now;
    this.graphs.showValues(f);
    this.updatePlayers(f);
    this.logs.update(f);
    this.inspect();
  }

  private updatePlayers(f: number): void {
    const src = this.src;
    if (!src) return;
    const players = Math.max(1, src.numPlayers);
    const score = src.series(this.module.rankSeries);
    const frames = score ? Math.floor(score.length / players) : 0;
    const finished = this.info.kind === 'replay' || !this.hold;
    const atEnd = finished && f >= src.numFrames - 1;
    const standings = standingsAt(f, src.numPlayers, score, frames, this.outs, this.final, this.showFinal || atEnd);
    this.players.update(
      standings,
      (key, seat) => {
        const d = src.series(key);
        if (!d) return null;
        const n = Math.floor(d.length / players);
        return n > 0 ? d[seat * n + Math.min(f, n - 1)] : null;
      },
      !finished,
    );
  }

  /** Refreshes the inspector for the pinned (else hovered) target at the current frame. */
  private inspect(): void {
    const t = this.pinned >= 0 ? this.pinned : this.hover;
    const f = this.playback.frame;
    try {
      this.inspector.show(t, this.perspectiveFrame(f), this.perspective, this.pinned >= 0);
    } catch {
      this.inspector.show(-1, f, this.perspective, false);
    }
  }

  // ---------------------------------------------------------------- controls

  private buildPerspectives(): void {
    const sel = this.parts.perspective;
    sel.replaceChildren(el('option', { text: 'Whole map', attrs: { value: '-1' } }));
    this.info.names.forEach((name, seat) => {
      sel.appendChild(el('option', { text: `What ${shortLabel(name)} saw`, attrs: { value: String(seat), title: name } }));
    });
  }

  private bindControls(q: <T extends HTMLElement>(part: string) => T): void {
    const p = this.parts;
    p.perspective.addEventListener('change', () => this.setPerspective(Number(p.perspective.value)));
    p.radius.addEventListener('change', () => this.setRadius(Number(p.radius.value)));
    for (const [key, b] of p.layers) b.addEventListener('click', () => this.toggleLayer(key));
    p.drawingsChip.addEventListener('click', () => this.toggleDrawings());
    p.extended.addEventListener('click', () => this.toggleExtended());
    p.palette.addEventListener('click', () => this.togglePalette());
    p.finalBtn.addEventListener('click', () => {
      this.showFinal = !this.showFinal;
      p.finalBtn.setAttribute('aria-pressed', String(this.showFinal));
      this.updatePlayers(this.playback.frame);
    });
    q<HTMLButtonElement>('zoom-in').addEventListener('click', () => this.zoom(1));
    q<HTMLButtonElement>('zoom-out').addEventListener('click', () => this.zoom(-1));
    q<HTMLButtonElement>('recentre').addEventListener('click', () => this.recentre());
  }

  toggleHelp(): void {
    this.help.toggle();
  }

  toggleLayer(key: string): void {
    // Only the layers this game's board has.
    if (!this.parts.layers.has(key)) return;
    if (this.layers.has(key)) this.layers.delete(key);
    else this.layers.add(key);
    this.parts.layers.get(key)?.setAttribute('aria-pressed', String(this.layers.has(key)));
    this.dirty = true;
  }

  /** Bot drawings to show with the frames: `drawings[seat][turn]` (read again as the game grows). */
  setDrawings(drawings: Drawings): void {
    this.drawings = drawings;
    this.dirty = true;
  }

  toggleDrawings(): void {
    this.showDrawings = !this.showDrawings;
    this.dirty = true;
  }

  /** Shapes to show over frame `frame` only, whatever the toggle (null: none). */
  setMarks(marks: { frame: number; layers: ShapeLayer[] } | null): void {
    this.marks = marks;
    this.dirty = true;
  }

  /** Draws the bots' shapes of frame `f` over the board (the chip shows only when any bot drew), for
   * at most `budgetMs` of this frame (the painter's own budget unless given; the rest next frame). */
  private drawOverlay(f: number, budgetMs?: number): void {
    const o = this.parts.overlay;
    const any = this.drawings.some((d) => d.some((t) => t && t.length));
    this.parts.drawingsChip.hidden = !any;
    this.parts.drawingsChip.setAttribute('aria-pressed', String(this.showDrawings));
    const layers = any && this.showDrawings && this.perspective.seat < 0 ? turnLayers(this.drawings, f, this.logs.only, this.colours.slice(1)) : [];
    if (this.marks && this.marks.frame === f) layers.push(...this.marks.layers);
    const show = layers.length > 0;
    if (!show) {
      // Hidden and empty: nothing of an earlier frame stays behind.
      if (!o.hidden) o.getContext('2d')?.clearRect(0, 0, o.width, o.height);
      o.hidden = true;
      this.painter.reset();
      return;
    }
    o.hidden = false;
    const c = this.board.canvas;
    if (o.width !== c.width || o.height !== c.height) {
      o.width = c.width;
      o.height = c.height;
    }
    const dpr = c.clientWidth > 0 ? c.width / c.clientWidth : 1;
    this.painter.paint(o, dpr, layers, this.board, budgetMs);
  }

  toggleExtended(): void {
    this.extended = !this.extended;
    this.parts.extended.setAttribute('aria-pressed', String(this.extended));
    this.root.classList.toggle('extended-stats', this.extended);
    this.graphs.setExtended(this.extended);
    this.graphs.showValues(this.playback.frame);
    this.dirty = true;
  }

  togglePalette(): void {
    this.setPalette(this.palette.id === OKABE_ITO_PALETTE.id ? DEFAULT_PALETTE : OKABE_ITO_PALETTE, true);
  }

  private setPalette(p: Palette, save: boolean): void {
    this.palette = p;
    this.colours = [0, 1, 2, 3, 4, 5, 6].map((o) => ownerColour(p, o));
    this.board.setPalette(p);
    this.inspector.setPalette(p);
    this.graphs.setColours(this.colours);
    this.players.setColours(this.colours);
    if (this.you.shown >= 0) this.you.setColour(this.colours[this.you.shown + 1] ?? '#fff');
    this.parts.palette.setAttribute('aria-pressed', String(p.id === OKABE_ITO_PALETTE.id));
    if (save) {
      try {
        localStorage.setItem(PALETTE_KEY, p.id);
      } catch {
        // Storage can be unavailable (private mode): the choice just is not remembered.
      }
    }
    this.inspect();
    this.dirty = true;
  }

  private zoom(dir: 1 | -1): void {
    this.board.zoomBy(dir > 0 ? 1.5 : 1 / 1.5);
    this.dirty = true;
  }

  private recentre(): void {
    this.board.resetView();
    this.dirty = true;
  }

  private resize(): void {
    this.board.resize();
    this.graphs.resize();
    this.dirty = true;
  }

  // ---------------------------------------------------------------- keyboard

  private onKey = (e: KeyboardEvent): void => {
    if (!this.root.isConnected) return;
    if (this.help.open) {
      if (e.key === '?') {
        e.preventDefault();
        this.help.close();
      }
      return;
    }
    if (this.human && !keyBelongsToTarget(e.target, e.key) && this.human.key(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape' && this.pinned >= 0) {
      this.pinned = -1;
      this.dirty = true;
      this.inspect();
      return;
    }
    if (keyBelongsToTarget(e.target, e.key)) return;
    const action = keyAction(e, this.module.layers);
    if (!action) return;
    e.preventDefault();
    this.perform(action);
  };

  private perform(a: KeyAction): void {
    switch (a.kind) {
      case 'toggle-play':
        this.togglePlay();
        break;
      case 'step':
        this.step(a.dir);
        break;
      case 'speed-preset':
        this.setSpeed(SPEED_PRESETS[a.index] ?? this.playback.fps);
        break;
      case 'speed':
        this.setSpeed(nextSpeed(this.playback.fps, a.dir));
        break;
      case 'start':
        this.seek(0);
        break;
      case 'end':
        this.seek(this.numFrames - 1);
        break;
      case 'event':
        this.jumpToEvent(a.dir);
        break;
      case 'pan':
        this.board.panSteps(a.dx, a.dy);
        this.dirty = true;
        break;
      case 'recentre':
        this.recentre();
        break;
      case 'layer':
        this.toggleLayer(a.key);
        break;
      case 'extended':
        this.toggleExtended();
        break;
      case 'perspective': {
        const n = this.src ? this.src.numPlayers : 0;
        // Whole map, then each seat in turn.
        this.setPerspective(n === 0 ? -1 : ((this.perspective.seat + 2) % (n + 1)) - 1);
        break;
      }
      case 'palette':
        this.togglePalette();
        break;
      case 'drawings':
        this.toggleDrawings();
        break;
      case 'zoom':
        this.zoom(a.dir);
        break;
      case 'help':
        this.toggleHelp();
        break;
    }
  }

  /** Unmounts: stops the loop and the key handler. */
  dispose(): void {
    this.detachHuman();
    this.disposed = true;
    for (const r of this.frameWaiters.splice(0)) r();
    for (const r of this.drawnWaiters.splice(0)) r();
    window.removeEventListener('keydown', this.onKey);
    this.root.replaceChildren();
  }
}
