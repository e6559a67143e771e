// A human at the board: a seat whose answer comes from the game's play controls (HumanPlay)
// instead of a worker. It has no time budget of its own (the controls may run a turn timer), and
// a human who does nothing simply stays still: a human seat is never ejected.

import type { HumanPlay } from '../shell/game';
import type { Seat, SeatAnswer } from '../shell/seat';

export class HumanSeat implements Seat {
  readonly kind = 'human' as const;

  constructor(
    readonly name: string,
    /** The controls, once the game is shown (a turn asked before that waits for them). */
    private readonly controls: () => HumanPlay | null,
  ) {}

  start(): Promise<SeatAnswer> {
    return Promise.resolve({ ok: true, raw: null });
  }

  async act(observation: unknown, turn: number): Promise<SeatAnswer> {
    const play = this.controls();
    if (!play) return { ok: false, reason: 'no controls on screen' };
    try {
      return { ok: true, raw: await play.begin(observation, turn) };
    } catch (e) {
      return { ok: false, reason: e instanceof Error ? e.message : String(e) };
    }
  }

  stop(): void {
    this.controls()?.cancel();
  }
}
