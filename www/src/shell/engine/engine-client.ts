// The page's side of a game's engine worker: requests answered by id, everything else an event,
// and one failure (the worker crashed, or was stopped) that rejects whatever is still waiting.
// Each game creates its own Worker (so the bundler finds the worker's script) and hands it here.

/** Messages from an engine worker: each has a type; answers carry the request's id; an
 * `error` message carries a message. */
export interface EngineAnswer {
  type: string;
}

/** Request ids, unique across clients. */
let nextId = 1;

export class EngineClient<To, From extends EngineAnswer> {
  private readonly waiting = new Map<number, { resolve: (m: From) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;
  /** Messages that answer no request (progress, results as they are computed, errors). */
  onEvent: (m: From) => void = () => {};

  constructor(private readonly worker: Worker) {
    this.worker.onmessage = (e: MessageEvent<From>) => {
      const m = e.data;
      const id = (m as { id?: unknown }).id;
      if (typeof id === 'number' && this.waiting.has(id)) {
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        if (m.type === 'error') w?.reject(new Error(String((m as { message?: unknown }).message)));
        else w?.resolve(m);
        return;
      }
      this.onEvent(m);
    };
    this.worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.fail(new Error(`the engine worker failed: ${e.message || 'unknown error'}`));
    };
  }

  private fail(e: Error, announce = true): void {
    if (this.failure) return;
    this.failure = e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
    if (announce) this.onEvent({ type: 'error', message: e.message } as unknown as From);
  }

  send(m: To, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }

  /** Sends `make(id)` and resolves with the answer of type `type` (an `error` answer rejects). */
  request<T extends From['type']>(make: (id: number) => To, type: T, transfer: Transferable[] = []): Promise<Extract<From, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        resolve: (m) => (m.type === type ? resolve(m as Extract<From, { type: T }>) : reject(new Error(`unexpected ${m.type}`))),
        reject,
      });
      this.send(make(id), transfer);
    });
  }

  /** Sends the first message of a match and waits for the event of type `type` that says it
   * started; an `error` event rejects and stops the worker. */
  awaitEvent<T extends From['type']>(first: To, type: T, transfer: Transferable[] = []): Promise<Extract<From, { type: T }>> {
    return new Promise<Extract<From, { type: T }>>((resolve, reject) => {
      this.onEvent = (ev) => {
        if (ev.type === type) resolve(ev as Extract<From, { type: T }>);
        else if (ev.type === 'error') reject(new Error(String((ev as { message?: unknown }).message)));
      };
      this.send(first, transfer);
    })
      .catch((e: unknown) => {
        this.terminate();
        throw e;
      })
      .finally(() => {
        this.onEvent = () => {};
      });
  }

  /** Lets go of the worker for another client, when nothing is waiting and it has not failed;
   * null otherwise. */
  detach(): Worker | null {
    if (this.failure || this.waiting.size > 0) return null;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.failure = new Error('stopped');
    this.onEvent = () => {};
    return this.worker;
  }

  /** Stops the worker; requests still waiting are rejected, no event is sent. */
  terminate(): void {
    this.worker.terminate();
    this.fail(new Error('stopped'), false);
  }
}

/** Every seat's checked action (numbers in an array or a typed array, or null) concatenated
 * into one typed array for the engine, in seat order. */
export function concatActions<A extends Uint32Array | Float64Array>(actions: readonly (unknown | null)[], make: (n: number) => A): A {
  const lists = actions.filter((a): a is ArrayLike<number> => Array.isArray(a) || ArrayBuffer.isView(a));
  let n = 0;
  for (const a of lists) n += a.length;
  const out = make(n);
  let k = 0;
  for (const a of lists) {
    out.set(a, k);
    k += a.length;
  }
  return out;
}
