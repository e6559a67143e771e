// The built-in bots: plain functions `(observation) => moves`. Each runs in its own worker
// (games/bot-worker.ts); a factory gives each seat its own state (a seeded random generator).

import { liveLineupOf, misbehavingBots, type BuiltinBot } from '../../shell/engine/builtin-bots';
import { rng } from '../../shell/random';
import type { Bot, Move, Observation } from './protocol';
import { tactician } from './tactician';

export type BotInfo = BuiltinBot<Observation, Move[]>;

export { rng };

/** Neighbour of site i in direction d (1 N, 2 E, 3 S, 4 W) on a W x H torus. */
function step(i: number, d: number, W: number, H: number): number {
  const x = i % W;
  const y = (i - x) / W;
  switch (d) {
    case 1:
      return (y === 0 ? H - 1 : y - 1) * W + x;
    case 2:
      return y * W + (x === W - 1 ? 0 : x + 1);
    case 3:
      return (y === H - 1 ? 0 : y + 1) * W + x;
    case 4:
      return y * W + (x === 0 ? W - 1 : x - 1);
    default:
      return i;
  }
}

function mv(i: number, W: number, dir: number): Move {
  return { x: i % W, y: Math.floor(i / W), dir };
}

/**
 * Distance (in moves through the bot's own sites) from every site to the nearest site it does
 * not own: 0 outside its territory, 1 on its border. A multi-source BFS on the torus.
 */
export function frontierDistance(obs: Observation): Int32Array {
  const { width: W, height: H, myId: me, owner } = obs;
  const n = W * H;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (owner[i] !== me) {
      dist[i] = 0;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    for (let d = 1; d <= 4; d++) {
      const j = step(i, d, W, H);
      if (dist[j] === -1) {
        dist[j] = dist[i] + 1;
        queue[tail++] = j;
      }
    }
  }
  // A board the bot owns entirely: nowhere to go.
  for (let i = 0; i < n; i++) if (dist[i] === -1) dist[i] = n;
  return dist;
}

/**
 * Overkill-aware greedy expander. Border pieces capture the neutral site with the best
 * production per strength they can beat, or move into a site where their strength hits the most
 * enemy pieces at once (damage is dealt to every adjacent enemy: "overkill"). Interior pieces
 * wait until they hold five turns of production, then flow down the frontier-distance field to
 * the nearest border. Planned arrivals are counted so merges never waste strength over the
 * 255 cap.
 */
function expander(): Bot {
  return (obs) => {
    const { width: W, height: H, myId: me, owner, strength: str, production: prod } = obs;
    const n = W * H;
    const dist = frontierDistance(obs);
    const arriving = new Int32Array(n);
    const decided = new Uint8Array(n);
    const moves: Move[] = [];

    const enemyDamage = (t: number): number => {
      let dmg = 0;
      for (let d = 0; d <= 4; d++) {
        const j = d === 0 ? t : step(t, d, W, H);
        const o = owner[j];
        if (o !== 0 && o !== me) dmg += str[j];
      }
      return dmg;
    };
    const value = (t: number): number => {
      if (owner[t] === 0 && str[t] > 0) return prod[t] / str[t];
      const dmg = enemyDamage(t);
      // Entering a gap next to enemies: worth the damage dealt (ranks above any expansion).
      return dmg > 0 ? 1 + dmg : prod[t] / 2;
    };

    // Weak pieces stay and grow; they hold their site against merges.
    for (let i = 0; i < n; i++) {
      if (owner[i] !== me) continue;
      if (str[i] === 0 || str[i] < prod[i] * 5) {
        decided[i] = 1;
        arriving[i] += Math.min(255, str[i] + prod[i]);
        moves.push(mv(i, W, 0));
      }
    }

    // Strongest pieces choose first.
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (owner[i] === me && !decided[i]) order.push(i);
    order.sort((a, b) => str[b] - str[a]);

    for (const i of order) {
      const s = str[i];
      let best = -1;
      let bestDir = 0;
      let bestValue = -Infinity;
      for (let d = 1; d <= 4; d++) {
        const t = step(i, d, W, H);
        if (owner[t] === me) continue;
        const isEnemy = owner[t] !== 0;
        // A neutral wall must be beaten outright; an enemy site or a gap is entered to fight.
        // A piece at the 255 cap cannot grow any more: it breaks a 255 wall (both fall, and the
        // piece left behind takes the emptied site next turn).
        if (!isEnemy && str[t] >= s && s < 255) continue;
        if (isEnemy && str[t] >= s) continue;
        if (arriving[t] + s > 255 + 10) continue;
        const v = value(t);
        if (v > bestValue) {
          bestValue = v;
          best = t;
          bestDir = d;
        }
      }
      if (best >= 0) {
        arriving[best] += s;
        moves.push(mv(i, W, bestDir));
        continue;
      }
      if (dist[i] <= 1) {
        // A border piece that cannot win yet: gather strength here.
        arriving[i] += Math.min(255, s + prod[i]);
        moves.push(mv(i, W, 0));
        continue;
      }
      // Interior: flow towards the frontier, avoiding merges over the cap.
      let dir = 0;
      let bestScore = Infinity;
      for (let d = 1; d <= 4; d++) {
        const t = step(i, d, W, H);
        if (dist[t] >= dist[i]) continue;
        const total = arriving[t] + s + (decided[t] ? 0 : str[t]);
        const score = total > 255 ? 1000 + total : ((d + obs.turn + i) % 4) * 0.01;
        if (score < bestScore) {
          bestScore = score;
          dir = d;
        }
      }
      if (dir !== 0 && bestScore < 1000) {
        arriving[step(i, dir, W, H)] += s;
        moves.push(mv(i, W, dir));
      } else {
        arriving[i] += Math.min(255, s + prod[i]);
        moves.push(mv(i, W, 0));
      }
    }
    return moves;
  };
}

/**
 * Greedy: captures the weakest neighbour it can beat, else grows until five turns of production,
 * then sends interior pieces north or west (alternating by site) to the edge.
 */
function greedy(): Bot {
  return (obs) => {
    const { width: W, height: H, myId: me, owner, strength: str, production: prod } = obs;
    const moves: Move[] = [];
    for (let i = 0; i < W * H; i++) {
      if (owner[i] !== me) continue;
      const s = str[i];
      let target = 0;
      let weakest = 256;
      let interior = true;
      for (let d = 1; d <= 4; d++) {
        const t = step(i, d, W, H);
        if (owner[t] === me) continue;
        interior = false;
        // At the 255 cap, a 255 wall is broken (both fall; the site is taken next turn).
        if ((str[t] < s || s === 255) && str[t] < weakest) {
          weakest = str[t];
          target = d;
        }
      }
      if (target !== 0) moves.push(mv(i, W, target));
      else if (s < prod[i] * 5 || !interior) moves.push(mv(i, W, 0));
      else moves.push(mv(i, W, ((i % W) + Math.floor(i / W)) % 2 === 0 ? 1 : 4));
    }
    return moves;
  };
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
    create: () => tactician(),
  },
  expander: {
    id: 'expander',
    name: 'Expander',
    description: 'overkill-aware greedy expander',
    create: () => expander(),
  },
  greedy: {
    id: 'greedy',
    name: 'Greedy',
    description: 'captures the weakest neighbour',
    create: () => greedy(),
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
