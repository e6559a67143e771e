// Map sizes of a live Halite II game. Pure: unit-tested in node.

/** A size the original plays: 3:2, even sides, from 240x160 up to 312x208 (the larger official
 * maps, up to 384x256, make long games for a page). */
export function liveMapSize(random: () => number): { width: number; height: number } {
  const height = 160 + 16 * Math.min(3, Math.floor(random() * 4));
  return { width: (height * 3) / 2, height };
}
