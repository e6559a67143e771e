// The arena page's results opened from files (pages/arena/): a run of the Python arena (its
// folder, or its results.json with or without the replays, picked or dropped). The file is read
// and checked in a worker, the standings and head-to-head come from its own numbers, the games
// list shows a page at a time, and a replay is read only when its game is opened. A file that
// cannot be shown is named with its fault, and what was shown stays. Opened results replace a
// finished run's on screen, and give way to a run that starts.

import type { ArenaHelper } from '../../arena/helper';
import { dropped, fileOf, pickFromList, PickError, type PickedFiles } from '../../arena/files';
import { openedRecord, openedRows, RESULTS_LIMITS, type OpenedResults } from '../../arena/opened';
import { ResultsReader } from '../../arena/reader';
import { afterFrame, el, fmt, formatBytes, setText } from '../../shell/page/dom';
import { bindFileDrop } from '../../shell/page/drop';
import { errorMessage } from '../../shell/engine';
import { GAME_CHOICES } from '../../games/index';
import type { ArenaContext, Opened, Run } from './context';
import { COLOURS } from './markup';
import type { ArenaViews } from './views';

export class OpenedSession {
  private readonly views: ArenaViews;
  private readonly helper: ArenaHelper;
  private readonly reader = new ResultsReader();
  /** Bumped by every choice of results, and by a run's start (an older answer is then dropped). */
  private openToken = 0;
  /** The pick whose results are being read (replays picked meanwhile join it). */
  private loading: PickedFiles | null = null;

  constructor(private readonly ctx: ArenaContext) {
    this.views = ctx.views;
    this.helper = ctx.helper;
  }

  /** Binds Open folder…, Open results.json…, Add replays… and the page's drop. */
  bind(): void {
    const folder = this.views.q<HTMLInputElement>('folder-input');
    const json = this.views.q<HTMLInputElement>('json-input');
    this.views.q('open-folder').addEventListener('click', () => folder.click());
    this.views.q('open-json').addEventListener('click', () => json.click());
    this.views.q('add-replays').addEventListener('click', () => json.click());
    for (const input of [folder, json]) {
      input.addEventListener('change', () => {
        const files = Array.from(input.files ?? []);
        input.value = '';
        if (files.length === 0) return;
        void this.openPicked(async () => pickFromList(files));
      });
    }
    bindFileDrop(this.views.q('drop'), (files, data) => {
      if (data) {
        const take = dropped(data);
        void this.openPicked(take);
      } else if (files && files.length > 0) {
        const list = Array.from(files);
        void this.openPicked(async () => pickFromList(list));
      }
    });
  }

  /** Opens what was picked or dropped: results (replacing those shown once they are checked),
   * or replays for the results shown. */
  private async openPicked(take: () => Promise<PickedFiles>): Promise<void> {
    const t0 = performance.now();
    this.openError(null);
    let picked: PickedFiles;
    try {
      picked = await take();
    } catch (e) {
      this.openError(`${e instanceof PickError ? 'Nothing opened: ' : 'Could not read the files: '}${errorMessage(e)}.${this.keptNote()}`);
      return;
    }
    // Replays alone join what is shown (or the results being read); results replace it.
    if (!picked.results) {
      if (picked.replays.size === 0) {
        this.openError(`Nothing opened: no results.json${picked.skipped ? ` among the ${picked.skipped} file${picked.skipped === 1 ? '' : 's'} given` : ''}. Choose a run's folder, or its results.json.${this.keptNote()}`);
        return;
      }
      this.addReplays(picked);
      return;
    }
    if (this.ctx.run?.state === 'running') {
      this.openError('Not opened: games are running in this page. Cancel them, or let them finish, then open the results.');
      return;
    }
    const token = ++this.openToken;
    this.loading = picked;
    try {
      await this.openResults(picked, token, t0);
    } finally {
      if (this.loading === picked) this.loading = null;
    }
  }

  /** Reads, checks and shows the results of a pick (unless a newer pick or a run came first). */
  private async openResults(picked: PickedFiles, token: number, t0: number): Promise<void> {
    if (!picked.results) return;
    const path = picked.results.path;
    let file: File;
    try {
      file = await fileOf(picked.results.handle);
    } catch (e) {
      if (token === this.openToken) this.openError(`Could not read ${path}: ${errorMessage(e)}.${this.keptNote()}`);
      return;
    }
    if (token !== this.openToken) return;
    if (file.size > RESULTS_LIMITS.bytes) {
      this.openError(`Not opened: ${path} is ${formatBytes(file.size)}, larger than the ${formatBytes(RESULTS_LIMITS.bytes)} a results file may be.${this.keptNote()}`);
      return;
    }
    setText(this.views.q('open-status'), `Reading ${path} (${formatBytes(file.size)})…`);
    let results: OpenedResults;
    try {
      ({ results } = await this.reader.read(file));
    } catch (e) {
      if (token !== this.openToken) return;
      setText(this.views.q('open-status'), this.openedText());
      this.openError(`Could not open ${path}: ${errorMessage(e)}.${this.keptNote()}`);
      return;
    }
    // The answer's own task ends here: the results are drawn in the next ones.
    await new Promise((r) => setTimeout(r, 0));
    if (token !== this.openToken) return;
    if ((this.ctx.run as Run | null)?.state === 'running') {
      this.openError('Not opened: games started in this page meanwhile.');
      return;
    }
    const o: Opened = { results, path, replays: picked.replays, urls: new Map(), loadMs: 0, started: t0 };
    this.showOpened(o);
  }

  /** Adds replays to the results shown (a selection without results). */
  private addReplays(picked: PickedFiles): void {
    const loading = this.loading;
    if (loading) {
      // Results are being read: the replays go with them.
      for (const [name, handle] of picked.replays) loading.replays.set(name, handle);
      return;
    }
    const o = this.ctx.opened;
    if (!o) {
      this.openError(`Nothing opened: ${picked.replays.size === 1 ? 'this is a replay' : `these are ${picked.replays.size} replays`} without their results.json. Open the run's folder or its results.json first (a single replay opens on the watch page).`);
      return;
    }
    const wanted = new Set(o.results.replay);
    let added = 0;
    for (const [name, handle] of picked.replays) {
      if (!wanted.has(name)) continue;
      // A file given again replaces the one before (and its address).
      const url = o.urls.get(name);
      if (url && o.replays.get(name) !== handle) {
        URL.revokeObjectURL(url);
        o.urls.delete(name);
      }
      o.replays.set(name, handle);
      added++;
    }
    if (added === 0) {
      const names = o.results.replay.filter((n) => n !== '');
      this.openError(`None of the ${picked.replays.size} file${picked.replays.size === 1 ? '' : 's'} added is a replay of these results${names.length ? `: their replays are named ${names[0]}${names.length > 1 ? ` to ${names[names.length - 1]}` : ''}` : ''}. The results shown are kept.`);
      return;
    }
    this.openError(null);
    this.views.games.refresh();
    setText(this.views.q('open-status'), `Added ${fmt(added)} replay${added === 1 ? '' : 's'}. ${this.openedText()}`);
    this.renderOpenedProgress();
  }

  /** " What was shown is kept." when something is shown. */
  private keptNote(): string {
    return this.ctx.opened || this.ctx.run ? ' What was shown is kept.' : '';
  }

  private openError(message: string | null): void {
    const e = this.views.q('open-error');
    e.hidden = message === null;
    setText(e, message ?? '');
  }

  /** Games of the results shown that have their replay. */
  replaysFound(o: Opened): number {
    let n = 0;
    for (const name of o.results.replay) if (name !== '' && o.replays.has(name)) n++;
    return n;
  }

  private openedText(): string {
    const o = this.ctx.opened;
    if (!o) return '';
    const r = o.results;
    const found = this.replaysFound(o);
    const with_ = r.replay.filter((n) => n !== '').length;
    const head = `Showing ${o.path}: ${fmt(r.count)} game${r.count === 1 ? '' : 's'}, ${r.bots.length} bots; `;
    if (with_ === 0) return `${head}the file names no replays.`;
    if (found === with_) return `${head}every replay added.`;
    return `${head}${fmt(found)} of ${fmt(with_)} replays added. To open the other games, add their replays (Add replays…), or open the run's folder.`;
  }

  /** Shows opened results in place of a run's. */
  private showOpened(o: Opened): void {
    this.forgetOpened();
    // A finished run's results give way (a running one never does: see openPicked).
    this.ctx.run = null;
    this.ctx.opened = o;
    const r = o.results;
    const names = r.bots.map((b) => b.name);
    this.ctx.shown = -1;
    this.views.reveal('table', true);
    this.views.table.update(openedRows(r), COLOURS);
    this.views.compare.update(names, r.scoreCi95, r.sprt);
    this.views.graph.update(
      names.map(() => []),
      COLOURS,
    );
    this.views.reveal('graph', false);
    this.views.legend(names);
    setText(this.views.q('graph-empty'), `Each bot's rating over the ${fmt(r.count)} games is drawn once they are rated again here…`);
    this.views.q('graph-note').hidden = true;
    this.renderOpenedProgress();
    this.views.q('add-replays').hidden = false;
    setText(this.views.q('open-status'), this.openedText());
    // The games list after the frame that draws the rest (the previous list goes now): its rows
    // are the most layout of the page, and one frame with both would be one long task.
    this.views.games.clear();
    void afterFrame().then(() => {
      if (this.ctx.opened === o) this.showOpenedGames(o);
    });
  }

  /** results.json keeps each bot's final rating only: its games are rated again, in order, in the
   * helper worker (the same TrueSkill as the Python arena's) to draw each rating's course. */
  private async drawOpenedHistory(o: Opened): Promise<void> {
    const r = o.results;
    const note = this.views.q('graph-note');
    note.hidden = true;
    const empty = this.views.q('graph-empty');
    if (r.count === 0) {
      setText(empty, 'No games to draw.');
      return;
    }
    setText(empty, `Rating the ${fmt(r.count)} games again, in order, to draw each bot's rating over them…`);
    let shown = 0;
    try {
      const { history, final } = await this.helper.history(
        { tau: r.tau ?? 0, participants: r.bots.length, seats: r.seats, lineup: r.lineup, ranks: r.ranks },
        400,
        (done, total) => {
          const now = performance.now();
          if (this.ctx.opened !== o || now - shown < 250) return;
          shown = now;
          setText(empty, `Rating the games again to draw each bot's rating over them: ${fmt(done)} of ${fmt(total)}…`);
        },
      );
      if (this.ctx.opened !== o) return;
      this.views.graph.update(history, COLOURS);
      this.views.reveal('graph', true);
      // The file's ratings are the standings'; say so if the games rated here end elsewhere.
      const off = r.bots.some((b, k) => Math.abs(b.mu - (final[k]?.mu ?? NaN)) > 0.01 || Math.abs(b.sigma - (final[k]?.sigma ?? NaN)) > 0.01);
      note.hidden = !off;
      setText(note, off ? "Rated again here, these games end at other ratings than results.json's (another TrueSkill setting?): the standings show the file's." : '');
    } catch (e) {
      if (this.ctx.opened !== o || errorMessage(e) === 'superseded') return;
      setText(empty, `The rating over games could not be drawn: ${errorMessage(e)}`);
    }
  }

  /** The games list of opened results (their first page). */
  private showOpenedGames(o: Opened): void {
    const r = o.results;
    this.views.games.showOpened({ count: r.count, record: (g) => openedRecord(r, g), actions: (g) => this.openedActions(g) }, COLOURS);
    this.views.reveal('games-list', r.count > 0);
    // On screen at the next frame; on a phone the results come into view (they are below the set-up).
    requestAnimationFrame(() => {
      o.loadMs = performance.now() - o.started;
      const card = this.views.q('bar').closest('section');
      if (this.ctx.opened === o && card && card.getBoundingClientRect().top > window.innerHeight * 0.6) card.scrollIntoView({ block: 'start' });
    });
    // The rating graph's work (in the helper worker) starts once the results are on screen with
    // the first page of games: on two cores it would otherwise take a core from the frames that
    // lay them out (a 10,000-game file: 10,000 games rated again).
    void this.views.games.pageFilled().then(() => {
      if (this.ctx.opened === o) void this.drawOpenedHistory(o);
    });
    setText(this.views.q('games-note'), 'A game opens in the viewer when its replay was given (the folder, or the file); it is read only then.');
    this.views.announce(`Opened ${o.path}: ${r.count} games.`);
    document.title = `Arena — ${o.path}`;
  }

  /** Drops the opened results' viewer addresses (other results, or a run, replace them). */
  private forgetOpened(): void {
    const o = this.ctx.opened;
    if (!o) return;
    for (const u of o.urls.values()) URL.revokeObjectURL(u);
    o.urls.clear();
    this.ctx.opened = null;
  }

  private renderOpenedProgress(): void {
    const o = this.ctx.opened;
    if (!o) return;
    const r = o.results;
    setText(this.views.q('run-title'), 'Opened results');
    const bar = this.views.q('bar');
    bar.setAttribute('aria-valuemax', String(Math.max(1, r.gamesAsked ?? r.count)));
    bar.setAttribute('aria-valuenow', String(r.count));
    bar.setAttribute('aria-valuetext', `${r.count} games`);
    bar.dataset.state = 'done';
    this.views.q('fill').style.width = `${r.gamesAsked ? Math.min(100, (100 * r.count) / r.gamesAsked) : 100}%`;
    const game = GAME_CHOICES.find((g) => g.id === r.game)?.title ?? r.game;
    const asked = r.gamesAsked !== null && r.gamesAsked !== r.count ? ` of ${fmt(r.gamesAsked)} asked (the SPRT stopped the run)` : '';
    setText(this.views.q('status'), `${fmt(r.count)} game${r.count === 1 ? '' : 's'}${asked} · from ${o.path}`);
    const parts = [game ?? null, r.size ? `${r.size[0]}×${r.size[1]}` : null, r.count > 0 ? `seeds ${r.seeds[0]}–${r.seeds[r.count - 1]}` : null, r.fog ? `fog ${r.fog}` : null, r.tau !== null ? `TrueSkill τ ${r.tau}` : null, `${fmt(this.replaysFound(o))} of ${fmt(r.replay.filter((n) => n !== '').length)} replays added`];
    setText(this.views.q('summary'), parts.filter((p) => p !== null).join(' · '));
    this.views.q('summary').dataset.gamesPerMinute = '';
  }

  /** The last cell of an opened game's row: Open when its replay was given, else a way to add it. */
  private openedActions(g: number): Node[] {
    const o = this.ctx.opened;
    if (!o) return [];
    const name = o.results.replay[g];
    const n = g + 1;
    if (!name) return [el('span', { className: 'muted', text: 'no replay' })];
    const handle = o.replays.get(name);
    if (!handle) {
      const add = el(
        'button',
        {
          className: 'btn btn-small',
          attrs: { type: 'button', 'data-part': 'add-replay', 'aria-label': `Game ${n}: add its replay, ${name}`, title: `Add ${name} to open this game` },
        },
        [el('span', { className: 'arena-add-long', text: 'Add replay…' }), el('span', { className: 'arena-add-short', text: '+ replay' })],
      );
      add.addEventListener('click', () => {
        setText(this.views.q('open-status'), `Game ${n}'s replay is ${name}: add it (or the run's whole folder) to open the game. What is shown stays.`);
        this.views.q<HTMLInputElement>('json-input').click();
      });
      return [add];
    }
    const open = el('a', {
      className: 'btn btn-small',
      text: 'Open',
      attrs: { target: '_blank', rel: 'noopener', 'aria-label': `Open game ${n} in the viewer (new tab)`, title: name, 'data-replay': name },
    });
    let cached = o.urls.get(name);
    if (!cached && handle instanceof File && handle.size <= RESULTS_LIMITS.replayBytes) {
      // A File only gets an address (it is not read).
      cached = URL.createObjectURL(handle);
      o.urls.set(name, cached);
    }
    if (cached) {
      open.setAttribute('href', `./?replay=${encodeURIComponent(cached)}`);
      return [open];
    }
    // Not read: the File (a dropped folder's entry is asked for it) only gets an address.
    open.setAttribute('href', '#');
    open.setAttribute('aria-disabled', 'true');
    const wait = (ev: Event) => {
      if (open.getAttribute('aria-disabled') === 'true') ev.preventDefault();
    };
    open.addEventListener('click', wait);
    void fileOf(handle).then(
      (file) => {
        if (this.ctx.opened !== o) return;
        if (file.size > RESULTS_LIMITS.replayBytes) {
          open.replaceWith(el('span', { className: 'bad', text: 'too large', attrs: { title: `${name} is ${formatBytes(file.size)}: at most ${formatBytes(RESULTS_LIMITS.replayBytes)}` } }));
          return;
        }
        o.replays.set(name, file);
        let url = o.urls.get(name);
        if (!url) {
          url = URL.createObjectURL(file);
          o.urls.set(name, url);
        }
        open.setAttribute('href', `./?replay=${encodeURIComponent(url)}`);
        open.removeAttribute('aria-disabled');
      },
      (e: unknown) => {
        if (this.ctx.opened !== o) return;
        open.replaceWith(el('span', { className: 'bad', text: 'unreadable', attrs: { title: `${name}: ${errorMessage(e)}` } }));
      },
    );
    return [open];
  }

  /** A run starts: the results shown give way to it, and an answer still coming is dropped. */
  giveWayToRun(): void {
    this.helper.cancelHistory();
    this.views.q('graph-note').hidden = true;
    if (this.ctx.opened) {
      this.forgetOpened();
      setText(this.views.q('open-status'), '');
      this.views.q('add-replays').hidden = true;
    }
    this.openToken++;
  }
}
