// Compiles the front end's pure TypeScript modules to CommonJS in a temporary directory so node's
// test runner can load them (no bundler, no DOM). Type checking is `tsc --noEmit`'s job.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../src');

/** Transpiles every .ts file under www/src into a temp dir; returns a require for it. */
export function compileSources() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'halite-www-'));
  const walk = (dir) => {
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.name.endsWith('.ts') && !ent.name.endsWith('.d.ts')) {
        const rel = path.relative(SRC, p);
        const js = ts.transpileModule(fs.readFileSync(p, 'utf8'), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
          fileName: p,
        }).outputText;
        const dest = path.join(out, rel.replace(/\.ts$/, '.js'));
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.writeFileSync(dest, js);
      }
    }
  };
  walk(SRC);
  fs.writeFileSync(path.join(out, 'package.json'), '{"type":"commonjs"}');
  // The packages the modules import (ts-trueskill...) are the project's own.
  fs.symlinkSync(path.resolve(SRC, '../../node_modules'), path.join(out, 'node_modules'), 'dir');
  const req = createRequire(path.join(out, 'index.js'));
  return { load: (rel) => req(`./${rel}`), dir: out, cleanup: () => fs.rmSync(out, { recursive: true, force: true }) };
}

/** The engines' packages: one per game, pkg/<id>/ (scripts/build-wasm.sh). */
export const PKG = path.resolve(SRC, '../../pkg');

/** The file of game `id`'s engine binary (pkg/<id>/<id>_bg.wasm). */
export function engineBinaryFile(id, pkg = PKG) {
  return path.join(pkg, id, `${id}_bg.wasm`);
}

/** Loads game `id`'s wasm package (pkg/<id>/, web target; or `<pkg>/<id>/`) in plain node, or
 * null if not built. */
export async function loadEngine(id, pkg = PKG) {
  if (typeof id !== 'string') throw new Error('loadEngine(id): which game?');
  const wasmFile = engineBinaryFile(id, pkg);
  if (!fs.existsSync(wasmFile)) return null;
  const glue = await import(pathToFileURL(path.join(pkg, id, `${id}.js`)).href);
  glue.initSync({ module: fs.readFileSync(wasmFile) });
  return glue;
}

/** Loads game `id`'s reader and writer (pkg/<id>-read/: replay files read into records;
 * pkg/<id>-write/: records written as files) in plain node, as one module: its `<Game>Files`
 * handle has both modules' methods (`read`, `write`, ...). Null if either is not built. */
export async function loadFiles(id, pkg = PKG) {
  const parts = await Promise.all([loadEngine(`${id}-read`, pkg), loadEngine(`${id}-write`, pkg)]);
  if (parts.includes(null)) return null;
  const out = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      if (!/Files$/.test(name)) {
        out[name] ??= value;
        continue;
      }
      // The handle's static methods (a class's own, not enumerable).
      out[name] ??= {};
      for (const key of Object.getOwnPropertyNames(value)) {
        if (typeof value[key] === 'function') out[name][key] = value[key].bind(value);
      }
    }
  }
  return out;
}

/** Loads game `id`'s learn module (pkg/<id>-learn/: lessons, the sandbox's turn explanation)
 * in plain node, or null if not built. */
export async function loadLearn(id, pkg = PKG) {
  return loadEngine(`${id}-learn`, pkg);
}

/** A replay file opened as the page opens it: `files` (loadFiles) reads it into a record, the
 * engine's replay handle takes the record. `game` is the handle's class prefix ('Halite2'). */
export function openReplay(engine, files, game, bytes) {
  return engine[`${game}Replay`].fromRecord(files[`${game}Files`].read(new Uint8Array(bytes)));
}
