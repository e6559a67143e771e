// Messages between the page and a bot's worker (seats/bot-worker.ts).

import type { GameId } from '../shell/game';

/** Where a bot's code comes from: a game's built-in bot, an ES module URL, or source text (the
 * editor, a file). A module's default export is the bot; `name` and `init` are optional. */
export type BotSource = { kind: 'builtin'; id: string } | { kind: 'url'; url: string } | { kind: 'code'; code: string; label: string };

/** page -> worker */
export type ToWorker =
  | { type: 'init'; game: GameId; bot: BotSource; seed: number; obs: unknown }
  | { type: 'turn'; turn: number; obs: unknown };

/** worker -> page. `log` is what the bot wrote with console.* meanwhile (capped); `ms` the time
 * spent inside the bot function for this turn, measured in the worker. */
export type FromWorker =
  | { type: 'ready'; name: string | null; log: string }
  | { type: 'moves'; turn: number; moves: unknown; log: string; ms: number }
  | { type: 'error'; turn: number; message: string; log: string };

/** The most a bot may log in one turn, in characters (the rest is cut, with a note). */
export const MAX_LOG = 10_000;
