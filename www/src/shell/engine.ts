// A game's engine (Rust compiled to WebAssembly): each game has a package of its own (pkg/<id>/,
// only its rules), loaded on first use. The game gives its loader (games/<id>/engine.ts) in its
// facts (catalog.ts), so a page fetches only the engine of the game it shows. On the main thread
// an engine answers only small stateless questions (one frame's fog view, one turn's report);
// replays and games live in workers, each with an engine instance of its own. A game's other
// packages (its replay files, its lessons, the forward model bots get for `debug.simulate`:
// seats/engine-binary.ts fetches that binary itself) have loaders of the same kind.

/** What every game's wasm package offers (wasm-pack's `--target web` glue). */
export interface EnginePackage {
  /** Instantiates the binary at `module_or_path`; resolves with its exports. */
  default(init: { module_or_path: URL }): Promise<{ memory: WebAssembly.Memory }>;
}

/** Where a game's engine comes from: its package's glue code, and its binary's address (both
 * loaded on first use: the address is a module of its own, since `import.meta` exists only in
 * the bundle). */
export interface EngineSource<E extends EnginePackage> {
  glue(): Promise<E>;
  binaryUrl(): Promise<URL>;
}

/** One game's engine in this realm (the page or a worker), loaded once. */
export class EngineLoader<E extends EnginePackage> {
  private loading: Promise<E> | null = null;
  private loaded: E | null = null;
  private memory: WebAssembly.Memory | null = null;
  private bytes: Promise<ArrayBuffer | null> | null = null;

  constructor(private readonly source: EngineSource<E>) {}

  load(): Promise<E> {
    if (!this.loading) {
      this.loading = Promise.all([this.source.glue(), this.source.binaryUrl()])
        .then(async ([glue, url]) => {
          this.memory = (await glue.default({ module_or_path: url })).memory;
          return (this.loaded = glue);
        })
        .catch((e: unknown) => {
          this.loading = null;
          throw e;
        });
    }
    return this.loading;
  }

  /** The engine if it has loaded, else null (and it starts loading). The main thread needs it
   * only for small questions about one frame, so pages do not wait for it. */
  ifLoaded(): E | null {
    if (!this.loaded) void this.load().catch(() => {});
    return this.loaded;
  }

  /** The engine's binary itself (for bots' forward model), fetched once; null when it cannot be
   * had. */
  binary(): Promise<ArrayBuffer | null> {
    this.bytes ??= this.source
      .binaryUrl()
      .then((url) => fetch(url))
      .then((r) => (r.ok ? r.arrayBuffer() : null))
      .catch(() => null);
    return this.bytes;
  }

  /** Bytes of the loaded engine's memory (0 before it loads). */
  memoryBytes(): number {
    return this.memory?.buffer.byteLength ?? 0;
  }
}

/** The message of anything thrown (the engine throws Error with a precise message). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}
