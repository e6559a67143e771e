// Opening a replay: from a file (picked or dropped), an address (`?replay=URL`, a sample, a
// `stored:<id>` kept in this browser), read in a worker and shown with its rules check, logs,
// drawings and standings as they arrive. On any error the game shown before stays.

import { errorMessage } from '../../shell/engine';
import { formatBytes, setText } from '../../shell/page/dom';
import type { GameModule, OpenedReplay } from '../../shell/game';
import { fetchBytes, LoadCancelled, readFile } from '../../shell/page/loader';
import { holdOffline } from '../../shell/page/offline';
import { loadStoredReplay, MAX_STORED, MAX_STORED_BYTES } from '../../shell/page/resume';
import type { UrlState } from '../../shell/page/urlstate';
import { recogniseReplay } from '../../games/index';
import type { ReplayShown, WatchContext } from './context';
import { progressText } from './ui';

export class ReplaySession {
  constructor(private readonly ctx: WatchContext) {}

  /** A load's Cancel: stops its download or read (and drops what it would show), hides the
   * progress and leaves the page as it was. A load the page has moved on from is stopped too. */
  private canceller(token: number, stop: AbortController, what: string): () => void {
    const { ctx } = this;
    return () => {
      stop.abort();
      if (!ctx.isLoad(token)) return;
      ctx.newLoad();
      ctx.ui.hideProgress();
      ctx.ui.toast(`Stopped ${what}.`);
    };
  }

  async openFile(file: File): Promise<boolean> {
    const { ctx } = this;
    const ui = ctx.ui;
    const token = ctx.newLoad();
    const stop = new AbortController();
    const cancel = this.canceller(token, stop, `reading ${file.name}`);
    ui.hideError();
    ui.showProgress(`Reading ${file.name}…`, 0, cancel);
    try {
      const bytes = await readFile(
        file,
        (loaded, total) => {
          if (ctx.isLoad(token)) ui.showProgress(`Reading ${file.name} — ${progressText(loaded, total)}`, total ? loaded / total : null, cancel);
          else stop.abort();
        },
        stop.signal,
      );
      if (!ctx.isLoad(token)) return false;
      return await this.openBytes(bytes, file.name, null, {}, token, cancel);
    } catch (e) {
      if (ctx.isLoad(token) && !(e instanceof LoadCancelled)) {
        ui.hideProgress();
        ui.showError(`Could not open ${file.name}: ${errorMessage(e)}`);
      }
      return false;
    }
  }

  /** Opens the replay at `url`; `onBytes` sees its bytes as soon as they are read (a continued
   * game starts its fork then, alongside the viewer's opening of the replay). */
  async openUrl(url: string, state: UrlState, onBytes?: (bytes: Uint8Array) => void): Promise<boolean> {
    const { ctx } = this;
    const ui = ctx.ui;
    const token = ctx.newLoad();
    const name = url.split('/').pop() || url;
    const stop = new AbortController();
    const cancel = this.canceller(token, stop, `downloading ${name}`);
    ui.hideError();
    ui.showProgress(`Downloading ${name}…`, null, cancel);
    if (url.startsWith('stored:')) {
      // A replay kept in this browser (an arena's game), by its stable id.
      const id = url.slice('stored:'.length);
      const bytes = await loadStoredReplay(id);
      if (!ctx.isLoad(token)) return false;
      if (!bytes) {
        ui.hideProgress();
        ui.showError(`No replay called ${id} is kept in this browser (stored replays live in the browser that played them; the oldest are dropped past ${MAX_STORED} replays or ${formatBytes(MAX_STORED_BYTES)} in all). Open the file instead, or drop it here.`);
        return false;
      }
      onBytes?.(bytes);
      return this.openBytes(bytes, `${id}.hlt`, url, state, token, cancel);
    }
    let resolved: string;
    try {
      resolved = new URL(url, location.href).href;
    } catch {
      ui.hideProgress();
      ui.showError(`Not a valid replay address: ${url}`);
      return false;
    }
    try {
      const bytes = await fetchBytes(
        resolved,
        (loaded, total) => {
          if (ctx.isLoad(token)) ui.showProgress(`Downloading ${name} — ${progressText(loaded, total)}`, total ? loaded / total : null, cancel);
          else stop.abort();
        },
        { signal: stop.signal },
      );
      if (!ctx.isLoad(token)) return false;
      onBytes?.(bytes);
      return await this.openBytes(bytes, name, url, state, token, cancel);
    } catch (e) {
      if (ctx.isLoad(token) && !(e instanceof LoadCancelled)) {
        ui.hideProgress();
        ui.showError(`Could not open ${name}: ${errorMessage(e)}`);
      }
      return false;
    }
  }

  /** Opens replay bytes in a worker and shows the replay; on error the previous game stays. */
  private async openBytes(bytes: Uint8Array, name: string, url: string | null, state: UrlState, token: number, cancel: () => void): Promise<boolean> {
    const { ctx } = this;
    const ui = ctx.ui;
    ui.showProgress(`Reading the replay (${formatBytes(bytes.length)})…`, null, cancel);
    let opened: OpenedReplay;
    let module: GameModule;
    try {
      // A game that recognises the bytes opens them; otherwise the current game explains what is wrong.
      module = (await recogniseReplay(bytes)) ?? ctx.module;
      opened = await module.openReplay(
        bytes,
        (label) => {
          if (ctx.isLoad(token)) ui.showProgress(label, null, cancel);
        },
        { paced: true },
      );
    } catch (e) {
      if (ctx.isLoad(token)) {
        ui.hideProgress();
        ui.showError(`Could not open ${name}: ${errorMessage(e)}`);
      }
      return false;
    }
    if (!ctx.isLoad(token)) {
      opened.dispose();
      return false;
    }
    ui.hideProgress();
    const shown: ReplayShown = { kind: 'replay', opened, name, url };
    ctx.replace(shown, () => {
      ctx.switchModule(module);
      this.show(shown, state);
    });
    this.follow(shown);
    return true;
  }

  /** Draws the replay, at the frame and through the eyes the address asks for. */
  private show(shown: ReplayShown, state: UrlState): void {
    const { ctx } = this;
    const { ui } = ctx;
    const e = ui.els;
    const { opened, name } = shown;
    const src = opened.source;
    const names = src.playerNames();
    const frames = src.numFrames;
    // A frame or player the replay does not have is named, not silently changed.
    const wrong: string[] = [];
    if (state.frame !== undefined && state.frame > frames - 1) wrong.push(`frame=${state.frame} is past the end of this replay: its frames are 0 to ${frames - 1}. Showing frame 0.`);
    if (state.player !== undefined && state.player > src.numPlayers) wrong.push(`player=${state.player}: this replay has players 1 to ${src.numPlayers} (0: the whole map). Showing the whole map.`);
    const startFrame = state.frame !== undefined && state.frame <= frames - 1 ? state.frame : wrong.length > 0 ? 0 : undefined;
    if (wrong.length > 0) ui.showError(wrong.join(' '));
    e.empty.hidden = true;
    ctx.viewer.show(
      src,
      { kind: 'replay', names, fogOfWar: opened.fogOfWar },
      {
        frame: startFrame ?? 0,
        seat: state.player !== undefined && state.player <= src.numPlayers ? state.player - 1 : -1,
        radius: state.radius,
        play: startFrame === undefined,
      },
    );
    ui.setSeatsTitle(names);
    const fog = opened.fogOfWar;
    const module = ctx.module;
    setText(e.meta, `${module.title} · ${src.width}×${src.height} · ${src.numPlayers} players · ${frames - 1} turns${fog !== undefined && fog !== null ? ` · ${module.fogName ?? 'fog'}, fog radius ${fog}` : ''} · ${name}`);
    ui.setDownloads(true, ctx.module.gzipEnding);
    e.continueBtn.hidden = false;
    e.debugBtn.hidden = false;
    e.newGame.hidden = true;
    e.resign.hidden = true;
    ctx.scheduleUrlUpdate();
  }

  /** What the worker computes after the frames (logs, drawings, standings, statistics, the rules
   * check) reaches the viewer while this replay is still the one shown. */
  private follow(shown: ReplayShown): void {
    const { ctx } = this;
    const { ui } = ctx;
    const { opened } = shown;
    const isCurrent = () => ctx.current === shown;
    const when = <T>(p: Promise<T>, then: (v: T) => void) =>
      p.then(
        (v) => {
          if (isCurrent()) then(v);
        },
        () => {},
      );
    // The worker's statistics wait for the replay's first drawing, and its rules check for the
    // graphs': on two cores the page's first frames of a replay would otherwise wait for a core.
    const drawn = () => {
      if (isCurrent()) void ctx.viewer.drawn().then(() => opened.drawn());
    };
    drawn();
    when(opened.logs, (l) => l && ctx.viewer.setLogs(l));
    when(opened.drawings, (d) => d && ctx.viewer.setDrawings(d));
    // A replay cut to a live game's limits as it was read says so, in a note that stays until it
    // is dismissed or for 20 s (the cut names end with "…", a cut log with its own note).
    when(opened.trimmed, (t) => t && ui.toast(t, { label: 'OK', run: () => {} }));
    ui.setBadge('pending', 'Checking the rules…', 'Re-simulating every turn with the engine, in the background');
    // A first visit's offline copy waits for this replay's start-up work (shell/page/offline.ts).
    holdOffline(Promise.all([opened.seriesReady, opened.verdict]));
    when(opened.standings, (s) => ctx.viewer.setStandings(s));
    when(opened.seriesReady, () => {
      ctx.viewer.framesAdded();
      drawn();
    });
    opened.verdict.then(
      (v) => {
        if (!isCurrent()) return;
        const title = ctx.module.title;
        if (v.ok) ui.setBadge('ok', 'Rules verified', `Every frame follows from the previous one and the moves, by the ${title} rules`);
        else if (v.unfinished) {
          // A game saved before its end (a download of a game in progress): nothing is broken.
          ui.setBadge('unfinished', `Unfinished · rules verified to frame ${v.frame}`, `This game was saved before its end; every frame up to ${v.frame} follows the rules. Click to play it on from there`, v.frame);
        } else {
          ui.setBadge('bad', `Breaks the rules at frame ${v.frame}`, `${v.message} (click to go there)`, v.frame);
          ui.els.badge.dataset.x = v.site ? String(v.site.x) : '';
          ui.els.badge.dataset.y = v.site ? String(v.site.y) : '';
        }
      },
      (e: unknown) => {
        if (isCurrent()) ui.setBadge('bad', 'Could not verify', errorMessage(e));
      },
    );
  }
}
