// The bot runtime (bots/bot-runtime.ts) run from its source text alone, as the bot host runs it,
// in a context of its own (a stand-in worker scope), and the page's check of what a worker sends
// (shell/engine/bot-messages.ts readFromWorker), including forged and oversized messages.
//
//   node --test www/tests/bot-runtime.unit.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { compileSources } from './support/compile.mjs';

let src;
let readFromWorker;
let limits;
let runtimeSource;

before(() => {
  src = compileSources();
  const m = src.load('shell/engine/bot-messages.js');
  readFromWorker = m.readFromWorker;
  limits = m;
  runtimeSource = src.load('bots/bot-runtime.js').botWorkerMain.toString();
});

after(() => src.cleanup());

/**
 * Starts the runtime in a fresh context from its source text with a built-in loader whose bot is
 * the function `botSource` (source text, evaluated in that context, so its answers are objects of
 * the worker's realm as in a real worker). Returns `send(msg)` (a message to the worker) and `next()` (the next message it posts,
 * cloned into this realm as the real channel would).
 */
function startRuntime(botSource) {
  const posted = [];
  let wake = null;
  const scope = {
    onmessage: null,
    postMessage(m) {
      posted.push(structuredClone(m));
      wake?.();
    },
  };
  class StandInEvent {
    constructor(data) {
      this.d = data;
      this.ports = [];
    }
  }
  Object.defineProperty(StandInEvent.prototype, 'data', {
    get() {
      return this.d;
    },
  });
  const consoleStandIn = {};
  const context = vm.createContext({ self: scope, MessagePort: class {}, MessageEvent: StandInEvent, performance, Blob, URL, console: consoleStandIn });
  const bot = vm.runInContext(`(${botSource})`, context);
  const loader = async () => bot;
  vm.runInContext(`(${runtimeSource})`, context)(loader);
  return {
    send: (msg) => scope.onmessage(new StandInEvent(msg)),
    next: async () => {
      while (posted.length === 0) await new Promise((r) => (wake = r));
      wake = null;
      return posted.shift();
    },
  };
}

const init = { type: 'init', game: 'halite1', bot: { kind: 'builtin', id: 'x' }, seed: 1, obs: {} };

test('the runtime runs from its source text alone and its records read back as a clone of the answer', async () => {
  const moves = [
    { x: 0, y: 1, dir: 2 },
    { x: 49, y: 7, dir: 0 },
    { x: -3, y: 2 ** 31 - 1, dir: 9 },
  ];
  const w = startRuntime(`() => ${JSON.stringify(moves)}`);
  w.send(init);
  const ready = readFromWorker(await w.next());
  assert.deepEqual(ready, { type: 'ready', name: null, log: '', drawings: [] });
  w.send({ type: 'turn', turn: 0, obs: {} });
  const raw = await w.next();
  assert.equal(raw.type, 'packed', 'flat integer records travel packed');
  const got = readFromWorker(raw);
  assert.equal(got.type, 'answer');
  assert.deepEqual(got.moves, structuredClone(moves));
});

test('anything else travels as JSON text and reads back as the bot answered it', async () => {
  for (const answer of [
    [],
    'nonsense',
    [{ x: 1, y: 2, dir: 0 }, { x: 1, y: 2 }],
    [{ x: 1, y: 2, dir: 0 }, { x: 1, y: 2, dir: 0, extra: 1 }],
    [{ x: 1, y: 2, dir: 0.5 }],
    [{ x: 1, y: 2, dir: 2 ** 31 }],
    [{ x: 1, y: 2, dir: '1' }],
    [{ x: 1, y: 2, dir: 0 }, null],
    [[1, 2, 0]],
    [{ type: 'thrust', ship: 3, magnitude: 7, angle: 90 }],
  ]) {
    const w = startRuntime(`() => ${JSON.stringify(answer)}`);
    w.send(init);
    await w.next();
    w.send({ type: 'turn', turn: 4, obs: {} });
    const raw = await w.next();
    assert.equal(raw.type, 'json', JSON.stringify(answer));
    const got = readFromWorker(raw);
    assert.equal(got.type, 'answer');
    assert.equal(got.turn, 4);
    assert.deepEqual(got.moves, answer);
  }
});

test('a bot that answers something that cannot be sent, or too much, is told so as garbage', async () => {
  const cyclic = '() => { const a = []; a.push(a); return a; }';
  const huge = `() => [{ text: 'x'.repeat(${limits.MAX_JSON}) }]`;
  for (const answer of [cyclic, huge]) {
    const w = startRuntime(answer);
    w.send(init);
    await w.next();
    w.send({ type: 'turn', turn: 1, obs: {} });
    const got = readFromWorker(await w.next());
    assert.equal(got.type, 'error');
    assert.equal(got.garbage, true);
  }
});

test('logs are capped per turn in the worker, and a throw is an error of that turn', async () => {
  const w = startRuntime(`(obs) => {
    for (let i = 0; i < 5000; i++) console.log('line ' + i + ' of a chatty bot');
    if (obs.fail) throw new TypeError('no such ship');
    return [];
  }`);
  w.send(init);
  await w.next();
  w.send({ type: 'turn', turn: 2, obs: {} });
  const a = readFromWorker(await w.next());
  assert.equal(a.type, 'answer');
  assert.ok(a.log.length <= limits.MAX_LOG + 100);
  assert.match(a.log, /log cut at 10,000 characters/);
  w.send({ type: 'turn', turn: 3, obs: { fail: true } });
  const e = readFromWorker(await w.next());
  assert.equal(e.type, 'error');
  assert.equal(e.turn, 3);
  assert.equal(e.garbage, false);
  assert.match(e.message, /TypeError: no such ship/);
});

test('the page refuses forged and oversized messages without looping over them', () => {
  const bad = [
    null,
    'text',
    42,
    [],
    new Int32Array(4),
    { type: 'ready', name: 'n'.repeat(200_041), log: '' },
    { type: 'ready', name: 7 },
    { type: 'ready', name: 'ok', log: 'x'.repeat(5_000_000) },
    { type: 'packed', turn: 1, keys: { length: 2 ** 32 - 1 }, values: new Int32Array(3) },
    { type: 'packed', turn: 1, keys: new Array(9).fill('k'), values: new Int32Array(9) },
    { type: 'packed', turn: 1, keys: ['x', 'y', 'dir'], values: [1, 2, 3] },
    { type: 'packed', turn: 1, keys: ['x', 'y', 'dir'], values: new Int32Array(4) },
    { type: 'packed', turn: 1, keys: ['x', 1, 'dir'], values: new Int32Array(3) },
    { type: 'packed', turn: 1, keys: ['x'], values: new Int32Array(limits.MAX_RECORDS + 1) },
    { type: 'json', turn: 1, json: 'x'.repeat(limits.MAX_JSON + 1) },
    { type: 'json', turn: 1, json: '[1, 2' },
    { type: 'json', turn: 1, json: { length: 2 ** 32 - 1 } },
    { type: 'answer', turn: 1, moves: [] },
    { type: 'moves', turn: 1, moves: { length: 2 ** 32 - 1 } },
    { type: 'json', json: '[]' },
    { type: 'json', turn: 2 ** 40, json: '[]' },
    { type: 'json', turn: 1.5, json: '[]' },
  ];
  for (const m of bad) {
    const r = readFromWorker(m);
    assert.equal(typeof r, 'string', `refused: ${JSON.stringify(m)?.slice(0, 80)}`);
  }
  // An error's message is cut, not refused; a forged `garbage` flag only makes it garbage.
  const e = readFromWorker({ type: 'error', turn: 3, message: 'm'.repeat(100_000), log: '' });
  assert.equal(e.type, 'error');
  assert.ok(e.message.length <= 2000);
});
