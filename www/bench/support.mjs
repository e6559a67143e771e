// What the in-browser benchmarks share: their `--name value` options and the built app.

import fs from 'node:fs';
import path from 'node:path';
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
