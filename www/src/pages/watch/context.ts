// What the watch page's sessions share: the game shown now, and the page services each session
// uses (the viewer, the page's parts, loads that supersede each other). The page (pages/watch.ts)
// implements the context and composes the sessions: opening replays (replay-session.ts), live
// games (live-session.ts), the Continue dialog (continue.ts) and the result overlay (result.ts).

import type { Match } from '../../seats/match';
import type { GameModule, HumanPlay, OpenedReplay } from '../../shell/game';
import type { UrlState } from '../../shell/page/urlstate';
import type { Viewer } from '../../shell/viewer/viewer';
import type { WatchUi } from './ui';

/** A replay being shown. */
export type ReplayShown = { kind: 'replay'; opened: OpenedReplay; name: string; url: string | null };

/** What a live game is asked for: seats (built-in names or module URLs; none: a random lineup of
 * built-in bots) and optionally the map, fog, budgets and speed (as in the address). */
export type LiveRequest = Pick<UrlState, 'game' | 'bots' | 'seed' | 'size' | 'fog' | 'turnMs' | 'initMs' | 'speed'>;

/** The seat a human plays in a live game, and its controls once the game is shown. */
export interface HumanSlot {
  seat: number;
  play: HumanPlay | null;
  /** Where the game is kept after every turn (reloading brings it back), or null. */
  saveKey: string | null;
  /** The turns whose logs and drawings are kept already, [turn, bytes] (a game brought back). */
  keptTurns?: [number, number][];
}

/** A live game being shown. `from`: the replay it continues; `link`: its address when it has
 * one of its own; `restart`: how New game starts it afresh (a continued game), else null. */
export interface LiveShown {
  kind: 'live';
  match: Match;
  request: LiveRequest;
  seed: number;
  from: string | null;
  human: HumanSlot | null;
  link: UrlState | null;
  restart: (() => void) | null;
}

export type Current = { kind: 'none' } | ReplayShown | LiveShown;

/** How a live game is shown (see LiveSession.show). */
export interface ShowLive {
  match: Match;
  request: LiveRequest;
  seed: number;
  from?: string | null;
  human?: HumanSlot | null;
  link?: UrlState | null;
  restart?: (() => void) | null;
}

export interface WatchContext {
  readonly viewer: Viewer;
  /** The game whose games are shown (a replay of another game switches it). */
  readonly module: GameModule;
  readonly ui: WatchUi;
  /** The game shown now. */
  current: Current;
  /** A new load begins (a replay opened, a live game set up): earlier ones are dropped when they
   * finish. Returns its token. */
  newLoad(): number;
  /** Whether the load `token` is still the newest. */
  isLoad(token: number): boolean;
  /** Shows games of `module` from now on (a new viewer when it is another game). */
  switchModule(module: GameModule): void;
  /** Replaces the game shown by `next`: stops a live game, hides the result, then `show` draws
   * `next`; the game shown before has its workers freed. */
  replace(next: Current, show: () => void): void;
  scheduleUrlUpdate(): void;
  /** A new live game (the home page's kind). */
  startLive(request: LiveRequest): Promise<void>;
  /** Plays and shows a match that has just been set up. */
  showLive(live: ShowLive): void;
  /** Opens the Continue dialog on the frame shown. */
  askContinue(): Promise<void>;
}

/** The game after a live one: the same seats and settings on a new map (the home page's game,
 * and a continued one, draw new seats: an empty request). */
export function nextRequest(c: Current): LiveRequest {
  return c.kind === 'live' && !c.from ? { ...c.request, seed: undefined } : {};
}
