// Reads the front end's and the engine's sources as text for the structure tests: the import
// graph of www/src (files and folders) and the places that name a game outside its folders.

import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const WWW = join(ROOT, 'www', 'src');

export function walk(dir, ext) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, ext));
    else if (ext.some((e) => name.endsWith(e))) out.push(p);
  }
  return out.sort();
}

/** Comments out: `//` to the end of the line and `/* … *\/` blocks (strings kept). */
export function stripComments(text) {
  let out = '';
  let i = 0;
  let quote = null;
  while (i < text.length) {
    const c = text[i];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const block = text.slice(i, end < 0 ? text.length : end + 2);
      out += block.replace(/[^\n]/g, ' ');
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    out += c;
    i++;
  }
  return out;
}

const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const WORKER = /new\s+URL\s*\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]/g;

function resolveSpec(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, join(base, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** Template-literal specifiers: import(`./${game}/bots`), new URL(`./x.ts`, import.meta.url). */
const TEMPLATE = /\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?`(\.{1,2}\/[^`]+)`/g;
const TEMPLATE_WORKER = /new\s+URL\s*\(\s*`(\.{1,2}\/[^`]+\.ts)`/g;

/** The files a template specifier may name: each `${…}` stands for one path segment, so
 * import(`./${game}/bots`) reaches every games/<id>/bots.ts. */
function resolveTemplate(from, spec, files) {
  if (!spec.includes('${')) {
    const r = resolveSpec(from, spec);
    return r ? [r] : [];
  }
  const hole = '\u0000';
  const path = resolve(dirname(from), spec.replace(/\$\{[^}]*\}/g, hole));
  const body = path
    .split(hole)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const re = new RegExp(`^${body}(?:\\.ts|/index\\.ts)?$`);
  return files.filter((f) => re.test(f));
}

/** Every import between files of www/src: `from`, `import()`, side-effect imports and worker
 * entries (`new URL('./x.ts', import.meta.url)`), with quotes or backticks. Paths relative to www/src. */
export function importGraph({ workers = true } = {}) {
  const files = walk(WWW, ['.ts']);
  const edges = new Map();
  for (const f of files) {
    const text = stripComments(readFileSync(f, 'utf8'));
    const to = new Set();
    const keep = (r) => {
      if (r && r.startsWith(WWW) && r.endsWith('.ts')) to.add(relative(WWW, r));
    };
    for (const m of [...text.matchAll(SPEC), ...(workers ? text.matchAll(WORKER) : [])]) keep(resolveSpec(f, m[1]));
    for (const m of [...text.matchAll(TEMPLATE), ...(workers ? text.matchAll(TEMPLATE_WORKER) : [])]) resolveTemplate(f, m[1], files).forEach(keep);
    edges.set(relative(WWW, f), [...to].sort());
  }
  return edges;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function cycles(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The layer order, top first: a file may import its own folder or any folder of a layer below
 * its own, never a folder beside it or above it. This list is the architecture's statement:
 *
 *   main.ts                        the page's entry: picks a page from the URL
 *   pages/                         each page (play, watch, learn, arena, sandbox, bench)
 *   games/                         the registry (games/*.ts) and each game's own folder
 *   arena/, learn/                 the arena's tournaments; what every game's lessons share
 *   seats/                         seat kinds (human, worker, built-in), the seat list and picker, the match
 *   bots/                          the bot host and its runtime, the user's bot store, the editor
 *   shell/viewer/, shell/engine/   the replay viewer and its parts; the engine runtime (workers, match loop)
 *   shell/page/                    page plumbing: DOM helpers, shown names, URL state, navigation, loading
 *   shell/                         the seam's words: games, seats, the engine protocol, the catalogue */
export const LAYERS = [
  ['main.ts'],
  ['pages'],
  ['games'],
  ['arena', 'learn'],
  ['seats'],
  ['bots'],
  ['shell/viewer', 'shell/engine'],
  ['shell/page'],
  ['shell'],
];

/** The folder a file of www/src belongs to: its top folder, or shell's subfolder (`shell/page`);
 * a file at the top (main.ts) is its own. */
export function folderOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'shell' && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

export function layerOf(file) {
  const f = folderOf(file);
  const k = LAYERS.findIndex((l) => l.includes(f));
  return k < 0 ? null : k;
}

/** Imports that go up the layers, or sideways between folders of one layer, or between games. */
export function layerViolations(edges) {
  const bad = [];
  for (const [from, tos] of edges) {
    const a = layerOf(from);
    for (const to of tos) {
      const b = layerOf(to);
      if (a === null || b === null) {
        bad.push(`${from} -> ${to} (a folder outside the layers)`);
        continue;
      }
      if (folderOf(from) === folderOf(to)) {
        if (folderOf(from) === 'games') {
          const g1 = from.split('/')[1];
          const g2 = to.split('/')[1];
          // A game's files import only their own folder; the registry (games/*.ts) any game.
          if (from.split('/').length > 2 && g1 !== g2) bad.push(`${from} -> ${to} (one game's files import another's or the registry)`);
        }
        continue;
      }
      if (b <= a) bad.push(`${from} -> ${to} (${folderOf(from)} may not import ${folderOf(to)})`);
    }
  }
  return bad;
}

/** Each game's id, title and variant names, read from the registry's data (games/<id>/info.ts). */
export function gameNames() {
  const out = [];
  for (const id of readdirSync(join(WWW, 'games'))) {
    const info = join(WWW, 'games', id, 'info.ts');
    if (!existsSync(info)) continue;
    const text = readFileSync(info, 'utf8');
    const names = new Set([id]);
    for (const m of text.matchAll(/\b(?:title|fogName):\s*'([^']+)'/g)) names.add(m[1]);
    out.push({ id, names: [...names] });
  }
  return out;
}

/** Whether `file` (relative to the root) belongs to a game or is a registry (www/src/games/index.ts,
 * src/games.rs) or a module list (src/lib.rs, src/web/mod.rs). Comments count too: only code
 * is checked, but a registry is where names belong. */
function allowed(file, ids) {
  const f = file.replace(/\\/g, '/');
  if (['src/lib.rs', 'src/web/mod.rs', 'src/games.rs'].includes(f)) return true;
  if (f === 'www/src/games/index.ts') return true;
  return ids.some((id) => f.startsWith(`src/${id}/`) || f.startsWith(`www/src/games/${id}/`) || new RegExp(`^src/web/${id}(_[a-z0-9_]+)?\\.rs$`).test(f));
}

/** A pattern matching any name of any game (ids, titles, fog variants), any case. */
function namePattern(games) {
  const words = games.flatMap((g) => g.names).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  return new RegExp(words.join('|'), 'i');
}

/** Every line of code (comments left out) under src/ and www/src/ outside a game's own files and
 * the registries that names a game: `file:line: text`. */
export function seamLeaks() {
  const games = gameNames();
  const ids = games.map((g) => g.id);
  const pattern = namePattern(games);
  const files = [...walk(join(ROOT, 'src'), ['.rs']), ...walk(WWW, ['.ts'])];
  const out = [];
  for (const abs of files) {
    const file = relative(ROOT, abs);
    if (allowed(file, ids)) continue;
    const lines = stripComments(readFileSync(abs, 'utf8')).split('\n');
    lines.forEach((line, k) => {
      if (pattern.test(line)) out.push(`${file}:${k + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return out;
}

/** The modules of each folder of src/ and which siblings each uses (`super::m`,
 * `crate::<folder>::m`), as `folder/m` names. */
export function rustModuleGraph() {
  const edges = new Map();
  for (const abs of walk(join(ROOT, 'src'), ['.rs'])) {
    const file = relative(join(ROOT, 'src'), abs).replace(/\\/g, '/');
    const parts = file.split('/');
    if (parts.length !== 2 || parts[1] === 'mod.rs') continue;
    const [folder, name] = [parts[0], parts[1].replace(/\.rs$/, '')];
    const text = stripComments(readFileSync(abs, 'utf8'));
    const to = new Set();
    const siblings = readdirSync(join(ROOT, 'src', folder)).filter((f) => f.endsWith('.rs') && f !== 'mod.rs').map((f) => f.replace(/\.rs$/, ''));
    for (const m of text.matchAll(new RegExp(`(?:\\bsuper::|\\bcrate::${folder}::)(?:\\{([^}]*)\\}|([a-z_0-9]+))`, 'g'))) {
      const names = m[1] ? m[1].split(',').map((x) => x.trim().split('::')[0]) : [m[2]];
      for (const n of names) if (siblings.includes(n) && n !== name) to.add(`${folder}/${n}`);
    }
    edges.set(`${folder}/${name}`, [...to].sort());
  }
  return edges;
}

/** Python with its comments and docstrings out (blanked, lines kept): `#` to the end of the line
 * outside strings, and a triple-quoted string standing alone as a statement (nothing but
 * indentation and a prefix before it on its line, nothing but a comment after it). Other strings
 * are code and stay. */
export function stripPythonComments(text) {
  let out = '';
  let i = 0;
  const blank = (t) => t.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c !== '"' && c !== "'") {
      out += c;
      i++;
      continue;
    }
    const triple = text.startsWith(c.repeat(3), i);
    const close = triple ? c.repeat(3) : c;
    let j = i + close.length;
    while (j < text.length && !text.startsWith(close, j)) {
      if (text[j] === '\\') j++;
      else if (!triple && text[j] === '\n') break;
      j++;
    }
    j = Math.min(text.length, j + close.length);
    const lineStart = out.lastIndexOf('\n') + 1;
    const before = out.slice(lineStart);
    const eol = text.indexOf('\n', j);
    const after = text.slice(j, eol < 0 ? text.length : eol);
    if (triple && /^\s*[rRuU]?$/.test(before) && /^\s*(#.*)?$/.test(after)) {
      out = out.slice(0, lineStart) + blank(before) + blank(text.slice(i, j));
    } else {
      out += text.slice(i, j);
    }
    i = j;
  }
  return out;
}

const PYTHON = join(ROOT, 'python', 'halite_engine');

/** The Python package's modules (python/halite_engine), as `{ path, text }` with paths from the root. */
export function pythonSources() {
  return walk(PYTHON, ['.py']).map((abs) => ({ path: relative(ROOT, abs).replace(/\\/g, '/'), text: readFileSync(abs, 'utf8') }));
}

/** Whether a module of the package may name a game: the table of the games (games.py) and each
 * game's own modules (`<id>.py`, `<id>_<part>.py`). */
function pythonAllowed(path, ids) {
  const name = path.replace(/^python\/halite_engine\//, '');
  if (name === 'games.py') return true;
  return ids.some((id) => new RegExp(`^${id}(_[a-z0-9_]+)?\\.py$`).test(name));
}

/** Every line of code (comments and docstrings left out) of the Python package outside its table
 * of the games and the games' own modules that names a game: `file:line: text`. The other
 * modules (the arena, the benchmarks, the Gymnasium, vector and PettingZoo wrappers, the CLI)
 * reach the games through the table only. */
export function pythonLeaks(sources = pythonSources()) {
  const games = gameNames();
  const ids = games.map((g) => g.id);
  const pattern = namePattern(games);
  const out = [];
  for (const { path, text } of sources) {
    if (pythonAllowed(path, ids)) continue;
    stripPythonComments(text).split('\n').forEach((line, k) => {
      if (pattern.test(line)) out.push(`${path}:${k + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return out;
}
