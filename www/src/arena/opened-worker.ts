// Reads and checks a results.json off the main thread: the file's text, JSON.parse and every
// check run here, and the page receives the results in columns (typed arrays handed over, not
// copied), so a 10,000-game run costs the page one small message.

import { parseResults, RESULTS_LIMITS, ResultsError, transferables, type OpenedResults } from './opened';

export type ToOpened = { id: number; file: Blob };
export type FromOpened = { id: number; ok: true; results: OpenedResults; ms: number } | { id: number; ok: false; message: string };

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToOpened>) => void) | null;
  postMessage(message: FromOpened, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (e: MessageEvent<ToOpened>) => {
  const { id, file } = e.data;
  const t0 = performance.now();
  void (async () => {
    try {
      if (!(file instanceof Blob)) throw new ResultsError('no file was given');
      if (file.size > RESULTS_LIMITS.bytes) throw new ResultsError(`it is ${(file.size / (1024 * 1024)).toFixed(0)} MB: at most ${RESULTS_LIMITS.bytes / (1024 * 1024)} MB`);
      const results = parseResults(await file.text());
      scope.postMessage({ id, ok: true, results, ms: performance.now() - t0 }, transferables(results));
    } catch (err) {
      const message = err instanceof ResultsError ? err.message : `it could not be read (${err instanceof Error ? err.message : String(err)})`;
      scope.postMessage({ id, ok: false, message });
    }
  })();
};
