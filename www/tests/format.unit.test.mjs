// Numbers in words (shell/format.ts): the page's and its workers' own formatting, the same text
// `toLocaleString('en-US')` gives, without the locale data a first `toLocaleString` loads (40 ms
// of the page's main thread while a replay loaded). No source file of the page calls it.
//
//   node --test www/tests/format.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileSources } from './support/compile.mjs';
import { ROOT, stripComments, walk } from './support/structure.mjs';

const src = compileSources();
after(() => src.cleanup());
const { fmt, fmtDecimal } = src.load('shell/format.js');
const { raisedBudgets } = src.load('seats/consent.js');

test('fmt and fmtDecimal write what toLocaleString writes in English', () => {
  for (const n of [0, 7, 999, 1000, 12_345, 100_000, 4_000_000, 1_234_567_890, -1, -1000, -987_654]) {
    assert.equal(fmt(n), n.toLocaleString('en-US'), `fmt(${n})`);
  }
  assert.equal(fmt(1234.6), '1,235', 'an integer, rounded');
  for (const n of [0, 0.5, 1.25, 2.5, 3, 12.3456, 1234.5, 60, 0.001, 1_500_000.25, -0.5, -2.75]) {
    assert.equal(fmtDecimal(n), n.toLocaleString('en-US'), `fmtDecimal(${n})`);
  }
  assert.equal(fmt(Infinity), 'Infinity');
  assert.equal(fmtDecimal(NaN), 'NaN');
});

test('a link\'s raised budgets read in seconds', () => {
  const base = { initMs: 10_000, turnMs: 1_500 };
  assert.equal(raisedBudgets({ initMs: 30_000, turnMs: 2_500 }, base), '30 s to start, 2.5 s a turn');
  assert.equal(raisedBudgets({ initMs: null, turnMs: 1_234_500 }, base), 'no time limit to start, 1,234.5 s a turn');
  assert.equal(raisedBudgets({ turnMs: 1_000 }, base), null);
});

test('no source file of the page formats with the browser\'s locale data', () => {
  const www = join(ROOT, 'www', 'src');
  const found = [];
  for (const file of walk(www, ['.ts'])) {
    const code = stripComments(readFileSync(file, 'utf8'));
    code.split('\n').forEach((line, k) => {
      if (/\.toLocale(String|DateString|TimeString)\(|\bIntl\./.test(line)) found.push(`${relative(ROOT, file)}:${k + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `use fmt / fmtDecimal (shell/format.ts):\n${found.join('\n')}`);
});
