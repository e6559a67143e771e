// A seat is anything that answers a turn: a bot in a Worker, a human at the board, a lesson's
// script. The match loop (match.ts) drives seats without knowing which kind they are.

import type { Shape } from './drawings';

/** What a bot's forward model (`debug.simulate`) starts from on a turn: the engine's exact state
 * (a snapshot, a few kB), or why there is none (a fog game: it would reveal hidden sites). */
export type Forward = { snapshot: Uint8Array } | { unavailable: string };

/** A seat's raw answer (checked by the game module), or why it has none; with what the seat
 * logged meanwhile, (when it starts) the name it gives itself, and (a bot's answer) the
 * milliseconds spent inside the bot itself, messaging excluded, and what it drew on the map. */
export type SeatAnswer = ({ ok: true; raw: unknown } | { ok: false; reason: string; line?: number }) & { log?: string; name?: string | null; ms?: number; drawings?: Shape[] };

export interface Seat {
  /** 'bot' seats are ejected when they fail; other kinds may simply pass. */
  readonly kind: 'bot' | 'human' | 'script';
  /** Name shown for the seat. */
  readonly name: string;
  /** Whether the seat offers its bot the forward model (`debug.simulate`): the match then asks
   * the engine for its snapshot every turn and hands it over with the observation. */
  readonly wantsForward?: boolean;
  /** Gets ready to play seat `seat` (0-based) within `budgetMs` (Infinity: no limit), seeing
   * `observation` (what the seat sees before the first turn), with the forward model's start. */
  start(seat: number, budgetMs: number, observation: unknown, forward?: Forward | null): Promise<SeatAnswer>;
  /** The seat's answer to one observation within `budgetMs`. */
  act(observation: unknown, turn: number, budgetMs: number, forward?: Forward | null): Promise<SeatAnswer>;
  /** Stops the seat for good (terminates its worker). */
  stop(): void;
  /** Once started, a bot that can be asked its turns directly (a bot in the bot host): its port,
   * handed over to whatever runs the match; null when it answers through `act`. */
  direct?(): DirectBot | null;
}

/** A started bot asked its turns on a port by the match loop: the page still owns its worker. */
export interface DirectBot {
  /** The far end of the bot worker's channel (to transfer). */
  port: MessagePort;
  /** Reports the bot's failures from now on (its worker crashed, its host died); once. `turn()`:
   * the turn the game is at (the one the bot is thinking about, for a crash's reason). */
  onFail(report: (reason: string) => void, turn: () => number): void;
  /** Its budget of `ms` ran out in `turn`: its worker is ended and its failure reported (a
   * timeout, or the bot host's crash when the host is what stopped answering). */
  overrun(ms: number, turn: number): void;
}

/** Time budgets of bot seats, as the original: a longer first budget, then one per turn. */
export interface Budgets {
  initMs: number;
  turnMs: number;
}

export const ORIGINAL_BUDGETS: Budgets = { initMs: 30_000, turnMs: 1_500 };
