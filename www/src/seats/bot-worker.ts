// A bot's worker: one per seat. Receives `init` (which game, which bot, its seed), loads that
// game's built-in bots and answers `ready`; then for every `turn` runs the bot on the
// observation and answers its moves (or the error it threw). The page enforces the time budget
// by terminating this worker.

import type { FromWorker, ToWorker } from './messages';

type BotFn = (obs: unknown) => unknown;

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;
let bot: BotFn | null = null;

/** Each game's built-in bots, loaded on demand. */
async function builtin(game: string, id: string, seed: number): Promise<BotFn | null> {
  if (game === 'halite1') {
    const m = await import(/* webpackChunkName: "halite1-bots" */ '../games/halite1/bots');
    const info = m.BOTS[id];
    return info ? (info.create(seed) as BotFn) : null;
  }
  return null;
}

function send(msg: FromWorker): void {
  try {
    scope.postMessage(msg);
  } catch (e) {
    // The answer could not be cloned (functions, symbols...): that is garbage too.
    const turn = msg.type === 'ready' ? -1 : msg.turn;
    scope.postMessage({ type: 'error', turn, message: `answer could not be sent: ${String(e)}` });
  }
}

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    builtin(msg.game, msg.bot, msg.seed).then(
      (b) => {
        if (!b) {
          send({ type: 'error', turn: -1, message: `no built-in bot named ${msg.bot}` });
          return;
        }
        bot = b;
        send({ type: 'ready' });
      },
      (err: unknown) => send({ type: 'error', turn: -1, message: err instanceof Error ? err.message : String(err) }),
    );
  } else if (msg.type === 'turn') {
    if (!bot) {
      send({ type: 'error', turn: msg.turn, message: 'bot not initialised' });
      return;
    }
    try {
      send({ type: 'moves', turn: msg.turn, moves: bot(msg.obs) });
    } catch (err) {
      send({ type: 'error', turn: msg.turn, message: err instanceof Error ? err.message : String(err) });
    }
  }
};
