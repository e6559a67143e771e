// The match loop of the engine workers (shell/engine/match-loop.ts), run in node on the real engine (the
// wasm package) with Halite I's check and bots: the game it plays is the game a plain loop plays
// (observe, each bot, check, step), built-in bots that throw or answer garbage are ejected with
// the reasons a bot worker's failure gets, page seats are asked once a turn, the credit holds the
// game, and a resignation ejects at once. A hosted bot whose start hands the loop its worker's port
// is asked its turns there, never through the page; what it posts there is checked, garbage or
// anything it was not asked for ejects it, an overrun is the page's to settle, and one whose
// thread stays busy after its answer while another thinks is ejected for computing out of turn.
//
//   node --test www/tests/match-loop.unit.test.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { halite1Codec, halite1LiveGame } from './support/halite1-loop.mjs';
import { compileSources, loadEngine, loadFiles } from './support/compile.mjs';

const src = compileSources();
after(() => src.cleanup());
const loopModule = src.load('shell/engine/match-loop.js');
const protocol = src.load('games/halite1/protocol.js');
const builtin = src.load('games/halite1/bots.js');
const engineHost = src.load('shell/engine/engine-host.js');
const engine = await loadEngine('halite1');
const files = await loadFiles('halite1');
/** The game's replay as the plain file. */
const json = (g) => files.Halite1Files.write(g.toRecord());
const skip = engine ? false : 'pkg/ not built';

const W = 20;
const H = 20;

const liveGame = (g) => halite1LiveGame(engineHost, g);
const codec = halite1Codec(protocol, builtin);

const newGame = (ids, seed) => new engine.Halite1Game({ width: W, height: H, players: ids.length, seed, playerNames: ids });

/** Runs the loop on a new game; `page(m, control)` answers the page's messages. Resolves with
 * the game, every message posted and the control, once the loop has ended. */
function play(ids, seed, setup = {}, page = () => {}) {
  const g = newGame(ids, seed);
  const game = liveGame(g);
  const posted = [];
  return new Promise((resolve) => {
    let control = null;
    const queue = [];
    const post = (m) => {
      posted.push(m);
      if (m.type === 'ended') resolve({ g, posted, control, stats: m.stats, error: m.error });
      else if (control) page(m, control);
      else queue.push(m);
    };
    const since = (from) => ({ from, frames: Math.max(0, g.numFrames - from), values: {} });
    control = loopModule.runLoop(
      game,
      codec,
      { seats: ids.map((id, k) => setup.seats?.[k] ?? { kind: 'builtin', id, seed: seed + k }), initMs: 30_000, turnMs: setup.turnMs ?? 10_000, forward: false, credit: setup.credit ?? Infinity, width: W, height: H, ...(setup.watch === undefined ? {} : { watch: setup.watch }) },
      post,
      since,
    );
    for (const m of queue) page(m, control);
  });
}

/** The same game with a plain loop: each bot in turn (the engine's own bots played by the
 * engine), its answer checked and kept by the engine, then the step. */
function plainGame(ids, seed) {
  const g = newGame(ids, seed);
  const game = liveGame(g);
  const bots = ids.map((id, k) => (builtin.BOTS[id].native ? null : builtin.BOTS[id].create(seed + k)));
  while (!g.isOver()) {
    const seen = game.observe();
    ids.forEach((id, k) => {
      const o = seen.observations[k];
      if (!o) return;
      if (!bots[k]) return void assert.equal(g.playBuiltin(k, id), undefined);
      const p = protocol.packMoves(bots[k](o), k);
      assert.equal(p.reason, undefined);
      assert.equal(g.acceptAnswer(k, p.packed, false), undefined);
    });
    g.stepAccepted();
  }
  return g;
}

const ejections = (posted) => posted.filter((m) => m.type === 'played').flatMap((m) => m.ejected);

test('the loop plays the very game a plain loop plays (same frames, same results)', { skip }, async () => {
  const { g, posted, error, stats } = await play(['expander', 'greedy'], 7);
  assert.equal(error, null);
  const plain = plainGame(['expander', 'greedy'], 7);
  assert.equal(g.numFrames, plain.numFrames);
  assert.deepEqual(g.results(), plain.results());
  assert.equal(json(g).length, json(plain).length);
  assert.deepEqual(Buffer.from(json(g)), Buffer.from(json(plain)), 'the same replay');
  const frames = posted.filter((m) => m.type === 'played').reduce((n, m) => n + m.batches.length, 0);
  assert.equal(frames, g.numFrames - 1, 'every turn posted once');
  assert.equal(stats.turns, g.numFrames - 1);
  assert.equal(posted.filter((m) => m.type === 'ask').length, 0, 'built-in bots are never asked through the page');
  assert.ok(stats.botMs > 0 && stats.loopMs >= stats.botMs);
});

test('a game nobody watches posts no frames and no series: the same game, its ejections and its end reach the page', { skip }, async () => {
  const watched = await play(['expander', 'crash', 'greedy'], 11);
  const { g, posted, error, stats } = await play(['expander', 'crash', 'greedy'], 11, { watch: false });
  assert.equal(error, null);
  assert.deepEqual(Buffer.from(json(g)), Buffer.from(json(watched.g)), 'the same game');
  assert.equal(stats.turns, g.numFrames - 1);
  const played = posted.filter((m) => m.type === 'played');
  assert.ok(played.length > 0, 'the page hears of the game');
  assert.equal(played.reduce((n, m) => n + m.batches.length, 0), 0, 'no frame posted');
  assert.equal(played.reduce((n, m) => n + m.series.frames + Object.keys(m.series.values).length, 0), 0, 'no series posted');
  assert.deepEqual(ejections(posted), ejections(watched.posted), 'the same ejections, posted');
  const last = played[played.length - 1];
  assert.equal(last.over, true);
  assert.equal(last.turn, g.turn);
  assert.deepEqual(last.results, g.results(), 'the final standings');
});

test('built-in bots that throw or answer garbage are ejected with the reasons a bot worker gets; the game goes on', { skip }, async () => {
  const { g, posted } = await play(['expander', 'crash', 'garbage', 'greedy'], 3);
  const ej = ejections(posted);
  assert.deepEqual(
    ej.map((e) => [e.seat, e.kind, e.frame]),
    [
      [1, 'error', 3],
      [2, 'garbage', 3],
    ],
  );
  assert.equal(ej[0].reason, 'threw: deliberate crash (turn 2)');
  assert.equal(ej[1].reason, 'answered garbage: answered a string instead of an array of moves');
  assert.ok(g.isOver() && g.numFrames > 10, 'the game went on to its end');
});

test('an unknown built-in bot fails to start; an isolated one is played by the page', { skip }, async () => {
  const asked = [];
  const { posted } = await play(['expander', 'nobody', 'hang'], 5, {}, (m, control) => {
    if (m.type !== 'ask') return;
    asked.push([m.start, m.seats.join()]);
    // The page's seat answers: stays still, and gives up on turn 3.
    for (const k of m.seats) control.answer(m.turn, k, m.turn === 3 ? { ok: false, eject: { reason: 'timed out (no answer within 10 ms)', kind: 'timeout' } } : { ok: true, raw: m.start ? null : [] });
  });
  const ej = ejections(posted);
  assert.deepEqual(ej[0], { seat: 1, reason: 'failed to start: no built-in bot named nobody', kind: 'start', frame: 0 });
  assert.deepEqual(ej[1], { seat: 2, reason: 'timed out (no answer within 10 ms)', kind: 'timeout', frame: 4 });
  assert.deepEqual(asked.slice(0, 2), [
    [true, '2'],
    [false, '2'],
  ]);
  assert.equal(asked.length, 5, 'asked to start, then once a turn until it was ejected');
});

test('the credit holds the game; more credit lets it go on; a resignation ejects at once', { skip }, async () => {
  let granted = false;
  let held = -1;
  let last = -1;
  const { g, posted } = await play(['expander', 'greedy'], 9, { credit: 5 }, (m, control) => {
    if (m.type !== 'played') return;
    last = m.turn + 1;
    if (!granted && m.turn + 1 >= 5) {
      granted = true;
      // The page catches up a while later: meanwhile nothing more is played.
      setTimeout(() => {
        held = last;
        control.resign(1);
        control.credit(Infinity);
      }, 50);
    }
  });
  assert.equal(held, 5, 'the game waited at its credit');
  const ej = ejections(posted);
  assert.deepEqual(ej, [{ seat: 1, reason: 'resigned', kind: 'resigned', frame: 5 }]);
  assert.ok(g.isOver() && g.numFrames > 5);
});

test('asSent reads an answer as a bot worker would send it', () => {
  const r = loopModule.asSent([{ x: 1, y: 2, dir: 3 }]);
  assert.deepEqual(r, { ok: true, raw: [{ x: 1, y: 2, dir: 3 }] });
  assert.deepEqual(loopModule.asSent([{ x: 1.5, y: NaN, dir: 'n' }]), { ok: true, raw: [{ x: 1.5, y: null, dir: 'n' }] });
  assert.deepEqual(loopModule.asSent(undefined), { ok: true, raw: null });
  const cyclic = [];
  cyclic.push(cyclic);
  const c = loopModule.asSent(cyclic);
  assert.equal(c.ok, false);
  assert.match(c.reason, /^answered garbage: answered something that cannot be sent \(/);
});

/** What the loop refuses an answer with: its packing, then the engine's check. */
const refusal = (g, raw, seat, lenient) => {
  const p = protocol.packMoves(raw, seat);
  return g.checkAnswer(seat, p.packed, lenient) ?? p.reason;
};

test('the engine checks the packed answer and refuses garbage, naming the fault', { skip }, () => {
  const g = newGame(['a', 'b'], 4);
  const ok = [[], [{ x: 1, y: 2, dir: 3 }, { x: 0, y: 0, dir: 0 }], [{ x: W - 1, y: H - 1, dir: 4 }]];
  for (const raw of ok) assert.equal(refusal(g, raw, 1, false), undefined, JSON.stringify(raw));
  const move = { x: 0, y: 0, dir: 0 };
  const nonInteger = (i) => `move ${i} has non-integer x, y or dir`;
  const bad = [
    ['nonsense', false, 'answered a string instead of an array of moves'],
    [null, false, 'answered null instead of an array of moves'],
    [undefined, false, 'answered undefined instead of an array of moves'],
    [42, false, 'answered number instead of an array of moves'],
    [{ x: 1, y: 1, dir: 1 }, false, 'answered an object instead of an array of moves'],
    [[null], false, 'move 0 is null, not {x, y, dir}'],
    [[move, [1, 1, 1]], false, nonInteger(1)],
    [[{ x: 1.5, y: 1, dir: 1 }], false, nonInteger(0)],
    [[{ x: '1', y: 1, dir: 1 }], false, nonInteger(0)],
    [[{ x: 1, y: 1 }], false, nonInteger(0)],
    [[move, { x: W, y: 1, dir: 1 }], false, `move 1 is off the map at (${W}, 1)`],
    [[{ x: -1, y: 1, dir: 1 }], false, 'move 0 is off the map at (-1, 1)'],
    [[{ x: 1, y: H, dir: 1 }], false, `move 0 is off the map at (1, ${H})`],
    [[{ x: 1, y: -7, dir: 1 }], false, 'move 0 is off the map at (1, -7)'],
    [[{ x: 1, y: 1, dir: 5 }], false, 'move 0 has direction 5 (0 to 4)'],
    [[{ x: 1, y: 1, dir: -1 }], false, 'move 0 has direction -1 (0 to 4)'],
    [[{ x: 1, y: 1, dir: NaN }], false, nonInteger(0)],
    [[{ x: 1, y: 1, dir: 256 }], true, 'move 0 has direction 256 (0 to 255)'],
    // The moves before a packing fault are checked first.
    [[{ x: W, y: 1, dir: 1 }, null], false, `move 0 is off the map at (${W}, 1)`],
    [new Array(2 * W * H + 1).fill(move), false, `answered ${2 * W * H + 1} moves for ${W * H} sites`],
  ];
  for (const [raw, lenient, reason] of bad) assert.equal(refusal(g, raw, 1, lenient), reason, JSON.stringify(raw)?.slice(0, 80));
  // A recorded seat's answer may hold any direction byte.
  assert.equal(refusal(g, [{ x: 1, y: 1, dir: 200 }], 1, true), undefined);
  assert.equal(refusal(g, [{ x: 1, y: 1, dir: 200 }], 1, false), 'move 0 has direction 200 (0 to 4)');
  // The step holds every seat's answer to the same check.
  assert.throws(() => g.step(new Uint32Array([0, W, 0, 1])), /move 0 is off the map at \(20, 0\)/);
  assert.throws(() => g.step(new Uint32Array([2, 0, 0, 1])), /no seat 2/);
  assert.equal(g.turn, 0, 'a refused step changes nothing');
  g.free();
});

test("a page seat's garbage is ejected with the engine's reason; a recorded seat may answer any direction byte", { skip }, async () => {
  const seats = [
    { kind: 'page', bot: true, lenient: false },
    { kind: 'page', bot: false, lenient: true },
  ];
  const { g, posted } = await play(['off', 'recorded'], 6, { seats }, (m, control) => {
    if (m.type !== 'ask') return;
    for (const k of m.seats) {
      const answer = m.start ? null : k === 0 ? (m.turn === 2 ? [{ x: -1, y: 0, dir: 1 }] : []) : [{ x: 0, y: 0, dir: 9 }];
      control.answer(m.turn, k, { ok: true, raw: answer });
    }
  });
  const ej = ejections(posted);
  assert.deepEqual(ej, [{ seat: 0, reason: 'answered garbage: move 0 is off the map at (-1, 0)', kind: 'garbage', frame: 3 }]);
  assert.ok(g.isOver());
});

/** A hosted bot's worker as the loop sees it: the far end of a channel. `answer(msg)` gives what
 * it posts for each turn it is asked (undefined: nothing). */
function hostedBot(answer, { delay = () => 0, probes = true } = {}) {
  const ch = new MessageChannel();
  const turns = [];
  const bot = { port: ch.port1, turns, pings: 0, close: () => ch.port2.close(), flood: (m) => ch.port2.postMessage(m) };
  ch.port2.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'ping') {
      // A probe of its thread: a bot whose thread is busy never gets to answer it.
      bot.pings++;
      if (probes) ch.port2.postMessage({ type: 'pong', n: m.n });
      return;
    }
    if (m.type !== 'turn') return;
    turns.push(m.turn);
    const out = answer(m);
    const ms = delay(m);
    if (out === undefined) return;
    if (ms > 0) setTimeout(() => ch.port2.postMessage(out), ms);
    else ch.port2.postMessage(out);
  };
  return bot;
}

/** Plays `expander` against a hosted bot in seat 1; the page only starts it (handing its port). */
async function playHosted(bot, setup = {}, page = () => {}) {
  const asked = [];
  const r = await play(['expander', 'hosted'], 11, { seats: [undefined, { kind: 'page', bot: true, lenient: false }], ...setup }, (m, control) => {
    if (m.type === 'ask') {
      asked.push({ start: m.start, seats: [...m.seats] });
      for (const k of m.seats) control.answer(m.turn, k, m.start ? { ok: true, raw: null, port: bot.port } : { ok: true, raw: [] });
    }
    page(m, control);
  });
  bot.close();
  return { ...r, asked };
}

test('a hosted bot that hands over its port is asked its turns there, never through the page; its logs reach the page', { skip }, async () => {
  const bot = hostedBot((m) => ({ type: 'json', turn: m.turn, json: '[]', log: m.turn === 2 ? 'thinking\n' : '', ms: 0.5 }));
  const { g, posted, asked, stats, error } = await playHosted(bot);
  assert.equal(error, null);
  assert.ok(g.isOver());
  assert.deepEqual(asked, [{ start: true, seats: [1] }], 'the page is asked only to start it');
  assert.equal(ejections(posted).length, 0);
  assert.equal(bot.turns.length, g.turn, 'asked every turn on its port');
  assert.deepEqual(bot.turns.slice(0, 3), [0, 1, 2]);
  const notes = posted.filter((m) => m.type === 'played').flatMap((m) => m.notes);
  assert.deepEqual(notes, [{ seat: 1, turn: 2, log: 'thinking\n', drawings: [] }]);
  assert.ok(stats.hostedBytes > 0 && stats.hostedMs === 0.5 * g.turn);
});

test('a hosted bot that posts garbage on its port is ejected as answering garbage; the game goes on', { skip }, async () => {
  const bot = hostedBot((m) => (m.turn === 3 ? 'nonsense' : m.turn === 5 ? { type: 'json', turn: 5, json: '[' } : { type: 'json', turn: m.turn, json: '[]', ms: 0 }));
  const { g, posted } = await playHosted(bot);
  assert.deepEqual(ejections(posted), [{ seat: 1, reason: 'answered garbage: a message that is not an object', kind: 'garbage', frame: 4 }]);
  assert.equal(bot.turns.at(-1), 3, 'not asked again');
  assert.ok(g.isOver());

  const bad = hostedBot((m) => ({ type: 'json', turn: m.turn, json: '"x"', ms: 0 }));
  const r = await playHosted(bad);
  assert.deepEqual(ejections(r.posted), [{ seat: 1, reason: 'answered garbage: answered a string instead of an array of moves', kind: 'garbage', frame: 1 }]);
});

test('a hosted bot that overruns its budget on its port: the page is told, ends it and says why', { skip }, async () => {
  const overruns = [];
  const bot = hostedBot((m) => (m.turn === 2 ? undefined : { type: 'json', turn: m.turn, json: '[]', ms: 0 }));
  const { posted } = await playHosted(bot, { turnMs: 50 }, (m, control) => {
    if (m.type !== 'overrun') return;
    overruns.push([m.seat, m.turn, m.ms]);
    control.failed(m.seat, 'timed out (no answer within 50 ms)', 'timeout');
  });
  assert.deepEqual(overruns, [[1, 2, 50]]);
  assert.deepEqual(ejections(posted), [{ seat: 1, reason: 'timed out (no answer within 50 ms)', kind: 'timeout', frame: 3 }]);
});

test('a hosted bot that posts anything it was not asked for is ejected at once, before more of it is read', { skip }, async () => {
  // Two answers to one turn: the second is a message nobody asked for.
  const twice = hostedBot((m) => {
    const a = { type: 'json', turn: m.turn, json: '[]', ms: 0 };
    if (m.turn === 2) twice.flood(a);
    return a;
  });
  const { g, posted } = await playHosted(twice);
  const ej = ejections(posted);
  assert.deepEqual(ej.map(({ seat, reason, kind }) => ({ seat, reason, kind })), [{ seat: 1, reason: 'answered garbage: a message it was not asked for', kind: 'garbage' }]);
  // Heard once the first answer to turn 2 was taken (the game may have stepped meanwhile).
  assert.ok(ej[0].frame === 3 || ej[0].frame === 4, `ejected at frame ${ej[0].frame}`);
  assert.ok(twice.turns.at(-1) <= 3, 'not asked again');
  assert.ok(g.isOver(), 'the game goes on without it');
  // A pong that no probe asked for, and a second "ready": the same.
  for (const extra of [{ type: 'pong', n: 7 }, { type: 'ready', name: null }]) {
    const b = hostedBot((m) => {
      if (m.turn === 1) b.flood(extra);
      return { type: 'json', turn: m.turn, json: '[]', ms: 0 };
    });
    const r = await playHosted(b);
    assert.deepEqual(ejections(r.posted).map((e) => e.reason), ['answered garbage: a message it was not asked for']);
  }
});

/** Two hosted bots (seats 0 and 1); seat 0 thinks `slowMs` in turn 1; seat 1 answers at once and
 * answers probes (`probes: true`) or not (its thread busy after its answer). */
async function playTwoHosted(slowMs, probes) {
  const slow = hostedBot((m) => ({ type: 'json', turn: m.turn, json: '[]', ms: 0 }), { delay: (m) => (m.turn === 1 ? slowMs : 0), probes: true });
  const quick = hostedBot((m) => ({ type: 'json', turn: m.turn, json: '[]', ms: 0 }), { probes });
  const bots = [slow, quick];
  const r = await play(['hosted', 'hosted'], 5, { seats: [0, 1].map(() => ({ kind: 'page', bot: true, lenient: false })) }, (m, control) => {
    if (m.type === 'ask') for (const k of m.seats) control.answer(m.turn, k, m.start ? { ok: true, raw: null, port: bots[k].port } : { ok: true, raw: [] });
  });
  for (const b of bots) b.close();
  return { ...r, quick };
}

test('a hosted bot whose thread stays busy after its answer, while another thinks, is ejected for computing out of turn', { skip }, async () => {
  const busy = await playTwoHosted(1_600, false);
  const ej = ejections(busy.posted);
  assert.equal(ej.length, 1);
  assert.equal(ej[0].seat, 1);
  assert.match(ej[0].reason, /^kept computing after its answer \(its thread was still busy 1,000 ms later/);
  assert.ok(busy.quick.pings > 0, 'it was probed');
  // The same bot whose thread is free answers the probes and plays on.
  const free = await playTwoHosted(1_600, true);
  assert.deepEqual(ejections(free.posted), []);
  assert.ok(free.quick.pings > 0, 'it was probed, and answered');
  assert.ok(free.g.isOver());
});
