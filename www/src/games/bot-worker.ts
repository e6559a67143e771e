// The worker of a built-in bot: the app's own code, so it runs in a worker of the app's origin
// (every other bot runs in the bot host, seats/bot-host.ts). The bot runtime does the rest; the
// game's line in bots.ts finds its bots.

import { botWorkerMain } from '../seats/bot-runtime';
import { BUILTIN_BOTS } from './bots';

botWorkerMain(async (game, id, seed) => {
  const load = Object.prototype.hasOwnProperty.call(BUILTIN_BOTS, game) ? BUILTIN_BOTS[game] : undefined;
  const info = load ? (await load())[id] : undefined;
  if (!info) throw new Error(`no built-in bot named ${id}`);
  return info.create(seed) as (obs: unknown) => unknown;
});
