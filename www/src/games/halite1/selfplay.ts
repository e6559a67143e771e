// A whole Halite I game between built-in bots played in the calling thread: the engine stepped
// directly, the bot functions called directly, the engine's own bots played by the engine (no
// workers, no budgets). For measuring the bots'
// strength (the benchmark page's hooks) and checking their answers on many maps, fast. The game
// is the real one: the page's own wasm engine, the same observations (fog included) and the same
// check of every answer as a live match.

import { ENGINE, type Engine } from './engine';
import { BOTS } from './bots';
import { packMoves, type Bot, type Observation } from './protocol';

export interface SelfPlayConfig {
  /** Built-in bot ids, one per seat. */
  bots: string[];
  width: number;
  height: number;
  seed: number;
  /** Blitz: the fog radius. */
  fog?: number;
}

export interface SelfPlayResult {
  /** Per seat, 0-based: the final rank (1 best) and territory (sites owned at the end). */
  ranks: number[];
  territory: number[];
  /** Turns played. */
  turns: number;
  /** Answers refused by the engine's check (the bot was ejected, as in a live match). */
  rejected: { seat: number; turn: number; reason: string }[];
  /** Per seat: total, 99th percentile and longest time inside the bot function, ms (the
   * longest is at the mercy of a busy machine; the percentile much less). */
  botMs: number[];
  p99BotMs: number[];
  maxBotMs: number[];
}

interface Standing {
  seat: number;
  rank: number;
  territory: number;
}

/** Yields to the event loop after this much work, so no task of the page runs over 50 ms. */
const SLICE_MS = 25;
const yieldNow = () => new Promise<void>((r) => setTimeout(r, 0));

/** A whole game on this realm's engine (loaded on first use). */
export async function playSelfHere(c: SelfPlayConfig): Promise<SelfPlayResult> {
  return playSelf(await ENGINE.load(), c);
}

export async function playSelf(engine: Engine, c: SelfPlayConfig): Promise<SelfPlayResult> {
  // A bot the engine plays itself is its id; any other its function.
  const bots: (Bot | string)[] = c.bots.map((id, k) => {
    const info = BOTS[id];
    if (!info) throw new Error(`no built-in bot named ${id}`);
    return 'native' in info ? id : info.create((c.seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0);
  });
  const g = new engine.Halite1Game({
    width: c.width,
    height: c.height,
    players: bots.length,
    seed: c.seed,
    playerNames: c.bots,
    fogRadius: c.fog,
  });
  const seats = bots.length;
  const rejected: SelfPlayResult['rejected'] = [];
  const ejected = new Uint8Array(seats);
  const botMs = new Array<number>(seats).fill(0);
  const maxBotMs = new Array<number>(seats).fill(0);
  const times: number[][] = bots.map(() => []);
  try {
    let slice = performance.now();
    while (!g.isOver()) {
      const turn = g.turn;
      for (let s = 0; s < seats; s++) {
        if (ejected[s] || !g.isAlive(s)) continue;
        const bot = bots[s];
        // The engine's bot answers and its answer is checked in one call (timed whole).
        const t0 = performance.now();
        let raw: unknown;
        let threw: string | null = null;
        let reason: string | undefined;
        if (typeof bot === 'string') reason = g.playBuiltin(s, bot);
        else {
          try {
            raw = bot(g.observation(s) as Observation);
          } catch (e) {
            threw = `threw: ${e instanceof Error ? e.message : String(e)}`;
          }
        }
        const ms = performance.now() - t0;
        botMs[s] += ms;
        times[s].push(ms);
        maxBotMs[s] = Math.max(maxBotMs[s], ms);
        if (typeof bot !== 'string') {
          const packed = threw === null ? packMoves(raw, s) : null;
          reason = packed === null ? (threw ?? undefined) : (g.acceptAnswer(s, packed.packed, false) ?? packed.reason);
          if (packed === null && reason === undefined) reason = 'not a list of moves';
        }
        if (reason !== undefined) {
          rejected.push({ seat: s, turn, reason });
          ejected[s] = 1;
          g.acceptAnswer(s, new Uint32Array(0), false);
          g.eject(s);
        }
      }
      g.stepAccepted();
      if (performance.now() - slice > SLICE_MS) {
        await yieldNow();
        slice = performance.now();
      }
    }
    const standings = g.results() as Standing[];
    const ranks = new Array<number>(seats).fill(0);
    const territory = new Array<number>(seats).fill(0);
    for (const st of standings) {
      ranks[st.seat] = st.rank;
      territory[st.seat] = st.territory;
    }
    const p99BotMs = times.map((t) => {
      const sorted = t.sort((a, b) => a - b);
      return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
    });
    return { ranks, territory, turns: g.turn, rejected, botMs, p99BotMs, maxBotMs };
  } finally {
    g.free();
  }
}
