// Names from outside as the page shows them (shell/page/names.ts): bidi controls dropped, runs of
// invisible and wide blanks made one space; a label's origin read back from the form `withOrigin`
// writes; and the places that take a name in (a bot's `ready` message, a module's file name, a
// saved bot, numbered seats) through them.
//
//   node --test www/tests/names.unit.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSources } from './support/compile.mjs';

const FIX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/arena');

let src;
let names;
let readFromWorker;
let entries;
let sources;
let BotLibrary;
let opened;

before(() => {
  src = compileSources();
  names = src.load('shell/page/names.js');
  readFromWorker = src.load('shell/engine/bot-messages.js').readFromWorker;
  entries = src.load('seats/entries.js');
  sources = src.load('bots/sources.js');
  BotLibrary = src.load('bots/library.js').BotLibrary;
  opened = src.load('arena/opened.js');
});

after(() => src.cleanup());

test('cleanName drops bidi controls', () => {
  const { cleanName } = names;
  assert.equal(cleanName('Greedy\u202E)1808:1.0.0.721//:ptth('), 'Greedy)1808:1.0.0.721//:ptth(');
  for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
    assert.equal(cleanName(`Gr${c}eedy`), 'Greedy', `U+${c.codePointAt(0).toString(16).toUpperCase()}`);
  }
});

test('cleanName makes runs of invisible and wide blanks one space, and trims', () => {
  const { cleanName } = names;
  assert.equal(cleanName('Greedy' + '\u3000'.repeat(30)), 'Greedy');
  assert.equal(cleanName('\u2800\u2800Greedy\u2800\u2800\u2800bot\u2800'), 'Greedy bot');
  const blanks = [
    '\u3000', '\u2800', '\u3164', '\uFFA0', '\u115F', '\u1160', '\u00AD', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF',
    '\uFE0F', '\u{E0100}', '\u{E0041}', '\u{E007F}', '\u00A0', '\u2003', '\u200A', '\u202F', '\u205F', '\u1680', '\u2028',
    '\u2029', '\u180E', '\u034F', '\u17B4', '\t', '\n', '\u0000', '\u{1D173}',
  ];
  for (const b of blanks) {
    const code = `U+${b.codePointAt(0).toString(16).toUpperCase()}`;
    assert.equal(cleanName(`A${b}${b}${b}B`), 'A B', code);
    assert.equal(cleanName(`${b}AB${b}`), 'AB', `${code} at the ends`);
  }
  assert.equal(cleanName('A \u3000\u200B \u2800B'), 'A B', 'a mixed run is one space');
  assert.equal(cleanName('\u3000\u200B\u202E'), '', 'nothing visible is left');
  assert.equal(cleanName('e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301x'), 'e\u0301\u0301\u0301\u0301x', 'marks piled up are cut');
  assert.equal(cleanName('bad\uD800half'), 'badhalf');
  // Ordinary names are left as they are.
  for (const n of ['Greedy', 'Expander 2', 'Über-bot', 'ボット', 'روبوت', 'bot_v1.2 (test)', '😀 bot']) assert.equal(cleanName(n), n);
});

test('withOrigin and splitOrigin read each other', () => {
  const { withOrigin, splitOrigin } = names;
  assert.equal(withOrigin('Greedy', 'http://127.0.0.1:8081'), 'Greedy (http://127.0.0.1:8081)');
  assert.equal(withOrigin('Greedy', null), 'Greedy');
  assert.equal(withOrigin('x', 'a data: address'), 'x (data: address)');
  assert.deepEqual(splitOrigin('Greedy (http://127.0.0.1:8081)'), { name: 'Greedy', origin: 'http://127.0.0.1:8081' });
  assert.deepEqual(splitOrigin('bot 2 (https://bots.example)'), { name: 'bot 2', origin: 'https://bots.example' });
  assert.deepEqual(splitOrigin('x (data: address)'), { name: 'x', origin: 'data: address' });
  assert.deepEqual(splitOrigin('x (invalid address)'), { name: 'x', origin: 'invalid address' });
  assert.deepEqual(splitOrigin('b ([::1]:80)'), { name: 'b ([::1]:80)', origin: null }, 'no scheme: not an origin');
  assert.deepEqual(splitOrigin('Greedy'), { name: 'Greedy', origin: null });
  assert.deepEqual(splitOrigin('bot (test)'), { name: 'bot (test)', origin: null });
  // A name that ends like an origin still has the real one after it: that one is read.
  assert.deepEqual(splitOrigin('G (https://a.example) (http://b.example:1)'), { name: 'G (https://a.example)', origin: 'http://b.example:1' });
});

test('shortLabel cuts the name, never the origin', () => {
  const { shortLabel } = names;
  assert.equal(shortLabel('Greedy (http://127.0.0.1:8081)'), 'Greedy (http://127.0.0.1:8081)');
  assert.equal(shortLabel('A very long name for a bot indeed (https://bots.example)', 10), 'A very lo\u2026 (https://bots.example)');
  assert.equal(shortLabel('A very long name for a bot indeed', 10), 'A very lo\u2026');
  assert.equal(shortLabel('Expander'), 'Expander');
});

test('foreignOrigin always shows the scheme', () => {
  const { foreignOrigin } = sources;
  const app = 'http://127.0.0.1:8080';
  assert.equal(foreignOrigin('https://127.0.0.1:8080/x.js', app), 'https://127.0.0.1:8080', 'https on the app\u2019s own host is another origin');
  assert.equal(foreignOrigin('https://bots.example/a/b.js', app), 'https://bots.example');
  assert.equal(foreignOrigin('http://127.0.0.1:8081/x.js', app), 'http://127.0.0.1:8081');
  assert.equal(foreignOrigin('http://127.0.0.1:8080/x.js', app), null);
  assert.equal(foreignOrigin('data:text/javascript,1', app), 'a data: address');
  assert.equal(foreignOrigin('file:///x.js', app), 'a file: address');
  assert.equal(foreignOrigin('http://bücher.example/x.js', app), 'http://xn--bcher-kva.example', 'a host in punycode');
});

test('a bot\u2019s own name is cleaned as it arrives; one with nothing visible is none', () => {
  const ready = (name) => readFromWorker({ type: 'ready', name, log: '' });
  assert.equal(ready('Greedy' + '\u3000'.repeat(30)).name, 'Greedy');
  assert.equal(ready('\u202EGreedy').name, 'Greedy');
  assert.equal(ready('\u2800\u2800\u2800').name, null);
  assert.equal(ready(null).name, null);
  assert.match(readFromWorker({ type: 'ready', name: 'x'.repeat(41), log: '' }), /longer than 40/);
});

test('names from an address and from the library are cleaned; numbers go before the origin', () => {
  const { resolveEntry, seatNames, botFileName } = entries;
  const base = 'http://127.0.0.1:8080/';
  const builtins = new Map([['greedy', 'Greedy']]);
  assert.equal(botFileName('https://x.example/Greedy\u3000\u3000\u3000.js'), 'Greedy');
  assert.equal(botFileName('https://x.example/\u2800\u2800.js'), 'bot');
  const e = resolveEntry('https://127.0.0.1:8080/Gr\u202Eeedy.js', builtins, null, base);
  assert.equal(e.label, 'Greedy (https://127.0.0.1:8080)');
  const store = new Map();
  const lib = new BotLibrary({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) });
  const saved = lib.create('Mine\u3000\u3000\u3000\u202E', 'export default () => [];', 'editor');
  assert.equal(saved.name, 'Mine');
  assert.equal(lib.update(saved.id, { name: '\u200BOurs\u2800\u2800' }).name, 'Ours');
  const { uniqueName } = entries;
  assert.equal(uniqueName('Greedy (https://a.example)', ['wide (https://a.example)', 'Greedy']), 'Greedy (https://a.example)');
  assert.equal(uniqueName('Greedy (https://a.example)', ['Greedy (https://a.example)', 'Greedy']), 'Greedy 2 (https://a.example)', 'the second to name itself Greedy is numbered, whichever seat it is');
  assert.equal(uniqueName('Greedy', ['Greedy', 'Greedy 2']), 'Greedy 3');
  assert.deepEqual(seatNames(['bot (https://a.example)', 'bot (https://a.example)', 'Greedy', 'Greedy']), [
    'bot (https://a.example)',
    'bot 2 (https://a.example)',
    'Greedy',
    'Greedy 2',
  ]);
});

test('bot names in a Python arena\u2019s results.json are cleaned as they are read', () => {
  const data = JSON.parse(fs.readFileSync(path.join(FIX, 'halite1-15x15', 'results.json'), 'utf8'));
  data.bots[0].name = 'Greedy' + '\u3000'.repeat(30) + '\u202E';
  data.bots[1].name = '\u2800\u2800';
  const r = opened.parseResults(JSON.stringify(data));
  assert.equal(r.bots[0].name, 'Greedy');
  assert.equal(r.bots[1].name, 'bot 2', 'nothing visible: the bot\u2019s place');
});
