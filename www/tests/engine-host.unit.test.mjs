// A paced opening in an engine worker (shell/engine/engine-host.ts, hostEngine), run in node
// with a stand-in game's opening in place of a game's wasm: after the frames, and again after
// the statistics, the worker posts nothing more until the page says it has drawn (`drawn`, which
// is not queued behind the opening that waits for it); an opening that is not paced posts its
// pieces one after another; and a paced opening the page never answers goes on by itself after
// PACE_MS (a hidden tab draws nothing).
//
//   node --test www/tests/engine-host.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { hostEngine, PACE_MS } = src.load('shell/engine/engine-host.js');

/** A worker's scope with a stand-in game: `send(m)` is a message from the page, `types()` the
 * types of what the worker has posted so far. The game's opening posts its frames, then (after
 * `drawn`) its standings and statistics, then (after `drawn` again) its rules check. */
function worker() {
  const posted = [];
  const scope = { onmessage: null, postMessage: (m) => posted.push(m) };
  globalThis.self = scope;
  const codec = {
    async open(bytes, post, drawn) {
      post({ type: 'opened', header: { names: ['a', 'b'] }, batch: bytes });
      await drawn();
      post({ type: 'standings', standings: [] });
      post({ type: 'series', series: {} });
      await drawn();
      post({ type: 'verdict', verdict: { ok: true } });
    },
    buffers: () => [],
  };
  hostEngine(codec, (h) => h.names.length);
  delete globalThis.self;
  return {
    send: (m) => scope.onmessage({ data: m }),
    types: () => posted.map((m) => m.type),
  };
}

/** Lets the worker's timers and promises run. */
const settle = () => sleep(20);

test('a paced opening waits for the page to say it has drawn, after the frames and after the statistics', async () => {
  const w = worker();
  w.send({ type: 'open', bytes: new Uint8Array(4), paced: true });
  await settle();
  assert.deepEqual(w.types(), ['opened']);
  // Still waiting: nothing comes while the page draws.
  await sleep(100);
  assert.deepEqual(w.types(), ['opened']);
  w.send({ type: 'drawn' });
  await settle();
  assert.deepEqual(w.types(), ['opened', 'standings', 'series']);
  await sleep(100);
  assert.deepEqual(w.types(), ['opened', 'standings', 'series']);
  w.send({ type: 'drawn' });
  await settle();
  assert.deepEqual(w.types(), ['opened', 'standings', 'series', 'verdict']);
  // A `drawn` with nothing waiting for it is dropped.
  w.send({ type: 'drawn' });
  await settle();
  assert.deepEqual(w.types(), ['opened', 'standings', 'series', 'verdict']);
});

test('an opening that is not paced posts every piece without waiting for the page', async () => {
  const w = worker();
  w.send({ type: 'open', bytes: new Uint8Array(4) });
  await settle();
  assert.deepEqual(w.types(), ['opened', 'standings', 'series', 'verdict']);
});

test('a paced opening the page never answers goes on by itself after PACE_MS', async () => {
  const w = worker();
  w.send({ type: 'open', bytes: new Uint8Array(4), paced: true });
  await settle();
  assert.deepEqual(w.types(), ['opened']);
  await sleep(PACE_MS + 100);
  assert.deepEqual(w.types(), ['opened', 'standings', 'series']);
  await sleep(PACE_MS + 100);
  assert.deepEqual(w.types(), ['opened', 'standings', 'series', 'verdict']);
});
