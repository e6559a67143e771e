// Measures the built-in Halite II bots against each other on the real engine:
//   node www/tests/support/halite2-strength.mjs [games=20] [lineups=settler:aggressive,aggressive:h2-idle]
// For each lineup (two or four bots), plays `games` seeded games (seats rotating, sizes from
// 240x160 to 312x208) and prints the first bot's wins, the mean turns and the mean time per bot
// turn.

import { compileSources, loadEngine } from './compile.mjs';
import { playMatch } from './halite2-match.mjs';

const games = Number(process.argv[2] ?? 20);
const pairs = (process.argv[3] ?? 'settler:aggressive,aggressive:h2-idle').split(',').map((p) => p.split(':'));
const SIZES = [
  [240, 160],
  [264, 176],
  [288, 192],
  [312, 208],
];

const src = compileSources();
const engine = await loadEngine('halite2');
if (!engine) throw new Error('pkg/ is not built: npm run build:wasm');
const h2 = src.load('games/halite2/protocol.js');
const { BOTS } = src.load('games/halite2/bots.js');

for (const lineup of pairs) {
  const a = lineup[0];
  const n = lineup.length;
  let wins = 0;
  const byBot = {};
  let turns = 0;
  let ms = 0;
  let calls = 0;
  const timed = (f) => (obs) => {
    const t0 = performance.now();
    const out = f(obs);
    ms += performance.now() - t0;
    calls++;
    return out;
  };
  for (let g = 0; g < games; g++) {
    const [width, height] = SIZES[g % SIZES.length];
    const seed = 1000 + g;
        const aSeat = g % n;
    const ids = lineup.map((_, k) => lineup[(k - aSeat + n) % n]);
    const bots = ids.map((id, k) => BOTS[id].create(seed + k));
    const { results, turns: t, ejected, game } = playMatch(engine, h2, bots.map(timed), { width, height, seed });
    game.free();
    turns += t;
    const rankA = results[aSeat].rank;
    if (rankA === 1) wins++;
    const winner = ids[results.findIndex((r) => r.rank === 1)];
    byBot[winner] = (byBot[winner] ?? 0) + 1;
    if (ejected.some(Boolean)) console.log(`  game ${g}: ejected ${JSON.stringify(ejected)}`);
    if (process.env.VERBOSE) console.log(`  game ${g} ${width}x${height} seed ${seed}: ${a} rank ${rankA} after ${t} turns`, JSON.stringify(results.map((r) => [r.ships, r.shipsProduced, r.damageDealt])));
  }
  const share = n > 2 ? ` (wins by bot: ${Object.entries(byBot).map(([id, w]) => `${id} ${w}`).join(', ')})` : '';
  console.log(`${lineup.join(' vs ')}: ${a} won ${wins}/${games}${share}; mean ${(turns / games).toFixed(0)} turns; ${(ms / calls).toFixed(2)} ms per bot turn`);
}
src.cleanup();
