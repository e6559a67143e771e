// A seat is anything that answers a turn: a bot in a Worker, a human at the board, a lesson's
// script. The match loop (match.ts) drives seats without knowing which kind they are.

import type { Shape } from './drawings';

/** A seat's raw answer (checked by the game module), or why it has none; with what the seat
 * logged meanwhile, (when it starts) the name it gives itself, and (a bot's answer) the
 * milliseconds spent inside the bot itself, messaging excluded, and what it drew on the map. */
export type SeatAnswer = ({ ok: true; raw: unknown } | { ok: false; reason: string; line?: number }) & { log?: string; name?: string | null; ms?: number; drawings?: Shape[] };

export interface Seat {
  /** 'bot' seats are ejected when they fail; other kinds may simply pass. */
  readonly kind: 'bot' | 'human' | 'script';
  /** Name shown for the seat. */
  readonly name: string;
  /** Gets ready to play seat `seat` (0-based) within `budgetMs` (Infinity: no limit), seeing
   * `observation` (what the seat sees before the first turn). */
  start(seat: number, budgetMs: number, observation: unknown): Promise<SeatAnswer>;
  /** The seat's answer to one observation within `budgetMs`. */
  act(observation: unknown, turn: number, budgetMs: number): Promise<SeatAnswer>;
  /** Stops the seat for good (terminates its worker). */
  stop(): void;
}

/** Time budgets of bot seats, as the original: a longer first budget, then one per turn. */
export interface Budgets {
  initMs: number;
  turnMs: number;
}

export const ORIGINAL_BUDGETS: Budgets = { initMs: 30_000, turnMs: 1_500 };
