// Halite I's side of the match loop as its engine worker gives it, for the loop's unit tests:
// the live game wrapped by the shared engine host (the engine's observations every living seat
// gets, its own built-in bots) and
// the codec (the game's packing of an answer, its built-in bots). The modules are the tests' own
// compiled sources (compile.mjs), passed in.

/** A Halite I wasm game `g` as the loop's LiveGame, through `engineHost.liveGame`. */
export function halite1LiveGame(engineHost, g) {
  return engineHost.liveGame(g, {
    batchLast: () => ({ owners: g.owner(g.numFrames - 1).slice() }),
    observe() {
      const observations = [];
      for (let s = 0; s < g.numPlayers; s++) observations.push(g.isAlive(s) ? g.observation(s) : null);
      return { observations, over: g.isOver(), results: g.results(), transfer: [] };
    },
    accept: (seat, packed, lenient) => g.acceptAnswer(seat, packed, lenient),
    playBuiltin: (seat, id) => g.playBuiltin(seat, id),
    stepAccepted: () => g.stepAccepted(),
    step: (packed) => g.step(packed),
  });
}

/** Halite I's codec for the loop: `protocol.packMoves` and the built-in bots of `builtin`. */
export function halite1Codec(protocol, builtin) {
  return {
    pack: (raw, seat) => protocol.packMoves(raw, seat),
    bots: async () => builtin.BOTS,
    buffers: () => [],
  };
}
