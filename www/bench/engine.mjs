// The engine in WebAssembly (Node) against the same engine compiled natively, side by side:
// both re-simulate the reference replay s107 (50x50, 2 players, 500 turns) from frame 0 with its
// recorded moves, and print nanoseconds per site-turn and the ratio.
//
//   node www/bench/engine.mjs [--rounds N] [--pkg DIR]   (needs pkg/ and a release build of the bench)
//
// `--pkg DIR`: the engines built elsewhere (DIR/<id>/, as scripts/build-wasm.sh lays out pkg/),
// e.g. with other compiler settings.

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../tests/support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const replayFile = path.join(root, 'tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz');
const i = process.argv.indexOf('--rounds');
const ROUNDS = i >= 0 ? Number(process.argv[i + 1]) : 20;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Each game's own engine package (pkg/<id>/).
const p = process.argv.indexOf('--pkg');
const PKG_DIR = p >= 0 ? path.resolve(process.argv[p + 1]) : undefined;
const h1 = await loadEngine('halite1', PKG_DIR);
const h2 = await loadEngine('halite2', PKG_DIR);
if (!h1 || !h2) {
  console.error('pkg/ is missing: build the engines first (npm run build:wasm)');
  process.exit(1);
}

/** ns per site-turn in wasm: best batch median over 7 batches of ROUNDS re-simulations. */
function wasmNs() {
  const r = h1.Halite1Replay.fromBytes(fs.readFileSync(replayFile));
  try {
    r.benchResimulate(2); // warm up
    const runs = [];
    for (let b = 0; b < 7; b++) {
      const t0 = process.hrtime.bigint();
      const siteTurns = r.benchResimulate(ROUNDS);
      const t1 = process.hrtime.bigint();
      runs.push(Number(t1 - t0) / siteTurns);
    }
    return median(runs);
  } finally {
    r.free();
  }
}

/** ns per site-turn natively, from the native bench's machine-readable line. */
function nativeNs() {
  const out = spawnSync('cargo', ['bench', '--quiet', '--bench', 'engine', '--', '--resim-only', '--rounds', String(ROUNDS)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const m = /native_ns_per_site_turn=([0-9.]+)/.exec(out.stdout ?? '');
  if (out.status !== 0 || !m) {
    console.error(out.stdout);
    throw new Error('the native bench did not print native_ns_per_site_turn');
  }
  return Number(m[1]);
}

// Interleaved: native, wasm, native, wasm (the same machine state for both).
const native = [];
const wasm = [];
for (let k = 0; k < 2; k++) {
  native.push(nativeNs());
  wasm.push(wasmNs());
}
const n = Math.min(...native);
const w = Math.min(...wasm);
console.log('');
console.log(`Engine, wasm (Node ${process.version}) against native — re-simulating s107 (50x50, 500 turns) with its moves, ${ROUNDS} rounds a batch`);
console.log(`  native  ${n.toFixed(2)} ns per site-turn   (runs: ${native.map((v) => v.toFixed(2)).join(', ')})`);
console.log(`  wasm    ${w.toFixed(2)} ns per site-turn   (runs: ${wasm.map((v) => v.toFixed(2)).join(', ')})`);
console.log(`  ratio wasm / native  ${(w / n).toFixed(2)}x   (goal: within 1.5x)`);

// ---------------------------------------------------------------- Halite II

const g09File = path.join(root, 'tests/fixtures/halite2/g09_4p_312x208_mixed.hlt');
const H2_ROUNDS = 12;

/** µs per turn re-simulating g09 in wasm: the median of 7 batches. */
function wasmUs2() {
  const r = h2.Halite2Replay.fromBytes(fs.readFileSync(g09File));
  try {
    r.benchResimulate(1); // warm up
    const runs = [];
    for (let b = 0; b < 7; b++) {
      const t0 = process.hrtime.bigint();
      const turns = r.benchResimulate(H2_ROUNDS);
      const t1 = process.hrtime.bigint();
      runs.push(Number(t1 - t0) / 1000 / turns);
    }
    return median(runs);
  } finally {
    r.free();
  }
}

/** µs per turn natively, from the Halite II bench's machine-readable line. */
function nativeUs2() {
  const out = spawnSync('cargo', ['bench', '--quiet', '--bench', 'halite2', '--', '--rounds', String(H2_ROUNDS)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const m = /native_us_per_turn=([0-9.]+)/.exec(out.stdout ?? '');
  if (out.status !== 0 || !m) {
    console.error(out.stdout);
    throw new Error('the Halite II bench did not print native_us_per_turn');
  }
  return Number(m[1]);
}

const native2 = [];
const wasm2 = [];
for (let k = 0; k < 2; k++) {
  native2.push(nativeUs2());
  wasm2.push(wasmUs2());
}
const n2 = Math.min(...native2);
const w2 = Math.min(...wasm2);
console.log('');
console.log(`Halite II, wasm (Node ${process.version}) against native — re-simulating g09 (4 players, 312x208) with its moves, ${H2_ROUNDS} rounds a batch`);
console.log(`  native  ${n2.toFixed(1)} µs per turn   (goal: under 50; runs: ${native2.map((v) => v.toFixed(1)).join(', ')})`);
console.log(`  wasm    ${w2.toFixed(1)} µs per turn   (runs: ${wasm2.map((v) => v.toFixed(1)).join(', ')})`);
console.log(`  ratio wasm / native  ${(w2 / n2).toFixed(2)}x   (goal: within 1.5x)`);
