// A game's forward-model binary, for bots' `debug.simulate`: a bot in the bot host has no
// network, so the page fetches the binary of the game being played once (its package
// pkg/<id>-sim/: the rules and the forward model, nothing else) and hands a copy to each hosted
// bot's worker when it starts, where the bot runtime compiles it (in the
// background during `init` when the bot's source names `simulate`, else at its first call).

import { gameInfo } from '../shell/catalog';
import type { GameId } from '../shell/game';

/** The binary of `game`'s forward model, or null when it cannot be had (then `debug.simulate`
 * says so). */
export function engineBinary(game: GameId): Promise<ArrayBuffer | null> {
  return gameInfo(game)?.sim.binary() ?? Promise.resolve(null);
}
