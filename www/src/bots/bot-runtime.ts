// What runs inside a bot's worker: loads the bot, runs its optional `init`, then answers every
// `turn` with the bot's moves, and keeps what the bot writes with console.* per turn (capped).
//
// The same function serves two workers. Built-in bots run in a worker of the app's own origin
// (games/bot-worker.ts calls it with a loader for them). Every other bot runs in the bot host: a
// sandboxed iframe with an opaque origin and no network (bots/bot-host.ts), whose worker is made
// from this function's source text, `(${botWorkerMain})(null)`. So the function must stand alone:
// it may use only its parameter, its own locals and the worker's globals (no imports, no
// module-level names); tests/bot-runtime.unit.test.mjs runs it from its source text.
//
// Whatever the bot does, what leaves this worker has a fixed form the page can check cheaply: an
// answer is either flat records packed into an Int32Array (transferred, so it costs the page
// nothing to receive) or JSON text of a capped length; a log is at most MAX_LOG characters a turn;
// a name at most 40. The port the answers travel on is kept where the bot's code cannot reach it
// (a closure, and the functions that post captured before the bot is loaded). The page checks it
// all again anyway (bots/messages.ts): nothing here is trusted.
//
// A hosted bot also gets its forward model, `debug.simulate`: its game's engine binary with
// `init` and the engine's snapshot of the turn with each message (seats/engine-binary.ts, the
// engine workers); the simulation runs here, in the bot's own worker and time, and nothing of it leaves.

/** Loads a built-in bot: `create(seed)` gives the bot function. */
export type BuiltinLoader = (game: string, id: string, seed: number) => Promise<(obs: unknown, debug?: unknown) => unknown>;

export function botWorkerMain(builtin: BuiltinLoader | null): void {
  const MAX_LOG = 10_000;
  const MAX_NAME = 40;
  const MAX_KEYS = 8;
  const MAX_RECORDS = 200_000;
  const MAX_JSON = 4_000_000;
  // A count with thousands separators, by hand: the first toLocaleString of a worker loads the
  // browser's locale data (tens of ms of the bot's own turn).
  const num = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const scope = self as unknown as {
    onmessage: ((e: MessageEvent) => void) | null;
    postMessage(m: unknown, t?: Transferable[]): void;
  };
  // A bot is one thread: no nested workers, so its threads can't eat another bot's time (the
  // constructors are removed from this worker's global before any bot code runs; nothing else in
  // a worker makes a thread).
  for (const k of ['Worker', 'SharedWorker']) {
    try {
      delete (self as unknown as Record<string, unknown>)[k];
    } catch {
      // A global that can't be removed stays unused by the runtime.
    }
  }
  // Captured before any bot code runs: a bot that replaces them later does not see our calls.
  const apply = Reflect.apply;
  const portPost = MessagePort.prototype.postMessage;
  const selfPost = scope.postMessage;
  // Nor any channel but the runtime's: the worker's own postMessage goes too (the runtime keeps
  // its own reference), so a bot has nothing to flood its host with.
  for (let o: object | null = self; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    try {
      if (Object.prototype.hasOwnProperty.call(o, 'postMessage')) delete (o as Record<string, unknown>).postMessage;
    } catch {
      // Not removable: the bot host ends a worker that posts on its own channel anyway.
    }
  }
  const now = performance.now.bind(performance);
  const stringify = JSON.stringify;
  const isArray = Array.isArray;
  const keysOf = Object.keys;
  const protoOf = Object.getPrototypeOf;
  const ObjectProto = Object.prototype;
  const hasOwn = Object.prototype.hasOwnProperty;
  const I32 = Int32Array;
  // An event's `data` through the original getter: a bot that redefines it must not be handed the
  // event (whose target is the port).
  const dataGetter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')?.get;
  const dataOf = (e: MessageEvent): unknown => (dataGetter ? apply(dataGetter, e, []) : undefined);
  let port: MessagePort | null = null;
  const post = (m: unknown, transfer: Transferable[] = []): void => {
    if (port) apply(portPost, port, [m, transfer]);
    else apply(selfPost, scope, [m, transfer]);
  };

  // ---------------------------------------------------------------- logs
  let log = '';
  let cut = false;
  const show = (v: unknown): string => {
    try {
      if (typeof v === 'string') return v;
      if (v instanceof Error) return String(v.stack ?? `${v.name}: ${v.message}`);
      const s = stringify(v);
      return s === undefined ? String(v) : s;
    } catch {
      try {
        return String(v);
      } catch {
        return '[unprintable]';
      }
    }
  };
  const capture = (...args: unknown[]): void => {
    if (cut) return;
    let line = '';
    for (let i = 0; i < args.length && line.length <= MAX_LOG; i++) line += (i ? ' ' : '') + show(args[i]);
    line = `${String(line)}\n`;
    if (log.length + line.length > MAX_LOG) {
      log += line.slice(0, Math.max(0, MAX_LOG - log.length));
      log += `\n[log cut at ${num(MAX_LOG)} characters this turn]\n`;
      cut = true;
    } else log += line;
  };
  for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    (console as unknown as Record<string, unknown>)[k] = capture;
  }
  const takeLog = (): string => {
    const l = typeof log === 'string' ? log.slice(0, MAX_LOG + 100) : '';
    log = '';
    cut = false;
    return l;
  };
  const message = (e: unknown): string => {
    try {
      const m = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
      return String(m).slice(0, 2000);
    } catch {
      return 'an error that cannot be printed';
    }
  };

  // ---------------------------------------------------------------- drawings
  // The bot's second argument: shapes on the map, in map coordinates, kept per turn.
  const MAX_SHAPES = 1000;
  let shapes: unknown[] = [];
  let dropped = 0;
  let warned = false;
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e9;
  const warn = (what: string): void => {
    if (warned) return;
    warned = true;
    capture(`[debug] ${what}: not drawn (numbers must be finite, texts at most 100 characters, colours CSS strings of at most 32)`);
  };
  const colourOf = (c: unknown): string | null | undefined => {
    if (c === undefined || c === null) return null;
    return typeof c === 'string' && c.length <= 32 ? c : undefined;
  };
  const add = (what: string, shape: unknown[], nums: unknown[], c: unknown): void => {
    const colour = colourOf(c);
    for (const v of nums) if (!finite(v)) return warn(`debug.${what} with ${String(v)}`);
    if (colour === undefined) return warn(`debug.${what} with colour ${String(c).slice(0, 40)}`);
    if (shapes.length >= MAX_SHAPES) {
      dropped++;
      return;
    }
    shapes.push([...shape, colour]);
  };
  const debug: Record<string, unknown> = {
    line: (x1: unknown, y1: unknown, x2: unknown, y2: unknown, colour?: unknown) => add('line', ['line', x1, y1, x2, y2], [x1, y1, x2, y2], colour),
    circle: (x: unknown, y: unknown, r: unknown, colour?: unknown) => {
      if (typeof r === 'number' && r < 0) return warn('debug.circle with a negative radius');
      add('circle', ['circle', x, y, r], [x, y, r], colour);
    },
    text: (x: unknown, y: unknown, text: unknown, colour?: unknown) => {
      const t = String(text);
      if (t.length > 100) return warn('debug.text with more than 100 characters');
      add('text', ['text', x, y, t], [x, y], colour);
    },
    dot: (x: unknown, y: unknown, colour?: unknown) => add('dot', ['dot', x, y], [x, y], colour),
  };
  // ---------------------------------------------------------------- the forward model
  // debug.simulate(moves, othersMoves?, from?): the next observation as the engine computes it,
  // from the engine's exact state of this turn (a snapshot the page sends with each turn) or from
  // an observation an earlier call returned (each is linked to its exact state, so a chain stays
  // exact). The engine is the page's own WebAssembly binary (sent once, at init), compiled the
  // first time a bot calls this and instantiated with imports that all throw: the functions it
  // calls (sim_input, sim_step, sim_output_ptr, sim_output_len) touch no JavaScript.
  // Captured before any bot code runs (a bot that replaces them later does not change these).
  const Wasm = typeof WebAssembly === 'object' ? WebAssembly : null;
  const WasmMemory = Wasm ? Wasm.Memory : null;
  const WasmModule = Wasm ? Wasm.Module : null;
  const WasmInstance = Wasm ? Wasm.Instance : null;
  const wasmImports = Wasm ? Wasm.Module.imports : null;
  const wasmCompile = Wasm ? Wasm.compile : null;
  const U8 = Uint8Array;
  const parse = JSON.parse;
  const utf8 = typeof TextEncoder === 'function' ? new TextEncoder() : null;
  const text = typeof TextDecoder === 'function' ? new TextDecoder() : null;
  const linked = new WeakMap<object, Uint8Array>();
  const NO_ENGINE = 'debug.simulate is not available here: the page did not hand this bot the engine';
  let simSeat = 0;
  let simSnapshot: Uint8Array | null = null;
  let simUnavailable: string | null = NO_ENGINE;
  let simObs: unknown = null;
  let wasmBytes: ArrayBuffer | null = null;
  let wasmModule: WebAssembly.Module | null = null;
  interface SimExports {
    memory: WebAssembly.Memory;
    sim_input(n: number): number;
    sim_step(seat: number, snapshot: number, mine: number, others: number): number;
    sim_output_ptr(): number;
    sim_output_len(): number;
  }
  let engine: SimExports | null = null;
  /** Takes what the page sent with a message for the forward model. */
  const takeSim = (sim: unknown, obs: unknown): void => {
    simObs = obs;
    const s = (typeof sim === 'object' && sim !== null ? sim : {}) as { seat?: unknown; snapshot?: unknown; unavailable?: unknown; wasm?: unknown };
    if (s.wasm instanceof ArrayBuffer) wasmBytes = s.wasm;
    simSeat = typeof s.seat === 'number' ? s.seat : 0;
    simSnapshot = s.snapshot instanceof U8 ? s.snapshot : null;
    simUnavailable = typeof s.unavailable === 'string' ? s.unavailable.slice(0, 200) : simSnapshot && wasmBytes ? null : NO_ENGINE;
  };
  /** Compiles the engine in the background (a bot whose source names `simulate` gets it ready
   * while its init runs; any other compiles it at its first call, synchronously). */
  const precompile = (): void => {
    if (!wasmBytes || !wasmCompile || wasmModule) return;
    (apply(wasmCompile, Wasm, [wasmBytes]) as Promise<WebAssembly.Module>).then(
      (m) => {
        wasmModule ??= m;
      },
      () => {},
    );
  };
  const startEngine = (): SimExports => {
    if (engine) return engine;
    if (!wasmBytes || !WasmModule || !WasmInstance || !wasmImports || !WasmMemory || !utf8 || !text) throw new Error(NO_ENGINE);
    try {
      if (!wasmModule) wasmModule = new WasmModule(wasmBytes);
      const imports: Record<string, Record<string, unknown>> = {};
      for (const i of wasmImports(wasmModule)) {
        if (i.kind !== 'function') throw new Error(`it imports a ${i.kind}`);
        const name = i.name;
        (imports[i.module] ??= {})[name] = () => {
          throw new Error(`the engine called ${name}, which the simulator does not offer`);
        };
      }
      const ex = new WasmInstance(wasmModule, imports as WebAssembly.Imports).exports as unknown as SimExports;
      if (!(ex.memory instanceof WasmMemory) || typeof ex.sim_step !== 'function') throw new Error('it has no simulator');
      engine = ex;
      return ex;
    } catch (e) {
      throw new Error(`debug.simulate: the engine could not start (${message(e)})`);
    }
  };
  /** A list of moves as JSON text for the engine, or a clear error. */
  const movesText = (v: unknown, what: string): string => {
    let s: string | undefined;
    try {
      s = stringify(v);
    } catch (e) {
      throw new Error(`debug.simulate: ${what} cannot be read (${message(e)})`);
    }
    if (typeof s !== 'string') s = 'null';
    if (s.length > MAX_JSON) throw new Error(`debug.simulate: ${what} is ${num(s.length)} characters of JSON (at most ${num(MAX_JSON)})`);
    return s;
  };
  const simulate = (moves: unknown, othersMoves?: unknown, from?: unknown): unknown => {
    if (simUnavailable !== null) throw new Error(simUnavailable);
    let start: Uint8Array | null | undefined;
    if (from === undefined || from === null || from === simObs) start = simSnapshot;
    else if (typeof from === 'object') start = linked.get(from);
    if (!start) throw new Error("debug.simulate: its third argument must be this turn's observation or one that debug.simulate returned");
    if (!isArray(moves)) throw new Error('debug.simulate: moves must be an array of moves, in the form the bot answers ([] for none)');
    const ex = startEngine();
    const encoder = utf8 as TextEncoder;
    const decoder = text as TextDecoder;
    const mine = encoder.encode(movesText(moves, 'moves'));
    const others = encoder.encode(movesText(othersMoves === undefined ? null : othersMoves, 'othersMoves'));
    let code: number;
    let out: Uint8Array;
    try {
      const total = start.length + mine.length + others.length;
      const at = ex.sim_input(total) >>> 0;
      const mem = new U8(ex.memory.buffer);
      mem.set(start, at);
      mem.set(mine, at + start.length);
      mem.set(others, at + start.length + mine.length);
      code = ex.sim_step(simSeat, start.length, mine.length, others.length);
      const p = ex.sim_output_ptr() >>> 0;
      out = new U8(ex.memory.buffer).slice(p, p + (ex.sim_output_len() >>> 0));
    } catch (e) {
      // A trap leaves the instance in an unknown state: the next call starts a fresh one.
      engine = null;
      throw new Error(`debug.simulate: the engine failed (${message(e)})`);
    }
    if (code !== 0) throw new Error(`debug.simulate: ${decoder.decode(out)}`);
    const view = new DataView(out.buffer);
    const n = view.getUint32(0, true);
    const next = out.slice(4, 4 + n);
    const m = view.getUint32(4 + n, true);
    const obs = parse(decoder.decode(out.subarray(8 + n, 8 + n + m))) as Record<string, unknown>;
    const tail = out.subarray(8 + n + m);
    // Values {"$u8": [offset, length]} stand for bytes after the JSON (Halite I's site arrays).
    for (const k of keysOf(obs)) {
      const v = obs[k] as { $u8?: unknown } | null;
      if (typeof v === 'object' && v !== null && isArray(v.$u8)) {
        const [o, len] = v.$u8 as number[];
        obs[k] = tail.slice(o, o + len);
      }
    }
    linked.set(obs, next);
    return obs;
  };
  (debug as Record<string, unknown>).simulate = simulate;
  Object.freeze(debug);
  const takeShapes = (): string => {
    if (dropped > 0) capture(`[debug] ${dropped} shapes past the first ${MAX_SHAPES} of this turn were not kept`);
    const out = shapes.length ? stringify(shapes) : '';
    shapes = [];
    dropped = 0;
    warned = false;
    return out;
  };

  // ---------------------------------------------------------------- where an error happened
  /** The blob address the bot's module was loaded from: its frames in a stack give the line. */
  let moduleUrl = '';
  const whereIn = (e: unknown): { line: number; column: number } | null => {
    try {
      const stack = e instanceof Error ? String(e.stack ?? '') : '';
      const i = moduleUrl ? stack.indexOf(`${moduleUrl}:`) : -1;
      if (i < 0) return null;
      const m = /^:(\d+):(\d+)/.exec(stack.slice(i + moduleUrl.length));
      return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
    } catch {
      return null;
    }
  };
  const failure = (turn: number, err: unknown) => {
    const at = whereIn(err);
    post({ type: 'error', turn, message: message(err), line: at ? at.line : null, column: at ? at.column : null, log: takeLog() });
  };

  // ---------------------------------------------------------------- answers
  /** Packs an array of plain objects with the same int32 fields; null when it is not one. */
  const pack = (raw: unknown): { keys: string[]; values: Int32Array } | null => {
    if (!isArray(raw) || raw.length === 0 || raw.length > MAX_RECORDS) return null;
    const first: unknown = raw[0];
    if (typeof first !== 'object' || first === null || isArray(first)) return null;
    const keys = keysOf(first);
    const k = keys.length;
    if (k === 0 || k > MAX_KEYS) return null;
    for (const key of keys) if (key.length > 32) return null;
    const values = new I32(raw.length * k);
    for (let r = 0; r < raw.length; r++) {
      const o: unknown = raw[r];
      if (typeof o !== 'object' || o === null || isArray(o) || protoOf(o) !== ObjectProto) return null;
      let own = 0;
      for (const key in o) {
        if (!apply(hasOwn, o, [key])) return null;
        own++;
      }
      if (own !== k) return null;
      for (let j = 0; j < k; j++) {
        const v = (o as Record<string, unknown>)[keys[j]];
        if (typeof v !== 'number' || (v | 0) !== v || Object.is(v, -0)) return null;
        values[r * k + j] = v;
      }
    }
    return { keys, values };
  };
  const answer = (turn: number, moves: unknown, ms: number): void => {
    let packed: { keys: string[]; values: Int32Array } | null = null;
    try {
      packed = pack(moves);
    } catch {
      packed = null;
    }
    const drawings = takeShapes();
    if (packed) {
      post({ type: 'packed', turn, keys: packed.keys, values: packed.values, drawings, log: takeLog(), ms }, [packed.values.buffer]);
      return;
    }
    let json: string | undefined;
    try {
      json = stringify(moves === undefined ? null : moves);
    } catch (e) {
      post({ type: 'error', turn, message: `answered something that cannot be sent (${message(e)})`, garbage: true, log: takeLog() });
      return;
    }
    if (typeof json !== 'string') json = 'null';
    if (json.length > MAX_JSON) {
      post({ type: 'error', turn, message: `answered ${num(json.length)} characters of moves (at most ${num(MAX_JSON)})`, garbage: true, log: takeLog() });
      return;
    }
    post({ type: 'json', turn, json, drawings, log: takeLog(), ms });
  };

  // ---------------------------------------------------------------- loading a bot
  let bot: ((obs: unknown, debug: unknown) => unknown) | null = null;
  const HINT = 'a bot is one self-contained ES module: importing other files or addresses is not available';
  const load = async (src: { kind: string; id?: string; code?: string; label?: string }, game: string, seed: number) => {
    if (src.kind === 'builtin') {
      if (!builtin) throw new Error('built-in bots do not run here');
      return { bot: await builtin(game, String(src.id), seed), name: null, init: null };
    }
    if (String(src.code).includes('simulate')) precompile();
    const url = URL.createObjectURL(new Blob([String(src.code)], { type: 'text/javascript' }));
    moduleUrl = url;
    let m: Record<string, unknown>;
    try {
      m = (await import(/* webpackIgnore: true */ url)) as Record<string, unknown>;
    } catch (e) {
      const why = message(e);
      const hint = e instanceof SyntaxError || !/import|fetch|resolve|module specifier/i.test(why) ? '' : ` (${HINT})`;
      throw new Error(`could not load ${String(src.label ?? 'the bot')}: ${why}${hint}`);
    } finally {
      URL.revokeObjectURL(url);
    }
    const fn = m.default;
    if (typeof fn !== 'function') throw new Error('the module has no default export function (the bot)');
    const n = m.name;
    const name = typeof n === 'string' && n.trim() !== '' ? n.trim().slice(0, MAX_NAME) : null;
    const init = typeof m.init === 'function' ? (m.init as (obs: unknown, debug: unknown) => unknown) : null;
    return { bot: fn as (obs: unknown, debug: unknown) => unknown, name, init };
  };

  // ---------------------------------------------------------------- messages
  const receive = (e: MessageEvent): void => {
    const msg = dataOf(e) as { type?: unknown; turn?: unknown; obs?: unknown; sim?: unknown; bot?: { kind: string; id?: string; code?: string; label?: string }; game?: unknown; seed?: unknown };
    if (!msg || typeof msg !== 'object') return;
    // Asked whether this thread is free (between the bot's turns): answered by the runtime as soon
    // as the bot's code lets the worker's event loop run.
    if (msg.type === 'ping') {
      post({ type: 'pong', n: Number((msg as { n?: unknown }).n) || 0 });
      return;
    }
    if (msg.type === 'init' || msg.type === 'turn') takeSim(msg.sim, msg.obs);
    if (msg.type === 'init') {
      load(msg.bot ?? { kind: 'none' }, String(msg.game), Number(msg.seed))
        .then(async (b) => {
          bot = b.bot;
          if (b.init) await b.init(msg.obs, debug);
          const drawings = takeShapes();
          post({ type: 'ready', name: b.name, drawings, log: takeLog() });
        })
        .catch((err: unknown) => failure(-1, err));
    } else if (msg.type === 'turn') {
      const turn = Number(msg.turn);
      const b = bot;
      if (!b) {
        post({ type: 'error', turn, message: 'bot not initialised', log: takeLog() });
        return;
      }
      // A bot may answer at once or with a promise; `ms` is the time inside the bot function.
      const t0 = now();
      new Promise<unknown>((resolve) => resolve(b(msg.obs, debug))).then(
        (moves) => answer(turn, moves, now() - t0),
        (err: unknown) => {
          takeShapes();
          failure(turn, err);
        },
      );
    }
  };

  // The first message says where to talk: a port (the bot host hands the worker one end of a
  // channel whose other end is the page) or this worker's own channel (a built-in bot's worker).
  scope.onmessage = (first: MessageEvent) => {
    const p = first.ports && first.ports[0];
    if (p) {
      port = p;
      scope.onmessage = null;
      p.onmessage = receive;
      return;
    }
    scope.onmessage = receive;
    receive(first);
  };
}
