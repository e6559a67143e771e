// Moves typed as text ("3 4 north", "1 1 e; 2 0 still").
// Pure: tested in node.

const WORDS: Record<string, number> = {
  still: 0, stay: 0, '.': 0, x: 0, '0': 0,
  north: 1, n: 1, up: 1, '1': 1,
  east: 2, e: 2, right: 2, '2': 2,
  south: 3, s: 3, down: 3, '3': 3,
  west: 4, w: 4, left: 4, '4': 4,
};

export interface TypedMove {
  x: number;
  y: number;
  dir: number;
}

/** Parses typed moves; each is "x y direction", separated by ";", "," or new lines. */
export function parseMoves(text: string, width: number, height: number): { moves: TypedMove[]; error?: string } {
  const moves: TypedMove[] = [];
  for (const chunk of text.split(/[;,\n]/)) {
    const words = chunk.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const [xs, ys, ds] = words;
    const x = Number(xs);
    const y = Number(ys);
    const dir = ds === undefined ? undefined : WORDS[ds];
    if (words.length !== 3 || !Number.isInteger(x) || !Number.isInteger(y) || dir === undefined) {
      return { moves, error: `"${chunk.trim()}" is not a move: write x y direction, e.g. 3 4 north` };
    }
    if (x < 0 || y < 0 || x >= width || y >= height) {
      return { moves, error: `(${x}, ${y}) is off the ${width}x${height} board` };
    }
    moves.push({ x, y, dir });
  }
  return { moves };
}
