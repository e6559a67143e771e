// An example bot for the page: an ES module whose default export answers each turn.
// Run it: ?bots=bots/example.js,greedy   (a path or URL; several seats may use the same file)
//
// obs = { width, height, myId, owner, strength, production, turn }   (flat arrays, index y*width+x)
// answer: [{ x, y, dir }]   dir: 0 still, 1 north, 2 east, 3 south, 4 west
// Whatever the bot writes with console.log is kept with that turn and shown in the log pane.
// The second argument, debug, draws on the map at that turn (the Bot drawings toggle, key B):
// here, an arrow for each attack and a ring around the strongest piece. Site (x, y)'s centre is
// (x + 0.5, y + 0.5).

export const name = 'Example';

let width = 0;
let height = 0;

/** Called once, before the first turn, with a longer time budget. */
export function init(obs) {
  width = obs.width;
  height = obs.height;
  console.log(`playing seat ${obs.myId} on a ${width}x${height} map`);
}

function neighbour(i, dir) {
  const x = i % width;
  const y = (i - x) / width;
  if (dir === 1) return ((y + height - 1) % height) * width + x;
  if (dir === 2) return y * width + ((x + 1) % width);
  if (dir === 3) return ((y + 1) % height) * width + x;
  return y * width + ((x + width - 1) % width);
}

export default function bot(obs, debug) {
  const { myId, owner, strength, production } = obs;
  const moves = [];
  let pieces = 0;
  let strongest = -1;
  for (let i = 0; i < owner.length; i++) {
    if (owner[i] !== myId) continue;
    pieces++;
    if (strongest < 0 || strength[i] > strength[strongest]) strongest = i;
    // Take the best neighbour we can beat (production per strength), else grow, else push out.
    let best = 0;
    let bestValue = -1;
    let border = false;
    for (let d = 1; d <= 4; d++) {
      const j = neighbour(i, d);
      if (owner[j] === myId) continue;
      border = true;
      const value = (production[j] + 1) / (strength[j] + 1);
      if (strength[j] < strength[i] && value > bestValue) {
        best = d;
        bestValue = value;
      }
    }
    if (best) {
      const x = i % width;
      const y = Math.floor(i / width);
      moves.push({ x, y, dir: best });
      const j = neighbour(i, best);
      debug.line(x + 0.5, y + 0.5, (j % width) + 0.5, Math.floor(j / width) + 0.5, '#ffe08a');
    }
    else if (!border && strength[i] >= 5 * production[i] + 10) {
      moves.push({ x: i % width, y: Math.floor(i / width), dir: ((obs.turn + i) % 2) + 1 });
    }
  }
  if (strongest >= 0) {
    const x = (strongest % width) + 0.5;
    const y = Math.floor(strongest / width) + 0.5;
    debug.circle(x, y, 0.7);
    debug.text(x + 0.6, y, String(strength[strongest]));
  }
  if (obs.turn % 25 === 0) console.log(`turn ${obs.turn}: ${pieces} pieces`);
  return moves;
}
