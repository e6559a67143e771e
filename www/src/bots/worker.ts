// A bot's worker: one per seat. Receives `init` (which bot, its seed), answers `ready`; then for
// every `turn` runs the bot on the observation and answers its moves (or the error it threw).
// The page enforces the time budget by terminating this worker.

import { BOTS } from './builtin';
import type { Bot, FromWorker, ToWorker } from './protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;
let bot: Bot | null = null;

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
    const info = BOTS[msg.bot];
    if (!info) {
      send({ type: 'error', turn: -1, message: `no built-in bot named ${msg.bot}` });
      return;
    }
    bot = info.create(msg.seed);
    send({ type: 'ready' });
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
