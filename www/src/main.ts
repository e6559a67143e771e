// Entry point and routing. The page is one app with two sources for the viewer:
//   /                     a live game between built-in bots (the home page; `?bots=a,b,c` picks them)
//   ?replay=URL[&frame=N&player=P&radius=R]   a replay from a URL (relative to the page)
//   ?bench=1              the benchmark page (hooks for www/bench/bench.mjs, nothing started)
// Replays can also be opened from the file picker, by drag and drop, or from the samples menu.

import { liveLineup, rng } from './bots/builtin';
import { LiveGame } from './bots/live';
import { errorMessage, loadEngine, type Engine, type ReplayHandle } from './engine';
import { asStandings, asVerifyResult, type Standing } from './render/source';
import { byId, el, fmt, formatBytes, setText } from './ui/dom';
import { downloadName, fetchBytes, readFile } from './viewer/loader';
import { SAMPLES } from './viewer/samples';
import { buildSearch, parseUrlState, type UrlState } from './viewer/urlstate';
import { Viewer } from './viewer/viewer';
import { installBenchHooks } from './bench';

type Current =
  | { kind: 'none' }
  | { kind: 'replay'; handle: ReplayHandle; name: string; url: string | null }
  | { kind: 'live'; live: LiveGame; bots: string[] | null };

/** Per-turn time budget of each bot in the live game. */
const BOT_BUDGET_MS = 200;
const LIVE_FPS = 12;
const NEXT_GAME_S = 8;

class App {
  private readonly viewer: Viewer;
  private engine: Engine | null = null;
  private current: Current = { kind: 'none' };
  private loadToken = 0;
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  private resultTimer: ReturnType<typeof setInterval> | null = null;
  private readonly els = {
    title: byId('game-title', HTMLHeadingElement),
    meta: byId('game-meta', HTMLSpanElement),
    badge: byId('verify-badge', HTMLButtonElement),
    live: byId('btn-live', HTMLButtonElement),
    samples: byId('sample-select', HTMLSelectElement),
    file: byId('file-input', HTMLInputElement),
    download: byId('btn-download', HTMLButtonElement),
    banner: byId('banner', HTMLDivElement),
    bannerText: byId('banner-text', HTMLParagraphElement),
    bannerClose: byId('banner-close', HTMLButtonElement),
    progress: byId('progress', HTMLDivElement),
    progressLabel: byId('progress-label', HTMLParagraphElement),
    progressBar: byId('progress-bar', HTMLDivElement),
    progressFill: byId('progress-fill', HTMLDivElement),
    result: byId('result', HTMLDivElement),
    resultTitle: byId('result-title', HTMLHeadingElement),
    resultList: byId('result-list', HTMLOListElement),
    resultNext: byId('result-next', HTMLParagraphElement),
    nextGame: byId('btn-next-game', HTMLButtonElement),
    stay: byId('btn-stay', HTMLButtonElement),
    drop: byId('drop-overlay', HTMLDivElement),
    toasts: byId('toasts', HTMLDivElement),
  };

  constructor() {
    this.viewer = new Viewer();
    this.viewer.onStateChange = () => this.scheduleUrlUpdate();
    this.viewer.onError = (m) => this.showError(m);
    for (const s of SAMPLES) this.els.samples.appendChild(el('option', { text: s.label, attrs: { value: s.file } }));
    this.bindActions();
    this.bindDrop();
  }

  async start(): Promise<void> {
    const state = parseUrlState(location.search);
    const bench = new URLSearchParams(location.search).has('bench');
    this.showProgress('Starting the engine…', null);
    try {
      this.engine = await loadEngine();
    } catch (e) {
      this.hideProgress();
      setText(this.els.title, 'The engine could not start');
      this.showError(`The game engine (WebAssembly) could not be loaded: ${errorMessage(e)}`);
      return;
    }
    this.hideProgress();
    if (bench) {
      setText(this.els.title, 'Benchmark');
      installBenchHooks(this.engine, this.viewer);
      return;
    }
    if (state.replay) {
      const ok = await this.openUrl(state.replay, state);
      if (!ok && this.current.kind === 'none') this.startLive(null);
    } else {
      this.startLive(state.bots ?? null);
    }
  }

  // ------------------------------------------------------------ opening replays

  private bindActions(): void {
    const e = this.els;
    e.live.addEventListener('click', () => this.startLive(null));
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
    e.download.addEventListener('click', () => this.download());
    e.bannerClose.addEventListener('click', () => this.hideError());
    e.badge.addEventListener('click', () => {
      const f = Number(e.badge.dataset.frame);
      if (e.badge.dataset.state !== 'bad' || !Number.isFinite(f)) return;
      this.viewer.seek(f);
      const x = Number(e.badge.dataset.x);
      const y = Number(e.badge.dataset.y);
      if (e.badge.dataset.x && Number.isInteger(x) && Number.isInteger(y)) this.viewer.pinSite(x, y);
    });
    e.nextGame.addEventListener('click', () => this.startLive(this.current.kind === 'live' ? this.current.bots : null));
    e.stay.addEventListener('click', () => this.hideResult());
  }

  private bindDrop(): void {
    let depth = 0;
    const hasFiles = (ev: DragEvent) => Array.from(ev.dataTransfer?.types ?? []).includes('Files');
    window.addEventListener('dragenter', (ev) => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      depth++;
      this.els.drop.hidden = false;
    });
    window.addEventListener('dragover', (ev) => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      if (ev.dataTransfer) ev.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('dragleave', (ev) => {
      if (!hasFiles(ev)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) this.els.drop.hidden = true;
    });
    window.addEventListener('drop', (ev) => {
      ev.preventDefault();
      depth = 0;
      this.els.drop.hidden = true;
      const f = ev.dataTransfer?.files?.[0];
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

  private async openUrl(url: string, state: UrlState): Promise<boolean> {
    const token = ++this.loadToken;
    this.hideError();
    const name = url.split('/').pop() || url;
    this.showProgress(`Downloading ${name}…`, null);
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
      return await this.openBytes(bytes, name, url, state, token);
    } catch (e) {
      if (token === this.loadToken) {
        this.hideProgress();
        this.showError(`Could not open ${name}: ${errorMessage(e)}`);
      }
      return false;
    }
  }

  /** Parses replay bytes in the engine and shows the replay; on error the previous game stays. */
  private async openBytes(bytes: Uint8Array, name: string, url: string | null, state: UrlState, token: number): Promise<boolean> {
    const engine = this.engine;
    if (!engine) return false;
    this.showProgress(`Reading the replay (${formatBytes(bytes.length)})…`, null);
    await nextPaint();
    if (token !== this.loadToken) return false;
    let handle: ReplayHandle;
    try {
      handle = engine.ReplayHandle.fromBytes(bytes);
      if (handle.numFrames < 1) {
        handle.free();
        throw new Error('the replay has no frames');
      }
    } catch (e) {
      this.hideProgress();
      this.showError(`Could not open ${name}: ${errorMessage(e)}`);
      return false;
    }
    this.hideProgress();
    const previous = this.current;
    this.stopLive();
    this.hideResult();
    let names: string[];
    try {
      names = handle.playerNames();
    } catch {
      names = [];
    }
    const frames = handle.numFrames;
    const startFrame = state.frame !== undefined ? Math.min(state.frame, frames - 1) : undefined;
    this.current = { kind: 'replay', handle, name, url };
    this.viewer.show(
      handle,
      { kind: 'replay', names, fogOfWar: handle.fogOfWar },
      { frame: startFrame ?? 0, player: state.player, radius: state.radius, play: startFrame === undefined },
    );
    this.release(previous);
    this.setTitle(titleOf(names));
    const fog = handle.fogOfWar;
    setText(
      this.els.meta,
      `${handle.width}×${handle.height} · ${handle.numPlayers} players · ${frames - 1} turns${fog !== undefined ? ` · Blitz, fog radius ${fog}` : ''} · ${name}`,
    );
    try {
      this.viewer.setStandings(asStandings(handle.standings()));
    } catch {
      this.viewer.setStandings([]);
    }
    this.els.download.disabled = false;
    this.scheduleUrlUpdate();
    this.verifyLater(handle);
    return true;
  }

  /** Re-simulates the replay after the first frame is on screen, and shows the verdict. */
  private verifyLater(handle: ReplayHandle): void {
    this.setBadge('pending', 'Checking the rules…', 'Re-simulating every turn with the engine');
    setTimeout(() => {
      if (this.current.kind !== 'replay' || this.current.handle !== handle) return;
      try {
        const v = asVerifyResult(handle.verify());
        if (v.ok) this.setBadge('ok', 'Rules verified', 'Every frame follows from the previous one and the moves, by the Halite I rules');
        else {
          this.setBadge('bad', `Breaks the rules at frame ${v.frame}`, `${v.message} (click to go there)`, v.frame);
          this.els.badge.dataset.x = v.site ? String(v.site.x) : '';
          this.els.badge.dataset.y = v.site ? String(v.site.y) : '';
        }
      } catch (e) {
        this.setBadge('bad', 'Could not verify', errorMessage(e));
      }
    }, 60);
  }

  private setTitle(title: string): void {
    setText(this.els.title, title);
    this.els.title.title = title;
    document.title = `${title} — Halite I`;
  }

  private setBadge(state: 'ok' | 'bad' | 'pending' | 'live', text: string, title: string, frame?: number): void {
    const b = this.els.badge;
    b.hidden = false;
    b.dataset.state = state;
    b.dataset.frame = frame !== undefined ? String(frame) : '';
    b.dataset.x = '';
    b.dataset.y = '';
    setText(b, text);
    b.title = title;
    b.setAttribute('aria-label', `${text}. ${title}`);
    b.disabled = state !== 'bad' || frame === undefined;
  }

  // ------------------------------------------------------------ live game

  private startLive(bots: string[] | null): void {
    const engine = this.engine;
    if (!engine) return;
    this.loadToken++;
    this.hideProgress();
    this.hideResult();
    const seedBuf = new Uint32Array(1);
    crypto.getRandomValues(seedBuf);
    const seed = seedBuf[0] % 1_000_000_000;
    const r = rng(seed);
    const players = bots ? bots.length : 2 + Math.floor(r() * 3);
    const lineup = bots ?? liveLineup(players, r);
    const side = 24 + 2 * Math.floor(r() * 5);
    let live: LiveGame;
    try {
      live = new LiveGame(engine, { bots: lineup, width: side, height: side, seed, budgetMs: BOT_BUDGET_MS, initBudgetMs: 5000 });
    } catch (e) {
      this.showError(`Could not start a live game: ${errorMessage(e)}`);
      return;
    }
    const previous = this.current;
    this.stopLive();
    this.current = { kind: 'live', live, bots };
    const game = live.game;
    this.viewer.show(game, { kind: 'live', names: live.names }, { play: true, fps: LIVE_FPS });
    this.release(previous);
    this.setTitle(titleOf(live.names));
    setText(this.els.meta, `${game.width}×${game.height} · ${game.numPlayers} players · seed ${seed} · up to ${game.maxTurns} turns`);
    this.setBadge('live', 'Live', 'A game being played now by the built-in bots, each in its own worker');
    this.els.download.disabled = false;
    this.refreshLiveStandings(live);
    this.scheduleUrlUpdate();

    void live.run({
      canAdvance: () => this.isCurrent(live) && game.numFrames - 1 - this.viewer.playback.pos < 6,
      onTurn: () => {
        if (!this.isCurrent(live)) return;
        this.viewer.framesAdded();
        this.refreshLiveStandings(live);
      },
      onEject: (player, name, reason, frame) => {
        if (!this.isCurrent(live)) return;
        this.viewer.setEjections(live.ejections);
        this.toast(`${name} (player ${player}) was ejected at frame ${frame}: ${reason}.`);
      },
      onOver: () => {
        if (!this.isCurrent(live)) return;
        this.viewer.setLiveFinished();
        this.refreshLiveStandings(live);
        this.setBadge('live', 'Live · finished', 'A game just played by the built-in bots');
        this.waitForEnd(live);
      },
      onError: (m) => {
        if (this.isCurrent(live)) this.showError(`The live game stopped: ${m}`);
      },
    });
  }

  private isCurrent(live: LiveGame): boolean {
    return this.current.kind === 'live' && this.current.live === live;
  }

  private refreshLiveStandings(live: LiveGame): void {
    try {
      this.viewer.setStandings(asStandings(live.game.results()));
    } catch {
      // Standings are decoration; the game goes on.
    }
  }

  /** When the display reaches the end of a finished live game: the result, then a new game. */
  private waitForEnd(live: LiveGame): void {
    if (this.resultTimer) clearInterval(this.resultTimer);
    this.resultTimer = setInterval(() => {
      if (!this.isCurrent(live)) {
        if (this.resultTimer) clearInterval(this.resultTimer);
        this.resultTimer = null;
        return;
      }
      if (!this.viewer.atEnd) return;
      if (this.resultTimer) clearInterval(this.resultTimer);
      this.resultTimer = null;
      this.showResult(live);
    }, 200);
  }

  private showResult(live: LiveGame): void {
    let standings: Standing[] = [];
    try {
      standings = asStandings(live.game.results()).sort((a, b) => a.rank - b.rank);
    } catch {
      standings = [];
    }
    const e = this.els;
    const winner = standings[0];
    setText(e.resultTitle, winner ? `${winner.name} wins` : 'Game over');
    e.resultList.replaceChildren(
      ...standings.map((s) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = this.viewer.paletteColours[s.tag] ?? '#fff';
        const ej = live.ejections.get(s.tag);
        const detail = ej ? `ejected at frame ${ej.frame}` : s.alive ? `${fmt(s.territory)} sites` : `out at frame ${s.lastFrameAlive + 1}`;
        return el('li', {}, [el('span', { className: 'rank', text: `${s.rank}.` }), dot, el('span', { text: s.name }), el('span', { className: 'detail', text: detail })]);
      }),
    );
    e.result.hidden = false;
    let left = NEXT_GAME_S;
    setText(e.resultNext, `Next game in ${left} s…`);
    this.resultTimer = setInterval(() => {
      if (!this.isCurrent(live)) {
        this.hideResult();
        return;
      }
      left--;
      if (left <= 0) {
        const bots = this.current.kind === 'live' ? this.current.bots : null;
        this.hideResult();
        this.startLive(bots);
      } else setText(e.resultNext, `Next game in ${left} s…`);
    }, 1000);
  }

  private hideResult(): void {
    if (this.resultTimer) clearInterval(this.resultTimer);
    this.resultTimer = null;
    this.els.result.hidden = true;
  }

  private stopLive(): void {
    if (this.current.kind === 'live') this.current.live.stop();
  }

  /** Frees the engine memory of a game the viewer no longer shows. */
  private release(c: Current): void {
    if (c === this.current) return;
    try {
      if (c.kind === 'replay') c.handle.free();
      else if (c.kind === 'live') {
        c.live.stop();
        c.live.game.free();
      }
    } catch {
      // Already freed.
    }
  }

  // ------------------------------------------------------------ download, URL, messages

  private download(): void {
    const c = this.current;
    let bytes: Uint8Array;
    let name: string;
    try {
      if (c.kind === 'replay') {
        bytes = c.handle.toJson();
        name = downloadName(c.name);
      } else if (c.kind === 'live') {
        bytes = c.live.game.toJson();
        name = `live-seed${c.live.config.seed}.hlt`;
      } else return;
    } catch (e) {
      this.showError(`Could not save the replay: ${errorMessage(e)}`);
      return;
    }
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/json' }));
    const a = el('a', { attrs: { href: url, download: name } });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
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
      if (c.url) state = { replay: c.url, frame: v.frame, player: v.currentPerspective, radius: v.currentRadius };
    } else if (c.kind === 'live') {
      if (c.bots) state = { bots: c.bots };
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

  private toast(text: string): void {
    const t = el('div', { className: 'toast', text });
    this.els.toasts.appendChild(t);
    setTimeout(() => t.remove(), 6000);
    while (this.els.toasts.childElementCount > 3) this.els.toasts.firstElementChild?.remove();
  }

  /** Read-only state for tests (www/tests/e2e.test.mjs). */
  testHook(): object {
    const v = this.viewer;
    const app = this;
    return {
      get frame() {
        return v.frame;
      },
      get numFrames() {
        return v.numFrames;
      },
      get perspective() {
        return v.currentPerspective;
      },
      get radius() {
        return v.currentRadius;
      },
      get playing() {
        return v.playing;
      },
      get kind() {
        return app.current.kind;
      },
      get width() {
        return v.source?.width ?? 0;
      },
      get height() {
        return v.source?.height ?? 0;
      },
      siteToClient: (x: number, y: number) => v.siteToClient(x, y),
      isVisible: (x: number, y: number) => v.isVisible(x, y),
    };
  }
}

function titleOf(names: string[]): string {
  return names.length > 0 ? names.join(' vs ') : 'Untitled game';
}

function progressText(loaded: number, total: number | null): string {
  return total ? `${formatBytes(loaded)} of ${formatBytes(total)}` : formatBytes(loaded);
}

/** Resolves once the browser has had a chance to paint (or soon, in a background tab). */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, 120);
  });
}

const app = new App();
(window as unknown as { __viewer: object }).__viewer = app.testHook();
void app.start();
