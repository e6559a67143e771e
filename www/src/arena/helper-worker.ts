// The arena's helper worker: rates games with TrueSkill and compresses their replays, so that
// neither the rating library (mathjs is large to load and its matrices slow to build) nor gzip
// ever runs on the page's main thread. Only the arena page starts it.

import * as trueskill from 'ts-trueskill';
import type { FromHelper, ToHelper } from './helper-protocol';
import { Rater } from './rating';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToHelper>) => void) | null;
  postMessage(message: FromHelper): void;
}

const scope = self as unknown as WorkerScope;
let rater: Rater | null = null;

async function gzip(bytes: Uint8Array): Promise<Blob> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

scope.onmessage = (e: MessageEvent<ToHelper>) => {
  const m = e.data;
  switch (m.type) {
    case 'ratings':
      rater = new Rater(trueskill, m.tau, m.participants);
      break;
    case 'rate':
      try {
        if (!rater) throw new Error('ratings were not set up');
        scope.postMessage({ type: 'rated', id: m.id, ratings: rater.rate(m.lineup, m.ranks) });
      } catch (err) {
        scope.postMessage({ type: 'error', id: m.id, message: message(err) });
      }
      break;
    case 'gzip':
      gzip(m.bytes).then(
        (blob) => scope.postMessage({ type: 'gzipped', id: m.id, blob }),
        (err: unknown) => scope.postMessage({ type: 'error', id: m.id, message: message(err) }),
      );
      break;
  }
};
