// The worker of a built-in bot: the app's own code, so it runs in a worker of the app's origin
// (every other bot runs in the bot host, seats/bot-host.ts). The bot runtime does the rest.

import { botWorkerMain } from './bot-runtime';

botWorkerMain(async (game, id, seed) => {
  const list =
    game === 'halite1'
      ? (await import(/* webpackChunkName: "halite1-bots" */ '../games/halite1/bots')).BOTS
      : game === 'halite2'
        ? (await import(/* webpackChunkName: "halite2-bots" */ '../games/halite2/bots')).BOTS
        : {};
  const info = (list as Record<string, { create(seed: number): unknown } | undefined>)[id];
  if (!info) throw new Error(`no built-in bot named ${id}`);
  return info.create(seed) as (obs: unknown) => unknown;
});
