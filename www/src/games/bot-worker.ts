// The worker of a built-in bot: the app's own code, so it runs in a worker of the app's origin
// (every other bot runs in the bot host, seats/bot-host.ts). The bot runtime does the rest; the
// registry finds the game's bots.

import { botWorkerMain } from '../seats/bot-runtime';
import { loadBuiltinBots } from './index';

botWorkerMain(async (game, id, seed) => {
  const info = (await loadBuiltinBots(game))[id];
  if (!info) throw new Error(`no built-in bot named ${id}`);
  return info.create(seed) as (obs: unknown) => unknown;
});
