// Halite I's facts the registry lists before its module loads: title, what an address may ask
// for, sample replays, file endings, and how it tells its replays by their bytes.

import { jsonHead, type Certainty, type GameInfo } from '../../shell/catalog';
import { isGzip } from '../../shell/compress';
import { ENGINE, SIM } from './engine';

export const INFO: GameInfo = {
  id: 'halite1',
  title: 'Halite I',
  limits: { title: 'Halite I', seats: [2, 3, 4, 5, 6], side: [1, 250], fog: true },
  samples: [
    { file: 'replays/s101-20x20-greedy-chaos.hlt.gz', label: '2 players · 20×20 · Greedy vs Chaos' },
    { file: 'replays/s103-25x25-greedy1-greedy1-chaos.hlt.gz', label: '3 players · 24×24 · two Greedy and Chaos' },
    {
      file: 'replays/s106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz',
      label: '6 players · 36×39 · six Greedy bots',
    },
  ],
  extensions: ['.hlt', '.hlt.gz', '.blitz'],
  fogName: 'Blitz',
  engine: ENGINE,
  sim: SIM,
  recognise,
};

/** gzip is Halite I's alone (the only compression its replays use); a plain JSON object may be
 * its replay unless a surer game claims it. Pure: unit-tested in node. */
function recognise(bytes: Uint8Array): Certainty {
  if (isGzip(bytes)) return 'sure';
  return jsonHead(bytes) === null ? 'no' : 'maybe';
}
