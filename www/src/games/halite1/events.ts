// Halite I's moments worth jumping to, read from the statistics series the engine computes for
// the graphs (territory, damage to players, pieces lost) and the seats known to be out:
// - an ejection (the seat's bot failed) and an elimination (its territory fell to nothing);
// - a capture: a seat lost many of its sites to another player in one turn;
// - a big battle: far more damage between players in one turn than the game's usual.
// Pure: unit-tested in node.

import type { FrameSource, GameEvent, SeatOutInfo } from '../../shell/game';
import { fmt } from '../../shell/page/dom';
import { ejectionEvents, seatName } from '../../shell/viewer/events';

/** Sites a seat must lose in one turn, at least, for a capture (and this share of what it held). */
const CAPTURE_SITES = 4;
const CAPTURE_SHARE = 0.15;
/** Damage between players in one turn, at least, for a big battle, and how many times the
 * game's typical (median) fighting turn. */
const BATTLE_DAMAGE = 400;
const BATTLE_TIMES = 3;

function seriesOf(src: FrameSource, name: string): { v: Uint32Array; n: number } | null {
  const v = src.series(name);
  const p = Math.max(1, src.numPlayers);
  if (!v) return null;
  const n = Math.floor(v.length / p);
  return n > 0 ? { v, n } : null;
}

export function halite1Events(src: FrameSource, outs: readonly SeatOutInfo[]): GameEvent[] {
  const names = src.playerNames();
  const who = (s: number) => seatName(names, s);
  const p = src.numPlayers;
  const { events, ejected } = ejectionEvents(names, outs);
  const terr = seriesOf(src, 'territory');
  if (terr) {
    const { v, n } = terr;
    for (let s = 0; s < p; s++) {
      for (let f = 1; f < n; f++) {
        const before = v[s * n + f - 1];
        const now = v[s * n + f];
        if (before > 0 && now === 0) {
          if (!ejected.has(s)) events.push({ frame: f, label: `${who(s)} eliminated` });
          break;
        }
        const lost = before - now;
        if (now > 0 && lost >= CAPTURE_SITES && lost >= before * CAPTURE_SHARE) {
          // Who gained most in that turn took them.
          let taker = -1;
          let gain = 0;
          for (let o = 0; o < p; o++) {
            const g = v[o * n + f] - v[o * n + f - 1];
            if (o !== s && g > gain) {
              gain = g;
              taker = o;
            }
          }
          if (taker >= 0) events.push({ frame: f, label: `${who(taker)} took ${lost} sites from ${who(s)}` });
        }
      }
    }
  }
  const dmg = seriesOf(src, 'damageToPlayers');
  if (dmg) {
    const { v, n } = dmg;
    const total = new Float64Array(n);
    for (let s = 0; s < p; s++) for (let f = 0; f < n; f++) total[f] += v[s * n + f];
    const fighting = [...total].filter((x) => x > 0).sort((a, b) => a - b);
    const median = fighting.length ? fighting[Math.floor((fighting.length - 1) / 2)] : 0;
    const threshold = Math.max(BATTLE_DAMAGE, median * BATTLE_TIMES);
    let quietSince = 0;
    let inBattle = false;
    for (let f = 1; f < n; f++) {
      if (total[f] >= threshold) {
        // One event per battle (turns of fighting less than 3 quiet turns apart): its first turn.
        if (!inBattle) events.push({ frame: f, label: `big battle (${fmt(total[f])} damage)` });
        inBattle = true;
        quietSince = f;
      } else if (inBattle && f - quietSince >= 3) {
        inBattle = false;
      }
    }
  }
  return events.sort((a, b) => a.frame - b.frame);
}
