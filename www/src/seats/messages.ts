// Messages between the page and a bot's worker (seats/bot-worker.ts).

import type { GameId } from '../shell/game';

/** page -> worker */
export type ToWorker =
  | { type: 'init'; game: GameId; bot: string; seed: number }
  | { type: 'turn'; turn: number; obs: unknown };

/** worker -> page */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'moves'; turn: number; moves: unknown }
  | { type: 'error'; turn: number; message: string };
