// A `node --test` reporter that prints, once every file has run, how long each test file took:
// the sum of its top-level tests' durations (a `before` hook counts in the first test's), longest
// first, so a slow run shows where its time went. It reports nothing else; scripts/www-test.sh
// runs it beside the usual TAP reporter:
//
//   node --test --test-reporter=tap --test-reporter-destination=stdout \
//     --test-reporter=./www/tests/support/durations.mjs --test-reporter-destination=stdout www/tests/

import path from 'node:path';

export default async function* durations(source) {
  const files = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const { file, details } = event.data;
    // A file's own entry (what the runner reports for the file itself, when it does) is not a test.
    if (!file || event.data.name === file) continue;
    const entry = files.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += details?.duration_ms ?? 0;
    entry.tests += 1;
    files.set(file, entry);
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
  let out = `# time per test file (the sum of its top-level tests): ${(total / 1000).toFixed(1)} s in ${rows.length} files\n`;
  for (const [file, e] of rows) {
    out += `#   ${(e.ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)} (${e.tests} test${e.tests === 1 ? '' : 's'})\n`;
  }
  yield out;
}
