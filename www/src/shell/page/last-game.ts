// The last live game with chosen seats that this browser started, per game: its address (seats,
// seed, size, fog, budgets), so the play page can run the very same game again after a bot is
// edited. Kept in localStorage; unreadable or missing storage keeps nothing, and the page works
// as before.

import type { GameId } from '../game';
import { buildSearch, parseUrlState, type UrlState } from './urlstate';

const KEY = 'halite.lastGame.v1';

function read(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps `state` (a live game with seats, a seed and a size) as game `game`'s last one. */
export function rememberLastGame(game: GameId, state: UrlState): void {
  if (!state.bots || state.seed === undefined || !state.size) return;
  const { bots, seed, size, fog, turnMs, initMs } = state;
  const all = read();
  all[game] = buildSearch({ game, bots, seed, size, fog, turnMs, initMs });
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Private mode or a full store: Run again then plays the form's game instead.
  }
}

/** Game `game`'s last live game, as its address and what it holds; null when none is kept. */
export function lastGame(game: GameId): { search: string; state: UrlState } | null {
  const search = read()[game];
  if (typeof search !== 'string' || !search.startsWith('?')) return null;
  const state = parseUrlState(search);
  if (!state.bots || state.seed === undefined || !state.size) return null;
  return { search: buildSearch({ ...state, game }), state };
}
