// Where built-in bots run: a worker of the app's origin, whose script the registry provides
// (games/bot-worker.ts) so that seats need not know the games.

let factory: (() => Worker) | null = null;

/** Called by the registry when it loads. */
export function provideBuiltinBotWorker(make: () => Worker): void {
  factory = make;
}

/** A new worker for one built-in bot. */
export function builtinBotWorker(): Worker {
  if (!factory) throw new Error('built-in bots are not available here');
  return factory();
}
