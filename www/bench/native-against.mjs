// The native engine against an older commit's, timed in alternation batch by batch: for a machine
// whose timings swing from one second to the next (a shared or throttled one), the ratio of two
// builds measured side by side is the figure that carries over to another machine.
//
// The older commit is checked out in a temporary git worktree and its bench built there (its own
// target directory, target/against/, kept between runs so a second run only builds what changed);
// this working tree's bench is built as `cargo bench` builds it. Both run as servers (`--serve`:
// a batch of N re-simulations timed when asked), so their batches alternate one by one; which goes
// first alternates too. Each pair gives a ratio; the report prints the median over the pairs, its
// middle half, each side's median and fastest batch, and, given the older build's time on another
// machine (`--then`), what this build's time there would be at the same ratio, beside the goal.
//
//   node www/bench/native-against.mjs --rev REV [--bench engine|halite2] [--pairs N] [--rounds N]
//                                      [--then T] [--goal G]
//
// `engine`: Halite I re-simulating s107, nanoseconds per site-turn; `halite2`: Halite II
// re-simulating g09, microseconds per turn. E.g., the figures of docs/performance.md#the-engine:
//   node www/bench/native-against.mjs --rev c5cd84a --bench engine --then 4.86 --goal 2.7

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { batchServer, opt, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const REV = opt('rev', '');
const BENCH = opt('bench', 'engine');
const PAIRS = Number(opt('pairs', 30));
const UNIT = { engine: 'ns per site-turn', halite2: 'µs per turn' }[BENCH];
// About a tenth of a second a batch on a 2-core machine.
const ROUNDS = Number(opt('rounds', BENCH === 'engine' ? 100 : 50));
const THEN = Number(opt('then', NaN));
const GOAL = Number(opt('goal', NaN));
if (!REV || !UNIT || !(PAIRS > 0) || !(ROUNDS > 0)) {
  console.error('usage: node www/bench/native-against.mjs --rev REV [--bench engine|halite2] [--pairs N] [--rounds N] [--then T] [--goal G]');
  process.exit(2);
}

const cargo = fs.existsSync(path.join(os.homedir(), '.cargo/bin/cargo')) ? path.join(os.homedir(), '.cargo/bin/cargo') : 'cargo';

/** Builds `benches/<BENCH>.rs` in `dir` and returns its executable. */
function build(dir, targetDir) {
  const env = { ...process.env, ...(targetDir ? { CARGO_TARGET_DIR: targetDir } : {}) };
  const out = execFileSync(cargo, ['bench', '--bench', BENCH, '--no-run', '--message-format=json'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 28,
  });
  for (const line of out.split('\n')) {
    if (!line.startsWith('{')) continue;
    const m = JSON.parse(line);
    if (m.reason === 'compiler-artifact' && m.target?.name === BENCH && m.executable) return m.executable;
  }
  throw new Error(`no ${BENCH} bench executable built in ${dir}`);
}

const f3 = (v) => v.toFixed(3);

const sha = execFileSync('git', ['rev-parse', '--short', REV], { cwd: root, encoding: 'utf8' }).trim();
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'halite-against-'));
execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, sha], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  console.log(`building the ${BENCH} bench at ${sha} and in this working tree…`);
  const before = build(tree, path.join(root, 'target/against'));
  const now = build(root, null);
  const sides = [batchServer(now, ['--serve'], root), batchServer(before, ['--serve'], tree)];
  for (const s of sides) await s.time(ROUNDS); // warm-up
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 ? [1, 0] : [0, 1];
    const t = [NaN, NaN];
    for (const k of order) t[k] = await sides[k].time(ROUNDS);
    pairs.push(t);
  }
  await Promise.all(sides.map((s) => s.close()));
  const ratios = pairs.map(([a, b]) => a / b);
  const side = (k) => pairs.map((p) => p[k]);
  const fastest = (k) => Math.min(...side(k));
  console.log(`${BENCH}: ${PAIRS} pairs of ${ROUNDS} re-simulations each, alternating, on ${os.cpus().length} cores (load ${os.loadavg()[0].toFixed(2)} at the end)`);
  console.log(`  this build  median ${f3(quantile(side(0), 0.5))} ${UNIT}, fastest ${f3(fastest(0))}`);
  console.log(`  ${sha.padEnd(10)}  median ${f3(quantile(side(1), 0.5))} ${UNIT}, fastest ${f3(fastest(1))}`);
  const ratio = quantile(ratios, 0.5);
  console.log(`  this build / ${sha}: median ${f3(ratio)} (middle half ${f3(quantile(ratios, 0.25))} to ${f3(quantile(ratios, 0.75))}), fastest batches ${f3(fastest(0) / fastest(1))}`);
  if (Number.isFinite(THEN)) {
    const goal = Number.isFinite(GOAL) ? ` (goal: at most ${GOAL}: ${ratio * THEN <= GOAL ? 'met' : 'not met'})` : '';
    console.log(`  where ${sha} took ${THEN} ${UNIT}, this build would take ${(ratio * THEN).toFixed(2)}${goal}`);
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
}
