// Each game's built-in bots, loaded in the built-in bots' worker (games/bot-worker.ts): one line a
// game, apart from the list of games (list.ts) so the worker loads nothing else.

/** A built-in bot as the bots' worker makes it: `create(seed)` gives the bot function. */
export type BuiltinBots = Readonly<Record<string, { create(seed: number): unknown } | undefined>>;

export const BUILTIN_BOTS: Readonly<Record<string, () => Promise<BuiltinBots>>> = {
  halite1: () => import(/* webpackChunkName: "halite1-bots" */ './halite1/bots').then((m) => m.BOTS),
  halite2: () => import(/* webpackChunkName: "halite2-bots" */ './halite2/bots').then((m) => m.BOTS),
};
