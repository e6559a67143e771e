// The watch page: a replay (from a file, a drop, a sample or `?replay=URL`) or a live game
// between bots (`?bots=a,b,c`, the home page). Replays are opened in a worker (decompressing,
// parsing, statistics and the rules check never run on the main thread); live games are stepped
// in a worker and their bots play in workers of their own.
//
// The page is a shell: it owns the viewer, the game shown and the address, and composes the
// sessions in watch/ (opening replays, live games, the Continue dialog, the result overlay) and
// Debug this turn.

import { installMoreMenu } from '../shell/page/more-menu';
import { installInspectorSheet } from '../shell/viewer/inspector-sheet';
import { BotLibrary } from '../bots/library';
import { resolveEntry } from '../seats/entries';
import { WorkerSeat } from '../seats/worker-seat';
import { botMembers } from '../shell/engine/bot-extras';
import { el, setText } from '../shell/page/dom';
import { errorMessage } from '../shell/engine';
import type { GameModule, MatchHost } from '../shell/game';
import { downloadName } from '../shell/page/loader';
import { bindFileDrop } from '../shell/page/drop';
import { DEFAULT_GAME, GAME_LIMITS, SAMPLES, loadGame, recogniseReplay } from '../games/index';
import { buildSearch, checkAddress, parseUrlState, type UrlState } from '../shell/page/urlstate';
import { Viewer } from '../shell/viewer/viewer';
import { DebugPanel } from './debug-turn';
import type { Current, LiveRequest, ShowLive, WatchContext } from './watch/context';
import { ContinueDialog } from './watch/continue';
import { LiveSession } from './watch/live-session';
import { OVERLAYS, pageHtml, showIntro } from './watch/markup';
import { ReplaySession } from './watch/replay-session';
import { ResultOverlay } from './watch/result';
import { WatchUi } from './watch/ui';

export type { LiveRequest } from './watch/context';

export class WatchPage implements WatchContext {
  /** The viewer of the game shown; a game of another kind gets a new viewer (switchModule). */
  viewer: Viewer;
  module: GameModule;
  readonly ui: WatchUi;
  current: Current = { kind: 'none' };
  private readonly viewerRoot: HTMLElement;
  private loadToken = 0;
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  private debugPanel: DebugPanel | null = null;
  private readonly replays: ReplaySession;
  private readonly live: LiveSession;
  private readonly continueDialog: ContinueDialog;
  private readonly result: ResultOverlay;

  constructor(
    private readonly root: HTMLElement,
    module: GameModule,
  ) {
    this.module = module;
    // The viewer fills the window on wide screens (its side panel scrolls on its own).
    document.documentElement.classList.add('fills-window');
    // A game with a human seat is the play page's game.
    root.innerHTML = pageHtml(parseUrlState(location.search).bots?.includes('human') ? 'play' : 'watch');
    const actions = root.querySelector<HTMLElement>('.topbar .actions');
    if (actions) installMoreMenu(actions);
    this.viewerRoot = root.querySelector<HTMLElement>('[data-part="viewer"]') ?? root;
    this.viewer = new Viewer(this.viewerRoot, module);
    installInspectorSheet(this.viewerRoot);
    this.viewer.well.insertAdjacentHTML('beforeend', OVERLAYS);
    this.ui = new WatchUi(root, this.viewer.well, () => this.module.title);
    // Messages show at the top of the map, clear of the playback controls under it.
    this.viewer.well.appendChild(this.ui.els.toasts);
    this.result = new ResultOverlay(this);
    this.live = new LiveSession(this, this.result);
    this.replays = new ReplaySession(this);
    this.continueDialog = new ContinueDialog(this);
    this.bindViewer();
    showIntro(root);
    for (const s of SAMPLES) this.ui.els.samples.appendChild(el('option', { text: s.label, attrs: { value: s.file } }));
    this.bindActions();
    bindFileDrop(this.ui.els.drop, (files) => {
      const f = files?.[0];
      if (f) void this.replays.openFile(f);
    });
  }

  // ------------------------------------------------------------ the context the sessions share

  newLoad(): number {
    return ++this.loadToken;
  }

  isLoad(token: number): boolean {
    return token === this.loadToken;
  }

  /** Shows games of `module` from now on: a new viewer for its board, inspector and graphs (the
   * page's overlays move into it). The game shown until now is no longer drawn. */
  switchModule(module: GameModule): void {
    if (module.id === this.module.id) return;
    this.viewer.dispose();
    this.module = module;
    this.viewer = new Viewer(this.viewerRoot, module);
    this.ui.moveInto(this.viewer.well);
    this.bindViewer();
  }

  replace(next: Current, show: () => void): void {
    const previous = this.current;
    if (previous.kind === 'live') previous.match.stop();
    this.result.hide();
    // Messages about the game shown until now do not stay over the next one.
    this.ui.clearToasts();
    this.current = next;
    show();
    this.release(previous);
  }

  startLive(request: LiveRequest): Promise<void> {
    return this.live.start(request);
  }

  showLive(live: ShowLive): void {
    this.live.show(live);
  }

  askContinue(): Promise<void> {
    return this.continueDialog.ask();
  }

  // ------------------------------------------------------------ the page

  private bindViewer(): void {
    this.viewer.onStateChange = () => {
      this.scheduleUrlUpdate();
      this.debugPanel?.frameChanged(this.viewer.frame);
    };
    this.viewer.onError = (m) => this.ui.showError(m);
  }

  /** Opens what the address asks for; `problems` are parameters it could not use (shown). */
  async start(search: string, problems: readonly string[] = []): Promise<void> {
    const state = parseUrlState(search);
    const { replay: _replay, frame: _frame, player: _player, radius: _radius, ...live } = state;
    if (!state.replay) {
      void this.live.start(live);
      return;
    }
    // A continued game's fork starts as soon as the replay's bytes are read.
    let fork: Promise<MatchHost> | null = null;
    const at = state.frame;
    const ok = await this.replays.openUrl(state.replay, state, (bytes) => {
      if (!state.continue || at === undefined) return;
      fork = recogniseReplay(bytes).then((m) => (m ?? this.module).forkMatch(bytes, at));
      fork.catch(() => {});
    });
    // A replay link that fails shows its error and the ways to open a replay, not another game.
    if (!ok && this.current.kind === 'none') this.showEmpty();
    if (problems.length > 0) this.ui.toast(problems.join(' '));
    const c = this.current;
    if (ok && state.continue && c.kind === 'replay') {
      // `continue=`: the game goes on at once from the frame asked (the last when none is).
      await this.continueDialog.from(c, state.frame ?? c.opened.source.numFrames - 1, state.continue, { initMs: state.initMs, turnMs: state.turnMs }, false, fork);
    } else if (fork) {
      void (fork as Promise<MatchHost>).then((h) => h.dispose(), () => {});
    }
  }

  /** No game shown (a replay link failed): the title says so and the well offers the ways in. */
  private showEmpty(): void {
    const e = this.ui.els;
    this.ui.setTitle('No replay open');
    setText(e.meta, 'Open a replay file, drop one on the page, pick a sample, or watch a live game');
    e.empty.hidden = false;
    e.badge.hidden = true;
    this.ui.setDownloads(false, this.module.gzipEnding);
  }

  private bindActions(): void {
    const e = this.ui.els;
    e.live.addEventListener('click', () => void this.live.start({ game: this.module.id }));
    e.samples.addEventListener('change', () => {
      const file = e.samples.value;
      e.samples.value = '';
      if (file) void this.replays.openUrl(file, {});
    });
    e.file.addEventListener('change', () => {
      const f = e.file.files?.[0];
      e.file.value = '';
      if (f) void this.replays.openFile(f);
    });
    e.download.addEventListener('click', () => void this.download('plain'));
    e.downloadGz.addEventListener('click', () => void this.download('gzip'));
    e.newGame.addEventListener('click', () => this.live.newGame());
    e.resign.addEventListener('click', () => this.live.resign());
    e.continueBtn.addEventListener('click', () => void this.continueDialog.ask());
    e.debugBtn.addEventListener('click', () => this.openDebug());
    e.help.addEventListener('click', () => this.viewer.toggleHelp());
    e.skip.addEventListener('click', (ev) => {
      ev.preventDefault();
      (this.viewer.well.parentElement?.querySelector('[data-part="play"]') as HTMLElement | null)?.focus();
    });
    e.badge.addEventListener('click', () => {
      const f = Number(e.badge.dataset.frame);
      if (e.badge.dataset.state === 'unfinished' && e.badge.dataset.frame) {
        // Play an unfinished game on from its last frame.
        this.viewer.seek(f);
        void this.continueDialog.ask();
        return;
      }
      if (e.badge.dataset.state !== 'bad' || !Number.isFinite(f)) return;
      this.viewer.seek(f);
      const x = Number(e.badge.dataset.x);
      const y = Number(e.badge.dataset.y);
      if (e.badge.dataset.x && Number.isInteger(x) && Number.isInteger(y)) this.viewer.pinSite(x, y);
    });
    e.nextGame.addEventListener('click', () => this.live.newGame());
    e.stay.addEventListener('click', () => this.result.hide());
    e.emptyOpen.addEventListener('click', () => e.file.click());
    e.emptyLive.addEventListener('click', () => void this.live.start({ game: this.module.id }));
  }

  /** Debug this turn, for the game shown. */
  private openDebug(): void {
    const c = this.current;
    if (c.kind === 'none') return;
    this.viewer.pause();
    this.debugPanel ??= new DebugPanel(this.root);
    const names = this.viewer.source?.playerNames() ?? [];
    if (c.kind === 'replay') {
      this.debugPanel.open({ module: this.module, viewer: this.viewer, names, bytes: () => Promise.resolve(c.opened.bytes), opened: c.opened, seatSources: null });
    } else {
      const match = c.match;
      this.debugPanel.open({
        module: this.module,
        viewer: this.viewer,
        names,
        bytes: () => match.host.replayBytes(),
        opened: null,
        seatSources: match.seats.map((s) => (s instanceof WorkerSeat ? s.source : null)),
      });
    }
  }

  /** Frees the workers of a game the viewer no longer shows. */
  private release(c: Current): void {
    if (c === this.current) return;
    // A replay's worker is no longer needed once another game is shown (its bytes and frames,
    // which a continued game's New game reads again, stay in memory).
    if (c.kind === 'replay') c.opened.dispose();
    else if (c.kind === 'live') {
      c.match.stop();
      c.match.host.dispose();
    }
  }

  /** Saves the game shown as its replay: plain (the form the original tools read), or gzipped
   * under the game's `gzipEnding`. */
  private async download(form: 'plain' | 'gzip'): Promise<void> {
    const c = this.current;
    let bytes: Uint8Array;
    let name: string;
    try {
      if (c.kind === 'replay') {
        // A replay file is saved as it came, or decompressed for the plain form.
        bytes = c.opened.bytes;
        name = downloadName(c.name);
      } else if (c.kind === 'live') {
        const done = this.ui.downloadsBusy();
        try {
          bytes = await c.match.host.replayBytes(botMembers(c.match.logs, c.match.drawings));
        } finally {
          // Enabled again only for the game still shown: another game sets its own.
          done(this.current === c);
        }
        name = c.from ? `${downloadName(c.from).replace(/\.hlt$/, '')}-continued.hlt` : `live-seed${c.seed}.hlt`;
      } else return;
    } catch (e) {
      this.ui.showError(`Could not save the replay: ${errorMessage(e)}`);
      return;
    }
    const ending = this.module.gzipEnding;
    if (form === 'gzip' && ending) this.ui.saveBytes(bytes, name.replace(/\.hlt$/, '') + ending, 'gzip');
    else this.ui.saveBytes(bytes, name);
  }

  scheduleUrlUpdate(): void {
    if (this.urlTimer) return;
    this.urlTimer = setTimeout(() => {
      this.urlTimer = null;
      this.updateUrl();
    }, 350);
  }

  /** The address follows the game shown, so it can be shared or reloaded. */
  private updateUrl(): void {
    const c = this.current;
    const v = this.viewer;
    let state: UrlState = {};
    if (c.kind === 'replay') {
      // A replay opened from a file cannot be linked to: the address is left bare.
      if (c.url) state = { replay: c.url, frame: v.frame, player: v.currentSeat + 1, radius: v.currentRadius };
    } else if (c.kind === 'live' && c.link) {
      state = { ...c.link };
    } else if (c.kind === 'live' && !c.from) {
      state = { ...c.request };
    }
    const search = buildSearch(state);
    if (search !== location.search) {
      try {
        history.replaceState(null, '', `${location.pathname}${search}${location.hash}`);
      } catch {
        // Some embedders forbid history changes; the view still works.
      }
    }
  }

  showError(message: string): void {
    this.ui.showError(message);
  }

  /** The viewer, for the benchmark page. */
  get viewerRef(): Viewer {
    return this.viewer;
  }

  /** Read-only state for tests (www/tests/e2e.test.mjs). */
  testHook(): object {
    const page = this;
    const view = () => page.viewer;
    return {
      /** The game shown (its id in the registry). */
      get game() {
        return page.module.id;
      },
      get frame() {
        return view().frame;
      },
      get numFrames() {
        return view().numFrames;
      },
      /** 0 the whole map, else the player number (seat + 1), as in the address. */
      get perspective() {
        return view().currentSeat + 1;
      },
      get radius() {
        return view().currentRadius;
      },
      get playing() {
        return view().playing;
      },
      get kind() {
        return page.current.kind;
      },
      get width() {
        return view().source?.width ?? 0;
      },
      get height() {
        return view().source?.height ?? 0;
      },
      /** The turn a human is asked for now, or -1. */
      get humanTurn() {
        return view().humanPlay?.waitingTurn ?? -1;
      },
      /** The live game so far, as the engine writes it (the replay's JSON text). */
      replayText: async () => {
        const c = page.current;
        if (c.kind !== 'live') return null;
        return new TextDecoder().decode(await c.match.host.replayBytes());
      },
      /** The live game so far as the original's replay file (for games whose file is not text). */
      replayBytes: async () => {
        const c = page.current;
        if (c.kind !== 'live') return null;
        return Array.from(await c.match.host.replayBytes());
      },
      siteToClient: (x: number, y: number) => view().siteToClient(x, y),
      isVisible: (x: number, y: number) => view().isVisible(x, y),
    };
  }
}

/** Every seat of a live game's address that names no bot this browser can run (an unknown
 * built-in, a `saved:` bot kept elsewhere), as problems; the entries that work. */
async function checkSeats(module: GameModule, entries: readonly string[]): Promise<{ seats: string[]; problems: string[] }> {
  const all = await module.bots();
  const builtins = new Map(all.map((b) => [b.id, b.name]));
  const unlisted = new Set(all.filter((b) => b.hidden).map((b) => b.id));
  const library = new BotLibrary();
  const problems: string[] = [];
  const seats: string[] = [];
  for (const entry of entries) {
    try {
      resolveEntry(entry, builtins, library, location.href, unlisted);
      seats.push(entry);
    } catch (e) {
      problems.push(`bots=: ${errorMessage(e)}.`);
    }
  }
  return { seats, problems };
}

/** Mounts the watch page on `root`; an address that cannot start its game opens the set-up
 * form instead, filled with what the address could use, with each problem named. */
export async function mount(root: HTMLElement, search: string): Promise<unknown> {
  const { state, problems } = checkAddress(search, GAME_LIMITS, DEFAULT_GAME);
  // A live game's game is in the address; a replay's is told by its bytes once they are read.
  const module = await loadGame(state.game ?? DEFAULT_GAME);
  if (!state.replay && state.bots) {
    const seats = await checkSeats(module, state.bots);
    problems.push(...seats.problems);
    state.bots = seats.seats.length > 0 ? seats.seats : undefined;
  }
  if (problems.length > 0 && !state.replay) {
    const { replay: _r, frame: _f, player: _p, radius: _rad, speed: _s, ...live } = state;
    const form = `?play${buildSearch(live).replace(/^\?/, '&')}`;
    try {
      history.replaceState(null, '', `${location.pathname}${form}${location.hash}`);
    } catch {
      // The form still works at the old address.
    }
    const play = await import(/* webpackChunkName: "play" */ './play');
    return play.mount(root, form, problems);
  }
  const page = new WatchPage(root, module);
  (window as unknown as { __viewer: object }).__viewer = page.testHook();
  await page.start(search, problems);
  return page;
}
