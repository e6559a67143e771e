// The text of a new Halite II bot: a short bot that plays, with numbered steps to make it better.
// A user's bot is a standalone module, so the navigation helpers of navigate.ts are copied in
// (plain JavaScript, the same behaviour; a unit test compares the two on many cases).

export const HALITE2_STARTER = `// My Halite II bot. A bot is a JavaScript module: its default export gets what
// it sees each turn and answers its commands. It runs in its own worker with a
// time budget (1.5 s a turn; 30 s for the first). Errors and console.log output
// show in the game's bot logs pane, on the turn they happened.
//
// obs = { myId, turn, width, height, players, ships, planets }
//   ships:   { id, owner, x, y, health, docking, planet, dockingProgress }
//            docking is 'undocked', 'docking', 'docked' or 'undocking'
//   planets: { id, x, y, radius, health, dockingSpots, owner (null: nobody),
//              dockedShips (ids), production, remainingProduction }
//   Angles are degrees: 0 points right (+x), 90 down (+y). The map has edges.
// answer: an array of commands, at most one per ship:
//   { type: 'thrust', ship, magnitude (0..7), angle }   whole numbers
//   { type: 'dock', ship, planet }   within planet radius + 4.5 and not moving
//   { type: 'undock', ship }
// Ships stop at the end of every turn. A ship touching a planet, another ship
// (even your own) or the map's edge is destroyed. Undocked ships fire by
// themselves at enemy ships within 6; docked ships produce ships but cannot fire.

export const name = 'My bot';

// ---- helpers, the same as the built-in bots use -------------------------

export function distance(a, b) {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function angleTo(a, b) {
  return ((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI + 360) % 360;
}

// The point minDistance short of target's surface, on the line from 'from'.
export function closestPointTo(from, target, minDistance = 3) {
  const a = (angleTo(target, from) * Math.PI) / 180;
  const r = (target.radius ?? 0) + minDistance;
  return { x: target.x + r * Math.cos(a), y: target.y + r * Math.sin(a) };
}

export function canDock(ship, planet) {
  return distance(ship, planet) <= planet.radius + 4.5;
}

function segmentHitsCircle(a, b, c, r) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((c.x - a.x) * dx + (c.y - a.y) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const px = a.x + t * dx - c.x;
  const py = a.y + t * dy - c.y;
  return px * px + py * py <= r * r;
}

// Whether two straight moves of one turn ({from, to}) bring ships into contact.
function movesMeet(a, b) {
  const p0 = { x: b.from.x - a.from.x, y: b.from.y - a.from.y };
  const p1 = { x: b.to.x - a.to.x, y: b.to.y - a.to.y };
  return segmentHitsCircle(p0, p1, { x: 0, y: 0 }, 1.1);
}

// A thrust toward target, turning angularStep degrees at a time to either side
// until the whole path is clear of planets and ships; null if none is found.
// planned: this turn's moves of your other ships ({from, to}), kept clear of.
export function navigate(obs, ship, target, options = {}) {
  const {
    speed = 7,
    avoidObstacles = true,
    maxCorrections = 90,
    angularStep = 1,
    ignoreShips = false,
    ignorePlanets = false,
    avoid = [],
    planned = [],
  } = options;
  const dist = distance(ship, target);
  const magnitude = Math.max(0, Math.min(7, Math.floor(speed), Math.floor(dist)));
  if (magnitude === 0) return null;
  const base = Math.round(angleTo(ship, target));
  const tries = avoidObstacles ? Math.max(0, Math.floor(maxCorrections)) : 0;
  const obstacles = [];
  if (!ignorePlanets) obstacles.push(...obs.planets);
  if (!ignoreShips) for (const s of obs.ships) if (s.id !== ship.id) obstacles.push({ x: s.x, y: s.y, radius: 0.5 });
  obstacles.push(...avoid);
  for (let k = 0; k <= tries; k++) {
    for (const sign of k === 0 ? [1] : [1, -1]) {
      const angle = (((base + sign * k * Math.round(angularStep)) % 360) + 360) % 360;
      const rad = (angle * Math.PI) / 180;
      const end = { x: ship.x + magnitude * Math.cos(rad), y: ship.y + magnitude * Math.sin(rad) };
      if (end.x < 0.5 || end.y < 0.5 || end.x >= obs.width - 0.5 || end.y >= obs.height - 0.5) continue;
      if (planned.some((m) => movesMeet({ from: ship, to: end }, m))) continue;
      if (avoidObstacles) {
        const far = { x: ship.x + dist * Math.cos(rad), y: ship.y + dist * Math.sin(rad) };
        const blocked = obstacles.some((c) => {
          const r = c.radius + 0.6;
          return distance(ship, c) > r && segmentHitsCircle(ship, far, c, r);
        });
        if (blocked) continue;
      }
      return { type: 'thrust', ship: ship.id, magnitude, angle };
    }
  }
  return null;
}

// ---- the bot ------------------------------------------------------------

export default function bot(obs) {
  const me = obs.myId;
  const commands = [];
  const planned = []; // where this turn's ships go, so they do not collide

  const go = (ship, target) => {
    const c = navigate(obs, ship, target, { planned, angularStep: 2 });
    if (!c) return;
    const rad = (c.angle * Math.PI) / 180;
    planned.push({ from: ship, to: { x: ship.x + c.magnitude * Math.cos(rad), y: ship.y + c.magnitude * Math.sin(rad) } });
    commands.push(c);
  };

  for (const ship of obs.ships) {
    if (ship.owner !== me || ship.docking !== 'undocked') continue;

    // Planets a ship of mine may dock at: nobody's, or mine with a spot left.
    // TODO 1: several ships pick the same planet with one spot left. Count the
    // spots promised this turn and leave full planets to the next ship.
    const free = obs.planets.filter(
      (p) => p.owner === null || (p.owner === me && p.dockedShips.length < p.dockingSpots),
    );

    const here = free.find((p) => canDock(ship, p));
    if (here) {
      // TODO 2: do not dock with an enemy ship close by: a docked ship cannot
      // fire. Meet it first (fly next to it: ships fire by themselves).
      commands.push({ type: 'dock', ship: ship.id, planet: here.id });
      planned.push({ from: ship, to: ship });
      continue;
    }

    // TODO 3: the nearest planet is not always the best: big planets have more
    // spots and produce faster. Weigh distance against radius.
    let best = null;
    for (const p of free) if (!best || distance(ship, p) < distance(ship, best)) best = p;
    if (best) {
      go(ship, closestPointTo(ship, best, 3));
      continue;
    }

    // TODO 4: every planet is taken: attack. Enemy docked ships cannot fire
    // back; go for them first, and keep some ships home to defend yours.
    const enemy = obs.ships.find((s) => s.owner !== me);
    if (enemy) go(ship, closestPointTo(ship, enemy, 2));
  }

  // TODO 5: log what you need to debug, e.g. your number of ships every 25 turns.
  if (obs.turn % 25 === 0) {
    const mine = obs.ships.filter((s) => s.owner === me).length;
    console.log(\`turn \${obs.turn}: \${mine} ships\`);
  }
  return commands;
}
`;
