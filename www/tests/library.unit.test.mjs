// Unit tests (node, no browser) of the bots kept in the browser and of `?bots=` entries: the
// BotLibrary on an in-memory store, resolveEntry / seatNames, the bot-file helpers (the name a
// module declares, renaming it in the text, files read into the library) and the starter bot.
//
//   node --test www/tests/library.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { BotLibrary } = src.load('bots/library.js');
const { resolveEntry, seatNames, botFileName } = src.load('seats/entries.js');
const files = src.load('bots/files.js');
const { HALITE1_STARTER } = src.load('games/halite1/starter.js');
/** A new Halite I bot's text (the module's `starterBot`). */
const starterBot = () => HALITE1_STARTER;

const KEY = 'halite.bots.v1';

/** A TextStore in memory (localStorage's two methods). */
function memoryStore(initial = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => void map.set(k, String(v)) };
}

const BUILTINS = new Map([
  ['expander', 'Expander'],
  ['greedy', 'Greedy'],
]);
const BASE = 'https://example.org/halite/?play';

// ------------------------------------------------------------------ BotLibrary

test('the library gives each bot a unique id from its name', () => {
  const lib = new BotLibrary(memoryStore());
  const a = lib.create('My Bot', 'export default () => [];', 'editor');
  const b = lib.create('My Bot', 'export default () => [];', 'editor');
  const c = lib.create('my bot!', '', 'file');
  const d = lib.create('mine.mjs', '', 'file');
  const e = lib.create('  ', '', 'editor');
  assert.equal(a.id, 'my-bot');
  assert.equal(b.id, 'my-bot-2');
  assert.equal(c.id, 'my-bot-3');
  assert.equal(d.id, 'mine');
  assert.equal(e.id, 'bot');
  assert.equal(e.name, 'bot', 'an empty name becomes the id');
  const ids = lib.list().map((x) => x.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  // Ids are valid `?bots=saved:<id>` entries.
  for (const id of ids) assert.match(`saved:${id}`, /^saved:[a-z0-9_-]{1,32}$/);
  assert.equal(lib.get('my-bot-2').name, 'My Bot');
  assert.equal(lib.get('nope'), null);
});

test('the library lists the most recently changed first; update keeps the id; remove', async () => {
  const store = memoryStore();
  const lib = new BotLibrary(store);
  const seen = [];
  const off = lib.onChange(() => seen.push(lib.list().length));
  const a = lib.create('A', 'a1', 'editor');
  await new Promise((r) => setTimeout(r, 5));
  lib.create('B', 'b1', 'file');
  assert.deepEqual(lib.list().map((b) => b.id), ['b', 'a']);
  await new Promise((r) => setTimeout(r, 5));
  const changed = lib.update('a', { code: 'a2', name: 'Alpha' });
  assert.equal(changed.id, 'a');
  assert.equal(changed.code, 'a2');
  assert.equal(changed.name, 'Alpha');
  assert.equal(changed.origin, 'editor');
  assert.ok(changed.updated > a.updated);
  assert.deepEqual(lib.list().map((b) => b.id), ['a', 'b'], 'a changed bot comes first');
  assert.equal(lib.update('missing', { code: 'x' }), null);
  lib.remove('a');
  assert.deepEqual(lib.list().map((b) => b.id), ['b']);
  lib.remove('missing');
  assert.deepEqual(seen, [1, 2, 2, 1, 1], 'listeners hear every change');
  off();
  lib.create('C', '', 'editor');
  assert.equal(seen.length, 5, 'no longer after unsubscribing');
  // Another library on the same store sees the same bots (a reload).
  assert.deepEqual(new BotLibrary(store).list().map((b) => b.id), ['c', 'b']);
});

test('a damaged store reads as empty, and bad entries are left out', () => {
  for (const raw of ['{not json', '42', '{"id":"x"}', 'null', '']) {
    assert.deepEqual(new BotLibrary(memoryStore({ [KEY]: raw })).list(), [], JSON.stringify(raw));
  }
  const mixed = JSON.stringify([
    { id: 'ok', name: 'Ok', code: 'c', origin: 'file', updated: 1 },
    { id: 'no-code', name: 'x', updated: 2 },
    null,
    'text',
    { id: 'odd-origin', name: 'Odd', code: '', origin: 'mars', updated: 3 },
  ]);
  const lib = new BotLibrary(memoryStore({ [KEY]: mixed }));
  assert.deepEqual(lib.list().map((b) => [b.id, b.origin]), [['odd-origin', 'editor'], ['ok', 'file']]);
  // A store that throws (storage disabled) reads as empty; writing says why it failed.
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('quota exceeded'); } };
  const lib2 = new BotLibrary(broken);
  assert.deepEqual(lib2.list(), []);
  assert.throws(() => lib2.create('A', '', 'editor'), /would not save the bot \(quota exceeded\)/);
  // No storage at all (node): an empty library.
  assert.deepEqual(new BotLibrary(null).list(), []);
});

// ------------------------------------------------------------------ entries

test('resolveEntry: human, built-in, saved and module URL entries', () => {
  const lib = new BotLibrary(memoryStore());
  const saved = lib.create('Typed', 'export default () => [];', 'editor');
  assert.deepEqual(resolveEntry('human', BUILTINS, lib, BASE), { kind: 'human' });
  assert.deepEqual(resolveEntry(' greedy ', BUILTINS, lib, BASE), { kind: 'bot', source: { kind: 'builtin', id: 'greedy' }, label: 'Greedy' });
  assert.deepEqual(resolveEntry(`saved:${saved.id}`, BUILTINS, lib, BASE), {
    kind: 'bot',
    source: { kind: 'code', code: 'export default () => [];', label: 'Typed', saved: saved.id },
    label: 'Typed',
  });
  assert.deepEqual(resolveEntry('bots/example.js', BUILTINS, lib, BASE), {
    kind: 'bot',
    source: { kind: 'url', url: 'https://example.org/halite/bots/example.js' },
    label: 'example',
  });
  const abs = resolveEntry('https://cdn.example.com/x/my-bot.mjs?v=2', BUILTINS, null, BASE);
  assert.equal(abs.source.url, 'https://cdn.example.com/x/my-bot.mjs?v=2');
  // A module from another origin than the page's has its origin beside its name.
  assert.equal(abs.label, 'my-bot (https://cdn.example.com)');
  assert.throws(() => resolveEntry('saved:gone', BUILTINS, lib, BASE), /no saved bot called gone/);
  assert.throws(() => resolveEntry('saved:typed', BUILTINS, null, BASE), /no saved bot/);
  assert.throws(() => resolveEntry('nobody', BUILTINS, lib, BASE), /no built-in bot named nobody \(there are expander, greedy/);
  assert.throws(() => resolveEntry('http://[bad/x.js', BUILTINS, lib, BASE), /not a valid bot module address/);
});

test('resolveEntry reads the saved code when it is called (the latest text)', () => {
  const lib = new BotLibrary(memoryStore());
  lib.create('B', 'v1', 'editor');
  lib.update('b', { code: 'v2' });
  assert.equal(resolveEntry('saved:b', BUILTINS, lib, BASE).source.code, 'v2');
});

test('seatNames numbers repeats; botFileName', () => {
  assert.deepEqual(seatNames(['Expander', 'Greedy', 'Expander', 'You', 'Expander']), ['Expander', 'Greedy', 'Expander 2', 'You', 'Expander 3']);
  assert.deepEqual(seatNames([]), []);
  assert.equal(botFileName('https://x.org/a/b/Bot.mjs#frag'), 'Bot');
  assert.equal(botFileName('bots/'), 'bots');
});

// ------------------------------------------------------------------ bot files

test('the name a module declares is read from its text', () => {
  assert.equal(files.declaredName("export const name = 'Typed';\nexport default () => [];"), 'Typed');
  assert.equal(files.declaredName('export let name="Two words"'), 'Two words');
  assert.equal(files.declaredName('export const name = `Tick`;'), 'Tick');
  assert.equal(files.declaredName("const name = 'not exported'"), null);
  assert.equal(files.declaredName("export const name = '';"), null);
  assert.equal(files.declaredName('export default () => []'), null);
});

test('renameInCode changes only the declared name', () => {
  const code = "// name = 'x'\nexport const name = 'Old';\nconst other = 'Old';\n";
  assert.equal(files.renameInCode(code, 'New'), "// name = 'x'\nexport const name = 'New';\nconst other = 'Old';\n");
  assert.equal(files.renameInCode(code, "It's"), code.replace("'Old';\nconst", "'Its';\nconst"), 'quotes cannot break out of the string');
  assert.equal(files.renameInCode('export default () => [];', 'X'), 'export default () => [];', 'no declaration: unchanged');
  assert.equal(files.declaredName(files.renameInCode(starterBot('halite1'), 'My bot 2')), 'My bot 2');
});

test('changedWhen reads like a person would say it', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  assert.equal(files.changedWhen(now - 10_000, now), 'just now');
  assert.equal(files.changedWhen(now - 5 * 60_000, now), '5 min ago');
  assert.equal(files.changedWhen(now - 3 * 3600_000, now), '3 h ago');
  assert.equal(files.changedWhen(now - 26 * 3600_000, now), 'yesterday');
  assert.equal(files.changedWhen(now - 4 * 86400_000, now), '4 days ago');
  assert.match(files.changedWhen(now - 40 * 86400_000, now), /^2026-10-1\d$/);
  assert.equal(files.changedWhen(now + 5000, now), 'just now', 'a clock a little ahead');
});

test('saveBotFile keeps a file as text under its declared or file name, once', async () => {
  const lib = new BotLibrary(memoryStore());
  const file = (name, text, type = 'text/javascript') => ({ name, type, size: Buffer.byteLength(text), text: async () => text });
  const a = await files.saveBotFile(lib, file('a.js', "export const name = 'Alpha';\nexport default () => [];"));
  assert.equal(a.name, 'Alpha');
  assert.equal(a.origin, 'file');
  const again = await files.saveBotFile(lib, file('copy-of-a.js', "export const name = 'Alpha';\nexport default () => [];"));
  assert.equal(again.id, a.id, 'the same text is the same bot');
  const b = await files.saveBotFile(lib, file('dir/Beta Bot.mjs', 'export default () => [];', ''));
  assert.equal(b.name, 'Beta Bot');
  assert.equal(b.id, 'beta-bot');
  await assert.rejects(files.saveBotFile(lib, file('notes.txt', 'hello', 'text/plain')), /not a JavaScript module/);
  const big = { name: 'big.js', type: 'text/javascript', size: files.MAX_BOT_BYTES + 1, text: async () => '' };
  await assert.rejects(files.saveBotFile(lib, big), /too big/);
  assert.equal(lib.list().length, 2);
});

// ------------------------------------------------------------------ the starter bot

test('the starter bot is a module that answers valid moves for the sites it owns', async () => {
  // Run here, in node, as a test: on the page the same text is never evaluated.
  const code = starterBot('halite1');
  assert.match(code, /TODO 1[\s\S]*TODO 2[\s\S]*TODO 3[\s\S]*TODO 4/, 'numbered steps');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halite-starter-'));
  const file = path.join(dir, 'starter.mjs');
  fs.writeFileSync(file, code);
  try {
    const bot = await import(pathToFileURL(file).href);
    assert.equal(bot.name, 'My bot');
    const width = 6;
    const height = 5;
    const n = width * height;
    const owner = new Array(n).fill(0);
    const strength = new Array(n).fill(50);
    const production = new Array(n).fill(2);
    for (const i of [7, 8, 13, 14]) owner[i] = 1;
    strength[7] = 100; // beats its neighbours
    strength[8] = 5; // too weak: grows
    strength[13] = 40; // owned-neighbour-only moves or stays
    for (const i of [9, 15, 20, 12, 19, 6, 2, 1]) owner[i] = owner[i] || 2;
    const logs = [];
    const log = console.log;
    console.log = (...a) => logs.push(a.join(' '));
    let moves;
    try {
      moves = bot.default({ width, height, myId: 1, turn: 0, owner, strength, production });
    } finally {
      console.log = log;
    }
    assert.ok(Array.isArray(moves));
    for (const m of moves) {
      assert.ok(Number.isInteger(m.x) && Number.isInteger(m.y) && m.dir >= 0 && m.dir <= 4, JSON.stringify(m));
      assert.equal(owner[m.y * width + m.x], 1, 'moves only its own pieces');
    }
    assert.ok(moves.some((m) => m.x === 1 && m.y === 1), 'the strong piece attacks');
    assert.ok(!moves.some((m) => m.x === 2 && m.y === 1), 'the weak piece stays');
    assert.deepEqual(logs, ['turn 0: ' + moves.length + ' moves']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
