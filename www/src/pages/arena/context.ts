// What the arena page's two sessions share (pages/arena/): the run playing or last played, the
// results opened from files, and the page's services (its cards, its set-up form, the helper
// worker). The page (index.ts) implements the context and composes the sessions: a run played in
// the page (run-session.ts) and results opened from files (opened-session.ts); either replaces
// the other on screen.

import type { ArenaHelper } from '../../arena/helper';
import type { ArenaConfig } from '../../arena/plan';
import type { ArenaPool } from '../../arena/pool';
import type { Tally } from '../../arena/results';
import type { ReplayHandle } from '../../arena/files';
import type { OpenedResults } from '../../arena/opened';
import type { SetupForm } from '../../arena/setup';
import type { BotLibrary } from '../../bots/library';
import type { GameModule } from '../../shell/game';
import type { ArenaViews } from './views';

export type RunState = 'idle' | 'running' | 'done' | 'cancelled';

export interface Run {
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

/** Results opened from files, with the replays given so far. */
export interface Opened {
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

export interface ArenaContext {
  readonly views: ArenaViews;
  readonly form: SetupForm;
  readonly helper: ArenaHelper;
  readonly library: BotLibrary;
  readonly module: GameModule;
  /** The run playing, or the last one (null: none, or opened results replaced it). */
  run: Run | null;
  /** Results opened from files, shown while no run is. */
  opened: Opened | null;
  /** The tally version the table and graph show. */
  shown: number;
  /** A run starts: the results opened from files give way to it. */
  giveWayToRun(): void;
}
