// What the in-browser benchmarks share: their `--name value` options and the built app.

import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built app (dist/, or the build `--dist DIR` names, e.g. an older commit's, to measure it
 * the same way); exits with a message when it has not been built. */
export function builtApp() {
  const asked = opt('dist', '');
  const dist = asked ? path.resolve(asked) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('dist/ is missing: build the app first (npm run build, or npx webpack --mode production)');
    process.exit(1);
  }
  return dist;
}

/** The value after `--name` on the command line, or `dflt`. */
export function opt(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}

/** The q-quantile (0..1) of `xs` by linear interpolation. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

/** A native bench in `--serve` mode (`command args`, which must include `--serve`): `time(n,
 * extra)` sends the line "n extra" and resolves to the number it answers (`key=value`). */
export function batchServer(command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async time(n, extra = '') {
      child.stdin.write(extra ? `${n} ${extra}\n` : `${n}\n`);
      const { value, done } = await lines.next();
      const m = done ? null : /^[a-z]+=([0-9.]+)$/.exec(value.trim());
      if (!m) throw new Error(`the native bench ${command} answered ${JSON.stringify(value)}`);
      return Number(m[1]);
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => child.on('close', resolve));
    },
  };
}
