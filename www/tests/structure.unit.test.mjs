// The structure "Adding a game" in docs/architecture.md promises: the registries and the games'
// own files are the only code that names a game; no import cycles between files of www/src;
// imports go only down the layers (main → pages → games → arena, learn → seats → bots →
// shell/viewer, shell/engine → shell/page → shell: support/structure.mjs's LAYERS says what each
// holds), and one game's files import neither another game's nor the registry.
//
//   node --test www/tests/structure.unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycles, gameNames, importGraph, layerViolations, rustModuleGraph, seamLeaks } from './support/structure.mjs';

test('the registry lists the games and their names', () => {
  const games = gameNames();
  assert.ok(games.length >= 2, 'at least two games in games/*/info.ts');
  for (const g of games) assert.ok(g.names.length >= 2, `${g.id} has a title`);
});

test('only the registries and the games name a game in code', () => {
  const leaks = seamLeaks();
  assert.deepEqual(leaks, [], `these lines name a game outside its folders and the registries:\n${leaks.join('\n')}`);
});

test('no import cycles between files', () => {
  // Worker entries (`new URL('./x.ts', import.meta.url)`) start another program: they are
  // layered like imports but cannot close an evaluation cycle.
  const found = cycles(importGraph({ workers: false }));
  assert.deepEqual(found, [], `import cycles:\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});

test('imports go down the layers only', () => {
  const bad = layerViolations(importGraph({ workers: true }));
  assert.deepEqual(bad, [], `imports against the layers:\n${bad.join('\n')}`);
});

test('no cycles between the modules of a Rust folder (rules, following, verifying, the seam)', () => {
  const graph = rustModuleGraph();
  assert.ok(graph.get('halite1/verify')?.length, 'the graph reads the modules');
  const found = cycles(graph);
  assert.deepEqual(found, [], `module cycles:\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});
