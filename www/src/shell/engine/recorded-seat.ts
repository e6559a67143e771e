// A seat that plays what a replay recorded: each turn, the answer the recorded game gave for this
// seat (a game says how to read it from its replay). With every seat recorded, a game continued
// from any frame replays the rest of the recorded game exactly.

import type { Seat, SeatAnswer } from '../seat';

/** The recorded answer of seat `seat` (0-based) on turn `turn`, in the form a bot answers. */
export type RecordedAnswer = (seat: number, turn: number) => unknown;

export class RecordedSeat implements Seat {
  readonly kind = 'script' as const;

  constructor(
    readonly name: string,
    private readonly answer: RecordedAnswer,
    private seat = -1,
  ) {}

  start(seat: number): Promise<SeatAnswer> {
    this.seat = seat;
    return Promise.resolve({ ok: true, raw: null });
  }

  async act(_obs: unknown, turn: number): Promise<SeatAnswer> {
    return { ok: true, raw: await this.answer(this.seat, turn) };
  }

  stop(): void {}
}
