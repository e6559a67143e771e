// The page's side of the results reader worker (opened-worker.ts): one request at a time, a
// newer request making an older one's answer moot.

import type { FromOpened } from './opened-worker';
import type { OpenedResults } from './opened';

export class ResultsReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: { results: OpenedResults; ms: number }) => void; reject: (e: Error) => void }>();

  /** Reads and checks a results file in the worker. Rejects with the reason it cannot be shown. */
  read(file: Blob): Promise<{ results: OpenedResults; ms: number }> {
    const w = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      w.postMessage({ id, file });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./opened-worker.ts', import.meta.url));
    w.onmessage = (e: MessageEvent<FromOpened>) => {
      const m = e.data;
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if (m.ok) p.resolve({ results: m.results, ms: m.ms });
      else p.reject(new Error(m.message));
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      const err = new Error(`the results reader stopped (${e.message || 'worker error'})`);
      for (const p of this.waiting.values()) p.reject(err);
      this.waiting.clear();
      this.worker?.terminate();
      this.worker = null;
    };
    this.worker = w;
    return w;
  }
}
