// The text a new Halite II bot starts from: a short bot that plays, with steps to make it better.

export const HALITE2_STARTER = `// My Halite II bot. A bot is a JavaScript module: its default export gets what
// it sees each turn and answers its commands. It runs in its own worker.
//
// obs = { myId, turn, width, height, players, ships, planets }
//   ships:   [{ id, owner, x, y, health, docking, planet, dockingProgress }]
//   planets: [{ id, x, y, radius, health, dockingSpots, owner, dockedShips,
//               production, remainingProduction }]
// answer: [{ type: 'thrust', ship, magnitude (0..7), angle (degrees) },
//          { type: 'dock', ship, planet }, { type: 'undock', ship }]

export const name = 'My bot';

export default function bot(obs) {
  const commands = [];
  const mine = obs.ships.filter((s) => s.owner === obs.myId && s.docking === 'undocked');
  for (const ship of mine) {
    // TODO 1: pick the best planet, not just the nearest free one.
    let best = null;
    let bestD = Infinity;
    for (const p of obs.planets) {
      const full = p.dockedShips.length >= p.dockingSpots;
      if ((p.owner !== null && p.owner !== obs.myId) || full) continue;
      const d = Math.hypot(p.x - ship.x, p.y - ship.y) - p.radius;
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    if (!best) continue;
    if (bestD < 4) {
      commands.push({ type: 'dock', ship: ship.id, planet: best.id });
      continue;
    }
    // TODO 2: steer around planets and other ships instead of flying straight.
    const angle = Math.round((Math.atan2(best.y - ship.y, best.x - ship.x) * 180) / Math.PI);
    commands.push({ type: 'thrust', ship: ship.id, magnitude: Math.min(7, Math.floor(bestD - 2)), angle });
  }
  return commands;
}
`;
