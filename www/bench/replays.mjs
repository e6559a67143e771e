// Halite II replay files as the page writes them (WebAssembly, from pkg/): every conformance
// game written for a person (the Download, the crate's own zstd writer) and for the page's own
// store (the arena's games, a game to continue: ruzstd's fastest level, what Download wrote
// before), beside the reference's own file. The two writers take turns, `--runs N` times each
// (5 by default); the medians are printed, with the time to read each file back.
// The goals: no download larger than the reference's file; reading within 1.5 times the time
// of the file written before.
//
//   node www/bench/replays.mjs [--runs N] [--pkg DIR]   (needs pkg/: npm run build)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFiles } from '../tests/support/compile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '5'));
const files = await loadFiles('halite2', arg('--pkg', undefined));
if (!files) {
  console.error('pkg/halite2-read and pkg/halite2-write are not built: run npm run build first');
  process.exit(1);
}
const F = files.Halite2Files;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const time = (f) => {
  const t = performance.now();
  const out = f();
  return [performance.now() - t, out];
};
const dir = path.join(root, 'tests/fixtures/halite2');
const none = new Uint8Array(0);
const pad = (s, n) => String(s).padStart(n);
console.log(
  `${'replay'.padEnd(36)} ${pad('reference', 9)} ${pad('download', 9)} ${pad('/ref', 6)} ${pad('kept', 8)} ${pad('/ref', 6)}` +
    ` ${pad('write ms', 9)} ${pad('kept ms', 8)} ${pad('read ms', 8)} ${pad('kept', 6)} ${pad('ratio', 6)}`,
);
let worst = 0;
const readRatios = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.hlt')).sort()) {
  const reference = fs.readFileSync(path.join(dir, name));
  const record = F.read(new Uint8Array(reference));
  const w = { small: [], fast: [], readSmall: [], readFast: [] };
  let small, fast;
  for (let i = 0; i < runs; i++) {
    let t;
    [t, small] = time(() => F.writeCompressedWith(record, none));
    w.small.push(t);
    [t, fast] = time(() => F.writeToKeep(record, none));
    w.fast.push(t);
    w.readSmall.push(time(() => F.read(small))[0]);
    w.readFast.push(time(() => F.read(fast))[0]);
  }
  const r = small.length / reference.length;
  worst = Math.max(worst, r);
  const readRatio = median(w.readSmall) / median(w.readFast);
  readRatios.push(readRatio);
  console.log(
    `${name.replace(/\.hlt$/, '').padEnd(36)} ${pad(reference.length, 9)} ${pad(small.length, 9)} ${pad(r.toFixed(3), 6)}` +
      ` ${pad(fast.length, 8)} ${pad((fast.length / reference.length).toFixed(3), 6)} ${pad(median(w.small).toFixed(1), 9)}` +
      ` ${pad(median(w.fast).toFixed(1), 8)} ${pad(median(w.readSmall).toFixed(1), 8)} ${pad(median(w.readFast).toFixed(1), 6)}` +
      ` ${pad(readRatio.toFixed(2), 6)}`,
  );
}
readRatios.sort((a, b) => a - b);
console.log(
  `largest download / reference: ${worst.toFixed(3)} (goal: at most 1.000); reading a download / reading the` +
    ` file written before: median ${median(readRatios).toFixed(2)}x, largest ${readRatios.at(-1).toFixed(2)}x (goal: at most 1.5x)`,
);
