// A seat that plays what a replay recorded: on each turn, the moves the recorded game made from
// the sites this seat owns. With every seat recorded, a game continued from any frame replays
// the rest of the recorded game exactly.

import type { Seat, SeatAnswer } from '../../shell/seat';
import type { Halite1Frames } from './frames';
import type { Move } from './protocol';

export class RecordedSeat implements Seat {
  readonly kind = 'script' as const;
  readonly name: string;
  private seat = -1;

  constructor(
    private readonly replay: Halite1Frames,
    name: string,
  ) {
    this.name = name;
  }

  start(seat: number): Promise<SeatAnswer> {
    this.seat = seat;
    return Promise.resolve({ ok: true, raw: null });
  }

  act(_obs: unknown, turn: number): Promise<SeatAnswer> {
    const r = this.replay;
    if (turn >= r.numFrames - 1) return Promise.resolve({ ok: true, raw: [] });
    const owner = r.owner(turn);
    const moves = r.moves(turn);
    const tag = this.seat + 1;
    const out: Move[] = [];
    for (let i = 0; i < owner.length; i++) {
      // Every recorded direction but 0, the invalid ones included (they stay without production).
      if (owner[i] === tag && moves[i] !== 0) out.push({ x: i % r.width, y: Math.floor(i / r.width), dir: moves[i] });
    }
    return Promise.resolve({ ok: true, raw: out });
  }

  stop(): void {}
}
