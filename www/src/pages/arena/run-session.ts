// The arena page's run (pages/arena/): many games between bots of one game in the page, no
// server. The set-up form's choice of bots and games is played by a pool a few games at once
// (each game's rules in an engine worker, each bot in a worker of its own); the standings (games,
// wins, average rank, ejections, TrueSkill), the rating graph and the list of games update after
// every game, drawn together at most every RENDER_MS. TrueSkill runs in the helper worker and
// replays are compressed in the engines' workers, so the page only draws and answers input.

import type { ArenaHelper } from '../../arena/helper';
import { randomSeed, type ArenaConfig } from '../../arena/plan';
import { ArenaPool, type Participant } from '../../arena/pool';
import { MU, SIGMA } from '../../arena/rating';
import { scoreCi95, Tally, type GameRecord } from '../../arena/results';
import { arenaSearch } from '../../arena/url';
import { consentForSeats, raisedBudgets } from '../../seats/consent';
import { resolveEntry, seatNames, uniqueName } from '../../seats/entries';
import { ORIGINAL_BUDGETS } from '../../shell/seat';
import { afterFrame, setText } from '../../shell/page/dom';
import { errorMessage } from '../../shell/engine';
import { sizeText } from '../../shell/page/live-setup';
import type { ArenaContext, Run } from './context';
import { COLOURS, GAMES_NOTE, GRAPH_EMPTY } from './markup';
import type { ArenaViews } from './views';

/** How often a running arena redraws its standings, graph and games at most, ms. */
const RENDER_MS = 250;

/** "1:05", "1:02:03". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export class RunSession {
  private readonly views: ArenaViews;
  private readonly helper: ArenaHelper;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private renderQueued = false;
  /** When the page last drew a running arena (performance.now()), and the drawing held back
   * until RENDER_MS after it. */
  private lastRender = -Infinity;
  private renderTimer: ReturnType<typeof setTimeout> | null = null;
  /** Between a Start click and the run's first game (the seats are being resolved). */
  private starting = false;

  constructor(private readonly ctx: ArenaContext) {
    this.views = ctx.views;
    this.helper = ctx.helper;
  }

  /** Starts the run the address describes, as Start does. */
  startFromLink(): Promise<void> {
    return this.start();
  }

  /** Start: plays the run the set-up describes (unless one is starting or running). */
  async start(): Promise<void> {
    if (this.starting || this.ctx.run?.state === 'running') return;
    this.starting = true;
    try {
      await this.startRun();
    } finally {
      this.starting = false;
    }
  }

  /** Reads the set-up, and plays the run it describes (resolves when the run ends). */
  private async startRun(): Promise<void> {
    const read = this.ctx.form.read();
    if (!read.ok) {
      this.ctx.form.showError(read.message);
      return;
    }
    let participants: Participant[];
    try {
      const all = await this.ctx.module.bots();
      const builtins = new Map(all.map((b) => [b.id, b.name]));
      const unlisted = new Set(all.filter((b) => b.hidden).map((b) => b.id));
      const choices = read.config.entries.map((e) => resolveEntry(e, builtins, this.ctx.library, location.href, unlisted));
      const labels = choices.map((c) => (c.kind === 'bot' ? c.label : 'You'));
      const names = seatNames(labels);
      participants = choices.map((c, k) => {
        if (c.kind !== 'bot') throw new Error('the arena plays bots only');
        return { source: c.source, name: names[k] };
      });
    } catch (e) {
      this.ctx.form.showError(`Check the seats: ${errorMessage(e)}.`);
      return;
    }
    // Bots from another origin (and budgets above the original's with them) need the person's consent.
    const consent = await consentForSeats(
      participants.map((p) => ({ kind: 'bot', source: p.source, label: p.name })),
      raisedBudgets(read.config.budgets, ORIGINAL_BUDGETS),
    );
    if (!consent.run) {
      this.ctx.form.showError('Not started: the bots from another site were not run. Remove them from the seats, or start again and choose Run.');
      return;
    }
    // Cancel sits by the progress bar and takes the focus, before anything else changes (a focus
    // after the changes below would lay the page out in this task, for the drawing to do again).
    const cancel = this.views.q<HTMLButtonElement>('cancel');
    cancel.hidden = false;
    cancel.focus({ preventScroll: true });
    // The run is set up in a task of its own: the click's task (and the layout the browser does
    // after a click) stays short.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.ctx.form.showError(null);
    const seed = read.config.seed ?? randomSeed();
    const config: ArenaConfig = { ...read.config, seed };
    this.ctx.form.setSeed(seed);
    this.linkTo(config);

    const names = participants.map((p) => p.name);
    const tally = new Tally(names, { mu: MU, sigma: SIGMA });
    // A run replaces results opened from files.
    this.ctx.giveWayToRun();
    setText(this.views.q('run-title'), 'Progress');
    setText(this.views.q('graph-empty'), GRAPH_EMPTY);
    setText(this.views.q('games-note'), GAMES_NOTE);
    document.title = `Arena — ${this.ctx.module.title}`;
    this.helper.resetRatings(config.tau, participants.length);
    this.views.games.clear();
    // The replays are stored in the browser once the games are over (they would slow them).
    this.views.games.holdKeeping(true);
    // The pool's events arrive after `run` is set (the pool starts below).
    let run!: Run;
    const pool = new ArenaPool(this.ctx.module, config, participants, {
      onStarted: () => this.queueRender(),
      onName: (p, name) => {
        if (this.ctx.run !== run) return;
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
    this.ctx.run = run;
    this.ctx.shown = -1;
    this.ctx.form.setRunning(true);
    this.views.announce(`Started ${config.games} game${config.games === 1 ? '' : 's'}.`);
    this.queueRender();
    // The progress comes into view (on a phone it is below the set-up): measured a frame after
    // the run's first drawing, when the layout is done (reading it right after this task's
    // changes would force a layout of its own).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const card = this.views.q('bar').closest('section');
        if (this.ctx.run === run && card && card.getBoundingClientRect().bottom > window.innerHeight) card.scrollIntoView({ block: 'start' });
      }),
    );
    this.ticker = setInterval(() => this.renderProgress(), 1000);
    this.starting = false;
    // The run's first drawing (the standings, the graph and the list shown) is done before the
    // games' workers start and take the cores.
    await afterFrame();
    await run.pool.run();
    // A cancelled run was finished by Cancel.
    if (this.ctx.run !== run || run.state !== 'running') return;
    run.state = 'done';
    run.ended ??= performance.now();
    this.finish(run);
  }

  /** Cancel: stops every running game. */
  cancel(): void {
    const run = this.ctx.run;
    if (!run || run.state !== 'running') return;
    run.state = 'cancelled';
    run.ended = performance.now();
    run.pool.cancel();
    this.finish(run);
  }

  private finish(run: Run): void {
    this.views.games.holdKeeping(false);
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.ctx.form.setRunning(false);
    const cancel = this.views.q<HTMLButtonElement>('cancel');
    // Cancel is about to go: keep the keyboard focus in the form.
    if (document.activeElement === cancel) this.ctx.form.focusStart();
    cancel.hidden = true;
    const done = run.tally.games;
    this.views.announce(run.state === 'cancelled' ? `Cancelled after ${done} of ${run.config.games} games.` : `Done: ${done} games played.`);
    void this.rateReady(run);
    this.renderAll();
  }

  private gameOver(run: Run, record: GameRecord, replay: Uint8Array | null): void {
    if (this.ctx.run !== run) return;
    run.tally.add(record);
    if (run.tally.games === run.config.games) run.ended = performance.now();
    // The game's row is built now; while games run it is shown with the next drawing.
    const list = (r: GameRecord, blob: Blob | null) => {
      if (this.ctx.run !== run) return;
      this.views.games.add(r, blob, COLOURS);
      if (run.state === 'running') this.queueRender();
      else {
        this.views.games.show();
        this.views.reveal('games-list', true);
      }
    };
    // The replay came compressed from the engine's worker (gzipped JSON, or a zstd `.hlt`).
    list(record, replay ? new Blob([replay as BlobPart]) : null);
    void this.rateReady(run);
    // The progress is drawn with the rest, at most every RENDER_MS: moving the bar at every
    // game (many a second) had the page lay out, paint and composite a frame per game.
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
        if (this.ctx.run !== run) return;
        run.tally.setRatings(next.index, ratings);
        this.queueRender();
      }
    } catch (e) {
      run.ratingFailed = true;
      if (this.ctx.run === run) this.ctx.form.showError(`Ratings stopped: ${errorMessage(e)}`);
    } finally {
      run.rating = false;
    }
    // A game may have finished (or the run ended) while the last one was being rated.
    if (this.ctx.run === run && !run.ratingFailed && run.tally.nextToRate(run.state !== 'running', run.config.games)) void this.rateReady(run);
  }

  /** Coalesces updates into one drawing per frame, and while games run into one every RENDER_MS
   * at most: each game that ends changes the standings, the graph and the list, and games end
   * many times a second, so drawing them one by one would keep the page's main thread (which
   * the games' workers already leave little of) busy with layout and paint. */
  private queueRender(): void {
    const running = this.ctx.run?.state === 'running';
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
    const run = this.ctx.run;
    if (!run) return;
    // The games finished since the last drawing join the list together.
    this.views.games.show();
    this.views.reveal('table', true);
    this.views.reveal('graph', true);
    this.views.reveal('games-list', this.views.games.size > 0);
    if (this.ctx.shown !== run.tally.version) {
      this.ctx.shown = run.tally.version;
      this.views.table.update(run.tally.rows(), COLOURS);
      this.views.graph.update(run.tally.history, COLOURS);
      this.views.legend(run.names);
      this.views.compare.update(run.names, scoreCi95(run.tally.list()), null);
    }
    this.renderProgress();
  }

  private renderProgress(): void {
    const run = this.ctx.run;
    if (!run) return;
    const total = run.config.games;
    const done = run.tally.games;
    const now = run.ended ?? performance.now();
    const elapsed = now - run.started;
    const bar = this.views.q('bar');
    bar.setAttribute('aria-valuemax', String(total));
    bar.setAttribute('aria-valuenow', String(done));
    bar.setAttribute('aria-valuetext', `${done} of ${total} games`);
    this.views.q('fill').style.width = `${(100 * done) / total}%`;
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
    setText(this.views.q('status'), status);
    const last = run.config.seed + total - 1;
    const sz = run.config.size;
    const size = sz.kind === 'fixed' ? `${sz.width}×${sz.height}` : sz.kind === 'range' ? `sides ${sz.min}–${sz.max}` : `sizes ${sz.sizes.map(sizeText).join(', ')}`;
    const speed = done > 0 ? ` · ${rate.toFixed(1)} games per minute` : '';
    setText(this.views.q('summary'), `${clock(elapsed)} elapsed${speed} · seeds ${run.config.seed}–${last} · ${size}${run.config.fog ? ` · fog ${run.config.fog}` : ''} · ${run.config.parallel} at once`);
    this.views.q('summary').dataset.gamesPerMinute = rate.toFixed(3);
  }

  gamesPerMinute(run: Run): number {
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
}

