// The built-in Halite II bots: plain functions `(observation) => commands`, each run in its own
// worker (seats/bot-worker.ts).

import type { Command, Observation } from './types';

export type Bot = (obs: Observation) => Command[];

export interface BotInfo {
  id: string;
  name: string;
  description: string;
  /** Misbehaving bots kept for tests, not offered in the UI. */
  hidden?: boolean;
  create(seed: number): Bot;
}

export const BOTS: Readonly<Record<string, BotInfo>> = {};

/** Built-in bots for a live game with `players` seats. */
export function liveLineup(players: number, _r: () => number): string[] {
  return Array.from({ length: players }, () => '');
}
