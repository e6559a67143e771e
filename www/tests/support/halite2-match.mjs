// Plays a Halite II game between built-in bots in node, on the real engine (the wasm package),
// the way the page's match loop does: every seat is given the engine's observation, answers,
// the answer is packed (`packCommands`) and checked by the engine, and a bad one ejects the seat.

/**
 * @param {object} engine the wasm package (`loadEngine()`)
 * @param {{ packCommands: Function }} h2 the compiled protocol module
 * @param {Array<(obs: object) => unknown>} bots one function per seat
 * @param {{ width: number, height: number, seed: number, maxTurns?: number, onTurn?: Function }} opts
 */
export function playMatch(engine, h2, bots, opts) {
  const players = bots.length;
  const game = new engine.Halite2Game({ width: opts.width, height: opts.height, players, seed: opts.seed });
  const ejected = [];
  const limit = opts.maxTurns ?? Infinity;
  let turn = 0;
  try {
    while (!game.isOver() && turn < limit) {
      const frame = {
        ships: game.ships(turn),
        planets: game.planets(turn),
        width: game.width,
        height: game.height,
        players,
        turn,
      };
      const packed = [];
      const observations = [];
      for (let seat = 0; seat < players; seat++) {
        if (!game.isAlive(seat) || ejected[seat]) {
          observations.push(null);
          continue;
        }
        const obs = game.observation(seat);
        observations.push(obs);
        let answer;
        try {
          answer = bots[seat](obs);
        } catch (e) {
          ejected[seat] = `threw: ${e}`;
          game.eject(seat);
          continue;
        }
        const p = h2.packCommands(answer, seat);
        const refused = game.checkAnswer(seat, p.packed) ?? p.reason;
        if (refused !== undefined) {
          ejected[seat] = refused;
          game.eject(seat);
          continue;
        }
        packed.push(...p.packed);
      }
      opts.onTurn?.({ turn, frame, observations, packed });
      game.step(new Float64Array(packed));
      turn++;
    }
    return { results: game.results(), turns: turn, ejected, game };
  } catch (e) {
    game.free();
    throw e;
  }
}
