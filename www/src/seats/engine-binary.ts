// A game's engine binary, for the forward model bots call (`debug.simulate`): a bot in the bot
// host has no network, so the page fetches the binary of the game being played once (the
// engine's own, the same bytes and address the game's engine is loaded from) and hands a copy
// to each hosted bot's worker when it starts, where the bot runtime compiles it (in the
// background during `init` when the bot's source names `simulate`, else at its first call).

import { gameInfo } from '../shell/catalog';
import type { GameId } from '../shell/game';

/** The binary of `game`'s engine, or null when it cannot be had (then `debug.simulate` says so). */
export function engineBinary(game: GameId): Promise<ArrayBuffer | null> {
  return gameInfo(game)?.engine.binary() ?? Promise.resolve(null);
}
