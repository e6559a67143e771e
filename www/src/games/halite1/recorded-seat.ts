// What a Halite I replay recorded for a seat on a turn: the moves from the sites it owned (every
// recorded direction but 0, the invalid ones included: they stay without production).

import type { RecordedAnswer } from '../../shell/engine/recorded-seat';
import type { Halite1Frames } from './frames';
import type { Move } from './protocol';

export function recordedMoves(r: Halite1Frames): RecordedAnswer {
  return (seat, turn) => {
    if (turn >= r.numFrames - 1) return [];
    const owner = r.owner(turn);
    const moves = r.moves(turn);
    const tag = seat + 1;
    const out: Move[] = [];
    for (let i = 0; i < owner.length; i++) {
      if (owner[i] === tag && moves[i] !== 0) out.push({ x: i % r.width, y: Math.floor(i / r.width), dir: moves[i] });
    }
    return out;
  };
}
