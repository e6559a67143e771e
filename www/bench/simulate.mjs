// What the forward model (`debug.simulate`) costs, in the engine as the page runs it (WebAssembly
// in Node): the snapshot the engine worker takes every turn for hosted bots (bytes, and ms to
// take it and to copy it as postMessage does), and one simulated turn through the C-ABI exports
// the bot runtime calls (each game's own binary, instantiated with throwing imports, as in the
// bot host).
//
//   node www/bench/simulate.mjs        (needs pkg/)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineBinaryFile, loadEngine, loadFiles, openReplay } from '../tests/support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const engines = { halite1: await loadEngine('halite1'), halite2: await loadEngine('halite2') };
const files = { halite1: await loadFiles('halite1'), halite2: await loadFiles('halite2') };
if (!engines.halite1 || !engines.halite2) {
  console.error('pkg/ is missing: build the engines first (npm run build:wasm)');
  process.exit(1);
}

/** ms per call of `f`, best of 5 batches of `n`. */
function time(f, n = 200) {
  let best = Infinity;
  for (let b = 0; b < 5; b++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    best = Math.min(best, (performance.now() - t0) / n);
  }
  return best;
}

/** The simulator as the bot runtime runs it: the game's binary (copied to each hosted bot when
 * it starts) compiled at the bot's first call. */
function simulator(id) {
  const bytes = fs.readFileSync(engineBinaryFile(`${id}-sim`));
  const t0 = performance.now();
  const mod = new WebAssembly.Module(bytes);
  console.log(`${id}'s forward-model binary: ${bytes.length} B, compiled in ${(performance.now() - t0).toFixed(1)} ms (once per bot, at its first call)`);
  const imports = {};
  for (const i of WebAssembly.Module.imports(mod)) {
    (imports[i.module] ??= {})[i.name] = () => {
      throw new Error(`the simulator called ${i.name}`);
    };
  }
  const ex = new WebAssembly.Instance(mod, imports).exports;
  const enc = new TextEncoder();
  return (snapshot, seat, mine, others) => {
    const a = enc.encode(mine);
    const b = enc.encode(others);
    const at = ex.sim_input(snapshot.length + a.length + b.length);
    const mem = new Uint8Array(ex.memory.buffer);
    mem.set(snapshot, at);
    mem.set(a, at + snapshot.length);
    mem.set(b, at + snapshot.length + a.length);
    const code = ex.sim_step(seat, snapshot.length, a.length, b.length);
    const p = ex.sim_output_ptr();
    const out = new Uint8Array(ex.memory.buffer).slice(p, p + ex.sim_output_len());
    if (code !== 0) throw new Error(new TextDecoder().decode(out));
    return out;
  };
}
const simulate = { halite1: simulator('halite1'), halite2: simulator('halite2') };

function row(label, g, sim) {
  const snap = g.snapshot();
  const take = time(() => g.snapshot());
  const copy = time(() => structuredClone(snap), 1000);
  const step = time(() => sim(snap, 0, '[]', 'null'), 100);
  console.log(`${label.padEnd(40)} ${String(snap.length).padStart(7)} B  take ${take.toFixed(3)} ms  copy ${copy.toFixed(4)} ms  simulate ${step.toFixed(3)} ms`);
}

console.log('game, frame                                snapshot   per turn (engine worker)          per call (bot)');
for (const side of [30, 50]) {
  const g = new engines.halite1.Halite1Game({ width: side, height: side, players: 2, seed: 1, playerNames: [] });
  row(`Halite I ${side}x${side}, new game`, g, simulate.halite1);
  g.free();
}
const h1 = openReplay(engines.halite1, files.halite1, 'Halite1', fs.readFileSync(path.join(root, 'tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz')));
for (const f of [100, 400]) {
  const g = engines.halite1.Halite1Game.fromReplay(h1, f);
  row(`Halite I s107 50x50, frame ${f}`, g, simulate.halite1);
  g.free();
}
for (const file of ['g01_2p_240x160_settler_vs_settler.hlt', 'g09_4p_312x208_mixed.hlt']) {
  const r = openReplay(engines.halite2, files.halite2, 'Halite2', fs.readFileSync(path.join(root, 'tests/fixtures/halite2', file)));
  for (const f of [0, 100, Math.min(250, r.numFrames - 2)]) {
    const g = engines.halite2.Halite2Game.fromReplay(r, f);
    const ships = g.ships(f).length / 10;
    row(`Halite II ${file.slice(0, 3)}, frame ${f} (${ships} ships)`, g, simulate.halite2);
    g.free();
  }
  r.free();
}
