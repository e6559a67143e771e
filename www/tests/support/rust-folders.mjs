// The engine's modules at the scale of rooms: one node per folder of src/ (and per top-level
// file such as `games.rs`), an edge where code in one names another through `crate::`. A cycle
// here is what a folder-by-folder look can't see: a game's seam importing the registry that
// lists it.

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, stripComments, walk } from './structure.mjs';

/** Every Rust source of the library (src/, not the binaries), as `{ path, text }`. */
export function librarySources() {
  const src = join(ROOT, 'src');
  return walk(src, ['.rs'])
    .map((abs) => relative(src, abs).replace(/\\/g, '/'))
    .filter((path) => !path.startsWith('bin/') && path !== 'lib.rs')
    .map((path) => ({ path, text: readFileSync(join(src, path), 'utf8') }));
}

/** The room a path of src/ belongs to: its first folder, or the file's module name. */
export function roomOf(path) {
  const [first, ...rest] = path.split('/');
  return rest.length ? first : first.replace(/\.rs$/, '');
}

/** The first segments of a `use` tree's top level: `a::b, c, d::{e, f::{g}}` gives a, c, d. */
function topNames(tree) {
  let flat = tree;
  while (/\{[^{}]*\}/.test(flat)) flat = flat.replace(/\{[^{}]*\}/g, '');
  return flat.split(',').map((n) => n.trim().split('::')[0].trim()).filter(Boolean);
}

/** Which rooms each room names (`crate::room` paths, grouped `use crate::{…}` trees included). */
export function rustRoomGraph(sources = librarySources()) {
  const rooms = new Set(sources.map((s) => roomOf(s.path)));
  const edges = new Map([...rooms].map((r) => [r, new Set()]));
  for (const { path, text } of sources) {
    const from = roomOf(path);
    const code = stripComments(text);
    const named = [];
    for (const m of code.matchAll(/\bcrate::([a-z_0-9]+)/g)) named.push(m[1]);
    for (const m of code.matchAll(/\bcrate::\{/g)) {
      let depth = 0;
      let i = m.index + m[0].length - 1;
      const start = i + 1;
      for (; i < code.length; i++) {
        if (code[i] === '{') depth++;
        if (code[i] === '}' && --depth === 0) break;
      }
      // Only the outer level's names: `crate::{env::{self, X}, games}` names env and games.
      named.push(...topNames(code.slice(start, i)));
    }
    for (const to of named) if (rooms.has(to) && to !== from) edges.get(from).add(to);
  }
  return new Map([...edges].map(([k, v]) => [k, [...v].sort()]));
}
