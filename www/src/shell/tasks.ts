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
