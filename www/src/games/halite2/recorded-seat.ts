// What a Halite II replay recorded for a seat on a turn: the commands it gave its ships.

import type { RecordedAnswer } from '../../shell/engine/recorded-seat';
import type { Halite2Frames } from './frames';
import { K_DOCK, K_THRUST, type Command } from './types';

export function recordedCommands(replay: Halite2Frames): RecordedAnswer {
  return async (seat, turn) => {
    // The moves come after the frames, once the worker has read the replay's JSON.
    await replay.movesReady;
    const packed = replay.recordedMoves(turn, seat);
    const out: Command[] = [];
    for (let o = 0; o + 5 <= packed.length; o += 5) {
      const ship = packed[o + 1];
      const kind = packed[o + 2];
      if (kind === K_THRUST) out.push({ type: 'thrust', ship, magnitude: packed[o + 3], angle: packed[o + 4] });
      else if (kind === K_DOCK) out.push({ type: 'dock', ship, planet: packed[o + 3] });
      else out.push({ type: 'undock', ship });
    }
    return out;
  };
}
