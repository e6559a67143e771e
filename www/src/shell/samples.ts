// The built-in sample replays (real games of the reference engines, served from replays/).

export interface Sample {
  file: string;
  label: string;
}

export const SAMPLES: readonly Sample[] = [
  { file: 'replays/s101-20x20-greedy-chaos.hlt.gz', label: '2 players · 20×20 · Greedy vs Chaos' },
  { file: 'replays/s103-25x25-greedy1-greedy1-chaos.hlt.gz', label: '3 players · 24×24 · two Greedy and Chaos' },
  {
    file: 'replays/s106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz',
    label: '6 players · 36×39 · six Greedy bots',
  },
  { file: 'replays/h2-g01-240x160-settler-vs-settler.hlt', label: 'Halite II · 2 players · 240×160 · two Settlers' },
  { file: 'replays/h2-g09-312x208-four-players.hlt', label: 'Halite II · 4 players · 312×208 · Bomber, Settler, Cycler, Rusher' },
];
