// Unit tests (node, no browser) of the limits on replays: downloads stop at the cap (a body too
// large by its Content-Length at once, an endless one when it passes the cap), failures and
// cancels are named in words, files too large are refused before they are read, and a replay's
// names and logs are cut to a live game's limits with a note.
//
//   node --test www/tests/replay-limits.unit.test.mjs

import { test, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { compileSources } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const { fetchBytes, readFile, LoadCancelled, MAX_REPLAY_FILE_BYTES, tooLargeText, sizeText, joinChunks } = src.load('shell/page/loader.js');
const { capName, capLog, capNames, capStandingNames, cutsText, REPLAY_LOG_NOTE } = src.load('shell/engine/replay-caps.js');
const { readBotExtras } = src.load('shell/engine/bot-extras.js');
const { MAX_LOG, MAX_NAME } = src.load('shell/engine/bot-messages.js');

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch that answers with `body` (a ReadableStream or bytes) and `headers`. */
function fakeFetch(body, headers = {}, status = 200) {
  globalThis.fetch = async (_url, init) => {
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(body, { status, headers });
  };
}

/** A stream of `chunk`-byte pieces that never ends (counts what was pulled). */
function endless(chunk = 64 * 1024) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream({
    pull(c) {
      seen.pulled += chunk;
      c.enqueue(new Uint8Array(chunk));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

test('the cap is 100 MB and says so in words', () => {
  assert.equal(MAX_REPLAY_FILE_BYTES, 100 * 1024 * 1024);
  assert.equal(tooLargeText(null), 'it is larger than the 100 MB this page opens (real replays are far smaller)');
  assert.equal(tooLargeText(10 * 1024 ** 3), 'it is 10 GB, more than the 100 MB this page opens (real replays are far smaller)');
  assert.equal(sizeText(512), '512 B');
  assert.equal(sizeText(3 * 1024 * 1024), '3 MB');
  assert.equal(sizeText(3.25 * 1024 * 1024), '3.3 MB');
  assert.deepEqual([...joinChunks([new Uint8Array([1, 2]), new Uint8Array([3])], 3)], [1, 2, 3]);
});

test('a download stops at the cap: an endless body is refused once it passes it, and the stream is cancelled', async () => {
  const { stream, seen } = endless();
  fakeFetch(stream);
  const limit = 1024 * 1024;
  const progress = [];
  await assert.rejects(
    fetchBytes('http://example.test/endless.hlt', (l, t) => progress.push([l, t]), { limit }),
    (e) => e.message === tooLargeText(null, limit),
  );
  assert.ok(seen.cancelled, 'the body was cancelled');
  assert.ok(seen.pulled <= limit + 4 * 64 * 1024, `read no more than the cap (and what was queued): ${seen.pulled}`);
  assert.ok(progress.every(([l]) => l <= limit));
});

test('a Content-Length above the cap is refused before the body is read', async () => {
  const { stream, seen } = endless();
  fakeFetch(stream, { 'content-length': String(10 * 1024 ** 4) });
  let told = false;
  await assert.rejects(
    fetchBytes('http://example.test/huge.hlt', () => (told = true)),
    (e) => /^it is 10240 GB, more than the 100 MB this page opens/.test(e.message),
  );
  assert.equal(told, false, 'no progress: nothing was read');
  assert.ok(seen.pulled <= 2 * 64 * 1024);
});

test('a body within the cap arrives whole, in order, with its progress', async () => {
  const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
  fakeFetch(new Blob(parts).stream(), { 'content-length': '5' });
  const progress = [];
  const bytes = await fetchBytes('http://example.test/ok.hlt', (l, t) => progress.push([l, t]));
  assert.deepEqual([...bytes], [1, 2, 3, 4, 5]);
  assert.deepEqual(progress.at(-1), [5, 5]);
  assert.deepEqual(progress[0], [0, 5]);
});

test('a connection that breaks off is named in words, not as the browser\u2019s error', async () => {
  let n = 0;
  fakeFetch(
    new ReadableStream({
      pull(c) {
        if (n++ < 2) c.enqueue(new Uint8Array(1000));
        else c.error(new TypeError('network error'));
      },
    }),
  );
  await assert.rejects(fetchBytes('http://example.test/cut.hlt', () => {}), (e) => e.message === 'the download of http://example.test/cut.hlt broke off after 2 kB: the connection failed');
  globalThis.fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  await assert.rejects(fetchBytes('http://example.test/x.hlt', () => {}), (e) => !/Failed to fetch/.test(e.message) && /does not allow this page to read|did not answer/.test(e.message));
  fakeFetch('no', {}, 500);
  await assert.rejects(fetchBytes('http://example.test/x.hlt', () => {}), (e) => /^could not download http:\/\/example\.test\/x\.hlt: 500/.test(e.message));
});

test('cancelling a stalled download stops it with LoadCancelled', async () => {
  const stop = new AbortController();
  globalThis.fetch = async (_url, init) =>
    new Response(
      new ReadableStream({
        start(c) {
          // Headers, then nothing, until the reader gives up.
          init.signal.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      }),
    );
  const p = fetchBytes('http://example.test/stalled.hlt', () => {}, { signal: stop.signal });
  setTimeout(() => stop.abort(), 50);
  await assert.rejects(p, (e) => e instanceof LoadCancelled);
  await assert.rejects(fetchBytes('http://example.test/x.hlt', () => {}, { signal: stop.signal }), (e) => e instanceof LoadCancelled);
});

test('a file above the cap is refused before it is read', async () => {
  let read = false;
  globalThis.FileReader = class {
    readAsArrayBuffer() {
      read = true;
    }
  };
  try {
    const file = { name: 'big.hlt', size: MAX_REPLAY_FILE_BYTES + 1 };
    await assert.rejects(readFile(file, () => {}), (e) => e.message === tooLargeText(MAX_REPLAY_FILE_BYTES + 1));
    assert.equal(read, false);
  } finally {
    delete globalThis.FileReader;
  }
});

test('names are cut to a live game\u2019s 40 characters, ending with \u2026', () => {
  assert.equal(MAX_NAME, 40);
  assert.equal(capName('short'), 'short');
  const long = 'x'.repeat(1_000_000);
  const cut = capName(long);
  assert.equal(cut.length, MAX_NAME);
  assert.ok(cut.endsWith('\u2026'));
  // No half of a character at the cut.
  const emoji = `${'a'.repeat(38)}\u{1F600}bbb`;
  assert.equal(capName(emoji), `${'a'.repeat(38)}\u2026`);
  assert.deepEqual(capNames(['a', long, 7]), { names: ['a', cut, 'Player 3'], cut: 1 });
  const s = capStandingNames([{ seat: 0, name: long, rank: 1 }, { seat: 1, name: 'b' }]);
  assert.equal(s.cut, 1);
  assert.deepEqual(s.standings, [{ seat: 0, name: cut, rank: 1 }, { seat: 1, name: 'b' }]);
  assert.equal(capStandingNames(null).standings, null);
});

test('a replay\u2019s log longer than a live game\u2019s is cut at 10,000 characters with a note', () => {
  assert.equal(MAX_LOG, 10_000);
  assert.equal(REPLAY_LOG_NOTE, '[log cut at 10,000 characters in this replay]');
  assert.equal(capLog('hello'), 'hello');
  // What a live game writes (its own cut note included) stays as it is.
  const live = `${'y'.repeat(MAX_LOG)}\n[log cut at 10,000 characters this turn]\n`;
  assert.equal(capLog(live), live);
  const big = 'z'.repeat(20_000_000);
  assert.equal(capLog(big), `${'z'.repeat(MAX_LOG)}\n${REPLAY_LOG_NOTE}\n`);
});

test('readBotExtras cuts logs, drops turns past the replay\u2019s and says what it cut', () => {
  const big = 'q'.repeat(50_000);
  const x = readBotExtras({ bot_logs: [['a', big, 'c', 'd', 'e'], ['', 7]] }, 2, 3);
  assert.deepEqual(x.logs, [['a', capLog(big), 'c', 'd'], ['', '']]);
  assert.equal(x.logsCut, 1);
  assert.equal(x.drawingsCut, 0);
  // A turn's shapes past the limit, and shapes no bot could draw, are left out and counted; the
  // rest is kept, as a live game keeps it.
  const tooMany = [...Array.from({ length: 1003 }, () => ['dot', 1, 1, null])];
  tooMany[5] = ['text', 1, 1, 'x'.repeat(101), null];
  const y = readBotExtras({ bot_drawings: [[tooMany, 'nonsense', null, [['dot', 2, 2, null]], [['dot', 3, 3, null]]], [], [[['dot', 1, 1, null]]]] }, 2, 3);
  assert.equal(y.drawings?.[0]?.[0]?.length, 999);
  assert.equal(y.drawings?.[0]?.[1], undefined);
  assert.deepEqual(y.drawings?.[0]?.[3], [['dot', 2, 2, null]]);
  assert.equal(y.drawings?.[0]?.length, 4, 'turns past the replay are left out');
  assert.deepEqual(y.drawings?.[1], []);
  assert.equal(y.drawingsCut, 3 + 1 + 1 + 1 + 1, 'past the limit, the long text, the unreadable turn, the turn past the end, the seat past the players');
  assert.equal(readBotExtras({}, 2, 3).drawingsCut, 0);
  assert.equal(readBotExtras({ bot_drawings: 'x' }, 2, 3).drawings, null);
  assert.equal(readBotExtras({ bot_drawings: [[[['text', 1, 1, 'hi', null]]]] }, 2, 3).drawings?.[0]?.[0]?.length, 1);
});

test('the sentence says what a replay\u2019s reading cut', () => {
  assert.equal(cutsText({ names: 0, logs: 0, drawings: 0 }), null);
  assert.equal(cutsText({ names: 2, logs: 0, drawings: 0 }), 'This replay holds more than a live game keeps: 2 player names cut to 40 characters.');
  assert.equal(
    cutsText({ names: 1, logs: 3, drawings: 7 }),
    'This replay holds more than a live game keeps: 1 player name cut to 40 characters, 3 turns\u2019 bot logs cut to 10,000 characters and 7 bot drawings left out (past 1,000 shapes a turn, or unreadable).',
  );
});

test('gzip data is unpacked to at most the limit, with a sentence past it', async () => {
  const zlib = await import('node:zlib');
  const { gunzipBounded, MAX_UNPACKED_BYTES } = src.load('shell/page/loader.js');
  assert.equal(MAX_UNPACKED_BYTES, 1024 ** 3);
  const small = new Uint8Array(zlib.gzipSync(Buffer.from('{"a":1}')));
  assert.equal(new TextDecoder().decode(await gunzipBounded(small)), '{"a":1}');
  // 64 MB of zeros in about 64 kB: refused past a 1 MB limit, without unpacking the rest.
  const bomb = new Uint8Array(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }));
  await assert.rejects(gunzipBounded(bomb, 1024 * 1024), (e) => e.message === 'it unpacks to more than the 1 MB a replay may hold');
  await assert.rejects(gunzipBounded(new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])), (e) => e.message === 'the gzip data is damaged: it cannot be unpacked');
});
