// Messages between the arena page and its helper worker (helper-worker.ts).

import type { Rating, RatingPoint } from './results';

/** page -> worker. `id` pairs an answer with its request. */
export type ToHelper =
  | { type: 'ratings'; tau: number; participants: number }
  | { type: 'rate'; id: number; lineup: number[]; ranks: number[] }
  /** Every game of opened results rated in order (`lineup` and `ranks`: `seats` per game),
   * each participant's course kept at about `points` points, a slice at a time: after each
   * slice's `history-progress` the worker waits for `history-go`. A newer request, or a cancel,
   * stops an older one. */
  | { type: 'history'; id: number; tau: number; participants: number; seats: number; lineup: Uint8Array; ranks: Uint8Array; points: number }
  /** The page has time again: the history `id` goes on with its next slice. */
  | { type: 'history-go'; id: number }
  | { type: 'history-cancel' };

/** worker -> page */
export type FromHelper =
  | { type: 'rated'; id: number; ratings: Rating[] }
  | { type: 'history-progress'; id: number; done: number; total: number }
  | { type: 'history'; id: number; history: RatingPoint[][]; final: Rating[] }
  | { type: 'error'; id: number; message: string };
