// The built-in bots. The tactician, the expander and greedy are the engine's own
// (src/halite1/bots.rs): the engine worker's match loop has the engine play them from each
// seat's observation (`Halite1Game.playBuiltin`). Random and the misbehaving bots kept for tests
// are plain functions `(observation) => moves` here; a factory gives each seat its own state (a
// seeded random generator).

import { liveLineupOf, misbehavingBots, type BuiltinBot, type NativeBot } from '../../shell/engine/builtin-bots';
import { rng } from '../../shell/random';
import type { Bot, Move, Observation } from './protocol';

export type BotInfo = BuiltinBot<Observation, Move[]> | NativeBot;

export { rng };

function mv(i: number, W: number, dir: number): Move {
  return { x: i % W, y: Math.floor(i / W), dir };
}

/** Random: pieces with five turns of production move in a random direction (or stay). */
function random(seed: number): Bot {
  const r = rng(seed);
  return (obs) => {
    const { width: W, height: H, myId: me, owner, strength: str, production: prod } = obs;
    const moves: Move[] = [];
    for (let i = 0; i < W * H; i++) {
      if (owner[i] !== me) continue;
      const dir = str[i] < prod[i] * 5 ? 0 : Math.floor(r() * 5);
      moves.push(mv(i, W, dir));
    }
    return moves;
  };
}

export const BOTS: Readonly<Record<string, BotInfo>> = {
  tactician: {
    id: 'tactician',
    name: 'Tactician',
    description: 'values walls by production, routes to the best border, fights with overkill',
    native: true,
  },
  expander: {
    id: 'expander',
    name: 'Expander',
    description: 'overkill-aware greedy expander',
    native: true,
  },
  greedy: {
    id: 'greedy',
    name: 'Greedy',
    description: 'captures the weakest neighbour',
    native: true,
  },
  random: {
    id: 'random',
    name: 'Random',
    description: 'moves at random',
    create: (seed) => random(seed),
  },
  ...misbehavingBots<Observation, Move[]>(random, { crash: ['crash', 'Crasher'], hang: ['hang', 'Hanger'], garbage: ['garbage', 'Garbler'] }, {
    description: 'answers nonsense on turn 2',
    answer: () => 'nonsense' as unknown as Move[],
  }),
};

/**
 * The lineup of the home page's live game: `players` bots. The strongest bot (tactician) always
 * plays, against the expander, its closest rival; further seats are drawn from every visible bot.
 */
export function liveLineup(players: number, r: () => number): string[] {
  return liveLineupOf(players, r, ['tactician', 'expander'], ['tactician', 'expander', 'expander', 'greedy', 'random']);
}
