// The documentation stays true to the repository: README.md is a front door of at most 150
// lines; every relative link in README.md, docs/*.md and python/README.md leads to a file (and
// an `#anchor` into a Markdown file to one of its headings); every repository path those files
// cite in backticks exists. A failure lists each stale link or path with the file and line
// that cites it.
//
//   node --test www/tests/docs.unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 150;
/** Folders a build makes: cited paths under them need not exist in a clone. */
const BUILT = ['pkg/', 'dist/', 'target/', 'node_modules/'];
/** Cited paths starting with one of these are repository paths, with or without an extension. */
const REPO_ROOTS = ['src/', 'www/', 'python/', 'tests/', 'scripts/', 'docs/'];

/** The Markdown files the documentation is made of, relative to the repository. */
function docFiles() {
  const files = ['README.md'];
  for (const f of readdirSync(join(ROOT, 'docs')).sort()) if (f.endsWith('.md')) files.push(`docs/${f}`);
  if (existsSync(join(ROOT, 'python/README.md'))) files.push('python/README.md');
  return files;
}

/** The text with fenced code blocks blanked (line numbers kept): they hold commands, not citations. */
function withoutFences(text) {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, numbered as GitHub numbers repeated ones. */
function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const line of withoutFences(text).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Whether a word cited in backticks looks like a path in the repository. */
function looksLikePath(word) {
  if (!/^[A-Za-z0-9_.\-/]+$/.test(word) || word.startsWith('/') || word.includes('..')) return false;
  if (BUILT.some((b) => word.startsWith(b))) return false;
  return REPO_ROOTS.some((r) => word.startsWith(r)) || (word.includes('/') && /\.[A-Za-z0-9]+$/.test(word));
}

/**
 * Every stale citation in one Markdown text, as "FILE:LINE: ..." lines. `file` is the text's
 * path relative to the repository; `exists(path)` says whether a repository path exists and
 * `read(path)` gives a Markdown file's text.
 */
function staleCitations(file, text, exists, read) {
  const problems = [];
  const body = withoutFences(text);
  const dir = dirname(file);
  // Links and images: [text](target) and ![alt](target).
  for (const m of body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const at = `${file}:${lineAt(body, m.index)}`;
    const [pathPart, anchor] = target.split('#', 2);
    const path = pathPart === '' ? file : join(dir, decodeURIComponent(pathPart)).replace(/\\/g, '/');
    if (path.startsWith('..') || !exists(path)) {
      problems.push(`${at}: link to ${target}: no such file (${path})`);
      continue;
    }
    if (anchor !== undefined && path.endsWith('.md') && !anchors(read(path)).has(anchor)) {
      problems.push(`${at}: link to ${target}: ${path} has no heading with the anchor #${anchor}`);
    }
  }
  // Paths in code spans (a span may run over a line break, never over a blank line).
  for (const m of body.matchAll(/`([^`]+)`/g)) {
    if (m[1].includes('\n\n')) continue;
    for (const raw of m[1].split(/\s+/)) {
      const word = raw.replace(/^[("']+|[)"',;:]+$/g, '');
      if (!looksLikePath(word)) continue;
      const inRepo = exists(word.replace(/\/$/, ''));
      const besideFile = exists(join(dir, word).replace(/\\/g, '/').replace(/\/$/, ''));
      if (!inRepo && !besideFile) problems.push(`${file}:${lineAt(body, m.index)}: \`${word}\` does not exist`);
    }
  }
  return problems;
}

const exists = (path) => existsSync(join(ROOT, path));
const read = (path) => readFileSync(join(ROOT, path), 'utf8');

test(`README.md is a front door of at most ${README_MAX_LINES} lines`, () => {
  const lines = read('README.md').replace(/\n$/, '').split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move the detail into docs/`);
});

test('README.md links to every guide in docs/', () => {
  const readme = read('README.md');
  const missing = docFiles()
    .filter((f) => f.startsWith('docs/'))
    .filter((f) => !readme.includes(`](${f})`) && !readme.includes(`](${f}#`));
  assert.deepEqual(missing, [], `guides README.md does not link to:\n${missing.join('\n')}`);
});

test('every link and every cited path in the documentation leads somewhere', () => {
  const files = docFiles();
  assert.ok(files.includes('docs/rules-halite1.md') && files.includes('docs/rules-halite2.md'), 'the rules are in docs/');
  const problems = files.flatMap((f) => staleCitations(f, read(f), exists, read));
  assert.deepEqual(problems, [], `stale links and paths (file:line):\n${problems.join('\n')}`);
});

test('the checker names a moved file, a missing heading and a stale path, with their lines', () => {
  const files = new Map([
    ['docs/a.md', '# Title\n\n## A section\n'],
    ['www/src/shell/engine.ts', ''],
  ]);
  const has = (p) => files.has(p) || [...files.keys()].some((k) => k.startsWith(`${p}/`));
  const text = [
    'See [the section](a.md#a-section) and [this one](a.md#gone).', // line 1: one bad anchor
    'The engine is in `www/src/shell/engine.ts`; the viewer was in `www/src/shell/viewer.ts`.', // line 2
    '```sh',
    'node www/bench/not-cited.mjs',
    '```',
    'A [moved page](moved.md), a [site](https://example.com/x.md) and `https://example.com/a/b.js`.', // line 6
  ].join('\n');
  const found = staleCitations('docs/b.md', text, has, (p) => files.get(p));
  assert.deepEqual(found, [
    'docs/b.md:1: link to a.md#gone: docs/a.md has no heading with the anchor #gone',
    'docs/b.md:6: link to moved.md: no such file (docs/moved.md)',
    'docs/b.md:2: `www/src/shell/viewer.ts` does not exist',
  ]);
});

test('headings get the anchors GitHub gives them', () => {
  const found = anchors('# The `halite` command\n## Looking ahead: `debug.simulate`\n## Opening a run\'s results\n## Notes\n## Notes\n');
  assert.deepEqual([...found], ['the-halite-command', 'looking-ahead-debugsimulate', 'opening-a-runs-results', 'notes', 'notes-1']);
});
