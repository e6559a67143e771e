// Halite II's facts the registry lists before its module loads: title, what an address may ask
// for, sample replays, file endings, and how it tells its replays by their bytes.

import { jsonHead, type Certainty, type GameInfo } from '../../shell/catalog';
import { ENGINE, SIM } from './engine';

export const INFO: GameInfo = {
  id: 'halite2',
  title: 'Halite II',
  limits: { title: 'Halite II', seats: [1, 2, 4], side: [16, 4096], fog: false },
  samples: [
    { file: 'replays/h2-g01-240x160-settler-vs-settler.hlt', label: 'Halite II · 2 players · 240×160 · two Settlers' },
    { file: 'replays/h2-g09-312x208-four-players.hlt', label: 'Halite II · 4 players · 312×208 · Bomber, Settler, Cycler, Rusher' },
  ],
  extensions: ['.hlt'],
  engine: ENGINE,
  sim: SIM,
  recognise,
};

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

/** One zstd frame (how the original stores `.hlt` files), or JSON whose first keys are Halite
 * II's (`constants`, `engine_version`, `planets`...): sure either way. Pure: unit-tested in node. */
function recognise(bytes: Uint8Array): Certainty {
  if (bytes.length >= 4 && ZSTD_MAGIC.every((b, i) => bytes[i] === b)) return 'sure';
  // The original writes keys in sorted order, so `constants` comes first; a replay written by
  // other tools may order them otherwise, hence the look at the whole head.
  const head = jsonHead(bytes);
  return head !== null && /"(constants|planets|engine_version)"\s*:/.test(head) ? 'sure' : 'no';
}
