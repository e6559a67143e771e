// The structure "Adding a game" in docs/architecture.md promises: the registries and the games'
// own files are the only code that names a game (in the Python package, its table of the games,
// python/halite_engine/games.py, and the games' own modules); no import cycles between files of www/src;
// imports go only down the layers (main → pages → games → arena, learn → seats → bots →
// shell/viewer, shell/engine → shell/page → shell: support/structure.mjs's LAYERS says what each
// holds), and one game's files import neither another game's nor the registry.
//
//   node --test www/tests/structure.unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycles, gameNames, importGraph, layerViolations, pythonLeaks, pythonSources, rustModuleGraph, seamLeaks } from './support/structure.mjs';

test('the registry lists the games and their names', () => {
  const games = gameNames();
  assert.ok(games.length >= 2, 'at least two games in games/*/info.ts');
  for (const g of games) assert.ok(g.names.length >= 2, `${g.id} has a title`);
});

test('only the registries and the games name a game in code', () => {
  const leaks = seamLeaks();
  assert.deepEqual(leaks, [], `these lines name a game outside its folders and the registries:\n${leaks.join('\n')}`);
});

test('only the table of the games and the games\' own modules name a game in the Python package', () => {
  const paths = pythonSources().map((s) => s.path);
  assert.ok(paths.includes('python/halite_engine/games.py') && paths.includes('python/halite_engine/arena.py'), 'the package is read');
  const leaks = pythonLeaks();
  assert.deepEqual(leaks, [], `these lines of python/halite_engine name a game outside games.py and the games' modules:\n${leaks.join('\n')}`);
});

test('a game named in Python outside the table and its modules is found; comments and docstrings are not code', () => {
  const py = (name, text) => ({ path: `python/halite_engine/${name}`, text });
  const found = pythonLeaks([
    py('games.py', '_LINES = (Game("halite1", "Halite I", fog=("Blitz", 4)),)\n'),
    py('halite2.py', 'raise TypeError("Halite II actions are a dict")\n'),
    py('halite1_spaces.py', 'TITLE = "Halite I"\n'),
    py('arena.py', [
      '"""The arena: python -m halite_engine.arena --game halite1 (Halite I, Blitz or Halite II)."""',
      '',
      'import os  # both games: halite1, halite2',
      'def run(game):',
      '    r"""Blitz',
      '    too."""',
      '    if game == "halite2":',
      "        parts = ['--game', 'halite2']  # Halite II",
      '',
    ].join('\n')),
    py('gym.py', [
      'class Halite1Env(_SingleEnv):',
      '    pass',
      'CHILD = """',
      'fog = "Blitz"',
      '"""',
      'f(',
      '    """Halite II""")',
    ].join('\n')),
  ]);
  assert.deepEqual(found, [
    'python/halite_engine/arena.py:7: if game == "halite2":',
    "python/halite_engine/arena.py:8: parts = ['--game', 'halite2']",
    'python/halite_engine/gym.py:1: class Halite1Env(_SingleEnv):',
    'python/halite_engine/gym.py:4: fog = "Blitz"',
    'python/halite_engine/gym.py:7: """Halite II""")',
  ]);
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
