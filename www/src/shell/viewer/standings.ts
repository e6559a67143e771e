// Standings as of a frame, so a replay does not spoil its ending: who is still in, ranked by the
// game's main series at that frame; the final result only at the end or on request. Pure logic,
// unit-tested in node.

import type { Standing } from '../game';

export interface SeatOut {
  /** First frame in which the seat is out. */
  frame: number;
  ejected: boolean;
  reason?: string;
}

export interface SeatStanding {
  seat: number;
  /** 1 is best. */
  rank: number;
  /** Whether `rank` is the final result. */
  final: boolean;
  /** Set when the seat is out at this frame. */
  out: SeatOut | null;
}

/**
 * The standing of every seat at `frame`.
 * - `score`: the main series, player-major over `frames` frames (null before it is known).
 * - `outs`: when each seat went out, if it did (eliminations, ejections).
 * - `final`: the final standings, shown when `showFinal` (the end, or asked for).
 */
export function standingsAt(
  frame: number,
  seats: number,
  score: Uint32Array | null,
  frames: number,
  outs: ReadonlyMap<number, SeatOut>,
  final: readonly Standing[] | null,
  showFinal: boolean,
): SeatStanding[] {
  const out: SeatStanding[] = [];
  if (showFinal && final && final.length === seats) {
    for (let s = 0; s < seats; s++) {
      const st = final.find((x) => x.seat === s);
      const o = outs.get(s) ?? null;
      out.push({ seat: s, rank: st ? st.rank : seats, final: true, out: o });
    }
    return out;
  }
  const f = frames > 0 ? Math.min(frame, frames - 1) : 0;
  const value = (s: number) => (score && frames > 0 ? score[s * frames + f] : 0);
  const isOut = (s: number) => {
    const o = outs.get(s);
    return o !== undefined && frame >= o.frame ? o : null;
  };
  const order = Array.from({ length: seats }, (_, s) => s).sort((a, b) => {
    const oa = isOut(a);
    const ob = isOut(b);
    if (oa && ob) return ob.frame - oa.frame || a - b; // out later ranks higher
    if (oa) return 1;
    if (ob) return -1;
    return value(b) - value(a) || a - b;
  });
  // Equal scores share a rank (no tie-break is visible mid-game).
  let rank = 0;
  order.forEach((s, k) => {
    const prev = k > 0 ? order[k - 1] : -1;
    const tie = prev >= 0 && !isOut(s) && !isOut(prev) && value(prev) === value(s);
    if (!tie) rank = k + 1;
    out[s] = { seat: s, rank, final: false, out: isOut(s) };
  });
  return out;
}

/** When each seat went out, from final standings (and a live game's ejections, which win). */
export function outsOf(final: readonly Standing[] | null, ejections?: ReadonlyMap<number, { frame: number; reason: string }>): Map<number, SeatOut> {
  const m = new Map<number, SeatOut>();
  for (const s of final ?? []) {
    if (!s.alive) m.set(s.seat, { frame: s.lastFrameAlive + 1, ejected: s.ejected });
  }
  for (const [seat, e] of ejections ?? []) m.set(seat, { frame: e.frame, ejected: true, reason: e.reason });
  return m;
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
