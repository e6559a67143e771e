// The engine's folders import down only: the list of games (`games.rs`) names the games'
// seams, the seams name the game-agnostic `env`, and `env` names no game and not the list.
// A cycle between folders (a seam importing the registry that lists it) fails here.
//
//   node --test www/tests/rust-rooms.unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycles } from './support/structure.mjs';
import { rustRoomGraph } from './support/rust-folders.mjs';

test('no cycle between the folders of src/', () => {
  const graph = rustRoomGraph();
  assert.deepEqual(graph.get('games'), ['env', 'halite1', 'halite2'], 'the list names the games and env');
  const found = cycles(graph);
  assert.deepEqual(found, [], `cycles between folders:\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});

test('env, the seam, names no game and not the list', () => {
  assert.deepEqual(rustRoomGraph().get('env'), []);
});

test('a seam that imports the list that names it is found, grouped or not', () => {
  const seam = (text) => [
    { path: 'games.rs', text: 'pub static GAMES: &[&dyn T] = &[&crate::chess::seam::TOOLS];' },
    { path: 'chess/seam.rs', text },
    { path: 'env/tools.rs', text: '// crate::games in a comment is not an import\npub trait T {}' },
  ];
  for (const text of [
    'use crate::games::Registered;',
    'use crate::{env::{self, tools::{T}}, games};',
    'fn f() -> crate::games::Thing { todo!() }',
  ]) {
    const found = cycles(rustRoomGraph(seam(text)));
    assert.equal(found.length, 1, `${text}: ${JSON.stringify(found)}`);
    assert.ok(found[0].includes('chess') && found[0].includes('games'), `${text}: ${found[0].join(' -> ')}`);
  }
  assert.deepEqual(cycles(rustRoomGraph(seam('use crate::env::tools::T;'))), []);
});
