// A seat's observation of one Halite II frame, built from the engine's frame rows.

import {
  DOCKING,
  PLANET_STRIDE,
  P_HEALTH,
  P_ID,
  P_OWNER,
  P_PRODUCTION,
  P_RADIUS,
  P_REMAINING,
  P_SPOTS,
  P_X,
  P_Y,
  SHIP_STRIDE,
  S_HEALTH,
  S_ID,
  S_OWNER,
  S_PLANET,
  S_STATUS,
  S_TURNS,
  S_X,
  S_Y,
  type Observation,
  type PlanetView,
  type ShipView,
} from './types';

export interface ObserveFrame {
  ships: Float64Array;
  planets: Float64Array;
  width: number;
  height: number;
  players: number;
  turn: number;
}

/** What seat `seat` sees of a frame (Halite II has no fog: everything). */
export function observe(f: ObserveFrame, seat: number): Observation {
  const ships: ShipView[] = [];
  const docked = new Map<number, number[]>();
  for (let o = 0; o + SHIP_STRIDE <= f.ships.length; o += SHIP_STRIDE) {
    const planet = f.ships[o + S_PLANET];
    const status = f.ships[o + S_STATUS];
    const s: ShipView = {
      id: f.ships[o + S_ID],
      owner: f.ships[o + S_OWNER],
      x: f.ships[o + S_X],
      y: f.ships[o + S_Y],
      health: f.ships[o + S_HEALTH],
      docking: DOCKING[status] ?? 'undocked',
      planet: planet >= 0 ? planet : null,
      dockingProgress: Math.max(0, f.ships[o + S_TURNS]),
    };
    ships.push(s);
    if (s.planet !== null && s.docking !== 'undocked') {
      let list = docked.get(s.planet);
      if (!list) docked.set(s.planet, (list = []));
      list.push(s.id);
    }
  }
  const planets: PlanetView[] = [];
  for (let o = 0; o + PLANET_STRIDE <= f.planets.length; o += PLANET_STRIDE) {
    const id = f.planets[o + P_ID];
    const owner = f.planets[o + P_OWNER];
    planets.push({
      id,
      x: f.planets[o + P_X],
      y: f.planets[o + P_Y],
      radius: f.planets[o + P_RADIUS],
      health: f.planets[o + P_HEALTH],
      dockingSpots: f.planets[o + P_SPOTS],
      owner: owner >= 0 ? owner : null,
      dockedShips: docked.get(id) ?? [],
      production: f.planets[o + P_PRODUCTION],
      remainingProduction: f.planets[o + P_REMAINING],
    });
  }
  return { game: 'halite2', myId: seat, turn: f.turn, width: f.width, height: f.height, players: f.players, ships, planets };
}
