// The watch page: a replay (from a file, a drop, a sample or `?replay=URL`) or a live game between
// built-in bots (`?bots=a,b,c`, the home page). Replays are opened in a worker (decompressing,
// parsing, statistics and the rules check never run on the main thread); live games are stepped
// in a worker and their bots play in workers of their own.

import { Match } from '../seats/match';
import { consentForSeats, raisedBudgets } from '../seats/consent';
import { resolveEntry, seatNames, type SeatChoice } from '../seats/entries';
import { HumanSeat } from '../seats/human-seat';
import { BotLibrary } from '../seats/library';
import { ORIGINAL_BUDGETS, type Seat } from '../shell/seat';
import { WorkerSeat } from '../seats/worker-seat';
import { botMembers } from '../shell/bot-extras';
import { el, fmt, formatBytes, setText } from '../shell/dom';
import { ordinal } from '../shell/standings';
import { errorMessage } from '../shell/engine';
import type { FrameSource, GameModule, HumanPlay, MatchHost, OpenedReplay, Standing } from '../shell/game';
import { downloadName, fetchBytes, readFile } from '../shell/loader';
import { bindFileDrop } from '../shell/drop';
import { topbarHtml, type PageName } from '../shell/nav';
import { replayExtensions } from '../shell/catalog';
import { DEFAULT_GAME, GAME_LIMITS, SAMPLES, loadGame, recogniseReplay } from '../games/index';
import { rng } from '../shell/random';
import { forgetGame, gzip, loadSavedGame, loadStoredReplay, saveGame } from '../shell/resume';
import { buildSearch, checkAddress, isBotUrl, parseUrlState, type UrlState } from '../shell/urlstate';
import { Viewer } from '../shell/viewer';
import { DebugPanel } from './debug-turn';

type ReplayShown = { kind: 'replay'; opened: OpenedReplay; name: string; url: string | null };

type Current =
  | { kind: 'none' }
  | ReplayShown
  | { kind: 'live'; match: Match; request: LiveRequest; seed: number; from: string | null; human: HumanSlot | null; link: UrlState | null; restart: (() => void) | null };

/** The seat a human plays in a live game, and its controls once the game is shown. */
interface HumanSlot {
  seat: number;
  play: HumanPlay | null;
  /** Where the game is kept after every turn (reloading brings it back), or null. */
  saveKey: string | null;
}

/** What a live game is asked for: seats (built-in names or module URLs; none: a random lineup of
 * built-in bots) and optionally the map, fog, budgets and speed (as in the address). */
export type LiveRequest = Pick<UrlState, 'game' | 'bots' | 'seed' | 'size' | 'fog' | 'turnMs' | 'initMs' | 'speed'>;

/** Budgets of the home page's built-in bots (quick games), and of user bots (the original's). */
const BUILTIN_BUDGETS = { initMs: 5000, turnMs: 200 };
const USER_BUDGETS = ORIGINAL_BUDGETS;
const LIVE_FPS = 12;
const NEXT_GAME_S = 8;

const BADGE = '<button type="button" class="badge" data-part="badge" hidden></button>';

const ACTIONS = `
    <nav class="actions" aria-label="Open a game">
      <button type="button" class="btn btn-live" data-part="live" aria-label="Watch a new live game between built-in bots">
        <svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="3.2" fill="currentColor"/><path d="M6.3 6.3a8 8 0 0 0 0 11.4M17.7 6.3a8 8 0 0 1 0 11.4"/></svg>
        <span>Live game</span>
      </button>
      <label class="select-wrap">
        <span class="visually-hidden">Open a sample replay</span>
        <select data-part="samples" class="select"><option value="">Samples…</option></select>
      </label>
      <label class="btn btn-primary file-btn">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 7.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9.5a2 2 0 0 0-2-2h-6.5L9.5 5H6a2 2 0 0 0-2 2.5Z"/></svg>
        <span>Open<span class="wide-only"> replay</span></span>
        <input type="file" data-part="file" class="visually-hidden" accept="${replayAccept()},application/json,application/gzip">
      </label>
      <button type="button" class="btn btn-continue" data-part="continue" aria-label="Continue from this frame as a live game" title="Continue from this frame: a live game from this exact state" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12h10M11 7l5 5-5 5M19 5v14"/></svg>
        <span>Continue<span class="wide-only"> from here</span></span>
      </button>
      <button type="button" class="btn btn-icon" data-part="debug" aria-label="Debug this turn: run a bot on the frame shown" title="Debug this turn: run a bot on this frame, with no time limit, and compare its answer" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 7.5a3 3 0 0 1 6 0M7.5 10h9v5a4.5 4.5 0 0 1-9 0v-5ZM12 10v9.5M4 13h3.5M16.5 13H20M5 8.5l2.5 2M19 8.5l-2.5 2M5 19l2.7-2M19 19l-2.7-2"/></svg>
      </button>
      <button type="button" class="btn" data-part="new-game" aria-label="New game" title="A new game with the same seats (a new map, or the same frame of a continued game)" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 12a8 8 0 1 0 2.3-5.6M4 4.5v4h4"/></svg>
        <span class="label">New<span class="wide-only"> game</span></span>
      </button>
      <button type="button" class="btn btn-resign" data-part="resign" aria-label="Resign" title="Give up this game: your pieces turn neutral and the others play on" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 21V4m0 0h11l-2 4 2 4H6"/></svg>
        <span class="label" data-part="resign-label">Resign</span>
      </button>
      <button type="button" class="btn btn-icon" data-part="download" aria-label="Download this game as a replay" title="Download the replay">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      </button>
      <button type="button" class="btn btn-icon" data-part="help-button" aria-label="Keyboard shortcuts and help" aria-haspopup="dialog" title="Help (?)">
        <span aria-hidden="true" class="q">?</span>
      </button>
    </nav>`;

/** The first screen's line on what this is, and the three ways in (the live game stays in view). */
const INTRO = `
  <section class="intro" data-part="intro" aria-label="What this is" hidden>
    <p class="intro-text"><b>Halite</b> is a strategy game for programs: bots grow and fight over a map, turn by turn.<span class="wide-only"> Here you can</span></p>
    <nav class="intro-links" aria-label="Ways in">
      <a class="intro-link" href="?replay=replays/s106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz">Watch<span class="wide-only"> a game</span></a>
      <a class="intro-link" href="?play">Play<span class="wide-only"> one</span></a>
      <a class="intro-link" href="?learn">Learn<span class="wide-only"> the rules</span></a>
    </nav>
    <button type="button" class="intro-close" data-part="intro-close" aria-label="Hide this introduction">×</button>
  </section>`;

const INTRO_KEY = 'halite.introHidden';

/** "a, b or c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The file picker's endings: every game's replay endings (`.hlt.gz` as `.gz`). */
function replayAccept(): string {
  return [...new Set(replayExtensions().map((e) => e.slice(e.lastIndexOf('.'))).concat('.json'))].join(',');
}

const pageHtml = (page: PageName): string => `
  <a class="skip-link" href="#" data-part="skip">Skip to playback controls</a>
  ${topbarHtml({ page, title: 'Loading the engine…', metaExtra: BADGE, actions: ACTIONS })}
  ${INTRO}
  <main data-part="viewer"></main>
  <div class="toasts" data-part="toasts" aria-live="polite"></div>
  <div class="drop-overlay" data-part="drop" hidden>
    <div class="drop-card">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      <p>Drop a replay to open it</p>
      <p class="drop-hint">${listText(replayExtensions())}</p>
    </div>
  </div>
  <dialog class="dialog" data-part="continue-dialog" aria-labelledby="continue-title">
    <form method="dialog" class="continue-form">
      <div class="dialog-head">
        <h2 id="continue-title" data-part="continue-title">Continue from here</h2>
        <button type="submit" value="cancel" class="btn btn-icon" aria-label="Close">×</button>
      </div>
      <p class="dialog-note">A live game starts from this exact state. Choose who plays each seat: the recorded moves replay the rest of this game exactly.</p>
      <ol class="continue-seats" data-part="continue-seats"></ol>
      <div class="result-actions">
        <button type="submit" value="play" class="btn btn-primary" data-part="continue-play">Play from here</button>
        <button type="submit" value="cancel" class="btn">Cancel</button>
      </div>
    </form>
  </dialog>`;

const OVERLAYS = `
  <div class="banner" data-part="banner" role="alert" hidden>
    <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 8v5M12 16.5v.5M10.3 4.3 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0Z"/></svg>
    <p class="banner-text" data-part="banner-text"></p>
    <button type="button" class="banner-close" data-part="banner-close" aria-label="Dismiss this message">×</button>
  </div>
  <div class="empty-card" data-part="empty" hidden>
    <h2 class="empty-title">Open a replay</h2>
    <p class="empty-text">Choose a ${listText(replayExtensions().map((e) => `<code>${e}</code>`))} file, drop one anywhere on the page, or pick a sample above.</p>
    <div class="result-actions">
      <button type="button" class="btn btn-primary" data-part="empty-open">Open a replay file</button>
      <button type="button" class="btn" data-part="empty-live">Watch a live game</button>
    </div>
  </div>
  <div class="progress" data-part="progress" hidden>
    <p class="progress-label" data-part="progress-label">Loading…</p>
    <div class="progress-track" role="progressbar" data-part="progress-bar" aria-label="Loading the replay" aria-valuemin="0" aria-valuemax="100">
      <div class="progress-fill" data-part="progress-fill"></div>
    </div>
  </div>
  <div class="result" data-part="result" hidden>
    <h2 class="result-title" data-part="result-title"></h2>
    <ol class="result-list" data-part="result-list"></ol>
    <p class="result-next" data-part="result-next"></p>
    <div class="result-actions">
      <button type="button" class="btn btn-primary" data-part="next-game">Next game now</button>
      <button type="button" class="btn" data-part="stay">Stay on this game</button>
    </div>
  </div>`;

function finder(root: Element) {
  return <T extends HTMLElement>(part: string): T => {
    const e = root.querySelector(`[data-part="${part}"]`);
    if (!e) throw new Error(`page markup is missing ${part}`);
    return e as T;
  };
}

export class WatchPage {
  /** The viewer of the game shown; a game of another kind gets a new viewer (switchModule). */
  private viewer: Viewer;
  private module: GameModule;
  private readonly viewerRoot: HTMLElement;
  private current: Current = { kind: 'none' };
  private loadToken = 0;
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  /** Saves of human games in flight, by key. */
  private readonly saving = new Map<string, { again: boolean }>();
  private resultTimer: ReturnType<typeof setInterval> | null = null;
  private readonly els;
  private debugPanel: DebugPanel | null = null;

  constructor(
    private readonly root: HTMLElement,
    module: GameModule,
  ) {
    this.module = module;
    // A game with a human seat is the play page's game.
    // The viewer fills the window on wide screens (its side panel scrolls on its own).
    document.documentElement.classList.add('fills-window');
    root.innerHTML = pageHtml(parseUrlState(location.search).bots?.includes('human') ? 'play' : 'watch');
    const q = finder(root);
    this.viewerRoot = q('viewer');
    this.viewer = new Viewer(this.viewerRoot, module);
    this.viewer.well.insertAdjacentHTML('beforeend', OVERLAYS);
    const w = finder(this.viewer.well);
    this.els = {
      title: q<HTMLHeadingElement>('title'),
      meta: q<HTMLSpanElement>('meta'),
      badge: q<HTMLButtonElement>('badge'),
      live: q<HTMLButtonElement>('live'),
      samples: q<HTMLSelectElement>('samples'),
      file: q<HTMLInputElement>('file'),
      download: q<HTMLButtonElement>('download'),
      continueBtn: q<HTMLButtonElement>('continue'),
      debugBtn: q<HTMLButtonElement>('debug'),
      newGame: q<HTMLButtonElement>('new-game'),
      resign: q<HTMLButtonElement>('resign'),
      resignLabel: q<HTMLSpanElement>('resign-label'),
      continueDialog: q<HTMLDialogElement>('continue-dialog'),
      continueTitle: q<HTMLHeadingElement>('continue-title'),
      continueSeats: q<HTMLOListElement>('continue-seats'),
      help: q<HTMLButtonElement>('help-button'),
      skip: q<HTMLAnchorElement>('skip'),
      banner: w<HTMLDivElement>('banner'),
      bannerText: w<HTMLParagraphElement>('banner-text'),
      bannerClose: w<HTMLButtonElement>('banner-close'),
      progress: w<HTMLDivElement>('progress'),
      empty: w<HTMLDivElement>('empty'),
      emptyOpen: w<HTMLButtonElement>('empty-open'),
      emptyLive: w<HTMLButtonElement>('empty-live'),
      progressLabel: w<HTMLParagraphElement>('progress-label'),
      progressBar: w<HTMLDivElement>('progress-bar'),
      progressFill: w<HTMLDivElement>('progress-fill'),
      result: w<HTMLDivElement>('result'),
      resultTitle: w<HTMLHeadingElement>('result-title'),
      resultList: w<HTMLOListElement>('result-list'),
      resultNext: w<HTMLParagraphElement>('result-next'),
      nextGame: w<HTMLButtonElement>('next-game'),
      stay: w<HTMLButtonElement>('stay'),
      drop: q<HTMLDivElement>('drop'),
      toasts: q<HTMLDivElement>('toasts'),
    };
    // Messages show at the top of the map, clear of the playback controls under it.
    this.viewer.well.appendChild(this.els.toasts);
    this.bindViewer();
    this.showIntro(root);
    for (const s of SAMPLES) this.els.samples.appendChild(el('option', { text: s.label, attrs: { value: s.file } }));
    this.bindActions();
    this.bindDrop();
  }

  /** The first screen (the bare address) says what this is, until the person hides it. */
  private showIntro(root: HTMLElement): void {
    const intro = root.querySelector<HTMLElement>('[data-part="intro"]');
    const close = root.querySelector<HTMLButtonElement>('[data-part="intro-close"]');
    if (!intro || !close) return;
    let hidden = false;
    try {
      hidden = localStorage.getItem(INTRO_KEY) === '1';
    } catch {
      hidden = false;
    }
    intro.hidden = hidden || location.search.replace(/^\?/, '') !== '';
    close.addEventListener('click', () => {
      intro.hidden = true;
      try {
        localStorage.setItem(INTRO_KEY, '1');
      } catch {
        // Not kept: it shows again next time.
      }
    });
  }

  private bindViewer(): void {
    this.viewer.onStateChange = () => {
      this.scheduleUrlUpdate();
      this.debugPanel?.frameChanged(this.viewer.frame);
    };
    this.viewer.onError = (m) => this.showError(m);
  }

  /** Shows games of `module` from now on: a new viewer for its board, inspector and graphs (the
   * page's overlays move into it). The game shown until now is no longer drawn. */
  private switchModule(module: GameModule): void {
    if (module.id === this.module.id) return;
    const e = this.els;
    this.viewer.dispose();
    this.module = module;
    this.viewer = new Viewer(this.viewerRoot, module);
    this.viewer.well.append(e.banner, e.progress, e.result, e.empty, e.toasts);
    this.bindViewer();
  }

  /** Opens what the address asks for; `problems` are parameters it could not use (shown). */
  async start(search: string, problems: readonly string[] = []): Promise<void> {
    const state = parseUrlState(search);
    const { replay: _replay, frame: _frame, player: _player, radius: _radius, ...live } = state;
    if (state.replay) {
      // A continued game's fork starts as soon as the replay's bytes are read.
      let fork: Promise<MatchHost> | null = null;
      const at = state.frame;
      const ok = await this.openUrl(state.replay, state, (bytes) => {
        if (!state.continue || at === undefined) return;
        fork = recogniseReplay(bytes).then((m) => (m ?? this.module).forkMatch(bytes, at));
        fork.catch(() => {});
      });
      // A replay link that fails shows its error and the ways to open a replay, not another game.
      if (!ok && this.current.kind === 'none') this.showEmpty();
      if (problems.length > 0) this.toast(problems.join(' '));
      const c = this.current;
      if (ok && state.continue && c.kind === 'replay') {
        // `continue=`: the game goes on at once from the frame asked (the last when none is).
        await this.continueFrom(c, state.frame ?? c.opened.source.numFrames - 1, state.continue, { initMs: state.initMs, turnMs: state.turnMs }, false, fork);
      } else if (fork) {
        void (fork as Promise<MatchHost>).then((h) => h.dispose(), () => {});
      }
    } else {
      void this.startLive(live);
    }
  }

  /** No game shown (a replay link failed): the title says so and the well offers the ways in. */
  private showEmpty(): void {
    this.setTitle('No replay open');
    setText(this.els.meta, 'Open a replay file, drop one on the page, pick a sample, or watch a live game');
    this.els.empty.hidden = false;
    this.els.badge.hidden = true;
    this.els.download.disabled = true;
  }

  // ------------------------------------------------------------ opening replays

  private bindActions(): void {
    const e = this.els;
    e.live.addEventListener('click', () => void this.startLive({ game: this.module.id }));
    e.samples.addEventListener('change', () => {
      const file = e.samples.value;
      e.samples.value = '';
      if (file) void this.openUrl(file, {});
    });
    e.file.addEventListener('change', () => {
      const f = e.file.files?.[0];
      e.file.value = '';
      if (f) void this.openFile(f);
    });
    e.download.addEventListener('click', () => void this.download());
    e.newGame.addEventListener('click', () => this.newGame());
    e.resign.addEventListener('click', () => this.resign());
    e.continueBtn.addEventListener('click', () => void this.askContinue());
    e.debugBtn.addEventListener('click', () => this.openDebug());
    e.continueDialog.addEventListener('close', () => {
      if (e.continueDialog.returnValue === 'play') void this.continueHere();
    });
    e.help.addEventListener('click', () => this.viewer.toggleHelp());
    e.skip.addEventListener('click', (ev) => {
      ev.preventDefault();
      (this.viewer.well.parentElement?.querySelector('[data-part="play"]') as HTMLElement | null)?.focus();
    });
    e.bannerClose.addEventListener('click', () => this.hideError());
    e.badge.addEventListener('click', () => {
      const f = Number(e.badge.dataset.frame);
      if (e.badge.dataset.state === 'unfinished' && e.badge.dataset.frame) {
        // Play an unfinished game on from its last frame.
        this.viewer.seek(f);
        void this.askContinue();
        return;
      }
      if (e.badge.dataset.state !== 'bad' || !Number.isFinite(f)) return;
      this.viewer.seek(f);
      const x = Number(e.badge.dataset.x);
      const y = Number(e.badge.dataset.y);
      if (e.badge.dataset.x && Number.isInteger(x) && Number.isInteger(y)) this.viewer.pinSite(x, y);
    });
    e.nextGame.addEventListener('click', () => this.newGame());
    e.stay.addEventListener('click', () => this.hideResult());
    e.emptyOpen.addEventListener('click', () => e.file.click());
    e.emptyLive.addEventListener('click', () => void this.startLive({ game: this.module.id }));
  }

  private bindDrop(): void {
    bindFileDrop(this.els.drop, (files) => {
      const f = files?.[0];
      if (f) void this.openFile(f);
    });
  }

  private async openFile(file: File): Promise<boolean> {
    const token = ++this.loadToken;
    this.hideError();
    this.showProgress(`Reading ${file.name}…`, 0);
    try {
      const bytes = await readFile(file, (loaded, total) => {
        if (token === this.loadToken) this.showProgress(`Reading ${file.name} — ${progressText(loaded, total)}`, total ? loaded / total : null);
      });
      if (token !== this.loadToken) return false;
      return await this.openBytes(bytes, file.name, null, {}, token);
    } catch (e) {
      if (token === this.loadToken) {
        this.hideProgress();
        this.showError(`Could not open ${file.name}: ${errorMessage(e)}`);
      }
      return false;
    }
  }

  /** Opens the replay at `url`; `onBytes` sees its bytes as soon as they are read (a continued
   * game starts its fork then, alongside the viewer's opening of the replay). */
  private async openUrl(url: string, state: UrlState, onBytes?: (bytes: Uint8Array) => void): Promise<boolean> {
    const token = ++this.loadToken;
    this.hideError();
    const name = url.split('/').pop() || url;
    this.showProgress(`Downloading ${name}…`, null);
    if (url.startsWith('stored:')) {
      // A replay kept in this browser (an arena's game), by its stable id.
      const id = url.slice('stored:'.length);
      const bytes = await loadStoredReplay(id);
      if (token !== this.loadToken) return false;
      if (!bytes) {
        this.hideProgress();
        this.showError(`No replay called ${id} is kept in this browser (stored replays live in the browser that played them; the oldest are dropped after 400). Open the file instead, or drop it here.`);
        return false;
      }
      onBytes?.(bytes);
      return this.openBytes(bytes, `${id}.hlt`, url, state, token);
    }
    let resolved: string;
    try {
      resolved = new URL(url, location.href).href;
    } catch {
      this.hideProgress();
      this.showError(`Not a valid replay address: ${url}`);
      return false;
    }
    try {
      const bytes = await fetchBytes(resolved, (loaded, total) => {
        if (token === this.loadToken) this.showProgress(`Downloading ${name} — ${progressText(loaded, total)}`, total ? loaded / total : null);
      });
      if (token !== this.loadToken) return false;
      onBytes?.(bytes);
      return await this.openBytes(bytes, name, url, state, token);
    } catch (e) {
      if (token === this.loadToken) {
        this.hideProgress();
        this.showError(`Could not open ${name}: ${errorMessage(e)}`);
      }
      return false;
    }
  }

  /** Opens replay bytes in a worker and shows the replay; on error the previous game stays. */
  private async openBytes(bytes: Uint8Array, name: string, url: string | null, state: UrlState, token: number): Promise<boolean> {
    this.showProgress(`Reading the replay (${formatBytes(bytes.length)})…`, null);
    let opened: OpenedReplay;
    let module: GameModule;
    try {
      // A game that recognises the bytes opens them; otherwise the current game explains what is wrong.
      module = (await recogniseReplay(bytes)) ?? this.module;
      opened = await module.openReplay(bytes, (label) => {
        if (token === this.loadToken) this.showProgress(label, null);
      });
    } catch (e) {
      if (token === this.loadToken) {
        this.hideProgress();
        this.showError(`Could not open ${name}: ${errorMessage(e)}`);
      }
      return false;
    }
    if (token !== this.loadToken) {
      opened.dispose();
      return false;
    }
    this.hideProgress();
    const previous = this.current;
    this.stopLive();
    this.hideResult();
    this.switchModule(module);
    const src = opened.source;
    const names = src.playerNames();
    const frames = src.numFrames;
    // A frame or player the replay does not have is named, not silently changed.
    const wrong: string[] = [];
    if (state.frame !== undefined && state.frame > frames - 1) wrong.push(`frame=${state.frame} is past the end of this replay: its frames are 0 to ${frames - 1}. Showing frame 0.`);
    if (state.player !== undefined && state.player > src.numPlayers) wrong.push(`player=${state.player}: this replay has players 1 to ${src.numPlayers} (0: the whole map). Showing the whole map.`);
    const startFrame = state.frame !== undefined && state.frame <= frames - 1 ? state.frame : wrong.length > 0 ? 0 : undefined;
    if (wrong.length > 0) this.showError(wrong.join(' '));
    this.current = { kind: 'replay', opened, name, url };
    this.els.empty.hidden = true;
    this.viewer.show(
      src,
      { kind: 'replay', names, fogOfWar: opened.fogOfWar },
      {
        frame: startFrame ?? 0,
        seat: state.player !== undefined && state.player <= src.numPlayers ? state.player - 1 : -1,
        radius: state.radius,
        play: startFrame === undefined,
      },
    );
    this.release(previous);
    this.setTitle(titleOf(names));
    const fog = opened.fogOfWar;
    setText(
      this.els.meta,
      `${this.module.title} · ${src.width}×${src.height} · ${src.numPlayers} players · ${frames - 1} turns${fog !== undefined && fog !== null ? ` · ${this.module.fogName ?? 'fog'}, fog radius ${fog}` : ''} · ${name}`,
    );
    this.els.download.disabled = false;
    this.els.continueBtn.hidden = false;
    this.els.debugBtn.hidden = false;
    this.els.newGame.hidden = true;
    this.els.resign.hidden = true;
    this.scheduleUrlUpdate();
    const isCurrent = () => this.current.kind === 'replay' && this.current.opened === opened;
    opened.logs.then(
      (l) => {
        if (isCurrent() && l) this.viewer.setLogs(l);
      },
      () => {},
    );
    opened.drawings.then(
      (d) => {
        if (isCurrent() && d) this.viewer.setDrawings(d);
      },
      () => {},
    );
    this.setBadge('pending', 'Checking the rules…', 'Re-simulating every turn with the engine, in the background');
    opened.standings.then(
      (s) => {
        if (isCurrent()) this.viewer.setStandings(s);
      },
      () => {},
    );
    opened.seriesReady.then(
      () => {
        if (isCurrent()) this.viewer.framesAdded();
      },
      () => {},
    );
    opened.verdict.then(
      (v) => {
        if (!isCurrent()) return;
        if (v.ok) this.setBadge('ok', 'Rules verified', `Every frame follows from the previous one and the moves, by the ${this.module.title} rules`);
        else if (v.unfinished) {
          // A game saved before its end (a download of a game in progress): nothing is broken.
          this.setBadge('unfinished', `Unfinished · rules verified to frame ${v.frame}`, `This game was saved before its end; every frame up to ${v.frame} follows the rules. Click to play it on from there`, v.frame);
        } else {
          this.setBadge('bad', `Breaks the rules at frame ${v.frame}`, `${v.message} (click to go there)`, v.frame);
          this.els.badge.dataset.x = v.site ? String(v.site.x) : '';
          this.els.badge.dataset.y = v.site ? String(v.site.y) : '';
        }
      },
      (e: unknown) => {
        if (isCurrent()) this.setBadge('bad', 'Could not verify', errorMessage(e));
      },
    );
    return true;
  }

  private setTitle(title: string): void {
    setText(this.els.title, title);
    this.els.title.title = title;
    document.title = `${title} — ${this.module.title}`;
  }

  private setBadge(state: 'ok' | 'bad' | 'pending' | 'live' | 'unfinished', text: string, title: string, frame?: number): void {
    const b = this.els.badge;
    b.hidden = false;
    b.dataset.state = state;
    b.dataset.frame = frame !== undefined ? String(frame) : '';
    b.dataset.x = '';
    b.dataset.y = '';
    setText(b, text);
    b.title = title;
    b.setAttribute('aria-label', `${text}. ${title}`);
    // A badge that leads somewhere can be clicked; the others stay reachable by keyboard (Tab)
    // for their explanation.
    b.setAttribute('aria-disabled', String(!((state === 'bad' || state === 'unfinished') && frame !== undefined)));
    b.disabled = false;
  }

  // ------------------------------------------------------------ live game

  /** The next game after a live one: the same seats and settings on a new map. */
  private nextRequest(): LiveRequest {
    const c = this.current;
    return c.kind === 'live' && !c.from ? { ...c.request, seed: undefined } : {};
  }

  /** A new game with the same seats: a new map (a new seed), or, for a continued game, the same
   * frame afresh. The home page's game draws new seats too. */
  private newGame(): void {
    const c = this.current;
    this.hideResult();
    if (c.kind === 'live' && c.restart) c.restart();
    else void this.startLive(this.nextRequest());
  }

  private resignTimer: ReturnType<typeof setTimeout> | null = null;

  /** Resign, in two steps (a second press within 4 s confirms): the human's seat leaves the game. */
  private resign(): void {
    const c = this.current;
    const e = this.els;
    if (c.kind !== 'live' || !c.human || c.match.host.over) return;
    if (!this.resignTimer) {
      setText(e.resignLabel, 'Confirm resign');
      e.resign.setAttribute('aria-label', 'Confirm resign: press again to give up this game');
      e.resign.classList.add('confirming');
      this.resignTimer = setTimeout(() => this.resetResign(), 4000);
      return;
    }
    this.resetResign();
    e.resign.hidden = true;
    c.match.resign(c.human.seat);
  }

  private resetResign(): void {
    if (this.resignTimer) clearTimeout(this.resignTimer);
    this.resignTimer = null;
    setText(this.els.resignLabel, 'Resign');
    this.els.resign.setAttribute('aria-label', 'Resign');
    this.els.resign.classList.remove('confirming');
  }

  private async startLive(request: LiveRequest): Promise<void> {
    const token = ++this.loadToken;
    this.hideProgress();
    this.hideResult();
    const seedBuf = new Uint32Array(1);
    crypto.getRandomValues(seedBuf);
    const seed = request.seed ?? (seedBuf[0] % 1_000_000_000) + 1;
    const r = rng(seed);
    let module: GameModule;
    try {
      module = await loadGame(request.game ?? DEFAULT_GAME);
    } catch (e) {
      if (token === this.loadToken) {
        if (this.current.kind === 'none') this.setTitle('The game could not start');
        this.showError(`Could not start a live game: ${errorMessage(e)}`);
      }
      return;
    }
    let match: Match;
    let human: HumanSlot | null = null;
    let resumedAt = 0;
    try {
      const players = request.bots ? request.bots.length : 2 + Math.floor(r() * 3);
      const lineup = request.bots ?? (await module.lineup(players, r));
      const builtins = new Map((await module.bots()).filter((b) => !b.hidden || lineup.includes(b.id)).map((b) => [b.id, b.name]));
      // Seats: a human, built-in bots by name, bots saved in this browser, or bot modules by URL
      // (relative to the page).
      const library = new BotLibrary();
      const choices = lineup.map((entry) => resolveEntry(entry, builtins, library, location.href));
      const humans = choices.flatMap((c, k) => (c.kind === 'human' ? [k] : []));
      if (humans.length > 1) throw new Error('a game has one human seat (the others are bots)');
      if (choices.length < 2) throw new Error('a game needs at least two seats');
      // Third-party bots (and a link's raised budgets with them) run only once the person agrees.
      const base = choices.some((c) => c.kind === 'bot' && c.source.kind !== 'builtin') ? USER_BUDGETS : BUILTIN_BUDGETS;
      const consent = await consentForSeats(choices, raisedBudgets(request, base));
      if (token !== this.loadToken) return;
      if (!consent.run) {
        this.declined(choices);
        return;
      }
      // Name seats after their bots, numbering repeats ("Expander", "Expander 2"); a module's
      // own `name` replaces its file name once it has started.
      const names = seatNames(choices.map((c) => (c.kind === 'bot' ? c.label : 'You')));
      // The seed goes into the address of a game with chosen seats, so a link (and a reload)
      // gives the same map.
      if (request.bots) request = { ...request, seed };
      if (humans.length === 1) human = { seat: humans[0], play: null, saveKey: `${location.pathname}${buildSearch(request)}` };
      const saved = human?.saveKey ? await loadSavedGame(human.saveKey) : null;
      const size = request.size ?? module.liveSize(r);
      let host;
      if (saved && !saved.finished && saved.frames > 1) {
        host = await module.forkMatch(saved.bytes, saved.frames - 1);
        resumedAt = saved.frames - 1;
      } else host = await module.startMatch({ names, width: size.width, height: size.height, seed, fog: request.fog });
      if (token !== this.loadToken) {
        host.dispose();
        return;
      }
      const slot = human;
      const seats: Seat[] = choices.map((c, k) =>
        c.kind === 'human' && slot
          ? new HumanSeat(names[k], () => slot.play)
          : new WorkerSeat(module.id, c.kind === 'bot' ? c.source : { kind: 'builtin', id: 'random' }, names[k], (seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0),
      );
      const pick = (v: number | null | undefined, d: number) => (v === null ? Infinity : (v ?? d));
      match = new Match(module, host, seats, { initMs: pick(request.initMs, base.initMs), turnMs: pick(request.turnMs, base.turnMs) });
    } catch (e) {
      if (token === this.loadToken) {
        // The loading state ends: the title says what happened, the banner why.
        if (this.current.kind === 'none') this.setTitle('The game could not start');
        this.showError(`Could not start a live game: ${errorMessage(e)}`);
      }
      return;
    }
    this.switchModule(module);
    this.showLive(match, request, seed, null, human);
    if (resumedAt > 0) this.toast(`Your game is back at turn ${resumedAt}.`);
  }

  /** The person chose not to run a link's third-party bots: nothing of theirs runs, the page
   * says so and stays usable (Live game, Open, Samples). */
  private declined(choices: readonly SeatChoice[]): void {
    this.stopLive();
    const bots = choices.flatMap((c) => (c.kind === 'bot' && c.source.kind === 'url' ? [c.label] : []));
    this.setTitle('No game started');
    setText(this.els.meta, 'The link\u2019s bots were not run');
    this.showError(`Nothing was run: you chose not to run ${bots.join(', ')}. Start a game with built-in bots with Live game, or open a replay.`);
  }

  /** Keeps a human's game in the browser after a turn (one save at a time; the newest wins). */
  private saveProgress(match: Match, key: string): void {
    const state = this.saving.get(key);
    if (state) {
      state.again = true;
      return;
    }
    const entry = { again: false };
    this.saving.set(key, entry);
    const once = async (): Promise<void> => {
      const finished = match.host.over;
      if (finished) {
        await forgetGame(key);
        return;
      }
      const json = await match.host.replayBytes(botMembers(match.logs, match.drawings));
      await saveGame(key, { bytes: await gzip(json), frames: match.host.source.numFrames, finished, savedAt: Date.now() });
    };
    const loop = async (): Promise<void> => {
      try {
        do {
          entry.again = false;
          await once();
        } while (entry.again);
      } catch {
        // Not kept (private browsing, quota): the game itself goes on.
      } finally {
        this.saving.delete(key);
      }
    };
    void loop();
  }

  /** Shows a match that has just been set up and plays it. `from`: the replay it continues. */
  private showLive(match: Match, request: LiveRequest, seed: number, from: string | null, human: HumanSlot | null = null, link: UrlState | null = null, restart: (() => void) | null = null): void {
    const previous = this.current;
    this.stopLive();
    this.current = { kind: 'live', match, request, seed, from, human, link, restart };
    this.els.empty.hidden = true;
    const host = match.host;
    const src = host.source;
    const names = () => src.playerNames();
    this.viewer.show(src, { kind: 'live', names: names(), fogOfWar: request.fog }, { play: true, fps: request.speed ?? LIVE_FPS, frame: src.numFrames - 1 });
    this.viewer.setLogs(match.logs);
    this.viewer.setDrawings(match.drawings);
    if (human) human.play = this.viewer.attachHuman(human.seat, request.fog);
    this.els.continueBtn.hidden = true;
    this.els.debugBtn.hidden = false;
    // The home page's random game has Live game for another; a game with chosen seats (or a
    // continued one) has New game.
    this.els.newGame.hidden = !request.bots && !restart;
    this.resetResign();
    this.els.resign.hidden = !human || host.over;
    this.release(previous);
    this.setTitle(titleOf(names()));
    const fog = request.fog !== undefined ? ` · ${this.module.fogName ?? 'fog'}, fog radius ${request.fog}` : '';
    const game = this.module.title;
    setText(this.els.meta, from ? `${game} · ${src.width}×${src.height} · ${src.numPlayers} players · continued from frame ${src.numFrames - 1} of ${from}` : `${game} · ${src.width}×${src.height} · ${src.numPlayers} players · seed ${seed}${fog}`);
    this.setBadge('live', 'Live', 'A game being played now, each bot in its own worker');
    this.els.download.disabled = false;
    this.viewer.setStandings(host.results);
    this.scheduleUrlUpdate();

    const isCurrent = () => this.current.kind === 'live' && this.current.match === match;
    void match.run({
      credit: () => (isCurrent() ? Math.ceil(this.viewer.playback.pos) + 7 : 0),
      advanced: () => this.viewer.nextFrame(),
      onTurn: () => {
        if (human?.saveKey) this.saveProgress(match, human.saveKey);
        if (!isCurrent()) return;
        this.viewer.framesAdded();
        this.viewer.setStandings(host.results);
      },
      onName: () => {
        if (!isCurrent()) return;
        this.viewer.setNames(names());
        this.setTitle(titleOf(names()));
      },
      onEject: (seat, name, reason, frame) => {
        if (!isCurrent()) return;
        this.viewer.setEjections(match.ejections);
        const text = reason === 'resigned' ? `${name} (player ${seat + 1}) resigned.` : `${name} (player ${seat + 1}) was ejected at frame ${frame}: ${reason}.`;
        // A bot of this browser's that failed at a known line: a link to that line in the editor.
        const s = match.seats[seat];
        const line = match.ejections.get(seat)?.line;
        const saved = s instanceof WorkerSeat && s.source.kind === 'code' ? s.source.saved : undefined;
        if (saved && line) this.toast(text, { text: `Open line ${line} in the editor`, href: `?play&bot=${encodeURIComponent(saved)}&line=${line}` });
        else this.toast(text);
      },
      onOver: () => {
        if (!isCurrent()) return;
        this.viewer.setLiveFinished();
        this.viewer.detachHuman();
        this.els.resign.hidden = true;
        this.viewer.setStandings(host.results);
        this.setBadge('live', 'Live · finished', human ? 'The game you just played' : 'A game just played by the built-in bots');
        this.waitForEnd(match);
      },
      onError: (m) => {
        if (isCurrent()) this.showError(`The live game stopped: ${m}`);
      },
    });
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

  /** Opens the dialog that chooses who plays each seat from the current frame of the replay. */
  private async askContinue(): Promise<void> {
    const c = this.current;
    if (c.kind !== 'replay') return;
    this.viewer.pause();
    const frame = this.viewer.frame;
    const src = c.opened.source;
    const bots = (await this.module.bots()).filter((b) => !b.hidden);
    const e = this.els;
    setText(e.continueTitle, `Continue from frame ${frame}`);
    const recorded = frame < src.numFrames - 1;
    e.continueSeats.replaceChildren(
      ...src.playerNames().map((name, seat) => {
        const id = `continue-seat-${seat}`;
        const sel = el('select', { className: 'select select-small', attrs: { id, 'data-seat': String(seat) } });
        if (recorded) sel.appendChild(el('option', { text: 'Recorded moves', attrs: { value: 'recorded' } }));
        sel.appendChild(el('option', { text: 'You (play it yourself)', attrs: { value: 'human' } }));
        for (const b of bots) sel.appendChild(el('option', { text: `${b.name} (built-in)`, attrs: { value: b.id } }));
        sel.appendChild(el('option', { text: 'Bot module URL…', attrs: { value: 'url' } }));
        const url = el('input', { className: 'num url-input', attrs: { type: 'url', placeholder: 'https://…/bot.js or /bots/mine.js', 'aria-label': `Bot module URL for ${name}`, hidden: '' } });
        sel.addEventListener('change', () => (url.hidden = sel.value !== 'url'));
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = this.viewer.paletteColours[seat + 1] ?? '#fff';
        return el('li', {}, [dot, el('label', { text: name, attrs: { for: id } }), sel, url]);
      }),
    );
    e.continueDialog.dataset.frame = String(frame);
    e.continueDialog.returnValue = '';
    e.continueDialog.showModal();
  }

  /** Starts the live game chosen in the dialog, from the frame it was opened at: the dialog's
   * choices become `continue=` entries, as if the game's address had been opened. */
  private async continueHere(): Promise<void> {
    const c = this.current;
    if (c.kind !== 'replay') return;
    const e = this.els;
    const frame = Number(e.continueDialog.dataset.frame);
    const entries: string[] = [];
    for (const li of e.continueSeats.querySelectorAll('li')) {
      const sel = li.querySelector('select');
      const kind = sel?.value ?? 'recorded';
      if (kind === 'url') {
        const url = li.querySelector('input')?.value.trim() ?? '';
        const name = li.querySelector('label')?.textContent ?? 'a seat';
        if (!url) {
          this.showError(`Could not continue from frame ${frame}: no bot module URL given for ${name}`);
          return;
        }
        if (url.includes(',')) {
          this.showError(`Could not continue from frame ${frame}: a bot module URL cannot contain a comma (${url})`);
          return;
        }
        entries.push(isBotUrl(url) ? url : `${url.replace(/\/?$/, '')}.js`);
      } else entries.push(kind);
    }
    await this.continueFrom(c, frame, entries, {});
  }

  /**
   * The seats of a continued game, from its entries (one per player, in seat order): the one place
   * where `continue=` entries, and the Continue dialog's choices, become seats. `recorded` plays
   * the replay's own moves; the others are `bots=` entries (`human`, a built-in bot,
   * `saved:<id>`, a module URL). Throws an Error that names a bad entry.
   */
  private async continueSeats(
    src: FrameSource,
    entries: readonly string[],
    slot: HumanSlot | null,
    budgets: Pick<UrlState, 'initMs' | 'turnMs'>,
  ): Promise<{ seats: Seat[]; user: boolean } | null> {
    const names = src.playerNames();
    const builtins = new Map((await this.module.bots()).map((b) => [b.id, b.name]));
    const library = new BotLibrary();
    const choices = entries.map((entry) => (entry === 'recorded' ? null : resolveEntry(entry, builtins, library, location.href)));
    const user = choices.some((c) => c?.kind === 'bot' && c.source.kind !== 'builtin');
    // Third-party bots (and the link's raised budgets with them) run only once the person agrees.
    const consent = await consentForSeats(
      choices.flatMap((c) => (c ? [c] : [])),
      raisedBudgets(budgets, user ? USER_BUDGETS : BUILTIN_BUDGETS),
    );
    if (!consent.run) return null;
    const seats = choices.map((choice, k): Seat => {
      if (choice === null) return this.module.recordedSeat(src, k, names[k]);
      if (choice.kind === 'human') {
        if (!slot) throw new Error('a game has one human seat');
        return new HumanSeat(names[k], () => slot.play);
      }
      return new WorkerSeat(this.module.id, choice.source, names[k], k + 1);
    });
    return { seats, user };
  }

  /** Continues the replay shown from `frame` with these seats (`continue=` entries). The game's
   * address is `?replay=<URL>&frame=N&continue=...`, so it can be bookmarked and shared; a human's
   * game is kept in the browser under that address (a reload brings it back at the same turn). */
  private async continueFrom(c: ReplayShown, frame: number, entries: readonly string[], budgets: Pick<UrlState, 'initMs' | 'turnMs'>, fresh = false, started: Promise<MatchHost> | null = null): Promise<void> {
    const src = c.opened.source;
    const token = ++this.loadToken;
    // A fork started early (from the address) that this game does not use is freed.
    const drop = () => void started?.then((h) => h.dispose(), () => {});
    if (entries.length !== src.numPlayers) {
      drop();
      this.showError(`continue= gives ${entries.length} seat${entries.length === 1 ? '' : 's'}, but this replay has ${src.numPlayers} players: give one entry per player, in seat order (the first is player 1).`);
      return;
    }
    if (frame < 0 || frame > src.numFrames - 1) {
      drop();
      this.showError(`Could not continue from frame ${frame}: this replay has frames 0 to ${src.numFrames - 1}.`);
      return;
    }
    const humans = entries.flatMap((x, k) => (x === 'human' ? [k] : []));
    if (humans.length > 1) {
      drop();
      this.showError('A game has one human seat (the others are bots or recorded moves).');
      return;
    }
    const link: UrlState | null = c.url ? { replay: c.url, frame, continue: [...entries], ...budgets } : null;
    const saveKey = link && humans.length === 1 ? `${location.pathname}${buildSearch(link)}` : null;
    const slot: HumanSlot | null = humans.length === 1 ? { seat: humans[0], play: null, saveKey } : null;
    this.showProgress(`Setting up the game at frame ${frame}…`, null);
    let match: Match;
    let resumedAt = 0;
    try {
      const chosen = await this.continueSeats(src, entries, slot, budgets);
      if (!chosen) {
        drop();
        if (token === this.loadToken) {
          this.hideProgress();
          this.showError('Nothing was run: you chose not to run the bots from another site. Continue again with other seats, or watch the replay.');
        }
        return;
      }
      const { seats, user } = chosen;
      if (fresh && saveKey) await forgetGame(saveKey);
      const saved = saveKey && !fresh ? await loadSavedGame(saveKey) : null;
      let host;
      if (saved && !saved.finished && saved.frames > frame + 1) {
        drop();
        host = await this.module.forkMatch(saved.bytes, saved.frames - 1);
        resumedAt = saved.frames - 1;
      } else host = started ? await started.catch(() => this.module.forkMatch(c.opened.bytes, frame)) : await this.module.forkMatch(c.opened.bytes, frame);
      if (token !== this.loadToken) {
        host.dispose();
        return;
      }
      const base = user ? USER_BUDGETS : BUILTIN_BUDGETS;
      const pick = (v: number | null | undefined, d: number) => (v === null ? Infinity : (v ?? d));
      match = new Match(this.module, host, seats, { initMs: pick(budgets.initMs, base.initMs), turnMs: pick(budgets.turnMs, base.turnMs) });
    } catch (err) {
      drop();
      if (token === this.loadToken) {
        this.hideProgress();
        this.showError(`Could not continue from frame ${frame}: ${errorMessage(err)}`);
      }
      return;
    }
    this.hideProgress();
    this.showLive(match, {}, 0, c.name, slot, link, () => {
      // New game: the same seats from the same frame, afresh.
      void this.continueFrom(c, frame, entries, budgets, true);
    });
    if (resumedAt > 0) this.toast(`Your game is back at turn ${resumedAt}.`);
    if (!link) {
      this.toast('This game has no link: a link needs the replay at a URL (put the file on a server, then open ?replay=URL). ', {
        label: 'Download the replay',
        run: () => void this.saveBytes(c.opened.bytes, downloadName(c.name)),
      });
    }
  }

  /** When the display reaches the end of a finished live game: the result, then a new game. */
  private waitForEnd(match: Match): void {
    if (this.resultTimer) clearInterval(this.resultTimer);
    const isCurrent = () => this.current.kind === 'live' && this.current.match === match;
    this.resultTimer = setInterval(() => {
      if (!isCurrent()) {
        if (this.resultTimer) clearInterval(this.resultTimer);
        this.resultTimer = null;
        return;
      }
      if (!this.viewer.atEnd) return;
      if (this.resultTimer) clearInterval(this.resultTimer);
      this.resultTimer = null;
      this.showResult(match);
    }, 200);
  }

  private showResult(match: Match): void {
    const standings: Standing[] = match.host.results.slice().sort((a, b) => a.rank - b.rank);
    const e = this.els;
    const winner = standings[0];
    const rank = this.module.series.find((x) => x.key === this.module.rankSeries);
    const unit = (rank?.short ?? rank?.label ?? 'points').toLowerCase();
    setText(e.resultTitle, winner ? `${winner.name} wins` : 'Game over');
    e.resultList.replaceChildren(
      ...standings.map((s) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = this.viewer.paletteColours[s.seat + 1] ?? '#fff';
        const ej = match.ejections.get(s.seat);
        const detail = ej ? (ej.kind === 'resigned' ? `resigned at frame ${ej.frame}` : `ejected at frame ${ej.frame}: ${ej.reason}`) : s.alive ? `${fmt(s.score)} ${unit}` : `out at frame ${s.lastFrameAlive + 1}`;
        return el('li', {}, [el('span', { className: 'rank', text: ordinal(s.rank) }), dot, el('span', { text: s.name }), el('span', { className: 'detail', text: detail })]);
      }),
    );
    e.result.hidden = false;
    const c = this.current;
    if (c.kind === 'live' && c.human) {
      // A human's game waits for the human: no countdown to the next one.
      const won = winner?.seat === c.human.seat;
      const resigned = match.ejections.get(c.human.seat)?.kind === 'resigned';
      setText(e.resultTitle, won ? 'You win!' : resigned ? 'You resigned' : winner ? `${winner.name} wins` : 'Game over');
      setText(e.resultNext, c.restart ? 'Download the game, look back through it, or play again from the same frame.' : 'Download the game, look back through it, or play again on a new map.');
      setText(e.nextGame, 'New game');
      setText(e.stay, 'Stay on this game');
      return;
    }
    // A game with a bot of the person's own, or one where a bot was ejected, waits too: the
    // result (and the reason) stays until the person moves on.
    const userBot = c.kind === 'live' && c.match.seats.some((s) => s instanceof WorkerSeat && s.source.kind !== 'builtin');
    if (c.kind === 'live' && (userBot || match.ejections.size > 0 || c.from !== null)) {
      setText(e.resultNext, match.ejections.size > 0 ? 'A bot was ejected: its reason is in the list above and in the bot logs.' : 'Download the game, look back through it, or start a new one.');
      setText(e.nextGame, 'New game');
      setText(e.stay, 'Stay on this game');
      return;
    }
    setText(e.nextGame, 'Next game now');
    let left = NEXT_GAME_S;
    setText(e.resultNext, `Next game in ${left} s…`);
    this.resultTimer = setInterval(() => {
      if (!(this.current.kind === 'live' && this.current.match === match)) {
        this.hideResult();
        return;
      }
      left--;
      if (left <= 0) {
        const next = this.nextRequest();
        this.hideResult();
        void this.startLive(next);
      } else setText(e.resultNext, `Next game in ${left} s…`);
    }, 1000);
  }

  private hideResult(): void {
    if (this.resultTimer) clearInterval(this.resultTimer);
    this.resultTimer = null;
    this.els.result.hidden = true;
  }

  private stopLive(): void {
    if (this.current.kind === 'live') this.current.match.stop();
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

  // ------------------------------------------------------------ download, URL, messages

  private async download(): Promise<void> {
    const c = this.current;
    let bytes: Uint8Array;
    let name: string;
    try {
      if (c.kind === 'replay') {
        // The original tools read plain JSON: a gzipped replay is saved decompressed.
        bytes = await plainJson(c.opened.bytes);
        name = downloadName(c.name);
      } else if (c.kind === 'live') {
        bytes = await c.match.host.replayBytes(botMembers(c.match.logs, c.match.drawings));
        name = c.from ? `${downloadName(c.from).replace(/\.hlt$/, '')}-continued.hlt` : `live-seed${c.seed}.hlt`;
      } else return;
    } catch (e) {
      this.showError(`Could not save the replay: ${errorMessage(e)}`);
      return;
    }
    this.saveBytes(bytes, name);
  }

  /** Saves `bytes` as a download named `name` (a gzipped replay is saved decompressed first). */
  private saveBytes(raw: Uint8Array, name: string): void {
    void plainJson(raw).then((bytes) => {
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
      const a = el('a', { attrs: { href: url, download: name } });
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    });
  }

  private scheduleUrlUpdate(): void {
    if (this.urlTimer) return;
    this.urlTimer = setTimeout(() => {
      this.urlTimer = null;
      this.updateUrl();
    }, 350);
  }

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

  private showProgress(label: string, fraction: number | null): void {
    const e = this.els;
    e.progress.hidden = false;
    setText(e.progressLabel, label);
    e.progressBar.classList.toggle('indeterminate', fraction === null);
    if (fraction === null) {
      e.progressBar.removeAttribute('aria-valuenow');
      e.progressFill.style.width = '';
    } else {
      const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
      e.progressBar.setAttribute('aria-valuenow', String(pct));
      e.progressFill.style.width = `${pct}%`;
    }
  }

  private hideProgress(): void {
    this.els.progress.hidden = true;
  }

  showError(message: string): void {
    setText(this.els.bannerText, message);
    this.els.banner.hidden = false;
  }

  private hideError(): void {
    this.els.banner.hidden = true;
  }

  /** A passing message over the map; with a link (somewhere to go) or an action (a button), it
   * stays until it is read. */
  private toast(text: string, extra?: { text: string; href: string } | { label: string; run: () => void }): void {
    const t = el('div', { className: 'toast', text });
    if (extra && 'href' in extra) t.append(' ', el('a', { className: 'toast-link', text: extra.text, attrs: { href: extra.href } }));
    else if (extra) {
      const b = el('button', { className: 'btn btn-small toast-action', text: extra.label, attrs: { type: 'button' } });
      b.addEventListener('click', () => {
        extra.run();
        t.remove();
      });
      t.append(' ', b);
    }
    this.els.toasts.appendChild(t);
    setTimeout(() => t.remove(), extra ? 20_000 : 6000);
    while (this.els.toasts.childElementCount > 3) this.els.toasts.firstElementChild?.remove();
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

/** The bytes, gunzipped if they are gzip (by the browser's own decompressor, off the main thread). */
async function plainJson(bytes: Uint8Array): Promise<Uint8Array> {
  if (!(bytes.length > 1 && bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A module URL's file name without its extension, as a provisional seat name. */
function titleOf(names: string[]): string {
  return names.length > 0 ? names.join(' vs ') : 'Untitled game';
}

function progressText(loaded: number, total: number | null): string {
  return total ? `${formatBytes(loaded)} of ${formatBytes(total)}` : formatBytes(loaded);
}

/** Every seat of a live game's address that names no bot this browser can run (an unknown
 * built-in, a `saved:` bot kept elsewhere), as problems; the entries that work. */
async function checkSeats(module: GameModule, entries: readonly string[]): Promise<{ seats: string[]; problems: string[] }> {
  const builtins = new Map((await module.bots()).map((b) => [b.id, b.name]));
  const library = new BotLibrary();
  const problems: string[] = [];
  const seats: string[] = [];
  for (const entry of entries) {
    try {
      resolveEntry(entry, builtins, library, location.href);
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
