// A saved bot the Debug-this-turn tests use.

/** A deterministic, stateless bot: each piece takes the weakest neighbour it can beat. */
export const STEADY = `export const name = 'Steady';
export default function bot(obs) {
  const { width: w, height: h, owner, strength, myId } = obs;
  const moves = [];
  for (let i = 0; i < w * h; i++) {
    if (owner[i] !== myId) continue;
    const x = i % w, y = Math.floor(i / w);
    const around = [[1, x, (y + h - 1) % h], [2, (x + 1) % w, y], [3, x, (y + 1) % h], [4, (x + w - 1) % w, y]];
    let best = 0, weakest = 256;
    for (const [dir, nx, ny] of around) {
      const j = ny * w + nx;
      if (owner[j] !== myId && strength[j] < strength[i] && strength[j] < weakest) { best = dir; weakest = strength[j]; }
    }
    if (best) moves.push({ x, y, dir: best });
    else if (strength[i] > 60) moves.push({ x, y, dir: 1 + ((x + y) % 4) });
  }
  return moves;
}
`;
