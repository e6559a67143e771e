// The arena page (`?arena[&game=<id>]`): many games between bots of one game in the page, no server. A set-up form
// chooses the bots and games; a pool plays them a few at once (each game's rules in an engine
// worker, each bot in a worker of its own); the standings (games, wins, average rank, ejections,
// TrueSkill) and the list of games update after every game. TrueSkill and replay compression
// run in a helper worker, so the page only draws and answers input.
//
// The same view shows the results of a run of the Python arena opened from files (its folder,
// or its results.json with or without the replays, picked or dropped): the file is read and
// checked in a worker, the standings and head-to-head come from its own numbers, the games list
// shows a page at a time, and a replay is read only when its game is opened. A file that cannot
// be shown is named with its fault, and what was shown stays.

import { topbarHtml } from '../shell/page/nav';
import { ArenaHelper } from '../arena/helper';
import { defaultParallel, LIMITS, randomSeed, type ArenaConfig } from '../arena/plan';
import { ArenaPool, type Participant } from '../arena/pool';
import { MU, SIGMA } from '../arena/rating';
import { scoreCi95, Tally, type GameRecord } from '../arena/results';
import { GamesList } from '../arena/games';
import { CompareView } from '../arena/compare';
import { dropped, fileOf, pickFromList, PickError, type PickedFiles, type ReplayHandle } from '../arena/files';
import { openedRecord, openedRows, RESULTS_LIMITS, type OpenedResults } from '../arena/opened';
import { ResultsReader } from '../arena/reader';
import { RatingGraph } from '../arena/graph';
import { SetupForm } from '../arena/setup';
import { ResultsTable } from '../arena/table';
import { arenaSearch, parseArenaQuery } from '../arena/url';
import { consentForSeats, raisedBudgets } from '../seats/consent';
import { resolveEntry, seatNames, uniqueName } from '../seats/entries';
import { ORIGINAL_BUDGETS } from '../shell/seat';
import { BotLibrary } from '../bots/library';
import { el, fmt, formatBytes, setText } from '../shell/page/dom';
import { nameLabel } from '../shell/page/names';
import { bindFileDrop } from '../shell/page/drop';
import { errorMessage } from '../shell/engine';
import type { GameId, GameModule } from '../shell/game';
import { DEFAULT_PALETTE } from '../shell/palette';
import { gameFromSearch, gameSearch, liveRules, sizeText } from '../shell/page/live-setup';
import { GAME_CHOICES, GAME_IDS, loadGame } from '../games/index';

const PAGE = `
  ${topbarHtml({ page: 'arena', title: 'Arena', meta: 'Many games between bots, in this page · rated with TrueSkill' })}
  <main class="arena">
    <section class="card arena-setup" aria-labelledby="arena-setup-title">
      <h2 class="arena-title" id="arena-setup-title">Set-up</h2>
      <div data-part="setup"><p class="muted">Loading the bots…</p></div>
    </section>
    <div class="arena-main">
      <section class="card arena-open" aria-labelledby="arena-open-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-open-title">Results from files</h2>
          <p class="arena-note">A run of <code>python -m halite_engine.arena</code>: its folder, or its results.json</p>
        </div>
        <div class="arena-open-row">
          <button type="button" class="btn" data-part="open-folder">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3.5 7.5v10a1.5 1.5 0 0 0 1.5 1.5h14a1.5 1.5 0 0 0 1.5-1.5v-8A1.5 1.5 0 0 0 19 8h-7l-2-2.5H5A1.5 1.5 0 0 0 3.5 7Z"/></svg><span>Open folder…</span>
          </button>
          <button type="button" class="btn" data-part="open-json">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.5 3.5h7l4 4v13h-11Zm7 0v4h4"/></svg><span>Open results.json…</span>
          </button>
          <button type="button" class="btn" data-part="add-replays" hidden>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg><span>Add replays…</span>
          </button>
          <span class="arena-note arena-open-drop">or drop the folder, or results.json with replays, on this page</span>
        </div>
        <input type="file" class="visually-hidden" data-part="folder-input" webkitdirectory multiple tabindex="-1" aria-label="A run's folder (results.json and the replays)">
        <input type="file" class="visually-hidden" data-part="json-input" accept=".json,.hlt,application/json" multiple tabindex="-1" aria-label="results.json, and replays if you like">
        <p class="arena-open-status" data-part="open-status" role="status"></p>
        <p class="arena-error" data-part="open-error" role="alert" hidden></p>
      </section>
      <section class="card arena-run" aria-labelledby="arena-run-title">
        <div class="arena-run-head">
          <h2 class="arena-title" id="arena-run-title" data-part="run-title">Progress</h2>
          <p class="arena-status" data-part="status">Choose the bots and start.</p>
          <button type="button" class="btn arena-cancel" data-part="cancel" aria-label="Cancel: stop every running game" hidden>
            <svg viewBox="0 0 24 24" aria-hidden="true"><rect x="6.5" y="6.5" width="11" height="11" rx="1.5"/></svg><span>Cancel</span>
          </button>
        </div>
        <p class="visually-hidden" data-part="announce" role="status"></p>
        <div class="progress-track arena-track" role="progressbar" data-part="bar" aria-label="Games played" aria-valuemin="0" aria-valuemax="0" aria-valuenow="0">
          <div class="progress-fill" data-part="fill"></div>
        </div>
        <p class="arena-summary" data-part="summary"></p>
      </section>
      <section class="card" aria-labelledby="arena-standings-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-standings-title">Standings</h2>
          <p class="arena-note">Sorted by μ − 3σ, as the original ladder ranked bots</p>
        </div>
        <p class="arena-empty" data-part="table-empty">Each bot's games, wins, average rank, ejections and TrueSkill rating, updated after every game.</p>
        <div data-part="table" hidden></div>
        <div class="arena-compare-box" data-part="compare" hidden></div>
      </section>
      <section class="card" aria-labelledby="arena-graph-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-graph-title">Rating over games</h2>
          <ul class="arena-legend-list" data-part="legend"></ul>
        </div>
        <p class="arena-empty" data-part="graph-empty">Each bot's rating, μ ± σ, game after game.</p>
        <div class="arena-graph" data-part="graph" hidden></div>
        <p class="arena-note arena-graph-note" data-part="graph-note" hidden></p>
      </section>
      <section class="card" aria-labelledby="arena-games-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-games-title">Games</h2>
          <p class="arena-note" data-part="games-note">Every game can be opened in the viewer or downloaded.</p>
        </div>
        <p class="arena-empty" data-part="games-list-empty">No games yet.</p>
        <div data-part="games-list" hidden></div>
      </section>
    </div>
  </main>
  <div class="drop-overlay" data-part="drop" hidden>
    <div class="drop-card">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      <p>Drop an arena run to open its results</p>
      <p class="drop-hint">its folder, or results.json and replays</p>
    </div>
  </div>`;

type RunState = 'idle' | 'running' | 'done' | 'cancelled';

interface Run {
  config: ArenaConfig;
  pool: ArenaPool;
  tally: Tally;
  names: string[];
  started: number;
  /** When the last game ended (ms since the page loaded). */
  ended: number | null;
  state: RunState;
  /** A rating request is out (games are rated one at a time, in order). */
  rating: boolean;
  /** The ratings failed (the rest of the run is counted, not rated). */
  ratingFailed: boolean;
}

const COLOURS = DEFAULT_PALETTE.colours.slice(1);

/** How often a running arena redraws its standings, graph and games at most, ms. */
const RENDER_MS = 250;

/** Results opened from files, with the replays given so far. */
interface Opened {
  results: OpenedResults;
  /** Where the results file was found ("run/results.json"). */
  path: string;
  replays: Map<string, ReplayHandle>;
  /** Viewer addresses of replays opened so far, by name (revoked when other results replace these). */
  urls: Map<string, string>;
  /** Milliseconds from the choice to the results on screen (0 until they are). */
  loadMs: number;
  /** When the files were chosen (performance.now()). */
  started: number;
}

const GRAPH_EMPTY = "Each bot's rating, μ ± σ, game after game.";
const GAMES_NOTE = 'Every game can be opened in the viewer or downloaded.';

/** "1:05", "1:02:03". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export class ArenaPage {
  private readonly q: <T extends HTMLElement>(part: string) => T;
  private readonly form: SetupForm;
  private readonly table: ResultsTable;
  private readonly graph: RatingGraph;
  private readonly games: GamesList;
  private readonly compare: CompareView;
  private readonly reader = new ResultsReader();
  /** Results opened from files, shown while no run is. */
  private opened: Opened | null = null;
  /** Bumped by every choice of results, and by a run's start (an older answer is then dropped). */
  private openToken = 0;
  /** The pick whose results are being read (replays picked meanwhile join it). */
  private loading: PickedFiles | null = null;
  private readonly helper = new ArenaHelper();
  private readonly library = new BotLibrary();
  private run: Run | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private renderQueued = false;
  /** When the page last drew a running arena (performance.now()), and the drawing held back
   * until RENDER_MS after it. */
  private lastRender = -Infinity;
  private renderTimer: ReturnType<typeof setTimeout> | null = null;
  /** The tally version the table and graph show. */
  private shown = -1;
  /** Between a Start click and the run's first game (the seats are being resolved). */
  private starting = false;

  constructor(
    root: HTMLElement,
    private readonly module: GameModule,
    builtins: Awaited<ReturnType<GameModule['bots']>>,
    search: string,
    /** Every game's id and title, for the game choice. */
    games: readonly { id: GameId; title: string }[] = [{ id: module.id, title: module.title }],
  ) {
    root.innerHTML = PAGE;
    this.q = <T extends HTMLElement>(part: string): T => {
      const e = root.querySelector(`[data-part="${part}"]`);
      if (!e) throw new Error(`arena markup is missing ${part}`);
      return e as T;
    };
    document.title = `Arena — ${module.title}`;
    this.form = new SetupForm(this.q('setup'), {
      builtins: builtins.filter((b) => !b.hidden),
      library: this.library,
      colours: COLOURS,
      initial: parseArenaQuery(search),
      defaultParallel: defaultParallel(navigator.hardwareConcurrency),
      game: module.id,
      games,
      rules: liveRules(module, LIMITS.seats.min, LIMITS.seats.max),
    });
    this.form.onStart = () => void this.start();
    this.form.onGame = (id) => {
      if (this.run?.state === 'running') return;
      location.assign(`./${gameSearch('arena', id, GAME_IDS[0], location.search)}`);
    };
    this.q('cancel').addEventListener('click', () => this.cancel());
    this.table = new ResultsTable(this.q('table'));
    this.graph = new RatingGraph(this.q('graph'));
    this.games = new GamesList(this.q('games-list'));
    this.games.onError = (m) => this.form.showError(m);
    this.compare = new CompareView(this.q('compare'));
    this.bindOpen();
  }

  // ------------------------------------------------------------------ results from files

  private bindOpen(): void {
    const folder = this.q<HTMLInputElement>('folder-input');
    const json = this.q<HTMLInputElement>('json-input');
    this.q('open-folder').addEventListener('click', () => folder.click());
    this.q('open-json').addEventListener('click', () => json.click());
    this.q('add-replays').addEventListener('click', () => json.click());
    for (const input of [folder, json]) {
      input.addEventListener('change', () => {
        const files = Array.from(input.files ?? []);
        input.value = '';
        if (files.length === 0) return;
        void this.openPicked(async () => pickFromList(files));
      });
    }
    bindFileDrop(this.q('drop'), (files, data) => {
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
    if (this.run?.state === 'running') {
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
    setText(this.q('open-status'), `Reading ${path} (${formatBytes(file.size)})…`);
    let results: OpenedResults;
    try {
      ({ results } = await this.reader.read(file));
    } catch (e) {
      if (token !== this.openToken) return;
      setText(this.q('open-status'), this.openedText());
      this.openError(`Could not open ${path}: ${errorMessage(e)}.${this.keptNote()}`);
      return;
    }
    // The answer's own task ends here: the results are drawn in the next ones.
    await new Promise((r) => setTimeout(r, 0));
    if (token !== this.openToken) return;
    if ((this.run as Run | null)?.state === 'running') {
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
    const o = this.opened;
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
    this.games.refresh();
    setText(this.q('open-status'), `Added ${fmt(added)} replay${added === 1 ? '' : 's'}. ${this.openedText()}`);
    this.renderOpenedProgress();
  }

  /** " What was shown is kept." when something is shown. */
  private keptNote(): string {
    return this.opened || this.run ? ' What was shown is kept.' : '';
  }

  private openError(message: string | null): void {
    const e = this.q('open-error');
    e.hidden = message === null;
    setText(e, message ?? '');
  }

  /** Games of the results shown that have their replay. */
  private replaysFound(o: Opened): number {
    let n = 0;
    for (const name of o.results.replay) if (name !== '' && o.replays.has(name)) n++;
    return n;
  }

  private openedText(): string {
    const o = this.opened;
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
    this.run = null;
    this.opened = o;
    const r = o.results;
    const names = r.bots.map((b) => b.name);
    this.shown = -1;
    this.reveal('table', true);
    this.table.update(openedRows(r), COLOURS);
    this.compare.update(names, r.scoreCi95, r.sprt);
    this.graph.update(
      names.map(() => []),
      COLOURS,
    );
    this.reveal('graph', false);
    this.renderLegendNames(names);
    setText(this.q('graph-empty'), `Each bot's rating over the ${fmt(r.count)} games is drawn once they are rated again here…`);
    this.q('graph-note').hidden = true;
    this.renderOpenedProgress();
    this.q('add-replays').hidden = false;
    setText(this.q('open-status'), this.openedText());
    // The games list in a task of its own (the previous list goes now).
    this.games.clear();
    setTimeout(() => {
      if (this.opened === o) this.showOpenedGames(o);
    }, 0);
  }

  /** results.json keeps each bot's final rating only: its games are rated again, in order, in the
   * helper worker (the same TrueSkill as the Python arena's) to draw each rating's course. */
  private async drawOpenedHistory(o: Opened): Promise<void> {
    const r = o.results;
    const note = this.q('graph-note');
    note.hidden = true;
    const empty = this.q('graph-empty');
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
          if (this.opened !== o || now - shown < 250) return;
          shown = now;
          setText(empty, `Rating the games again to draw each bot's rating over them: ${fmt(done)} of ${fmt(total)}…`);
        },
      );
      if (this.opened !== o) return;
      this.graph.update(history, COLOURS);
      this.reveal('graph', true);
      // The file's ratings are the standings'; say so if the games rated here end elsewhere.
      const off = r.bots.some((b, k) => Math.abs(b.mu - (final[k]?.mu ?? NaN)) > 0.01 || Math.abs(b.sigma - (final[k]?.sigma ?? NaN)) > 0.01);
      note.hidden = !off;
      setText(note, off ? "Rated again here, these games end at other ratings than results.json's (another TrueSkill setting?): the standings show the file's." : '');
    } catch (e) {
      if (this.opened !== o || errorMessage(e) === 'superseded') return;
      setText(empty, `The rating over games could not be drawn: ${errorMessage(e)}`);
    }
  }

  /** The games list of opened results (their first page). */
  private showOpenedGames(o: Opened): void {
    const r = o.results;
    this.games.showOpened({ count: r.count, record: (g) => openedRecord(r, g), actions: (g) => this.openedActions(g) }, COLOURS);
    this.reveal('games-list', r.count > 0);
    // On screen at the next frame; on a phone the results come into view (they are below the set-up).
    requestAnimationFrame(() => {
      o.loadMs = performance.now() - o.started;
      const card = this.q('bar').closest('section');
      if (this.opened === o && card && card.getBoundingClientRect().top > window.innerHeight * 0.6) card.scrollIntoView({ block: 'start' });
      // The rating graph's work (in the helper worker) starts once the results are on screen.
      if (this.opened === o) void this.drawOpenedHistory(o);
    });
    setText(this.q('games-note'), 'A game opens in the viewer when its replay was given (the folder, or the file); it is read only then.');
    this.announce(`Opened ${o.path}: ${r.count} games.`);
    document.title = `Arena — ${o.path}`;
  }

  /** Drops the opened results' viewer addresses (other results, or a run, replace them). */
  private forgetOpened(): void {
    const o = this.opened;
    if (!o) return;
    for (const u of o.urls.values()) URL.revokeObjectURL(u);
    o.urls.clear();
    this.opened = null;
  }

  private renderOpenedProgress(): void {
    const o = this.opened;
    if (!o) return;
    const r = o.results;
    setText(this.q('run-title'), 'Opened results');
    const bar = this.q('bar');
    bar.setAttribute('aria-valuemax', String(Math.max(1, r.gamesAsked ?? r.count)));
    bar.setAttribute('aria-valuenow', String(r.count));
    bar.setAttribute('aria-valuetext', `${r.count} games`);
    bar.dataset.state = 'done';
    this.q('fill').style.width = `${r.gamesAsked ? Math.min(100, (100 * r.count) / r.gamesAsked) : 100}%`;
    const game = GAME_CHOICES.find((g) => g.id === r.game)?.title ?? r.game;
    const asked = r.gamesAsked !== null && r.gamesAsked !== r.count ? ` of ${fmt(r.gamesAsked)} asked (the SPRT stopped the run)` : '';
    setText(this.q('status'), `${fmt(r.count)} game${r.count === 1 ? '' : 's'}${asked} · from ${o.path}`);
    const parts = [game ?? null, r.size ? `${r.size[0]}×${r.size[1]}` : null, r.count > 0 ? `seeds ${r.seeds[0]}–${r.seeds[r.count - 1]}` : null, r.fog ? `fog ${r.fog}` : null, r.tau !== null ? `TrueSkill τ ${r.tau}` : null, `${fmt(this.replaysFound(o))} of ${fmt(r.replay.filter((n) => n !== '').length)} replays added`];
    setText(this.q('summary'), parts.filter((p) => p !== null).join(' · '));
    this.q('summary').dataset.gamesPerMinute = '';
  }

  /** The last cell of an opened game's row: Open when its replay was given, else a way to add it. */
  private openedActions(g: number): Node[] {
    const o = this.opened;
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
        setText(this.q('open-status'), `Game ${n}'s replay is ${name}: add it (or the run's whole folder) to open the game. What is shown stays.`);
        this.q<HTMLInputElement>('json-input').click();
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
        if (this.opened !== o) return;
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
        if (this.opened !== o) return;
        open.replaceWith(el('span', { className: 'bad', text: 'unreadable', attrs: { title: `${name}: ${errorMessage(e)}` } }));
      },
    );
    return [open];
  }

  // ------------------------------------------------------------------ running

  /** Starts the run the address describes, as Start does. */
  startFromLink(): Promise<void> {
    return this.start();
  }

  private async start(): Promise<void> {
    if (this.starting || this.run?.state === 'running') return;
    this.starting = true;
    try {
      await this.startRun();
    } finally {
      this.starting = false;
    }
  }

  /** Reads the set-up, and plays the run it describes (resolves when the run ends). */
  private async startRun(): Promise<void> {
    const read = this.form.read();
    if (!read.ok) {
      this.form.showError(read.message);
      return;
    }
    let participants: Participant[];
    try {
      const all = await this.module.bots();
      const builtins = new Map(all.map((b) => [b.id, b.name]));
      const unlisted = new Set(all.filter((b) => b.hidden).map((b) => b.id));
      const choices = read.config.entries.map((e) => resolveEntry(e, builtins, this.library, location.href, unlisted));
      const labels = choices.map((c) => (c.kind === 'bot' ? c.label : 'You'));
      const names = seatNames(labels);
      participants = choices.map((c, k) => {
        if (c.kind !== 'bot') throw new Error('the arena plays bots only');
        return { source: c.source, name: names[k] };
      });
    } catch (e) {
      this.form.showError(`Check the seats: ${errorMessage(e)}.`);
      return;
    }
    // Bots from another origin (and budgets above the original's with them) need the person's consent.
    const consent = await consentForSeats(
      participants.map((p) => ({ kind: 'bot', source: p.source, label: p.name })),
      raisedBudgets(read.config.budgets, ORIGINAL_BUDGETS),
    );
    if (!consent.run) {
      this.form.showError('Not started: the bots from another site were not run. Remove them from the seats, or start again and choose Run.');
      return;
    }
    // Cancel sits by the progress bar and takes the focus, before anything else changes (a focus
    // after the changes below would lay the page out in this task, for the drawing to do again).
    const cancel = this.q<HTMLButtonElement>('cancel');
    cancel.hidden = false;
    cancel.focus({ preventScroll: true });
    // The run is set up in a task of its own: the click's task (and the layout the browser does
    // after a click) stays short.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.form.showError(null);
    const seed = read.config.seed ?? randomSeed();
    const config: ArenaConfig = { ...read.config, seed };
    this.form.setSeed(seed);
    this.linkTo(config);

    const names = participants.map((p) => p.name);
    const tally = new Tally(names, { mu: MU, sigma: SIGMA });
    // A run replaces results opened from files.
    this.helper.cancelHistory();
    this.q('graph-note').hidden = true;
    if (this.opened) {
      this.forgetOpened();
      setText(this.q('open-status'), '');
      this.q('add-replays').hidden = true;
    }
    this.openToken++;
    setText(this.q('run-title'), 'Progress');
    setText(this.q('graph-empty'), GRAPH_EMPTY);
    setText(this.q('games-note'), GAMES_NOTE);
    document.title = `Arena — ${this.module.title}`;
    this.helper.resetRatings(config.tau, participants.length);
    this.games.clear();
    // The pool's events arrive after `run` is set (the pool starts below).
    let run!: Run;
    const pool = new ArenaPool(this.module, config, participants, {
      onStarted: () => this.queueRender(),
      onName: (p, name) => {
        if (this.run !== run) return;
        // A module's own name replaces its file name (kept unique among the bots).
        const next = uniqueName(name, run.names.filter((_, k) => k !== p));
        if (next === run.names[p]) return;
        run.names[p] = next;
        tally.rename(p, next);
        this.queueRender();
      },
      onGame: (record, replay) => this.gameOver(run, record, replay),
    });
    run = { config, pool, tally, names, started: performance.now(), ended: null, state: 'running', rating: false, ratingFailed: false };
    this.run = run;
    this.shown = -1;
    this.form.setRunning(true);
    this.announce(`Started ${config.games} game${config.games === 1 ? '' : 's'}.`);
    this.queueRender();
    // The progress comes into view (on a phone it is below the set-up): measured a frame after
    // the run's first drawing, when the layout is done (reading it right after this task's
    // changes would force a layout of its own).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const card = this.q('bar').closest('section');
        if (this.run === run && card && card.getBoundingClientRect().bottom > window.innerHeight) card.scrollIntoView({ block: 'start' });
      }),
    );
    this.ticker = setInterval(() => this.renderProgress(), 1000);
    this.starting = false;
    // The run's first drawing (the standings, the graph and the list shown) is done before the
    // games' workers start and take the cores.
    await afterFrame();
    await run.pool.run();
    // A cancelled run was finished by Cancel.
    if (this.run !== run || run.state !== 'running') return;
    run.state = 'done';
    run.ended ??= performance.now();
    this.finish(run);
  }

  private cancel(): void {
    const run = this.run;
    if (!run || run.state !== 'running') return;
    run.state = 'cancelled';
    run.ended = performance.now();
    run.pool.cancel();
    this.finish(run);
  }

  private finish(run: Run): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.form.setRunning(false);
    const cancel = this.q<HTMLButtonElement>('cancel');
    // Cancel is about to go: keep the keyboard focus in the form.
    if (document.activeElement === cancel) this.form.focusStart();
    cancel.hidden = true;
    const done = run.tally.games;
    this.announce(run.state === 'cancelled' ? `Cancelled after ${done} of ${run.config.games} games.` : `Done: ${done} games played.`);
    void this.rateReady(run);
    this.renderAll();
  }

  private gameOver(run: Run, record: GameRecord, replay: Uint8Array | null): void {
    if (this.run !== run) return;
    run.tally.add(record);
    if (run.tally.games === run.config.games) run.ended = performance.now();
    // The game's row is built now; while games run it is shown with the next drawing.
    const list = (r: GameRecord, blob: Blob | null) => {
      if (this.run !== run) return;
      this.games.add(r, blob, COLOURS);
      if (run.state === 'running') this.queueRender();
      else {
        this.games.show();
        this.reveal('games-list', true);
      }
    };
    if (replay) {
      // A replay already compressed (a zstd `.hlt`) is kept as it is; JSON is gzipped.
      const kept = startsJson(replay) ? this.helper.gzip(replay) : Promise.resolve(new Blob([replay as BlobPart]));
      kept.then(
        (blob) => list(record, blob),
        (e: unknown) => list({ ...record, error: `replay not kept: ${errorMessage(e)}` }, null),
      );
    } else list(record, null);
    void this.rateReady(run);
    // The progress moves with every game (a few attributes and texts); the rest is drawn together.
    this.renderProgress();
    this.queueRender();
  }

  /** Rates the games that can be rated now, in game order, one at a time. */
  private async rateReady(run: Run): Promise<void> {
    if (run.rating || run.ratingFailed) return;
    run.rating = true;
    try {
      for (;;) {
        const final = run.state !== 'running';
        const next = run.tally.nextToRate(final, run.config.games);
        if (!next) break;
        const ranks = next.seats.map((s) => s.rank);
        const lineup = next.seats.map((s) => s.participant);
        const ratings = await this.helper.rate(lineup, ranks);
        if (this.run !== run) return;
        run.tally.setRatings(next.index, ratings);
        this.queueRender();
      }
    } catch (e) {
      run.ratingFailed = true;
      if (this.run === run) this.form.showError(`Ratings stopped: ${errorMessage(e)}`);
    } finally {
      run.rating = false;
    }
    // A game may have finished (or the run ended) while the last one was being rated.
    if (this.run === run && !run.ratingFailed && run.tally.nextToRate(run.state !== 'running', run.config.games)) void this.rateReady(run);
  }

  // ------------------------------------------------------------------ drawing

  /** Coalesces updates into one drawing per frame, and while games run into one every RENDER_MS
   * at most: each game that ends changes the standings, the graph and the list, and games end
   * many times a second, so drawing them one by one would keep the page's main thread (which
   * the games' workers already leave little of) busy with layout and paint. */
  private queueRender(): void {
    const running = this.run?.state === 'running';
    // Once the games are over, a drawing held back for later is drawn at the next frame.
    if (this.renderQueued && (running || this.renderTimer === null)) return;
    if (this.renderTimer !== null) clearTimeout(this.renderTimer);
    this.renderTimer = null;
    this.renderQueued = true;
    const draw = () => {
      this.renderTimer = null;
      requestAnimationFrame(() => {
        this.renderQueued = false;
        this.lastRender = performance.now();
        this.renderAll();
      });
    };
    const wait = running ? this.lastRender + RENDER_MS - performance.now() : 0;
    if (wait > 0) this.renderTimer = setTimeout(draw, wait);
    else draw();
  }

  private renderAll(): void {
    const run = this.run;
    if (!run) return;
    // The games finished since the last drawing join the list together.
    this.games.show();
    this.reveal('table', true);
    this.reveal('graph', true);
    this.reveal('games-list', this.games.size > 0);
    if (this.shown !== run.tally.version) {
      this.shown = run.tally.version;
      this.table.update(run.tally.rows(), COLOURS);
      this.graph.update(run.tally.history, COLOURS);
      this.renderLegendNames(run.names);
      this.compare.update(run.names, scoreCi95(run.tally.list()), null);
    }
    this.renderProgress();
  }

  private renderLegendNames(names: readonly string[]): void {
    const legend = this.q('legend');
    const want = names.join('\n');
    if (legend.dataset.names === want) return;
    legend.dataset.names = want;
    legend.replaceChildren(
      ...names.map((n, k) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = COLOURS[k] ?? '#fff';
        return el('li', {}, [dot, nameLabel(n)]);
      }),
    );
  }

  private renderProgress(): void {
    const run = this.run;
    if (!run) return;
    const total = run.config.games;
    const done = run.tally.games;
    const now = run.ended ?? performance.now();
    const elapsed = now - run.started;
    const bar = this.q('bar');
    bar.setAttribute('aria-valuemax', String(total));
    bar.setAttribute('aria-valuenow', String(done));
    bar.setAttribute('aria-valuetext', `${done} of ${total} games`);
    this.q('fill').style.width = `${(100 * done) / total}%`;
    bar.dataset.state = run.state;
    const rate = this.gamesPerMinute(run);
    let status: string;
    if (run.state === 'running') {
      const eta = done > 0 ? (elapsed / done) * (total - done) : NaN;
      status = `${done} of ${total} games · ${run.pool.active} running${Number.isFinite(eta) ? ` · about ${clock(eta)} left` : ''}`;
    } else if (run.state === 'cancelled') status = `Cancelled after ${done} of ${total} games`;
    else status = `Done: ${done} of ${total} games`;
    // Games are rated in order, one at a time, as they finish: a fast run ends before its last
    // ratings (the standings say so until they are all in).
    const unrated = run.ratingFailed ? 0 : done - run.tally.rated;
    if (run.state !== 'running' && unrated > 0) status += ` · rating the last ${unrated}…`;
    setText(this.q('status'), status);
    const last = run.config.seed + total - 1;
    const sz = run.config.size;
    const size = sz.kind === 'fixed' ? `${sz.width}×${sz.height}` : sz.kind === 'range' ? `sides ${sz.min}–${sz.max}` : `sizes ${sz.sizes.map(sizeText).join(', ')}`;
    const speed = done > 0 ? ` · ${rate.toFixed(1)} games per minute` : '';
    setText(this.q('summary'), `${clock(elapsed)} elapsed${speed} · seeds ${run.config.seed}–${last} · ${size}${run.config.fog ? ` · fog ${run.config.fog}` : ''} · ${run.config.parallel} at once`);
    this.q('summary').dataset.gamesPerMinute = rate.toFixed(3);
  }

  /** Shows a card's content (`on`) or its empty-state note. */
  private reveal(part: string, on: boolean): void {
    this.q(part).hidden = !on;
    this.q(`${part}-empty`).hidden = on;
  }

  /** Tells assistive technology of a run's start and end (not of every game). */
  private announce(text: string): void {
    setText(this.q('announce'), text);
  }

  private gamesPerMinute(run: Run): number {
    const elapsed = (run.ended ?? performance.now()) - run.started;
    return elapsed > 0 ? run.tally.games / (elapsed / 60_000) : 0;
  }

  /** Puts the run's settings in the address, so it can be shared and repeated. */
  private linkTo(c: ArenaConfig): void {
    try {
      history.replaceState(null, '', `${location.pathname}${arenaSearch(c)}${location.hash}`);
    } catch {
      // Some embedders forbid history changes; the arena still works.
    }
  }

  /** Read-only state for tests and the benchmark. */
  testHook(): object {
    const page = this;
    return {
      get state(): RunState {
        return page.run?.state ?? 'idle';
      },
      get done() {
        return page.run?.tally.games ?? 0;
      },
      get total() {
        return page.run?.config.games ?? 0;
      },
      get rated() {
        return page.run?.tally.rated ?? 0;
      },
      get running() {
        return page.run?.pool.active ?? 0;
      },
      get listed() {
        return page.games.size;
      },
      /** Games per minute of the current (or last) run. */
      get gamesPerMinute() {
        return page.run ? page.gamesPerMinute(page.run) : 0;
      },
      get elapsedMs() {
        const r = page.run;
        return r ? (r.ended ?? performance.now()) - r.started : 0;
      },
      rows: () => page.run?.tally.rows() ?? (page.opened ? openedRows(page.opened.results) : []),
      games: () => page.run?.tally.list() ?? [],
      /** Results opened from files: where from, games, replays given, time to show them. */
      get opened() {
        const o = page.opened;
        return o ? { path: o.path, count: o.results.count, replays: page.replaysFound(o), loadMs: o.loadMs, page: page.games.pageShown + 1, pages: page.games.pages } : null;
      },
    };
  }
}

/** Resolves once the next frame is drawn (or after 100 ms: a hidden tab draws none). */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** Whether replay bytes are plain JSON (their first non-blank byte is `{`). */
function startsJson(bytes: Uint8Array): boolean {
  for (const b of bytes.subarray(0, 64)) {
    if (b === 0x7b) return true;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return false;
}

/** Mounts the arena page on `root`. */
export async function mount(root: HTMLElement, search: string): Promise<ArenaPage> {
  const id = gameFromSearch(search, GAME_IDS, GAME_IDS[0]);
  // Only the chosen game's module is loaded; the game choice lists the others by title.
  const module = await loadGame(id);
  const builtins = await module.bots();
  const page = new ArenaPage(root, module, builtins, search, GAME_CHOICES);
  (window as unknown as { __arena: object }).__arena = page.testHook();
  // `&run`: a shared link plays its arena at once (after consent for bots from another site).
  if (new URLSearchParams(search).has('run')) void page.startFromLink();
  return page;
}
