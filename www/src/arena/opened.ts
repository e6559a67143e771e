// Results of a run of the Python arena (`python -m halite_engine.arena ... --out DIR`), opened
// from files: `DIR/results.json` checked field by field and held in columns (typed arrays), so a
// 10,000-game run crosses from the parsing worker to the page in one cheap message and the
// games list builds a row only when it shows one. The file is treated as hostile: every field's
// type, range and size is checked and the first fault is named with its place in the file; a
// replay name must be a bare file name (no folders, no `..`), so it can only match a file that
// sits beside results.json. Pure (no DOM): the worker parses, the page and the tests read.

import type { EjectionKind } from '../seats/match';
import type { GameRecord, GameSeat, Row } from './results';
import { cleanName } from '../shell/page/names';

export const RESULTS_LIMITS = {
  /** results.json's size (a 100,000-game run of six stdio bots is about 60 MB). */
  bytes: 96 * 1024 * 1024,
  games: 200_000,
  bots: { min: 2, max: 6 },
  /** Characters of a bot's name, of a command line, of an ejection's reason. */
  nameChars: 300,
  commandChars: 8_000,
  reasonChars: 2_000,
  /** A replay file opened in the viewer. */
  replayBytes: 512 * 1024 * 1024,
  /** Files taken from one folder or one selection. */
  files: 250_000,
  side: 10_000,
  frames: 100_000_000,
} as const;

/** The first two bots' score difference, as the Python arena writes it. */
export interface ScoreCi {
  games: number;
  /** Mean score of the first bot (1 a game it ranked above the second, else 0). */
  score: number;
  /** 2·score − 1, with its 95% interval. */
  diff: number;
  low: number;
  high: number;
  elo: number;
  eloLow: number;
  eloHigh: number;
}

/** The sequential probability ratio test (cutechess-cli's), as the Python arena writes it. */
export interface SprtResult {
  llr: number;
  lower: number;
  upper: number;
  /** H1: the first bot is ELO1 stronger; H0: at most ELO0; null: undecided. */
  result: 'H0' | 'H1' | null;
  wins: number;
  losses: number;
  draws: number;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  stoppedAfter: number | null;
}

export interface OpenedBot {
  name: string;
  games: number;
  wins: number;
  /** NaN when the bot has no game. */
  meanRank: number;
  mu: number;
  sigma: number;
}

/** A whole results.json, checked, in columns. */
export interface OpenedResults {
  game: string | null;
  size: [number, number] | null;
  seed: number | null;
  gamesAsked: number | null;
  fog: number | null;
  tau: number | null;
  bots: OpenedBot[];
  scoreCi95: ScoreCi | null;
  sprt: SprtResult | null;
  /** Games listed. */
  count: number;
  /** Seats a game (every game seats every bot). */
  seats: number;
  /** Each game's map seed. */
  seeds: Float64Array;
  width: Uint16Array;
  height: Uint16Array;
  /** Frames of each game's replay (NaN when the file does not say). */
  frames: Float64Array;
  /** `lineup[g * seats + s]`: the bot in seat s of game g. */
  lineup: Uint8Array;
  /** `ranks[g * seats + s]`: that seat's rank (1 is first). */
  ranks: Uint8Array;
  /** Each game's replay file name (a bare name), or '' when the game has none. */
  replay: string[];
  /** Each game's `halite run` line (stdio bots), or null. */
  command: (string | null)[];
  /** Ejections, game by game: [game, seat, reason]. */
  ejections: { game: number; seat: number; reason: string }[];
  /** Per bot: games it was ejected from for time, and for anything else. */
  timeouts: number[];
  otherEjections: number[];
}

/** A results file that cannot be shown: the message names what is wrong and where. */
export class ResultsError extends Error {}

/** Whether `name` is a bare file name a replay may have: letters, digits, `.`, `_`, `-`, not
 * starting with a dot (so no `.`, `..`, hidden files, folders or drive letters). */
export function safeReplayName(name: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,159}$/.test(name);
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

function fail(where: string, v: unknown, want: string): never {
  throw new ResultsError(`${where} is ${show(v)}: expected ${want}`);
}

function int(v: unknown, where: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(where, v, `a whole number from ${min} to ${max}`);
  return v;
}

function num(v: unknown, where: string, min = -1e12, max = 1e12): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) fail(where, v, `a number from ${min} to ${max}`);
  return v;
}

function str(v: unknown, where: string, max: number): string {
  if (typeof v !== 'string') fail(where, v, 'text');
  if (v.length > max) throw new ResultsError(`${where} is ${v.length} characters long: at most ${max}`);
  return v;
}

function optional<T>(o: Obj, key: string, read: (v: unknown, where: string) => T): T | null {
  const v = o[key];
  return v === undefined || v === null ? null : read(v, key);
}

function list(v: unknown, where: string, max: number): unknown[] {
  if (!Array.isArray(v)) fail(where, v, 'a list');
  if (v.length > max) throw new ResultsError(`${where} has ${v.length} entries: at most ${max}`);
  return v;
}

function readCi(v: unknown, where: string): ScoreCi {
  if (!isObj(v)) fail(where, v, 'an object');
  const f = (k: string, min = -1e6, max = 1e6) => num(v[k], `${where}.${k}`, min, max);
  return {
    games: int(v.games, `${where}.games`, 0, RESULTS_LIMITS.games),
    score: f('score', 0, 1),
    diff: f('diff', -1, 1),
    low: f('low', -10, 10),
    high: f('high', -10, 10),
    elo: f('elo'),
    eloLow: f('elo_low'),
    eloHigh: f('elo_high'),
  };
}

function readSprt(v: unknown, where: string): SprtResult {
  if (!isObj(v)) fail(where, v, 'an object');
  const f = (k: string) => num(v[k], `${where}.${k}`);
  const result = v.result;
  if (result !== null && result !== undefined && result !== 'H0' && result !== 'H1') fail(`${where}.result`, result, '"H0", "H1" or null');
  return {
    llr: f('llr'),
    lower: f('lower'),
    upper: f('upper'),
    result: result === 'H0' || result === 'H1' ? result : null,
    wins: int(v.wins, `${where}.wins`, 0, RESULTS_LIMITS.games),
    losses: int(v.losses, `${where}.losses`, 0, RESULTS_LIMITS.games),
    draws: int(v.draws ?? 0, `${where}.draws`, 0, RESULTS_LIMITS.games),
    elo0: f('elo0'),
    elo1: f('elo1'),
    alpha: num(v.alpha, `${where}.alpha`, 0, 1),
    beta: num(v.beta, `${where}.beta`, 0, 1),
    stoppedAfter: v.stopped_after === undefined || v.stopped_after === null ? null : int(v.stopped_after, `${where}.stopped_after`, 0, RESULTS_LIMITS.games),
  };
}

/** Parses and checks a results.json's text. Throws ResultsError naming the first fault. */
export function parseResults(text: string): OpenedResults {
  if (text.length > RESULTS_LIMITS.bytes) throw new ResultsError(`the file is larger than ${RESULTS_LIMITS.bytes / (1024 * 1024)} MB`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsError(`it is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return checkResults(data);
}

/** Checks parsed JSON (see parseResults). */
export function checkResults(data: unknown): OpenedResults {
  if (!isObj(data)) throw new ResultsError(`it holds ${show(data)}, not the object the arena writes (with "bots" and "games")`);
  if (!('bots' in data) || !('games' in data)) throw new ResultsError('it has no "bots" and "games": it is not the results.json of `python -m halite_engine.arena`');
  const L = RESULTS_LIMITS;
  const rawBots = list(data.bots, 'bots', L.bots.max);
  if (rawBots.length < L.bots.min) throw new ResultsError(`bots has ${rawBots.length} entries: an arena has ${L.bots.min} to ${L.bots.max} bots`);
  const B = rawBots.length;
  const bots: OpenedBot[] = rawBots.map((b, i) => {
    const w = `bots[${i}]`;
    if (!isObj(b)) fail(w, b, 'an object with name, games, wins, mean_rank, mu and sigma');
    const games = int(b.games, `${w}.games`, 0, L.games);
    const wins = int(b.wins, `${w}.wins`, 0, L.games);
    if (wins > games) throw new ResultsError(`${w}.wins is ${wins}, more than its ${games} games`);
    return {
      // Shown as every name from outside is (shell/page/names.ts).
      name: cleanName(str(b.name, `${w}.name`, L.nameChars)) || `bot ${i + 1}`,
      games,
      wins,
      meanRank: b.mean_rank === null || b.mean_rank === undefined ? NaN : num(b.mean_rank, `${w}.mean_rank`, 1, B),
      mu: num(b.mu, `${w}.mu`, -1e6, 1e6),
      sigma: num(b.sigma, `${w}.sigma`, 0, 1e6),
    };
  });
  const game = optional(data, 'game', (v, w) => str(v, w, 40));
  const size = optional(data, 'size', (v, w) => {
    const s = list(v, w, 2);
    if (s.length !== 2) fail(w, v, '[width, height]');
    return [int(s[0], `${w}[0]`, 1, L.side), int(s[1], `${w}[1]`, 1, L.side)] as [number, number];
  });
  const seed = optional(data, 'seed', (v, w) => int(v, w, 0, 2 ** 32));
  const gamesAsked = optional(data, 'games_asked', (v, w) => int(v, w, 0, 1e9));
  const fog = optional(data, 'fog', (v, w) => int(v, w, 0, L.side));
  const tau = optional(data, 'trueskill', (v, w) => (isObj(v) && v.tau !== undefined && v.tau !== null ? num(v.tau, `${w}.tau`, 0, 1e6) : null));
  const scoreCi95 = optional(data, 'score_ci95', readCi);
  const sprt = optional(data, 'sprt', readSprt);

  const rawGames = list(data.games, 'games', L.games);
  const n = rawGames.length;
  const out: OpenedResults = {
    game,
    size,
    seed,
    gamesAsked,
    fog,
    tau,
    bots,
    scoreCi95,
    sprt,
    count: n,
    seats: B,
    seeds: new Float64Array(n),
    width: new Uint16Array(n),
    height: new Uint16Array(n),
    frames: new Float64Array(n),
    lineup: new Uint8Array(n * B),
    ranks: new Uint8Array(n * B),
    replay: new Array<string>(n),
    command: new Array<string | null>(n),
    ejections: [],
    timeouts: bots.map(() => 0),
    otherEjections: bots.map(() => 0),
  };
  const used = new Array<boolean>(B);
  for (let g = 0; g < n; g++) {
    const r = rawGames[g];
    const w = `games[${g}]`;
    if (!isObj(r)) fail(w, r, 'an object with seed, width, height, seats, ranks and replay');
    if (r.index !== undefined && r.index !== g) fail(`${w}.index`, r.index, `${g} (games are listed in order from 0)`);
    out.seeds[g] = int(r.seed, `${w}.seed`, 0, 2 ** 32);
    out.width[g] = int(r.width, `${w}.width`, 1, L.side);
    out.height[g] = int(r.height, `${w}.height`, 1, L.side);
    out.frames[g] = r.frames === undefined || r.frames === null ? NaN : int(r.frames, `${w}.frames`, 0, L.frames);
    const seats = list(r.seats, `${w}.seats`, 1000);
    const ranks = list(r.ranks, `${w}.ranks`, 1000);
    if (seats.length !== B) throw new ResultsError(`${w}.seats has ${seats.length} entries: every game seats all ${B} bots`);
    if (ranks.length !== B) throw new ResultsError(`${w}.ranks has ${ranks.length} entries: one per seat (${B})`);
    used.fill(false);
    for (let s = 0; s < B; s++) {
      const b = int(seats[s], `${w}.seats[${s}]`, 0, B - 1);
      if (used[b]) throw new ResultsError(`${w}.seats names bot ${b} twice: every game seats each bot once`);
      used[b] = true;
      out.lineup[g * B + s] = b;
      out.ranks[g * B + s] = int(ranks[s], `${w}.ranks[${s}]`, 1, B);
    }
    const name = r.replay === undefined || r.replay === null ? '' : str(r.replay, `${w}.replay`, 160);
    if (name !== '' && !safeReplayName(name)) throw new ResultsError(`${w}.replay is ${show(name)}: a replay must be a file name beside results.json (letters, digits, ".", "_", "-"; no folders)`);
    out.replay[g] = name;
    out.command[g] = r.command === undefined || r.command === null ? null : str(r.command, `${w}.command`, L.commandChars);
    if (r.ejected !== undefined && r.ejected !== null) {
      const ej = list(r.ejected, `${w}.ejected`, 1000);
      if (ej.length > B) throw new ResultsError(`${w}.ejected has ${ej.length} entries: one per seat (${B})`);
      for (let s = 0; s < ej.length; s++) {
        if (ej[s] === null || ej[s] === undefined) continue;
        const reason = str(ej[s], `${w}.ejected[${s}]`, L.reasonChars);
        out.ejections.push({ game: g, seat: s, reason });
        const b = out.lineup[g * B + s];
        if (ejectionKind(reason) === 'timeout') out.timeouts[b]++;
        else out.otherEjections[b]++;
      }
    }
  }
  return out;
}

/** What kind of ejection the engine's runner reason names ("timed out on turn 12", "sent an
 * invalid move line on turn 3: …", a crash). */
export function ejectionKind(reason: string): EjectionKind {
  if (/^timed out\b/.test(reason)) return 'timeout';
  if (/^sent an invalid move line\b/.test(reason)) return 'garbage';
  if (/\bduring init$/.test(reason)) return 'start';
  return 'error';
}

/** The frame an ejection happened at (its turn; 0 during init). */
function ejectionFrame(reason: string): number {
  const m = /\bon turn (\d+)/.exec(reason);
  return m ? Number(m[1]) : 0;
}

/** The standings rows of opened results: the file's own numbers. */
export function openedRows(r: OpenedResults): Row[] {
  return r.bots.map((b, participant) => ({
    participant,
    name: b.name,
    games: b.games,
    wins: b.wins,
    avgRank: b.meanRank,
    timeouts: r.timeouts[participant] ?? 0,
    otherEjections: r.otherEjections[participant] ?? 0,
    rating: { mu: b.mu, sigma: b.sigma },
    conservative: b.mu - 3 * b.sigma,
    rated: b.games,
  }));
}

/** Game `g` of opened results, as the games list shows an in-page game. */
export function openedRecord(r: OpenedResults, g: number): GameRecord {
  const B = r.seats;
  const seats: GameSeat[] = [];
  for (let s = 0; s < B; s++) {
    const participant = r.lineup[g * B + s];
    seats.push({ participant, name: r.bots[participant]?.name ?? `bot ${participant + 1}`, rank: r.ranks[g * B + s] });
  }
  // Ejections are few and listed in game order: find this game's by bisection.
  let lo = 0;
  let hi = r.ejections.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r.ejections[mid].game < g) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < r.ejections.length && r.ejections[k].game === g; k++) {
    const e = r.ejections[k];
    const seat = seats[e.seat];
    if (seat) seat.ejection = { kind: ejectionKind(e.reason), reason: e.reason, frame: ejectionFrame(e.reason) };
  }
  const frames = r.frames[g];
  return { index: g, seed: r.seeds[g], width: r.width[g], height: r.height[g], turns: Number.isNaN(frames) ? NaN : Math.max(0, frames - 1), seats };
}

/** The arrays of opened results that can be handed over (transferred) between threads. */
export function transferables(r: OpenedResults): ArrayBuffer[] {
  return [r.seeds, r.width, r.height, r.frames, r.lineup, r.ranks].map((a) => a.buffer as ArrayBuffer);
}
