// A bot's worker: one per seat. Receives `init` (which game, which bot, its seed and the first
// observation), loads the bot (a game's built-in bot, or an ES module from a URL or from source
// text), runs its optional `init`, and answers `ready` with its name; then for every `turn` runs
// the bot on the observation and answers its moves (or the error it threw). Whatever the bot
// writes with console.* is kept per turn (capped) and sent with the answer. The page enforces
// the time budget by terminating this worker: user code never runs on the page itself.

import { MAX_LOG, packRecords, type BotSource, type FromWorker, type ToWorker } from './messages';

type BotFn = (obs: unknown) => unknown;

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
let bot: BotFn | null = null;

// ------------------------------------------------------------------ logs

let log = '';
let cut = false;

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.stack ?? `${v.name}: ${v.message}`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s;
  } catch {
    return String(v);
  }
}

function capture(...args: unknown[]): void {
  if (cut) return;
  const line = `${args.map(show).join(' ')}\n`;
  if (log.length + line.length > MAX_LOG) {
    log += line.slice(0, Math.max(0, MAX_LOG - log.length));
    log += `\n[log cut at ${MAX_LOG.toLocaleString('en-US')} characters this turn]\n`;
    cut = true;
  } else log += line;
}

for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
  (console as unknown as Record<string, unknown>)[k] = capture;
}

function takeLog(): string {
  const l = log;
  log = '';
  cut = false;
  return l;
}

// ------------------------------------------------------------------ loading a bot

interface Loaded {
  bot: BotFn;
  name: string | null;
  init: ((obs: unknown) => unknown) | null;
}

async function builtin(game: string, id: string, seed: number): Promise<Loaded> {
  if (game === 'halite1') {
    const m = await import(/* webpackChunkName: "halite1-bots" */ '../games/halite1/bots');
    const info = m.BOTS[id];
    if (info) return { bot: info.create(seed) as BotFn, name: null, init: null };
  } else if (game === 'halite2') {
    const m = await import(/* webpackChunkName: "halite2-bots" */ '../games/halite2/bots');
    const info = m.BOTS[id];
    if (info) return { bot: info.create(seed) as BotFn, name: null, init: null };
  }
  throw new Error(`no built-in bot named ${id}`);
}

/** Why a module address could not be imported, in words (the browser's import error only says
 * "Failed to fetch"): the server's status, or a blocked request. Null when it loads. */
async function fetchProblem(url: string): Promise<string | null> {
  try {
    const res = await fetch(url);
    if (res.status === 404) return 'not found (404)';
    if (!res.ok) return `the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    return null;
  } catch {
    return new URL(url).origin === self.location.origin
      ? 'the server did not answer'
      : `the server at ${new URL(url).host} did not answer, or does not allow this page to load its files (CORS)`;
  }
}

async function module(src: BotSource & { kind: 'url' | 'code' }): Promise<Loaded> {
  let url = src.kind === 'url' ? src.url : '';
  let blob = '';
  if (src.kind === 'code') {
    blob = URL.createObjectURL(new Blob([src.code], { type: 'text/javascript' }));
    url = blob;
  }
  let m: Record<string, unknown>;
  try {
    m = (await import(/* webpackIgnore: true */ url)) as Record<string, unknown>;
  } catch (e) {
    const where = src.kind === 'url' ? src.url : src.label;
    const why = src.kind === 'url' ? await fetchProblem(src.url) : null;
    throw new Error(`could not load ${where}: ${why ?? (e instanceof Error ? e.message : String(e))}`);
  } finally {
    if (blob) URL.revokeObjectURL(blob);
  }
  const fn = m.default;
  if (typeof fn !== 'function') throw new Error('the module has no default export function (the bot)');
  const name = typeof m.name === 'string' && m.name.trim() !== '' ? m.name.trim().slice(0, 40) : null;
  const init = typeof m.init === 'function' ? (m.init as (obs: unknown) => unknown) : null;
  return { bot: fn as BotFn, name, init };
}

// ------------------------------------------------------------------ messages

function send(msg: FromWorker, transfer: Transferable[] = []): void {
  try {
    scope.postMessage(msg, transfer);
  } catch (e) {
    // The answer could not be cloned (functions, symbols...): that is garbage too.
    const turn = msg.type === 'ready' ? -1 : msg.turn;
    scope.postMessage({ type: 'error', turn, message: `answer could not be sent: ${String(e)}`, log: msg.log });
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    const load = msg.bot.kind === 'builtin' ? builtin(msg.game, msg.bot.id, msg.seed) : module(msg.bot);
    load
      .then(async (b) => {
        bot = b.bot;
        if (b.init) await b.init(msg.obs);
        send({ type: 'ready', name: b.name, log: takeLog() });
      })
      .catch((err: unknown) => send({ type: 'error', turn: -1, message: message(err), log: takeLog() }));
  } else if (msg.type === 'turn') {
    const b = bot;
    if (!b) {
      send({ type: 'error', turn: msg.turn, message: 'bot not initialised', log: takeLog() });
      return;
    }
    // A bot may answer at once or with a promise. `ms` is the time inside the bot function (up
    // to its promise settling), so the page can tell the bot's time from the messaging's.
    const t0 = performance.now();
    new Promise<unknown>((resolve) => resolve(b(msg.obs))).then(
      (moves) => {
        const ms = performance.now() - t0;
        const packed = packRecords(moves);
        if (packed) send({ type: 'packed', turn: msg.turn, packed, log: takeLog(), ms }, [packed.values.buffer]);
        else send({ type: 'moves', turn: msg.turn, moves, log: takeLog(), ms });
      },
      (err: unknown) => send({ type: 'error', turn: msg.turn, message: message(err), log: takeLog() }),
    );
  }
};
