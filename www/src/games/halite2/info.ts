// Halite II's facts the registry lists before its module loads: title, what an address may ask
// for, sample replays and file endings.

import type { GameInfo } from '../../shell/catalog';
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
};
