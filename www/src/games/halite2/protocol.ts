// The packing of a Halite II bot's answer for the engine, which checks it (`halite2::answer`). Pure:
// unit-tested in node.
//
// A bot answers a list of commands (types.ts). The original engine ejected a bot for a thrust over
// 7, an unknown command or two commands for one ship, and ignored commands for ships the bot does
// not own; the same holds here. Angles are whole degrees: a live bot's angle is taken mod 360 (so
// -90 means 270, as a JS author expects), while a recorded game's angles pass through unchanged
// (0 to 65535, as the original stored them; the engine takes them mod 360 through cos and sin).

import { K_DOCK, K_THRUST, K_UNDOCK } from './types';

/** A seat's answer in the engine's packed form, or why it cannot be packed. */
export interface PackedCommands {
  /** Fives `[seat, ship, kind, a, b]`: every command, or the commands before the one at fault
   * (and, when its ship is a number, an undock for it, so that its ship is checked first). */
  packed: Float64Array;
  /** Why the answer cannot be packed (not an array, a command that is not an object, an unknown
   * type, a field that is not a number). */
  reason?: string;
}

/**
 * Packs a bot's answer into the engine's fives without judging its numbers: the engine's check
 * (`checkAnswer` of the game handle) refuses bad ship ids, two commands for a ship, magnitudes
 * over 7, broken angles and planet ids, and too many commands. A live bot's whole angle is packed
 * mod 360; a recorded game's angles as they are (the engine admits 0 to 65535).
 */
export function packCommands(raw: unknown, seat: number, recorded = false): PackedCommands {
  if (!Array.isArray(raw)) return { packed: new Float64Array(0), reason: `answered ${describe(raw)} instead of an array of commands` };
  const packed = new Float64Array(raw.length * 5);
  /** The commands before `i`, and what of command i the engine checks before the fault (its
   * ship, as an undock, or a thrust's magnitude with angle 0) when its ship is a number. */
  const upTo = (i: number, ship: unknown, reason: string, kind = K_UNDOCK, a = 0): PackedCommands => {
    if (typeof ship !== 'number') return { packed: packed.subarray(0, i * 5), reason };
    packed.set([seat, ship, kind, a, 0], i * 5);
    return { packed: packed.subarray(0, i * 5 + 5), reason };
  };
  for (let i = 0; i < raw.length; i++) {
    const c: unknown = raw[i];
    if (typeof c !== 'object' || c === null) return upTo(i, undefined, `command ${i} is ${describe(c)}, not an object`);
    const { type, ship } = c as Record<string, unknown>;
    if (typeof ship !== 'number') return upTo(i, undefined, `command ${i} has no ship id (a whole number ≥ 0)`);
    let kind: number;
    let a = 0;
    let b = 0;
    if (type === 'thrust') {
      const { magnitude, angle } = c as Record<string, unknown>;
      if (typeof magnitude !== 'number') return upTo(i, ship, `command ${i}: thrust magnitude ${String(magnitude)} is not a whole number from 0 to 7`);
      if (typeof angle !== 'number') return upTo(i, ship, `command ${i}: angle ${String(angle)} is not a whole number of degrees`, K_THRUST, magnitude);
      kind = K_THRUST;
      a = magnitude;
      b = recorded || !Number.isInteger(angle) ? angle : ((angle % 360) + 360) % 360;
    } else if (type === 'dock') {
      const { planet } = c as Record<string, unknown>;
      if (typeof planet !== 'number') return upTo(i, ship, `command ${i}: planet ${String(planet)} is not a planet id`);
      kind = K_DOCK;
      a = planet;
    } else if (type === 'undock') {
      kind = K_UNDOCK;
    } else {
      return upTo(i, ship, `command ${i} has type ${JSON.stringify(type) ?? String(type)} (thrust, dock or undock)`);
    }
    packed[i * 5] = seat;
    packed[i * 5 + 1] = ship;
    packed[i * 5 + 2] = kind;
    packed[i * 5 + 3] = a;
    packed[i * 5 + 4] = b;
  }
  return { packed };
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'a string';
  return typeof v === 'object' ? 'an object' : typeof v;
}
