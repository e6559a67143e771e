// Halite I's codecs for its engine worker (games/halite1/engine-worker.ts): the match config,
// the header and the frame batches; the messages are the shared ones (shell/engine-protocol.ts).

import type { MatchStart } from '../../shell/engine-protocol';

export interface MatchStartConfig extends MatchStart {
  fogRadius?: number;
  maxTurns?: number;
}

/** A batch of frames: `owners`/`strengths` hold whole frames, `moves` the turns before them. */
export interface FrameBatch {
  owners: Uint8Array;
  strengths: Uint8Array;
  moves: Uint8Array;
}

export interface Header {
  width: number;
  height: number;
  players: number;
  names: string[];
  production: Uint8Array;
  fogOfWar?: number;
  maxTurns?: number;
  seed?: number;
}
