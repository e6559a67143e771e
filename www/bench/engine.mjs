// The engine in WebAssembly (Node, from pkg/) against the same engine compiled natively (a
// release build of the benches in benches/), side by side, for both games:
// - Halite I re-simulates the reference replay s107 (50x50, 2 players, 500 turns) from frame 0
//   with its recorded moves (nanoseconds per site-turn);
// - Halite II re-simulates g09 (4 players, 312x208) the same way (microseconds per turn).
//
// The native bench runs as a server (`--serve`: it times a batch when asked), so native and wasm
// batches alternate one by one and each pair sees the same machine state, whatever else runs;
// which side goes first alternates too. Halite I's native side is timed twice a pair: as it runs
// (AVX2 where the processor has it) and at 128-bit width, the SIMD width wasm has. Each pair
// gives a ratio; the report prints the median over the pairs and its spread (the middle half and
// the whole range), the median time of each side, and the ratio of each side's fastest batch (the
// least disturbed on a busy machine). Both sides warm up with one batch first.
//
//   node www/bench/engine.mjs [--rounds N] [--game 1|2|1,2] [--pkg DIR]   (needs pkg/; N pairs, 21 by default)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, loadFiles, openReplay } from '../tests/support/compile.mjs';
import { batchServer, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ROUNDS = Number(arg('--rounds', 21));
const GAMES = String(arg('--game', '1,2')).split(',');

const median = (xs) => quantile(xs, 0.5);

// Each game's own engine package (pkg/<id>/); `--pkg DIR`: engines built elsewhere (DIR/<id>/, as
// scripts/build-wasm.sh lays out pkg/), e.g. with other compiler settings.
const PKG_DIR = arg('--pkg', undefined);
const h1 = await loadEngine('halite1', PKG_DIR && path.resolve(PKG_DIR));
const h2 = await loadEngine('halite2', PKG_DIR && path.resolve(PKG_DIR));
const f1 = await loadFiles('halite1', PKG_DIR && path.resolve(PKG_DIR));
const f2 = await loadFiles('halite2', PKG_DIR && path.resolve(PKG_DIR));
if (!h1 || !h2 || !f1 || !f2) {
  console.error('pkg/ is missing: build the engines first (npm run build:wasm)');
  process.exit(1);
}

/** A native bench of the crate in `--serve` mode: `time(n, narrow)` times a batch of n. */
function nativeServer(bench) {
  const server = batchServer('cargo', ['bench', '--quiet', '--bench', bench, '--', '--serve'], root);
  return { time: (n, narrow = false) => server.time(n, narrow ? 'narrow' : ''), close: () => server.close() };
}

const games = {
  1: {
    title: 'Halite I — re-simulating s107 (50x50, 2 players, 500 turns) with its moves',
    unit: 'ns per site-turn',
    digits: 2,
    batch: 20,
    bench: 'engine',
    // The native turn also runs at 128-bit width, the SIMD WebAssembly has (AVX2 is chosen at
    // run time where the processor has it).
    narrow: true,
    open() {
      const r = openReplay(h1, f1, 'Halite1', fs.readFileSync(path.join(root, 'tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz')));
      return { time: (n) => timed(() => r.benchResimulate(n), 1), free: () => r.free() };
    },
  },
  2: {
    title: 'Halite II — re-simulating g09 (4 players, 312x208) with its moves',
    unit: 'µs per turn',
    digits: 1,
    batch: 40,
    bench: 'halite2',
    open() {
      const r = openReplay(h2, f2, 'Halite2', fs.readFileSync(path.join(root, 'tests/fixtures/halite2/g09_4p_312x208_mixed.hlt')));
      return { time: (n) => timed(() => r.benchResimulate(n), 1000), free: () => r.free() };
    },
  },
};

/** Runs `run()` once; the time per unit it returns, in ns divided by `unitNs`. */
function timed(run, unitNs) {
  const t0 = process.hrtime.bigint();
  const units = run();
  const t1 = process.hrtime.bigint();
  return Number(t1 - t0) / unitNs / units;
}

const fmt = (xs, d) => xs.map((v) => v.toFixed(d)).join(', ');
for (const id of GAMES) {
  const g = games[id];
  if (!g) throw new Error(`unknown game ${id} (1 or 2)`);
  const server = nativeServer(g.bench);
  const wasm = g.open();
  const n = [];
  const w = [];
  const nn = [];
  try {
    await server.time(g.batch); // warm-up (and the native build, if it is not up to date)
    wasm.time(g.batch);
    for (let k = 0; k < ROUNDS; k++) {
      if (k % 2 === 0) {
        n.push(await server.time(g.batch));
        if (g.narrow) nn.push(await server.time(g.batch, true));
        w.push(wasm.time(g.batch));
      } else {
        w.push(wasm.time(g.batch));
        if (g.narrow) nn.push(await server.time(g.batch, true));
        n.push(await server.time(g.batch));
      }
    }
  } finally {
    wasm.free();
    await server.close();
  }
  const ratios = w.map((v, k) => v / n[k]);
  const r2 = (v) => v.toFixed(2);
  console.log('');
  console.log(`${g.title}: wasm (Node ${process.version}) against native, ${ROUNDS} pairs of batches of ${g.batch} re-simulations`);
  console.log(`  native  ${median(n).toFixed(g.digits)} ${g.unit} (median)`);
  console.log(`  wasm    ${median(w).toFixed(g.digits)} ${g.unit} (median)`);
  console.log(
    `  ratio wasm / native  ${r2(median(ratios))}x median   middle half ${r2(quantile(ratios, 0.25))}–${r2(quantile(ratios, 0.75))}x, ` +
      `range ${r2(Math.min(...ratios))}–${r2(Math.max(...ratios))}x   (goal: within 1.5x)`,
  );
  // The fastest batch of each side is the one least slowed by anything else running.
  console.log(
    `  fastest batch of each side: native ${Math.min(...n).toFixed(g.digits)}, wasm ${Math.min(...w).toFixed(g.digits)}, ratio ${r2(Math.min(...w) / Math.min(...n))}x`,
  );
  console.log(`  per pair: ${fmt(ratios, 2)}`);
  if (g.narrow) {
    const narrowRatios = w.map((v, k) => v / nn[k]);
    console.log(`  native with 128-bit lanes only (the SIMD width wasm has; the native line above uses AVX2 where the processor has it):`);
    console.log(`    native ${median(nn).toFixed(g.digits)} ${g.unit} (median), AVX2 / 128-bit ${r2(median(n.map((v, k) => v / nn[k])))}x`);
    console.log(
      `    ratio wasm / native at 128 bits  ${r2(median(narrowRatios))}x median   middle half ${r2(quantile(narrowRatios, 0.25))}–${r2(quantile(narrowRatios, 0.75))}x   (goal: within 1.5x)`,
    );
  }
  console.log(`  load average ${os.loadavg().map((v) => v.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);
}
