// A seat that plays what a replay recorded: on each turn, the commands the recorded game gave
// for this seat's ships. With every seat recorded, a game continued from any frame replays the
// rest of the recorded game exactly.

import type { Seat, SeatAnswer } from '../../shell/seat';
import type { Halite2Frames } from './frames';
import { K_DOCK, K_THRUST, type Command } from './types';

export class RecordedSeat implements Seat {
  readonly kind = 'script' as const;
  readonly name: string;
  private seat = -1;

  constructor(
    private readonly replay: Halite2Frames,
    seat: number,
    name: string,
  ) {
    this.seat = seat;
    this.name = name;
  }

  start(seat: number): Promise<SeatAnswer> {
    this.seat = seat;
    return Promise.resolve({ ok: true, raw: null });
  }

  async act(_obs: unknown, turn: number): Promise<SeatAnswer> {
    // The moves come after the frames, once the worker has read the replay's JSON.
    await this.replay.movesReady;
    const packed = this.replay.recordedMoves(turn, this.seat);
    const out: Command[] = [];
    for (let o = 0; o + 5 <= packed.length; o += 5) {
      const ship = packed[o + 1];
      const kind = packed[o + 2];
      if (kind === K_THRUST) out.push({ type: 'thrust', ship, magnitude: packed[o + 3], angle: packed[o + 4] });
      else if (kind === K_DOCK) out.push({ type: 'dock', ship, planet: packed[o + 3] });
      else out.push({ type: 'undock', ship });
    }
    return { ok: true, raw: out };
  }

  stop(): void {}
}
