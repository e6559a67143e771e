// The text of a new Halite I bot: a short bot that plays, with numbered steps for the user to
// make it better. Only text: it runs when a game gives a seat to the saved bot.

export const HALITE1_STARTER = `// My Halite bot. A bot is a JavaScript module: its default export gets what it
// sees each turn and answers its moves. It runs in its own worker with a time
// budget (1.5 s a turn; 30 s for the first). Errors and console.log output show
// in the game's bot logs pane, on the turn they happened.
//
// obs = { width, height, myId, turn, owner, strength, production }
//   owner, strength, production: flat arrays of width * height numbers; the
//   site (x, y) is at index y * width + x. owner 0 is nobody; you are myId.
// answer: an array of { x, y, dir }  (dir 0 still, 1 north, 2 east, 3 south, 4 west)
// A piece that is not moved stays still and grows by its site's production.

export const name = 'My bot';

// The site one step from i in direction dir; the map wraps at its edges.
function neighbour(obs, i, dir) {
  const { width: w, height: h } = obs;
  const x = i % w;
  const y = (i - x) / w;
  if (dir === 1) return ((y + h - 1) % h) * w + x;
  if (dir === 2) return y * w + ((x + 1) % w);
  if (dir === 3) return ((y + 1) % h) * w + x;
  return y * w + ((x + w - 1) % w);
}

export default function bot(obs) {
  const { width, myId, owner, strength, production } = obs;
  const moves = [];
  for (let i = 0; i < owner.length; i++) {
    if (owner[i] !== myId) continue;
    const x = i % width;
    const y = (i - x) / width;

    // TODO 1: take a neighbour you can beat. Try preferring the one with the
    // best production for its strength instead of the first one found.
    let target = 0;
    for (let dir = 1; dir <= 4; dir++) {
      const j = neighbour(obs, i, dir);
      if (owner[j] !== myId && strength[j] < strength[i]) {
        target = dir;
        break;
      }
    }
    if (target) {
      moves.push({ x, y, dir: target });
      continue;
    }

    // TODO 2: let small pieces grow: staying still adds the site's production.
    if (strength[i] < 5 * production[i]) continue;

    // TODO 3: send strong inner pieces toward the nearest border, not at random.
    moves.push({ x, y, dir: 1 + ((x + y + obs.turn) % 4) });
  }
  // TODO 4: log what you need to debug, e.g. your number of pieces every 50 turns.
  if (obs.turn % 50 === 0) console.log(\`turn \${obs.turn}: \${moves.length} moves\`);
  return moves;
}
`;
