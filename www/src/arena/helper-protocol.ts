// Messages between the arena page and its helper worker (helper-worker.ts).

import type { Rating } from './results';

/** page -> worker. `id` pairs an answer with its request. */
export type ToHelper =
  | { type: 'ratings'; tau: number; participants: number }
  | { type: 'rate'; id: number; lineup: number[]; ranks: number[] }
  | { type: 'gzip'; id: number; bytes: Uint8Array };

/** worker -> page */
export type FromHelper =
  | { type: 'rated'; id: number; ratings: Rating[] }
  | { type: 'gzipped'; id: number; blob: Blob }
  | { type: 'error'; id: number; message: string };
