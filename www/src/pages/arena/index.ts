// The arena page (`?arena[&game=<id>]`): many games between bots of one game in the page, no
// server, and the results of a run of the Python arena opened from files, in the same view.
//
// The page is a shell: it owns the markup, the set-up form, the helper worker and what is shown
// (a run, or opened results), and composes the sessions in this folder: a run played in the page
// (run-session.ts) and results opened from files (opened-session.ts), both drawing on the cards of
// views.ts (standings, rating graph, head-to-head, games list); markup.ts has the page's markup.

import { ArenaHelper } from '../../arena/helper';
import { defaultParallel, LIMITS } from '../../arena/plan';
import { openedRows } from '../../arena/opened';
import { SetupForm } from '../../arena/setup';
import { parseArenaQuery } from '../../arena/url';
import { BotLibrary } from '../../bots/library';
import type { GameId, GameModule } from '../../shell/game';
import { gameFromSearch, gameSearch, liveRules } from '../../shell/page/live-setup';
import { GAME_CHOICES, GAME_IDS, loadGame } from '../../games/index';
import type { ArenaContext, Opened, Run, RunState } from './context';
import { COLOURS, PAGE } from './markup';
import { OpenedSession } from './opened-session';
import { RunSession } from './run-session';
import { ArenaViews } from './views';

export { clock } from './run-session';

export class ArenaPage implements ArenaContext {
  readonly views: ArenaViews;
  readonly form: SetupForm;
  readonly helper = new ArenaHelper();
  readonly library = new BotLibrary();
  run: Run | null = null;
  opened: Opened | null = null;
  shown = -1;
  readonly runs: RunSession;
  readonly openedSession: OpenedSession;

  constructor(
    root: HTMLElement,
    readonly module: GameModule,
    builtins: Awaited<ReturnType<GameModule['bots']>>,
    search: string,
    /** Every game's id and title, for the game choice. */
    games: readonly { id: GameId; title: string }[] = [{ id: module.id, title: module.title }],
  ) {
    root.innerHTML = PAGE;
    this.views = new ArenaViews(root);
    const q = this.views.q;
    document.title = `Arena — ${module.title}`;
    this.form = new SetupForm(q('setup'), {
      builtins: builtins.filter((b) => !b.hidden),
      library: this.library,
      colours: COLOURS,
      initial: parseArenaQuery(search),
      defaultParallel: defaultParallel(navigator.hardwareConcurrency),
      game: module.id,
      games,
      rules: liveRules(module, LIMITS.seats.min, LIMITS.seats.max),
    });
    this.runs = new RunSession(this);
    this.openedSession = new OpenedSession(this);
    this.form.onStart = () => void this.runs.start();
    this.form.onGame = (id) => {
      if (this.run?.state === 'running') return;
      location.assign(`./${gameSearch('arena', id, GAME_IDS[0], location.search)}`);
    };
    q('cancel').addEventListener('click', () => this.runs.cancel());
    this.views.games.onError = (m) => this.form.showError(m);
    this.openedSession.bind();
  }

  giveWayToRun(): void {
    this.openedSession.giveWayToRun();
  }

  /** Starts the run the address describes, as Start does. */
  startFromLink(): Promise<void> {
    return this.runs.startFromLink();
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
        return page.views.games.size;
      },
      /** Whether finished games' replays are still being stored in this browser. */
      get keeping() {
        return page.views.games.keeping;
      },
      /** Games per minute of the current (or last) run. */
      get gamesPerMinute() {
        return page.run ? page.runs.gamesPerMinute(page.run) : 0;
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
        return o ? { path: o.path, count: o.results.count, replays: page.openedSession.replaysFound(o), loadMs: o.loadMs, page: page.views.games.pageShown + 1, pages: page.views.games.pages } : null;
      },
    };
  }
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
