// What a Halite I bot sees and answers, and the packing of its answer for the engine, which checks
// it (`halite1::answer`). Pure: unit-tested in node.

/** What a bot sees each turn. Arrays are flat, row-major (index = y * width + x). */
export interface Observation {
  width: number;
  height: number;
  /** The bot's player id, 1..6 (owner values equal to it are the bot's sites). */
  myId: number;
  /** 0 neutral, 1..6 players. */
  owner: Uint8Array;
  strength: Uint8Array;
  production: Uint8Array;
  /** Turn number, 0 for the first move. */
  turn: number;
}

/** One move: the piece on (x, y) goes `dir` (0 still, 1 north, 2 east, 3 south, 4 west). */
export interface Move {
  x: number;
  y: number;
  dir: number;
}

/** A bot: a plain function from what it sees to its moves. */
export type Bot = (obs: Observation) => Move[];

/** A seat's answer in the engine's packed form, or why it cannot be packed. */
export interface PackedMoves {
  /** Quadruples `[seat, x, y, dir]`: every move, or the moves before the one at fault. */
  packed: Uint32Array;
  /** Why the answer cannot be packed (not an array, a move that is not an object of integers). */
  reason?: string;
}

const INT32_MIN = -0x8000_0000;
const INT32_MAX = 0x7fff_ffff;

/**
 * Packs a bot's answer into the engine's quadruples `[seat, x, y, dir]` (seat 0-based) without
 * judging it: the engine's check (`checkAnswer` of the game handle) refuses moves off the map,
 * bad directions and too many moves. A number below zero is packed as its two's complement (the
 * engine reads it back as negative); integers beyond 32 bits are packed as the nearest 32-bit one.
 */
export function packMoves(raw: unknown, seat: number): PackedMoves {
  if (!Array.isArray(raw)) return { packed: new Uint32Array(0), reason: `answered ${describe(raw)} instead of an array of moves` };
  const packed = new Uint32Array(raw.length * 4);
  for (let i = 0; i < raw.length; i++) {
    const m: unknown = raw[i];
    if (typeof m !== 'object' || m === null) return { packed: packed.subarray(0, i * 4), reason: `move ${i} is ${describe(m)}, not {x, y, dir}` };
    const { x, y, dir } = m as Record<string, unknown>;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(dir)) {
      return { packed: packed.subarray(0, i * 4), reason: `move ${i} has non-integer x, y or dir` };
    }
    packed[i * 4] = seat;
    packed[i * 4 + 1] = clamp32(x as number);
    packed[i * 4 + 2] = clamp32(y as number);
    packed[i * 4 + 3] = clamp32(dir as number);
  }
  return { packed };
}

const clamp32 = (v: number): number => (v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'a string';
  return typeof v === 'object' ? 'an object' : typeof v;
}
