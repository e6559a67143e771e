// Tactician: the strongest built-in Halite I bot. A plain function of the observation (no state
// but cached tables), linear in the board size apart from the value-propagation sweeps.
//
// Each turn:
//  1. Every site it does not own gets a value. Neutral walls: production per strength, blended
//     with the walls around them (a cheap wall in a rich area beats a cheap wall in a desert).
//     Walls touching enemy territory ("no man's land") are nearly worthless: breaking one leaves
//     a weakened piece next to the enemy. Sites next to enemy pieces are battle sites, worth the
//     damage a piece entering them deals to every adjacent enemy (overkill).
//  2. The values flow into its own territory, decaying with each step, so an interior piece
//     walks towards the most valuable border within reach, not just the nearest one.
//  3. Battle: pieces next to a battle site enter the one where they hit the most enemy strength
//     (every enemy piece next to the site takes the full hit); a piece that would hit nothing
//     stays and holds its site rather than walk into the gap.
//  4. Expansion, best target first: the weakest piece that can take the wall alone takes it;
//     else the pieces around it combine if together they can; else those whose best target it is
//     wait there and grow, and the interior sends them strength.
//  5. Interior pieces that hold a few turns of production move up the value field. Every
//     arrival is counted per site so merges waste at most a little strength over the 255 cap.

import type { Bot, Move, Observation } from './protocol';

/** Tuning. */
export const TACTICIAN_DEFAULTS = {
  /** Value kept per step when values flow into the territory. */
  decay: 0.8,
  /** The same for battle sites. */
  warDecay: 0.8,
  /** A battle site's value before the damage it offers (walls are worth well under 1). */
  warBase: 2,
  /** Weight of the surrounding walls in a wall's value. */
  area: 0.35,
  /** Multiplier of walls touching enemy territory. */
  noMansLand: 0.05,
  /** Interior pieces move once they hold this many turns of their site's production. */
  hold: 5,
  /** Slack over 255 accepted for a merge (a little waste beats a wasted turn). */
  capSlack: 10,
  /** A border piece waits for its best wall rather than take one worth less than this share. */
  patience: 0.6,
};

/** 1 N, 2 E, 3 S, 4 W neighbours of every site, cached per board size. */
let cachedSize = '';
let nbr = new Int32Array(0);
function neighbours(W: number, H: number): Int32Array {
  const key = `${W}x${H}`;
  if (key === cachedSize) return nbr;
  nbr = new Int32Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      nbr[i * 4] = (y === 0 ? H - 1 : y - 1) * W + x;
      nbr[i * 4 + 1] = y * W + (x === W - 1 ? 0 : x + 1);
      nbr[i * 4 + 2] = (y === H - 1 ? 0 : y + 1) * W + x;
      nbr[i * 4 + 3] = y * W + (x === 0 ? W - 1 : x - 1);
    }
  }
  cachedSize = key;
  return nbr;
}

/**
 * Spreads `field` over the sites `me` owns: each takes the best of its own-site neighbours'
 * values times `decay`. Sweeps in both orders until nothing changes (a smooth field settles in
 * a few).
 */
function relax(field: Float64Array, decay: number, owner: Uint8Array, me: number, nb: Int32Array): void {
  const n = field.length;
  for (let sweep = 0; sweep < 64; sweep++) {
    let changed = false;
    const forward = sweep % 2 === 0;
    for (let s = 0; s < n; s++) {
      const i = forward ? s : n - 1 - s;
      if (owner[i] !== me) continue;
      let best = field[i];
      for (let k = 0; k < 4; k++) {
        const j = nb[i * 4 + k];
        if (owner[j] === me && field[j] * decay > best) best = field[j] * decay;
      }
      if (best > field[i]) {
        field[i] = best;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

export type TacticianTuning = typeof TACTICIAN_DEFAULTS;

/** The bot; `tuning` overrides defaults (for comparing variants). */
export function tactician(tuning: Partial<TacticianTuning> = {}): Bot {
  const P: TacticianTuning = { ...TACTICIAN_DEFAULTS, ...tuning };
  return (obs: Observation): Move[] => {
    const { width: W, height: H, myId: me, owner, strength: str, production: prod } = obs;
    const n = W * H;
    const nb = neighbours(W, H);
    const isEnemy = (i: number) => owner[i] !== 0 && owner[i] !== me;

    // ---------------------------------------------------------------- 1. site values
    // Enemy strength a piece entering t hits: the piece on t and its four neighbours.
    const hit = new Float64Array(n);
    // Touches enemy territory (including t itself).
    const nearEnemy = new Uint8Array(n);
    for (let t = 0; t < n; t++) {
      if (owner[t] === me) continue;
      let h = isEnemy(t) ? str[t] : 0;
      let near = isEnemy(t) ? 1 : 0;
      for (let k = 0; k < 4; k++) {
        const j = nb[t * 4 + k];
        if (isEnemy(j)) {
          h += str[j];
          near = 1;
        }
      }
      hit[t] = h;
      nearEnemy[t] = near;
    }

    const base = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      if (owner[t] === 0) base[t] = prod[t] / Math.max(1, str[t]);
    }
    const value = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      if (owner[t] === me) continue;
      if (hit[t] > 0) {
        // A battle site ranks above any wall.
        value[t] = P.warBase + hit[t] / 64;
        continue;
      }
      if (isEnemy(t)) {
        // An undefended enemy site: territory and production taken from the enemy.
        value[t] = 1 + prod[t] / 16;
        continue;
      }
      let around = 0;
      for (let k = 0; k < 4; k++) {
        const j = nb[t * 4 + k];
        if (owner[j] === 0) around += base[j];
      }
      let v = base[t] + (P.area * around) / 4;
      if (nearEnemy[t]) v *= P.noMansLand;
      value[t] = v;
    }

    // ---------------------------------------------------------------- 2. value field
    // field[i] for own sites: the best target value reachable, decayed per step. Battle sites
    // flow with their own decay (how far the front draws pieces away from expanding).
    const expand = new Float64Array(n);
    const war = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (owner[i] !== me) continue;
      for (let k = 0; k < 4; k++) {
        const j = nb[i * 4 + k];
        if (owner[j] === me) continue;
        if (hit[j] > 0) war[i] = Math.max(war[i], value[j]);
        else expand[i] = Math.max(expand[i], value[j]);
      }
    }
    relax(expand, P.decay, owner, me, nb);
    relax(war, P.warDecay, owner, me, nb);
    const field = new Float64Array(n);
    for (let i = 0; i < n; i++) field[i] = Math.max(expand[i], war[i]);

    // ---------------------------------------------------------------- decisions
    const dir = new Int8Array(n).fill(-1); // -1 undecided, else 0..4
    const arriving = new Int32Array(n); // strength planned to end on each site
    const moves: Move[] = [];
    const go = (i: number, d: number) => {
      dir[i] = d;
      const t = d === 0 ? i : nb[i * 4 + d - 1];
      arriving[t] += d === 0 ? Math.min(255, str[i] + prod[i]) : str[i];
    };
    const fits = (t: number, s: number) => arriving[t] + s <= 255 + P.capSlack;

    for (let i = 0; i < n; i++) if (owner[i] === me && str[i] === 0) go(i, 0);

    // ---------------------------------------------------------------- 3. battle
    // Strongest first: they deal the most damage and are least likely to die on entering.
    const fighters: number[] = [];
    for (let i = 0; i < n; i++) {
      if (owner[i] !== me || dir[i] !== -1) continue;
      for (let k = 0; k < 4; k++) {
        if (hit[nb[i * 4 + k]] > 0) {
          fighters.push(i);
          break;
        }
      }
    }
    fighters.sort((a, b) => str[b] - str[a]);
    for (const i of fighters) {
      const s = str[i];
      let bestDir = 0;
      let bestDamage = 0;
      for (let k = 0; k < 4; k++) {
        const t = nb[i * 4 + k];
        if (owner[t] === me || hit[t] === 0) continue;
        // A neutral wall still standing must be beaten outright.
        if (owner[t] === 0 && str[t] >= s) continue;
        if (!fits(t, s)) continue;
        // Damage dealt: the piece hits each adjacent enemy for up to its strength.
        let dmg = 0;
        if (isEnemy(t)) dmg += Math.min(s, str[t]);
        for (let q = 0; q < 4; q++) {
          const j = nb[t * 4 + q];
          if (isEnemy(j)) dmg += Math.min(s, str[j]);
        }
        if (dmg > bestDamage) {
          bestDamage = dmg;
          bestDir = k + 1;
        }
      }
      go(i, bestDir);
    }

    // ---------------------------------------------------------------- 4. expansion
    // Each border piece's best wall value, to tell waiting from settling for less.
    const bestNear = new Float64Array(n);
    const targets: number[] = [];
    const seen = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (owner[i] !== me || dir[i] !== -1) continue;
      for (let k = 0; k < 4; k++) {
        const t = nb[i * 4 + k];
        if (owner[t] === me) continue;
        if (value[t] > bestNear[i]) bestNear[i] = value[t];
        if (!seen[t]) {
          seen[t] = 1;
          targets.push(t);
        }
      }
    }
    targets.sort((a, b) => value[b] - value[a]);
    const waiting = new Uint8Array(n);
    const cand: number[] = [];
    for (const t of targets) {
      if (value[t] <= 0) continue;
      cand.length = 0;
      for (let k = 0; k < 4; k++) {
        const i = nb[t * 4 + k];
        if (owner[i] === me && dir[i] === -1 && !waiting[i] && str[i] > 0) cand.push(i);
      }
      if (cand.length === 0) continue;
      const need = str[t];
      const dirTo = (i: number) => {
        for (let k = 0; k < 4; k++) if (nb[i * 4 + k] === t) return k + 1;
        return 0;
      };
      // A piece settles for this wall only if it is close to the best it could take.
      const willing = cand.filter((i) => value[t] >= P.patience * bestNear[i]);
      if (willing.length === 0) continue;
      // The weakest piece that wins alone (a 255 piece breaks a 255 wall: the site is taken next turn).
      let single = -1;
      for (const i of willing) {
        if ((str[i] > need || str[i] === 255) && fits(t, str[i]) && (single < 0 || str[i] < str[single])) single = i;
      }
      if (single >= 0) {
        go(single, dirTo(single));
        continue;
      }
      // Combined: the strongest pieces until their sum wins, within the cap.
      willing.sort((a, b) => str[b] - str[a]);
      let sum = 0;
      let used = 0;
      while (used < willing.length && sum <= need) sum += str[willing[used++]];
      if (sum > need && sum <= 255 + P.capSlack && fits(t, sum)) {
        for (let u = 0; u < used; u++) go(willing[u], dirTo(willing[u]));
        continue;
      }
      // Not yet: those whose best wall this is wait beside it and grow.
      for (const i of willing) if (value[t] >= bestNear[i]) waiting[i] = 1;
    }

    // ---------------------------------------------------------------- 5. interior
    // Highest field first (nearest the best borders), so a piece mostly sees what the
    // neighbour it moves into has decided.
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (owner[i] === me && dir[i] === -1) order.push(i);
    order.sort((a, b) => field[b] - field[a]);
    for (const i of order) {
      const s = str[i];
      let border = false;
      for (let k = 0; k < 4; k++) if (owner[nb[i * 4 + k]] !== me) border = true;
      if (border || s < P.hold * prod[i]) {
        go(i, 0);
        continue;
      }
      let bestDir = 0;
      let best = field[i];
      for (let k = 0; k < 4; k++) {
        const j = nb[i * 4 + k];
        if (owner[j] !== me) continue;
        // A neighbour yet to decide may stay: count its strength too.
        const extra = dir[j] === -1 ? str[j] : 0;
        if (!fits(j, s + extra)) continue;
        if (field[j] > best) {
          best = field[j];
          bestDir = k + 1;
        }
      }
      go(i, bestDir);
    }

    // Pieces without a move stay still (as in the original protocol): only moves are sent,
    // which keeps the answer small.
    for (let i = 0; i < n; i++) {
      if (owner[i] === me && dir[i] > 0) moves.push({ x: i % W, y: (i - (i % W)) / W, dir: dir[i] });
    }
    return moves;
  };
}
