// What every game's built-in bots share: the entry a bot has in a game's list, the misbehaving
// bots kept for tests (one throws, one never answers, one answers garbage, each from turn 2 on),
// and the lineup of a live game between built-in bots.

/** A game's built-in bots by id, as its bots.ts exports them (`BOTS`): each made by `create`, or
 * `native`, played by the game's engine itself (its handle's `playBuiltin`). */
export type BuiltinBots = Readonly<Record<string, { create?(seed: number): unknown; isolated?: boolean; native?: boolean } | undefined>>;

/** A bot: what it answers to one observation. */
export type BotFn<O, A> = (obs: O) => A;

export interface BuiltinBot<O, A> {
  id: string;
  name: string;
  description: string;
  /** Misbehaving bots kept for tests (`?bots=...`), not offered in the UI. */
  hidden?: boolean;
  /** Runs in a worker of its own, never in the engine's (a bot that may never return). */
  isolated?: boolean;
  /** A new bot for one seat (its own state, its own seeded random generator). */
  create(seed: number): BotFn<O, A>;
}

/** A built-in bot the game's engine plays itself, in the engine worker, from the seat's
 * observation there (no create: the engine keeps no state for it between turns). */
export interface NativeBot {
  id: string;
  name: string;
  description: string;
  hidden?: boolean;
  native: true;
}

/** Plays like `inner` until turn 2, then misbehaves with `fault`. */
function faulty<O extends { turn: number }, A>(inner: (seed: number) => BotFn<O, A>, fault: (obs: O) => A): (seed: number) => BotFn<O, A> {
  return (seed) => {
    const bot = inner(seed);
    return (obs) => (obs.turn >= 2 ? fault(obs) : bot(obs));
  };
}

/** The three misbehaving bots for tests, each playing like `inner` until turn 2: `ids` are their
 * ids and names, and `garbage` what the garbage bot answers (and how it is described). */
export function misbehavingBots<O extends { turn: number }, A>(
  inner: (seed: number) => BotFn<O, A>,
  ids: { crash: [string, string]; hang: [string, string]; garbage: [string, string] },
  garbage: { description: string; answer: (obs: O) => A },
): Record<string, BuiltinBot<O, A>> {
  const entry = ([id, name]: [string, string], description: string, fault: (obs: O) => A, isolated = false): BuiltinBot<O, A> => ({
    id,
    name,
    description,
    hidden: true,
    ...(isolated ? { isolated } : {}),
    create: faulty(inner, fault),
  });
  return {
    [ids.crash[0]]: entry(ids.crash, 'throws on turn 2', () => {
      throw new Error('deliberate crash');
    }),
    [ids.hang[0]]: entry(
      ids.hang,
      'never answers turn 2',
      () => {
        for (;;) {
          // spin until the worker is terminated
        }
      },
      true,
    ),
    [ids.garbage[0]]: entry(ids.garbage, garbage.description, garbage.answer),
  };
}

/** A live game's lineup of `players` built-in bots: `first` always play (as many as there are
 * seats), the other seats are drawn from `pool`; seats shuffled. */
export function liveLineupOf(players: number, r: () => number, first: readonly string[], pool: readonly string[]): string[] {
  const out: string[] = first.slice(0, Math.max(1, players));
  while (out.length < players) out.push(pool[Math.floor(r() * pool.length)]);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The list a game module offers (`GameModule.bots()`): each bot's id, name and description. */
export async function botList(load: () => Promise<Readonly<Record<string, { id: string; name: string; description: string; hidden?: boolean }>>>): Promise<{ id: string; name: string; description: string; hidden?: boolean }[]> {
  return Object.values(await load()).map((b) => ({ id: b.id, name: b.name, description: b.description, hidden: b.hidden }));
}
