// The view's state in the address bar: `?replay=URL&frame=N&player=P&radius=R`, and for a live
// game `?game=G&bots=a,b,c&seed=N&size=WxH&fog=R&turnMs=T&initMs=T&speed=S`. Pure functions:
// unit-tested in node.

import { defaultGameId, gameInfos, isGameId, type GameLimits } from '../catalog';
import type { GameId } from '../game';

export interface UrlState {
  /** The game of a live game (the registry's default when absent). */
  game?: GameId;
  /** Replay address (absolute, or relative to the page). */
  replay?: string;
  /** Frame to open at. */
  frame?: number;
  /** Perspective: 0 the whole map, 1..6 what that player saw. */
  player?: number;
  /** Fog radius of the perspective. */
  radius?: number;
  /** The seats of a live game, in order: `human`, built-in bot names, `saved:<id>` (a bot kept in
   * the browser) or bot module URLs. */
  bots?: string[];
  /** The map seed of a live game (the reference generator's map for this seed and size). */
  seed?: number;
  /** The requested map size of a live game. */
  size?: { width: number; height: number };
  /** The fog radius of a live game (games with fog of war). */
  fog?: number;
  /** Bots' per-turn and first-turn budgets, ms; null: no limit (for debugging). */
  turnMs?: number | null;
  initMs?: number | null;
  /** Playback speed of a live game, frames a second. */
  speed?: number;
  /** A live game continued from frame `frame` of `replay`: one entry per player, in seat order,
   * each a `bots=` entry or `recorded` (the replay's own moves). */
  continue?: string[];
}

/** Whether `entry` can be a seat in the address (`bots=` or `continue=`): a module URL, or a
 * name (built-in, `human`, `saved:<id>`, `recorded`). */
function seatEntryOk(entry: string): boolean {
  return isBotUrl(entry) ? entry.length <= 2000 && !/^\s*javascript:/i.test(entry) : /^(saved:)?[a-z0-9_-]{1,32}$/i.test(entry);
}

function seatList(v: string): string[] {
  return v
    .split(',')
    .map((b) => b.trim())
    .map((b) => (isBotUrl(b) ? b : b.toLowerCase()));
}

/** Whether a `bots=` entry is a module URL (absolute or relative to the page) rather than a
 * built-in bot's name: it contains a `/` or ends in `.js` or `.mjs`. */
export function isBotUrl(entry: string): boolean {
  return entry.includes('/') || /\.m?js$/i.test(entry);
}

function budget(v: string | null): number | null | undefined {
  if (v === null) return undefined;
  if (/^\s*(none|off|inf|infinity)\s*$/i.test(v)) return null;
  return int(v, 1, 600_000);
}

function int(v: string | null, lo: number, hi: number): number | undefined {
  if (v === null || !/^\s*-?\d+\s*$/.test(v)) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < lo || n > hi) return undefined;
  return n;
}

/** Reads the state from a query string (`?a=b...` or `a=b...`); bad values are left out. */
export function parseUrlState(search: string): UrlState {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: UrlState = {};
  const game = q.get('game')?.trim().toLowerCase();
  if (game && isGameId(game)) out.game = game;
  const replay = q.get('replay');
  if (replay !== null && replay.trim() !== '') out.replay = replay.trim();
  const frame = int(q.get('frame'), 0, 1_000_000);
  if (frame !== undefined) out.frame = frame;
  const player = int(q.get('player'), 0, 6);
  if (player !== undefined) out.player = player;
  const radius = int(q.get('radius'), 0, 250);
  if (radius !== undefined) out.radius = radius;
  const bots = q.get('bots');
  if (bots !== null) {
    const list = bots
      .split(',')
      .map((b) => b.trim())
      .map((b) => (isBotUrl(b) ? b : b.toLowerCase()))
      .filter((b) => (isBotUrl(b) ? b.length <= 2000 && !/^\s*javascript:/i.test(b) : /^(saved:)?[a-z0-9_-]{1,32}$/.test(b)));
    if (list.length > 0) out.bots = list.slice(0, 6);
  }
  const seed = int(q.get('seed'), 1, 4_294_967_295);
  if (seed !== undefined) out.seed = seed;
  const size = /^\s*(\d{1,3})\s*[xX]\s*(\d{1,3})\s*$/.exec(q.get('size') ?? '');
  if (size) out.size = { width: Number(size[1]), height: Number(size[2]) };
  const fog = int(q.get('fog'), 0, 250);
  if (fog !== undefined) out.fog = fog;
  const turnMs = budget(q.get('turnMs'));
  if (turnMs !== undefined) out.turnMs = turnMs;
  const initMs = budget(q.get('initMs'));
  if (initMs !== undefined) out.initMs = initMs;
  const speed = int(q.get('speed'), 1, 60);
  if (speed !== undefined) out.speed = speed;
  const cont = q.get('continue');
  if (cont !== null) {
    const list = seatList(cont);
    if (list.length > 0 && list.every(seatEntryOk)) out.continue = list.slice(0, 6);
  }
  return out;
}

/** Writes the state as a query string (with the leading `?`, or '' when empty). */
export function buildSearch(s: UrlState): string {
  const q = new URLSearchParams();
  if (s.game && s.game !== defaultGameId()) q.set('game', s.game);
  if (s.replay) q.set('replay', s.replay);
  if (s.frame !== undefined && s.frame > 0) q.set('frame', String(Math.floor(s.frame)));
  if (s.player !== undefined && s.player > 0) {
    q.set('player', String(s.player));
    if (s.radius !== undefined) q.set('radius', String(s.radius));
  }
  if (s.bots && s.bots.length > 0) q.set('bots', s.bots.join(','));
  if (s.seed !== undefined) q.set('seed', String(s.seed));
  if (s.size) q.set('size', `${s.size.width}x${s.size.height}`);
  if (s.fog !== undefined) q.set('fog', String(s.fog));
  if (s.turnMs !== undefined) q.set('turnMs', s.turnMs === null ? 'none' : String(s.turnMs));
  if (s.initMs !== undefined) q.set('initMs', s.initMs === null ? 'none' : String(s.initMs));
  if (s.speed !== undefined) q.set('speed', String(s.speed));
  if (s.continue && s.continue.length > 0) q.set('continue', s.continue.join(','));
  const str = q.toString();
  // Keep slashes (replay paths) and commas (lists of seats) readable, as people type them: an
  // address a person wrote is then written back as it was.
  return str ? `?${str.replace(/%2F/gi, '/').replace(/%2C/gi, ',')}` : '';
}

export type { GameLimits } from '../catalog';

export interface AddressCheck {
  /** What was understood: every valid parameter (bad ones are left out). */
  state: UrlState;
  /** One sentence for each bad parameter: what it says and what is allowed. */
  problems: string[];
}

const MAX_SEED = 4_294_967_295;

/** " (Blitz is a Halite I game)": which games have fog, for a game that has none. */
function fogGames(title: string): string {
  const named = gameInfos().filter((g) => g.limits.fog && g.fogName && g.title !== title);
  return named.length ? ` (${listText(named.map((g) => `${g.fogName} is a ${g.title} game`), 'and')})` : '';
}

/** "1, 2 or 4". */
function listText(items: readonly (string | number)[], last = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** A seat count list as a range when it is one ("2 to 6"), else "1, 2 or 4". */
function seatsText(seats: readonly number[]): string {
  const contiguous = seats.every((n, k) => k === 0 || n === seats[k - 1] + 1);
  return contiguous && seats.length > 2 ? `${seats[0]} to ${seats[seats.length - 1]}` : listText(seats);
}

/**
 * Reads the address like `parseUrlState`, and names every parameter it cannot use, with what is
 * allowed: the game among `games`, the seats (count and form of each entry), the map size within
 * the game's sides, the seed (1 to 4294967295; 0 means random), fog, budgets, speed, and the
 * replay's frame, player and radius (their range within the replay is checked once it is read).
 */
export function checkAddress(search: string, games: Readonly<Record<string, GameLimits>>, fallback: string): AddressCheck {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const state = parseUrlState(search);
  const problems: string[] = [];
  const raw = (k: string) => {
    const v = q.get(k);
    return v === null ? null : v.trim();
  };
  const ids = Object.keys(games);
  const choices = listText(ids.map((id) => `${id} (${games[id].title})`), 'and');
  const gameRaw = raw('game');
  let gameId = fallback;
  if (gameRaw !== null && gameRaw !== '') {
    const g = gameRaw.toLowerCase();
    if (Object.prototype.hasOwnProperty.call(games, g)) {
      gameId = g;
      state.game = g as UrlState['game'];
    } else {
      delete state.game;
      problems.push(`game=${gameRaw} is not a game here: the games are ${choices}.`);
    }
  }
  const limits = games[gameId];
  const seedRaw = raw('seed');
  if (seedRaw !== null) {
    delete state.seed;
    const n = /^\d{1,10}$/.test(seedRaw) ? Number(seedRaw) : NaN;
    if (!(n >= 0 && n <= MAX_SEED)) problems.push(`seed=${seedRaw} is not a seed: a seed is a whole number from 1 to ${MAX_SEED} (0 or none gives a random map).`);
    else if (n > 0) state.seed = n;
  }
  const sizeRaw = raw('size');
  if (sizeRaw !== null && limits) {
    delete state.size;
    const m = /^(\d{1,6})\s*[xX×]\s*(\d{1,6})$/.exec(sizeRaw);
    const [lo, hi] = limits.side;
    if (!m) problems.push(`size=${sizeRaw} is not a map size: write it WIDTHxHEIGHT, e.g. size=30x30.`);
    else {
      const width = Number(m[1]);
      const height = Number(m[2]);
      if (width < lo || width > hi || height < lo || height > hi) problems.push(`size=${sizeRaw} is too ${width > hi || height > hi ? 'large' : 'small'}: ${limits.title} map sides are ${lo} to ${hi}.`);
      else state.size = { width, height };
    }
  }
  const botsRaw = q.get('bots');
  if (botsRaw !== null && limits) {
    const entries = botsRaw.split(',').map((b) => b.trim());
    const bad = entries.filter((b) => !(isBotUrl(b) ? b.length <= 2000 && !/^\s*javascript:/i.test(b) : /^(saved:)?[a-z0-9_-]{1,32}$/i.test(b)));
    for (const b of bad) problems.push(b === '' ? 'bots= has an empty seat: name a bot for every seat, separated by commas.' : `bots=: "${b.slice(0, 60)}" is not a seat: a seat is human, a built-in bot's name, saved:<name> or a bot module's address.`);
    const good = entries.filter((b) => !bad.includes(b)).map((b) => (isBotUrl(b) ? b : b.toLowerCase()));
    const max = limits.seats[limits.seats.length - 1];
    if (bad.length === 0 && !limits.seats.includes(entries.length)) {
      problems.push(`bots= gives ${entries.length} seat${entries.length === 1 ? '' : 's'}: ${limits.title} plays with ${seatsText(limits.seats)} players.`);
    }
    if (good.filter((b) => b === 'human').length > 1) problems.push('bots= has human more than once: a game has one human seat.');
    if (good.length > 0) state.bots = good.slice(0, max);
    else delete state.bots;
  }
  const contRaw = q.get('continue');
  if (contRaw !== null) {
    const entries = seatList(contRaw);
    const bad = entries.filter((b) => !seatEntryOk(b));
    for (const b of bad) problems.push(b === '' ? 'continue= has an empty seat: give every player of the replay an entry, separated by commas.' : `continue=: "${b.slice(0, 60)}" is not a seat: a seat is recorded, human, a built-in bot's name, saved:<name> or a bot module's address.`);
    if (entries.filter((b) => b === 'human').length > 1) problems.push('continue= has human more than once: a game has one human seat.');
    if (q.get('replay') === null) problems.push('continue= needs replay=<address of the replay> and frame=<N>: it continues that replay from that frame.');
    if (bad.length > 0 || entries.filter((b) => b === 'human').length > 1) delete state.continue;
  }
  const fogRaw = raw('fog');
  if (fogRaw !== null) {
    delete state.fog;
    const n = /^\d{1,3}$/.test(fogRaw) ? Number(fogRaw) : NaN;
    if (limits && !limits.fog) problems.push(`fog=${fogRaw}: ${limits.title} has no fog of war${fogGames(limits.title)}.`);
    else if (!(n >= 0 && n <= 250)) problems.push(`fog=${fogRaw} is not a fog radius: a radius is a whole number from 0 to 250.`);
    else state.fog = n;
  }
  for (const k of ['turnMs', 'initMs'] as const) {
    const v = raw(k);
    if (v !== null && budget(v) === undefined) problems.push(`${k}=${v} is not a budget: a budget is a number of milliseconds from 1 to 600000, or none for no limit.`);
  }
  const ranges: [string, number, number, string][] = [
    ['speed', 1, 60, 'a speed is 1 to 60 frames a second'],
    ['frame', 0, 1_000_000, 'a frame is a whole number from 0'],
    ['player', 0, 6, 'a player is 1 to 6 (0: the whole map)'],
    ['radius', 0, 250, 'a fog radius is a whole number from 0 to 250'],
  ];
  for (const [k, lo, hi, what] of ranges) {
    const v = raw(k);
    if (v !== null && int(v, lo, hi) === undefined) problems.push(`${k}=${v} cannot be used: ${what}.`);
  }
  return { state, problems };
}
