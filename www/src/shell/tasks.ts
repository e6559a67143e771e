// Yielding the thread between pieces of work.

/** Lets the thread run its other tasks (input, painting) first, without a timer's delay. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/** Resolves when the thread is idle (a frame drawn with time to spare and nothing else waiting),
 * or after `timeoutMs` at the latest; where the browser has no idle callbacks, after
 * `fallbackMs`. */
export function whenIdle(timeoutMs: number, fallbackMs = 0): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, fallbackMs);
  });
}
