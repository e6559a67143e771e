// The viewer: the map (shared renderer), playback, controls, keyboard and touch, the site
// inspector, the player panel, the graphs and the perspective (fog) selector. It draws any
// FrameSource: a replay, or a live game that grows while it is watched.

import { MapRenderer } from '../render/renderer';
import { DEFAULT_PALETTE, OKABE_ITO_PALETTE, Palette, ownerColour } from '../render/palette';
import { FogFrame, FrameSource, Standing, TurnReport, asFogFrame, asTurnReport } from '../render/source';
import { byId, el, fmt, setText } from '../ui/dom';
import { KEY_HELP, keyAction, keyBelongsToTarget, type KeyAction } from '../ui/keys';
import { Playback, SPEEDS, SPEED_PRESETS, nextSpeed } from './clock';
import { GraphPanel } from './graphs';

export interface SourceInfo {
  kind: 'replay' | 'live';
  /** Player names, seat order. */
  names: string[];
  /** The Blitz fog radius of a replay, if it has one. */
  fogOfWar?: number;
}

export interface OpenOptions {
  frame?: number;
  player?: number;
  radius?: number;
  play?: boolean;
  fps?: number;
}

export interface Ejection {
  frame: number;
  reason: string;
}

const MOVE_NAMES = ['Still', 'North ↑', 'East →', 'South ↓', 'West ←'];
const PALETTE_KEY = 'halite.palette';

interface PlayerRow {
  root: HTMLLIElement;
  swatch: HTMLElement;
  rank: HTMLElement;
  territory: HTMLElement;
  production: HTMLElement;
  strength: HTMLElement;
  status: HTMLElement;
}

export class Viewer {
  readonly renderer: MapRenderer;
  readonly playback = new Playback();
  private src: FrameSource | null = null;
  private info: SourceInfo = { kind: 'replay', names: [] };
  private standings: Standing[] = [];
  private ejections = new Map<number, Ejection>();
  private perspective = 0;
  private radius = 2;
  private fogFrame = -1;
  private fogKey = -1;
  private fog: FogFrame | null = null;
  private showProduction = false;
  private showArrows = false;
  private extended = false;
  private palette: Palette = DEFAULT_PALETTE;
  private colours: string[] = [];
  private hover = -1;
  private pinned = -1;
  private dirty = true;
  private lastTime = 0;
  private shownFrame = -1;
  private shownFrames = -1;
  private hold = false;
  private reportCache: { frame: number; report: TurnReport | null } = { frame: -1, report: null };
  private panelFrame = -1;
  private panelTime = 0;
  private rows: PlayerRow[] = [];
  private readonly graphs: GraphPanel;
  private failed = false;
  /** Animation frames to wait before computing the graphs' series (the map shows first). */
  private graphsIn = 0;

  /** Called when the frame or perspective changes (for the address bar). */
  onStateChange: (() => void) | null = null;
  /** Called when drawing fails (engine error): the message. */
  onError: ((message: string) => void) | null = null;

  private readonly els = {
    well: byId('map-well', HTMLDivElement),
    canvas: byId('map', HTMLCanvasElement),
    play: byId('btn-play', HTMLButtonElement),
    back: byId('btn-back', HTMLButtonElement),
    forward: byId('btn-forward', HTMLButtonElement),
    start: byId('btn-start', HTMLButtonElement),
    end: byId('btn-end', HTMLButtonElement),
    timeline: byId('timeline', HTMLInputElement),
    frameInput: byId('frame-input', HTMLInputElement),
    frameTotal: byId('frame-total', HTMLSpanElement),
    frameChip: byId('frame-chip', HTMLDivElement),
    speed: byId('speed-select', HTMLSelectElement),
    perspective: byId('perspective-select', HTMLSelectElement),
    radius: byId('radius-input', HTMLInputElement),
    production: byId('btn-production', HTMLButtonElement),
    arrows: byId('btn-arrows', HTMLButtonElement),
    extended: byId('btn-extended', HTMLButtonElement),
    paletteBtn: byId('btn-palette', HTMLButtonElement),
    zoomIn: byId('btn-zoom-in', HTMLButtonElement),
    zoomOut: byId('btn-zoom-out', HTMLButtonElement),
    recentre: byId('btn-recentre', HTMLButtonElement),
    players: byId('player-list', HTMLOListElement),
    inspector: byId('inspector', HTMLDivElement),
    inspectorNote: byId('inspector-note', HTMLSpanElement),
    loc: byId('insp-loc', HTMLElement),
    owner: byId('insp-owner', HTMLElement),
    strength: byId('insp-strength', HTMLElement),
    prod: byId('insp-production', HTMLElement),
    move: byId('insp-move', HTMLElement),
    dealt: byId('insp-dealt', HTMLElement),
    taken: byId('insp-taken', HTMLElement),
    graphs: byId('graphs', HTMLDivElement),
    help: byId('help-dialog', HTMLDialogElement),
    helpBtn: byId('btn-help', HTMLButtonElement),
    helpClose: byId('help-close', HTMLButtonElement),
    helpKeys: byId('help-keys', HTMLTableSectionElement),
  };

  constructor() {
    this.renderer = new MapRenderer(this.els.canvas);
    this.graphs = new GraphPanel(this.els.graphs, (f) => this.seek(f));
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(PALETTE_KEY);
    } catch {
      saved = null;
    }
    this.setPalette(saved === OKABE_ITO_PALETTE.id ? OKABE_ITO_PALETTE : DEFAULT_PALETTE, false);
    this.buildSpeeds();
    this.buildHelp();
    this.bindControls();
    this.bindPointer();
    this.bindKeys();
    const ro = new ResizeObserver(() => this.resize());
    ro.observe(this.els.well);
    ro.observe(this.els.graphs);
    this.resize();
    this.setInspectorEmpty();
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

  get currentPerspective(): number {
    return this.perspective;
  }

  get currentRadius(): number {
    return this.radius;
  }

  get playing(): boolean {
    return this.playback.playing;
  }

  /** Whether playback stands at the newest frame. */
  get atEnd(): boolean {
    return this.src !== null && this.playback.pos >= this.src.numFrames - 1 && !this.playback.animating;
  }

  /** Shows a game. The previous source is no longer read after this returns. */
  show(src: FrameSource, info: SourceInfo, opts: OpenOptions = {}): void {
    this.src = src;
    this.info = info;
    this.failed = false;
    this.standings = [];
    this.ejections = new Map();
    this.hold = info.kind === 'live';
    this.hover = -1;
    this.pinned = -1;
    this.fog = null;
    this.fogFrame = -1;
    this.fogKey = -1;
    this.reportCache = { frame: -1, report: null };
    this.renderer.setSource(src);
    this.resize();
    const last = src.numFrames - 1;
    this.playback.seek(opts.frame ?? 0, last);
    if (opts.fps) this.setSpeed(opts.fps);
    this.radius = opts.radius ?? info.fogOfWar ?? 2;
    this.els.radius.value = String(this.radius);
    this.buildPerspectives();
    this.setPerspective(opts.player ?? 0, false);
    this.buildPlayers();
    this.graphs.setSource(src, this.colours);
    this.graphs.resize();
    this.graphsIn = 2;
    this.shownFrame = -1;
    this.shownFrames = -1;
    this.panelFrame = -1;
    if (opts.play) this.playback.play(last);
    else this.playback.pause();
    this.setInspectorEmpty();
    this.dirty = true;
    this.syncFrameUi(true);
  }

  /** The live game finished: playback stops at the last frame instead of waiting for more. */
  setLiveFinished(): void {
    this.hold = false;
  }

  /** New frames were added to a live source. */
  framesAdded(): void {
    if (this.graphsIn === 0) this.graphs.refresh();
    this.dirty = true;
  }

  setStandings(standings: Standing[]): void {
    this.standings = standings;
    this.updatePlayers(this.playback.frame);
  }

  setEjections(ej: Map<number, Ejection>): void {
    this.ejections = new Map(ej);
    this.updatePlayers(this.playback.frame);
  }

  play(): void {
    if (!this.src) return;
    this.playback.play(this.src.numFrames - 1);
    this.syncPlayButton();
  }

  pause(): void {
    this.playback.pause();
    this.syncPlayButton();
  }

  togglePlay(): void {
    if (this.playback.playing) this.pause();
    else this.play();
  }

  seek(f: number): void {
    if (!this.src) return;
    this.playback.pause();
    this.playback.seek(f, this.src.numFrames - 1);
    this.syncPlayButton();
    this.dirty = true;
  }

  step(dir: 1 | -1): void {
    if (!this.src) return;
    this.playback.step(dir, performance.now(), this.src.numFrames - 1);
    this.syncPlayButton();
  }

  setSpeed(fps: number): void {
    const v = Math.max(1, Math.min(60, Math.round(fps)));
    this.playback.fps = v;
    if (!SPEEDS.includes(v)) {
      // Keep the menu in step with an unusual speed.
      const opt = el('option', { text: `${v} / s`, attrs: { value: String(v) } });
      this.els.speed.appendChild(opt);
    }
    this.els.speed.value = String(v);
  }

  setPerspective(p: number, notify = true): void {
    const players = this.src ? this.src.numPlayers : 0;
    this.perspective = p >= 1 && p <= players ? p : 0;
    this.els.perspective.value = String(this.perspective);
    this.els.radius.disabled = this.perspective === 0;
    this.fogKey = -1;
    this.dirty = true;
    this.inspect(true);
    if (notify) this.onStateChange?.();
  }

  setRadius(r: number): void {
    if (!Number.isFinite(r)) return;
    this.radius = Math.max(0, Math.min(64, Math.round(r)));
    this.els.radius.value = String(this.radius);
    this.fogKey = -1;
    this.dirty = true;
    this.inspect(true);
    this.onStateChange?.();
  }

  /** Pins site (x, y) in the inspector (and outlines it on the map). */
  pinSite(x: number, y: number): void {
    const src = this.src;
    if (!src || x < 0 || y < 0 || x >= src.width || y >= src.height) return;
    this.pinned = y * src.width + x;
    this.dirty = true;
    this.inspect(true);
  }

  /** Client coordinates of the centre of site (x, y) on screen, or null (tests use this). */
  siteToClient(x: number, y: number): { x: number; y: number } | null {
    return this.renderer.siteToClient(x, y);
  }

  /** Whether the current perspective sees site (x, y) in the current frame. */
  isVisible(x: number, y: number): boolean {
    const src = this.src;
    if (!src) return false;
    const fog = this.currentFog(this.playback.frame);
    return fog ? fog.visible[y * src.width + x] !== 0 : true;
  }

  /** Draws frame `f` at once (benchmarks); returns nothing, the caller times it. */
  drawFrameNow(f: number, transit = 0): void {
    const fog = this.currentFog(f);
    this.renderer.draw({
      frame: f,
      transit,
      fog,
      production: this.showProduction,
      arrows: this.showArrows,
      hover: this.hover,
      pinned: this.pinned,
    });
  }

  // ---------------------------------------------------------------- frame loop

  private loop = (now: number): void => {
    const dt = this.lastTime ? now - this.lastTime : 0;
    this.lastTime = now;
    const src = this.src;
    if (src && !this.failed) {
      try {
        const last = src.numFrames - 1;
        const moved = this.playback.tick(now, dt, last, this.hold);
        if (moved || this.dirty) {
          this.dirty = false;
          this.draw();
        }
        let force = false;
        if (this.graphsIn > 0 && --this.graphsIn === 0) {
          this.graphs.refresh();
          this.graphs.draw(this.playback.pos);
          force = true;
        }
        this.syncFrameUi(force);
        this.syncPanels(now, force);
      } catch (e) {
        this.failed = true;
        this.playback.pause();
        this.syncPlayButton();
        this.onError?.(`drawing failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    requestAnimationFrame(this.loop);
  };

  private draw(): void {
    const pb = this.playback;
    const f = pb.frame;
    this.renderer.draw({
      frame: f,
      transit: pb.transit,
      fog: this.currentFog(f),
      production: this.showProduction,
      arrows: this.showArrows,
      hover: this.hover,
      pinned: this.pinned,
    });
    this.graphs.draw(pb.pos);
  }

  private currentFog(f: number): FogFrame | null {
    const src = this.src;
    if (!src || this.perspective === 0) return null;
    const key = this.perspective * 1000 + this.radius;
    if (this.fogFrame !== f || this.fogKey !== key) {
      this.fog = asFogFrame(src.fogView(f, this.perspective, this.radius), src.width * src.height);
      this.fogFrame = f;
      this.fogKey = key;
    }
    return this.fog;
  }

  /** Updates everything that shows the frame number (only when it changed). */
  private syncFrameUi(force: boolean): void {
    const src = this.src;
    if (!src) return;
    const f = this.playback.frame;
    const frames = src.numFrames;
    if (!force && f === this.shownFrame && frames === this.shownFrames) return;
    const framesChanged = frames !== this.shownFrames;
    this.shownFrame = f;
    this.shownFrames = frames;
    const last = frames - 1;
    const t = this.els.timeline;
    if (framesChanged) {
      t.max = String(last);
      this.els.frameInput.max = String(last);
      setText(this.els.frameTotal, `/ ${last}`);
    }
    t.value = String(f);
    t.style.setProperty('--fill', `${last > 0 ? ((f / last) * 100).toFixed(2) : 0}%`);
    setAttr(t, 'aria-valuetext', `Frame ${f} of ${last}`);
    if (document.activeElement !== this.els.frameInput) this.els.frameInput.value = String(f);
    const live = this.info.kind === 'live' && this.hold;
    setText(this.els.frameChip, live ? `Turn ${f} · live` : `Frame ${f} / ${last}`);
    this.syncPlayButton();
    this.onStateChange?.();
  }

  /**
   * Updates the side panel (players' numbers, graph values, inspector) for the current frame;
   * while playing, a few times a second only (text changes cost layout and paint).
   */
  private syncPanels(now: number, force: boolean): void {
    const f = this.playback.frame;
    if (!force && f === this.panelFrame) return;
    if (!force && this.playback.playing && now - this.panelTime < 100) return;
    this.panelFrame = f;
    this.panelTime = now;
    this.graphs.showValues(f);
    this.updatePlayers(f);
    this.inspect(true);
  }

  private syncPlayButton(): void {
    const playing = this.playback.playing;
    const b = this.els.play;
    if (b.classList.contains('playing') !== playing) {
      b.classList.toggle('playing', playing);
      b.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    }
  }

  // ---------------------------------------------------------------- players panel

  private buildPlayers(): void {
    const list = this.els.players;
    list.replaceChildren();
    this.rows = [];
    const src = this.src;
    if (!src) return;
    for (let p = 1; p <= src.numPlayers; p++) {
      const swatch = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
      const name = el('span', { className: 'player-name', text: this.info.names[p - 1] ?? `Player ${p}` });
      name.title = name.textContent ?? '';
      const rank = el('span', { className: 'player-rank' });
      const territory = el('b');
      const production = el('b');
      const strength = el('b');
      const status = el('span', { className: 'player-status' });
      const stats = el('span', { className: 'player-stats' }, [
        el('span', {}, [document.createTextNode('Territory '), territory]),
        el('span', {}, [document.createTextNode('Prod '), production]),
        el('span', {}, [document.createTextNode('Strength '), strength]),
        status,
      ]);
      const root = el('li', { className: 'player', attrs: { 'data-player': String(p) } }, [swatch, name, rank, stats]);
      list.appendChild(root);
      this.rows.push({ root, swatch, rank, territory, production, strength, status });
    }
    this.colourPlayers();
    this.updatePlayers(this.playback.frame);
  }

  private colourPlayers(): void {
    this.rows.forEach((r, k) => (r.swatch.style.background = this.colours[k + 1]));
  }

  private updatePlayers(f: number): void {
    const src = this.src;
    if (!src) return;
    const ter = this.graphs.data('territory');
    const prod = this.graphs.data('production');
    const str = this.graphs.data('strength');
    // Series are player-major over the frames they were fetched with.
    const frames = ter ? Math.floor(ter.length / Math.max(1, src.numPlayers)) : 0;
    this.rows.forEach((r, k) => {
      const at = k * frames + Math.min(f, frames - 1);
      setText(r.territory, ter && at < ter.length ? fmt(ter[at]) : '—');
      setText(r.production, prod && at < prod.length ? fmt(prod[at]) : '—');
      setText(r.strength, str && at < str.length ? fmt(str[at]) : '—');
      const s = this.standings.find((x) => x.tag === k + 1);
      const ej = this.ejections.get(k + 1);
      let out = false;
      if (s) {
        const final = this.info.kind === 'replay' || !this.hold;
        setText(r.rank, `${final ? '' : 'now '}#${s.rank}`);
        setAttr(r.rank, 'data-first', String(s.rank === 1));
        setAttr(r.rank, 'title', final ? `Finished ${ordinal(s.rank)}` : `Currently ${ordinal(s.rank)}`);
      } else setText(r.rank, '');
      let status = '';
      let kind = '';
      let reason = '';
      if (ej) {
        status = `ejected at frame ${ej.frame}`;
        kind = 'ejected';
        reason = ej.reason;
        out = f >= ej.frame;
      } else if (s && !s.alive) {
        const gone = s.lastFrameAlive + 1;
        status = s.ejected ? `ejected at frame ${gone}` : `eliminated at frame ${gone}`;
        kind = s.ejected ? 'ejected' : 'out';
        out = f >= gone;
      }
      setText(r.status, status);
      setAttr(r.status, 'title', reason);
      setAttr(r.status, 'data-kind', kind);
      if (r.root.classList.contains('out') !== out) r.root.classList.toggle('out', out);
    });
  }

  // ---------------------------------------------------------------- inspector

  private setInspectorEmpty(): void {
    this.els.inspector.classList.add('empty');
    for (const e of [this.els.loc, this.els.owner, this.els.strength, this.els.prod, this.els.move, this.els.dealt, this.els.taken]) {
      setText(e, '—');
    }
    setText(this.els.inspectorNote, 'hover or tap the map');
  }

  private turnReport(f: number): TurnReport | null {
    const src = this.src;
    if (!src) return null;
    if (this.reportCache.frame !== f) {
      let report: TurnReport | null = null;
      if (f < src.numFrames - 1) {
        try {
          report = asTurnReport(src.turnReport(f));
        } catch {
          report = null;
        }
      }
      this.reportCache = { frame: f, report };
    }
    return this.reportCache.report;
  }

  /** Refreshes the inspector for the pinned (else hovered) site at the current frame. */
  private inspect(force: boolean): void {
    const src = this.src;
    const site = this.pinned >= 0 ? this.pinned : this.hover;
    if (!src || site < 0 || site >= src.width * src.height) {
      if (force || !this.els.inspector.classList.contains('empty')) this.setInspectorEmpty();
      return;
    }
    const f = this.playback.frame;
    const x = site % src.width;
    const y = Math.floor(site / src.width);
    this.els.inspector.classList.remove('empty');
    setText(this.els.inspectorNote, this.pinned >= 0 ? 'pinned · click it again to release' : 'hover or tap the map');
    setText(this.els.loc, `(${x}, ${y})`);
    const fog = this.currentFog(f);
    if (fog && fog.visible[site] === 0) {
      this.setOwner(-1, 'Hidden by fog');
      for (const e of [this.els.strength, this.els.prod, this.els.move, this.els.dealt, this.els.taken]) setText(e, '?');
      return;
    }
    // Read the views at once, then make other engine calls.
    const owner = fog ? fog.owner[site] : src.owner(f)[site];
    const strength = fog ? fog.strength[site] : src.strength(f)[site];
    const production = src.production()[site];
    const move = f < src.numFrames - 1 ? src.moves(f)[site] : -1;
    this.setOwner(owner, owner === 0 ? 'Neutral' : this.info.names[owner - 1] ?? `Player ${owner}`);
    setText(this.els.strength, String(strength));
    setText(this.els.prod, String(production));
    if (move < 0) setText(this.els.move, '— (last frame)');
    else if (owner === 0) setText(this.els.move, '—');
    else setText(this.els.move, move <= 4 ? MOVE_NAMES[move] : `Invalid (${move}): stays, no production`);
    const report = this.turnReport(f);
    setText(this.els.dealt, report ? fmt(report.damageDealt[site] ?? 0) : '—');
    setText(this.els.taken, report ? fmt(report.damageTaken[site] ?? 0) : '—');
  }

  private ownerDot: HTMLElement | null = null;

  private setOwner(owner: number, name: string): void {
    const dd = this.els.owner;
    if (!this.ownerDot) this.ownerDot = el('span', { className: 'owner-dot', attrs: { 'aria-hidden': 'true' } });
    const dot = this.ownerDot;
    dot.style.background = owner < 0 ? 'transparent' : ownerColour(this.palette, owner);
    dot.style.border = owner < 0 ? '1px dashed #7f8aa0' : '0';
    if (dd.firstChild !== dot || dd.childNodes.length !== 2 || dd.lastChild?.textContent !== name) {
      dd.replaceChildren(dot, document.createTextNode(name));
    }
    dd.title = name;
  }

  // ---------------------------------------------------------------- controls

  private buildSpeeds(): void {
    for (const s of SPEEDS) this.els.speed.appendChild(el('option', { text: `${s} / s`, attrs: { value: String(s) } }));
    this.els.speed.value = String(this.playback.fps);
  }

  private buildHelp(): void {
    for (const [keys, what] of KEY_HELP) {
      this.els.helpKeys.appendChild(el('tr', {}, [el('th', { attrs: { scope: 'row' } }, [el('kbd', { text: keys })]), el('td', { text: what })]));
    }
  }

  private buildPerspectives(): void {
    const sel = this.els.perspective;
    sel.replaceChildren(el('option', { text: 'Whole map', attrs: { value: '0' } }));
    const src = this.src;
    if (!src) return;
    for (let p = 1; p <= src.numPlayers; p++) {
      const name = this.info.names[p - 1] ?? `Player ${p}`;
      sel.appendChild(el('option', { text: `What ${name} saw`, attrs: { value: String(p) } }));
    }
  }

  private bindControls(): void {
    const e = this.els;
    e.play.addEventListener('click', () => this.togglePlay());
    e.back.addEventListener('click', () => this.step(-1));
    e.forward.addEventListener('click', () => this.step(1));
    e.start.addEventListener('click', () => this.seek(0));
    e.end.addEventListener('click', () => this.seek(this.numFrames - 1));
    e.timeline.addEventListener('input', () => this.seek(Number(e.timeline.value)));
    e.frameInput.addEventListener('change', () => {
      const v = Number(e.frameInput.value);
      if (Number.isFinite(v)) this.seek(v);
      e.frameInput.value = String(this.playback.frame);
    });
    e.frameInput.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') e.frameInput.dispatchEvent(new Event('change'));
    });
    e.speed.addEventListener('change', () => this.setSpeed(Number(e.speed.value)));
    e.perspective.addEventListener('change', () => this.setPerspective(Number(e.perspective.value)));
    e.radius.addEventListener('change', () => this.setRadius(Number(e.radius.value)));
    e.production.addEventListener('click', () => this.toggleProduction());
    e.arrows.addEventListener('click', () => this.toggleArrows());
    e.extended.addEventListener('click', () => this.toggleExtended());
    e.paletteBtn.addEventListener('click', () => this.togglePalette());
    e.zoomIn.addEventListener('click', () => this.zoom(1));
    e.zoomOut.addEventListener('click', () => this.zoom(-1));
    e.recentre.addEventListener('click', () => this.recentre());
    e.helpBtn.addEventListener('click', () => this.toggleHelp());
    e.helpClose.addEventListener('click', () => e.help.close());
    e.help.addEventListener('click', (ev) => {
      // A click on the backdrop (the dialog box itself, outside its content) closes it.
      if (ev.target === e.help) {
        const r = e.help.getBoundingClientRect();
        const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
        if (!inside) e.help.close();
      }
    });
  }

  toggleHelp(): void {
    const d = this.els.help;
    if (d.open) d.close();
    else d.showModal();
  }

  toggleProduction(): void {
    this.showProduction = !this.showProduction;
    this.els.production.setAttribute('aria-pressed', String(this.showProduction));
    this.dirty = true;
  }

  toggleArrows(): void {
    this.showArrows = !this.showArrows;
    this.els.arrows.setAttribute('aria-pressed', String(this.showArrows));
    this.dirty = true;
  }

  toggleExtended(): void {
    this.extended = !this.extended;
    this.els.extended.setAttribute('aria-pressed', String(this.extended));
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
    this.renderer.setPalette(p);
    this.graphs.setColours(this.colours);
    this.colourPlayers();
    this.els.paletteBtn.setAttribute('aria-pressed', String(p.id === OKABE_ITO_PALETTE.id));
    if (save) {
      try {
        localStorage.setItem(PALETTE_KEY, p.id);
      } catch {
        // Storage can be unavailable (private mode): the choice just is not remembered.
      }
    }
    this.inspect(true);
    this.dirty = true;
  }

  get paletteColours(): readonly string[] {
    return this.colours;
  }

  private zoom(dir: 1 | -1): void {
    this.renderer.zoomBy(dir > 0 ? 1.5 : 1 / 1.5);
    this.dirty = true;
  }

  private recentre(): void {
    this.renderer.resetView();
    this.dirty = true;
  }

  private resize(): void {
    this.renderer.resize();
    this.graphs.resize();
    this.dirty = true;
  }

  // ---------------------------------------------------------------- pointer: pan, zoom, inspect

  private bindPointer(): void {
    const canvas = this.els.canvas;
    const pointers = new Map<number, { x: number; y: number }>();
    let dragged = false;
    let downAt = { x: 0, y: 0 };
    let pinchDist = 0;

    const setHover = (site: number) => {
      if (site !== this.hover) {
        this.hover = site;
        this.dirty = true;
        this.inspect(true);
      }
    };

    canvas.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) {
        dragged = false;
        downAt = { x: e.clientX, y: e.clientY };
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinchDist = Math.hypot(a.x - b.x, a.y - b.y);
        dragged = true;
      }
    });

    canvas.addEventListener('pointermove', (e) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) {
        if (e.pointerType === 'mouse') setHover(this.renderer.siteAt(e.clientX, e.clientY));
        return;
      }
      const cur = { x: e.clientX, y: e.clientY };
      if (pointers.size === 1) {
        if (!dragged && Math.hypot(cur.x - downAt.x, cur.y - downAt.y) > 5) {
          dragged = true;
          canvas.classList.add('dragging');
          // Catch up the movement made before the drag was recognised.
          this.renderer.panBy(cur.x - downAt.x, cur.y - downAt.y);
        } else if (dragged) {
          this.renderer.panBy(cur.x - prev.x, cur.y - prev.y);
        }
        pointers.set(e.pointerId, cur);
        if (dragged) this.dirty = true;
      } else if (pointers.size === 2) {
        const others = [...pointers.entries()].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
        const other = others[0];
        const midBefore = { x: (prev.x + other.x) / 2, y: (prev.y + other.y) / 2 };
        const midAfter = { x: (cur.x + other.x) / 2, y: (cur.y + other.y) / 2 };
        const dist = Math.hypot(cur.x - other.x, cur.y - other.y);
        const r = canvas.getBoundingClientRect();
        if (pinchDist > 0 && dist > 0) this.renderer.zoomBy(dist / pinchDist, midAfter.x - r.left, midAfter.y - r.top);
        this.renderer.panBy(midAfter.x - midBefore.x, midAfter.y - midBefore.y);
        pinchDist = dist;
        pointers.set(e.pointerId, cur);
        this.dirty = true;
      }
    });

    const release = (e: PointerEvent, cancelled: boolean) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.delete(e.pointerId);
      if (pointers.size === 0) {
        canvas.classList.remove('dragging');
        if (!dragged && !cancelled) {
          // A tap or click: pin the site (again on the same site: release it).
          const site = this.renderer.siteAt(e.clientX, e.clientY);
          this.pinned = site === this.pinned ? -1 : site;
          if (e.pointerType !== 'mouse') this.hover = -1;
          this.dirty = true;
          this.inspect(true);
        }
      } else if (pointers.size === 1) {
        pinchDist = 0;
      }
    };
    canvas.addEventListener('pointerup', (e) => release(e, false));
    canvas.addEventListener('pointercancel', (e) => release(e, true));
    canvas.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && pointers.size === 0) setHover(-1);
    });

    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const r = canvas.getBoundingClientRect();
        const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? r.height : 1;
        const delta = Math.max(-300, Math.min(300, e.deltaY * unit));
        this.renderer.zoomBy(Math.exp(-delta * 0.0022), e.clientX - r.left, e.clientY - r.top);
        this.dirty = true;
      },
      { passive: false },
    );
  }

  // ---------------------------------------------------------------- keyboard

  private bindKeys(): void {
    window.addEventListener('keydown', (e) => {
      if (this.els.help.open) {
        if (e.key === '?') {
          e.preventDefault();
          this.els.help.close();
        }
        return;
      }
      if (e.key === 'Escape' && this.pinned >= 0) {
        this.pinned = -1;
        this.dirty = true;
        this.inspect(true);
        return;
      }
      if (keyBelongsToTarget(e.target, e.key)) return;
      const action = keyAction(e);
      if (!action) return;
      e.preventDefault();
      this.perform(action);
    });
  }

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
      case 'pan':
        this.renderer.panSites(a.dx, a.dy);
        this.dirty = true;
        break;
      case 'recentre':
        this.recentre();
        break;
      case 'production':
        this.toggleProduction();
        break;
      case 'extended':
        this.toggleExtended();
        break;
      case 'arrows':
        this.toggleArrows();
        break;
      case 'perspective': {
        const n = this.src ? this.src.numPlayers : 0;
        this.setPerspective(n === 0 ? 0 : (this.perspective + 1) % (n + 1));
        break;
      }
      case 'palette':
        this.togglePalette();
        break;
      case 'zoom':
        this.zoom(a.dir);
        break;
      case 'help':
        this.toggleHelp();
        break;
    }
  }
}

/** Sets an attribute only when its value changes. */
function setAttr(e: Element, name: string, value: string): void {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
