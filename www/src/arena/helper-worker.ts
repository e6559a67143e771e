// The arena's helper worker: rates games with TrueSkill, so that the rating library (mathjs is
// large to load and its matrices slow to build) never runs on the page's main thread. Only the
// arena page starts it. (Replays come compressed from the engines' workers.)

import * as trueskill from 'ts-trueskill';
import type { FromHelper, ToHelper } from './helper-protocol';
import { MU, Rater, SIGMA } from './rating';
import type { RatingPoint } from './results';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToHelper>) => void) | null;
  postMessage(message: FromHelper): void;
}

const scope = self as unknown as WorkerScope;
let rater: Rater | null = null;
/** The history request being worked on (a newer one, or a cancel, replaces it). */
let historyId = 0;
/** Its next slice, run when the page says `history-go`. */
let nextSlice: (() => void) | null = null;

/** Rates opened results' games in order, in slices of about 40 ms, reporting progress after
 * each. The next slice waits for the page's `history-go`, which it sends once its thread is idle:
 * on two cores this worker would otherwise take the core the page's frames need while a person
 * scrolls and pages through the games. Between slices a newer request or a cancel is heard. */
function history(m: Extract<ToHelper, { type: 'history' }>): void {
  historyId = m.id;
  nextSlice = null;
  const r = new Rater(trueskill, m.tau, m.participants);
  const total = m.seats > 0 ? Math.floor(m.lineup.length / m.seats) : 0;
  const step = Math.max(1, Math.ceil(total / Math.max(1, m.points)));
  const out: RatingPoint[][] = Array.from({ length: m.participants }, () => [{ games: 0, mu: MU, sigma: SIGMA }]);
  let g = 0;
  const slice = () => {
    if (historyId !== m.id) return;
    try {
      const until = performance.now() + 40;
      for (; g < total && performance.now() < until; g++) {
        const lineup = Array.from(m.lineup.subarray(g * m.seats, (g + 1) * m.seats));
        const ranks = Array.from(m.ranks.subarray(g * m.seats, (g + 1) * m.seats));
        r.rate(lineup, ranks);
        if ((g + 1) % step === 0 || g + 1 === total)
          for (const p of new Set(lineup)) {
            const x = r.get(p);
            if (x) out[p].push({ games: g + 1, mu: x.mu, sigma: x.sigma });
          }
      }
    } catch (err) {
      scope.postMessage({ type: 'error', id: m.id, message: message(err) });
      return;
    }
    if (g < total) {
      nextSlice = slice;
      scope.postMessage({ type: 'history-progress', id: m.id, done: g, total });
      return;
    }
    const final = Array.from({ length: m.participants }, (_, p) => r.get(p) ?? { mu: MU, sigma: SIGMA });
    scope.postMessage({ type: 'history', id: m.id, history: out, final });
  };
  slice();
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
    case 'history':
      history(m);
      break;
    case 'history-go':
      if (m.id === historyId && nextSlice) {
        const slice = nextSlice;
        nextSlice = null;
        slice();
      }
      break;
    case 'history-cancel':
      historyId = 0;
      nextSlice = null;
      break;
  }
};
