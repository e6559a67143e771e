// The worker of a built-in bot: the app's own code, so it runs in a worker of the app's origin
// (every other bot runs in the bot host, bots/bot-host.ts). The bot runtime does the rest; a
// game's built-in bots are its folder's bots.ts (one chunk each, found by the bundler).

import type { BuiltinBots } from '../shell/engine/builtin-bots';
import { botWorkerMain } from '../bots/bot-runtime';

botWorkerMain(async (game, id, seed) => {
  // A game id names a folder: nothing else reaches the import.
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(game)) throw new Error(`no game ${game.slice(0, 40)}`);
  const bots = (await import(/* webpackChunkName: "[request]" */ `./${game}/bots`).catch(() => {
    throw new Error(`no game ${game}`);
  })) as { BOTS: BuiltinBots };
  const info = Object.prototype.hasOwnProperty.call(bots.BOTS, id) ? bots.BOTS[id] : undefined;
  // A bot the engine plays itself runs only in the engine worker's match loop.
  if (!info || !info.create) throw new Error(`no built-in bot named ${id}`);
  return info.create(seed) as (obs: unknown) => unknown;
});
