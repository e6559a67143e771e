// The arena page (`?arena[&game=<id>]`): many games between bots of one game in the page, no server. A set-up form
// chooses the bots and games; a pool plays them a few at once (each game's rules in an engine
// worker, each bot in a worker of its own); the standings (games, wins, average rank, ejections,
// TrueSkill) and the list of games update after every game. TrueSkill and replay compression
// run in a helper worker, so the page only draws and answers input.

import { topbarHtml } from '../shell/nav';
import { ArenaHelper } from '../arena/helper';
import { defaultParallel, LIMITS, randomSeed, type ArenaConfig } from '../arena/plan';
import { ArenaPool, type Participant } from '../arena/pool';
import { MU, SIGMA } from '../arena/rating';
import { Tally, type GameRecord } from '../arena/results';
import { GamesList } from '../arena/games';
import { RatingGraph } from '../arena/graph';
import { SetupForm } from '../arena/setup';
import { ResultsTable } from '../arena/table';
import { arenaSearch, parseArenaQuery } from '../arena/url';
import { consentForSeats, raisedBudgets } from '../seats/consent';
import { resolveEntry, seatNames } from '../seats/entries';
import { ORIGINAL_BUDGETS } from '../shell/seat';
import { BotLibrary } from '../seats/library';
import { el, setText } from '../shell/dom';
import { errorMessage } from '../shell/engine';
import type { GameId, GameModule } from '../shell/game';
import { DEFAULT_PALETTE } from '../shell/palette';
import { gameFromSearch, gameSearch, liveRules, sizeText } from '../shell/live-setup';
import { GAME_CHOICES, GAME_IDS, loadGame } from '../games/index';

const PAGE = `
  ${topbarHtml({ page: 'arena', title: 'Arena', meta: 'Many games between bots, in this page · rated with TrueSkill' })}
  <main class="arena">
    <section class="card arena-setup" aria-labelledby="arena-setup-title">
      <h2 class="arena-title" id="arena-setup-title">Set-up</h2>
      <div data-part="setup"><p class="muted">Loading the bots…</p></div>
    </section>
    <div class="arena-main">
      <section class="card arena-run" aria-labelledby="arena-run-title">
        <div class="arena-run-head">
          <h2 class="arena-title" id="arena-run-title">Progress</h2>
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
      </section>
      <section class="card" aria-labelledby="arena-graph-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-graph-title">Rating over games</h2>
          <ul class="arena-legend-list" data-part="legend"></ul>
        </div>
        <p class="arena-empty" data-part="graph-empty">Each bot's rating, μ ± σ, game after game.</p>
        <div class="arena-graph" data-part="graph" hidden></div>
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
  </main>`;

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
  private readonly helper = new ArenaHelper();
  private readonly library = new BotLibrary();
  private run: Run | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private renderQueued = false;
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
      const builtins = new Map((await this.module.bots()).map((b) => [b.id, b.name]));
      const choices = read.config.entries.map((e) => resolveEntry(e, builtins, this.library, location.href));
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
    this.form.showError(null);
    const seed = read.config.seed ?? randomSeed();
    const config: ArenaConfig = { ...read.config, seed };
    this.form.setSeed(seed);
    this.linkTo(config);

    const names = participants.map((p) => p.name);
    const tally = new Tally(names, { mu: MU, sigma: SIGMA });
    this.helper.resetRatings(config.tau, participants.length);
    this.games.clear();
    // The pool's events arrive after `run` is set (the pool starts below).
    let run!: Run;
    const pool = new ArenaPool(this.module, config, participants, {
      onStarted: () => this.queueRender(),
      onName: (p, name) => {
        if (this.run !== run) return;
        // A module's own name replaces its file name (kept unique among the bots).
        const next = seatNames(run.names.map((n, k) => (k === p ? name : n)))[p];
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
    // Cancel sits by the progress bar, and the progress comes into view (on a phone it is
    // below the set-up).
    const cancel = this.q<HTMLButtonElement>('cancel');
    cancel.hidden = false;
    cancel.focus({ preventScroll: true });
    const card = this.q('bar').closest('section');
    if (card && card.getBoundingClientRect().bottom > window.innerHeight) card.scrollIntoView({ block: 'start' });
    this.announce(`Started ${config.games} game${config.games === 1 ? '' : 's'}.`);
    this.queueRender();
    this.ticker = setInterval(() => this.renderProgress(), 1000);
    this.starting = false;
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
    if (replay) {
      // A replay already compressed (a zstd `.hlt`) is kept as it is; JSON is gzipped.
      const kept = startsJson(replay) ? this.helper.gzip(replay) : Promise.resolve(new Blob([replay as BlobPart]));
      kept.then(
        (blob) => {
          if (this.run !== run) return;
          this.games.add(record, blob, COLOURS);
          this.reveal('games-list', true);
        },
        (e: unknown) => {
          if (this.run === run) this.games.add({ ...record, error: `replay not kept: ${errorMessage(e)}` }, null, COLOURS);
        },
      );
    } else {
      this.games.add(record, null, COLOURS);
      this.reveal('games-list', true);
    }
    void this.rateReady(run);
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

  /** Coalesces updates into one per frame (games can end together). */
  private queueRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.renderAll();
    });
  }

  private renderAll(): void {
    const run = this.run;
    if (!run) return;
    this.reveal('table', true);
    this.reveal('graph', true);
    this.reveal('games-list', this.games.size > 0);
    if (this.shown !== run.tally.version) {
      this.shown = run.tally.version;
      this.table.update(run.tally.rows(), COLOURS);
      this.graph.update(run.tally.history, COLOURS);
      this.renderLegend(run);
    }
    this.renderProgress();
  }

  private renderLegend(run: Run): void {
    const legend = this.q('legend');
    const want = run.names.join('\n');
    if (legend.dataset.names === want) return;
    legend.dataset.names = want;
    legend.replaceChildren(
      ...run.names.map((n, k) => {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = COLOURS[k] ?? '#fff';
        return el('li', {}, [dot, el('span', { text: n })]);
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
      rows: () => page.run?.tally.rows() ?? [],
      games: () => page.run?.tally.list() ?? [],
    };
  }
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
