// What the renderer and the viewer read a game from. Both engine handles (ReplayHandle for a
// replay, GameHandle for a live game) have this shape, so one viewer draws both.

/** Frame data lives in wasm memory; `owner`, `strength`, `moves` and `production` are views that
 * must be used at once and fetched again after any other call into the engine. */
export interface FrameSource {
  readonly width: number;
  readonly height: number;
  readonly numFrames: number;
  readonly numPlayers: number;
  owner(t: number): Uint8Array;
  strength(t: number): Uint8Array;
  production(): Uint8Array;
  moves(t: number): Uint8Array;
  series(name: string): Uint32Array;
  turnReport(t: number): unknown;
  fogView(t: number, player: number, radius: number): unknown;
  playerNames(): string[];
}

/** Per-player statistics of one turn. */
export interface PlayerTurnStats {
  damageToPlayers: number;
  damageToNeutral: number;
  overkill: number;
  damageTaken: number;
  production: number;
  capLoss: number;
  sitesCaptured: number;
  piecesLost: number;
}

/** The report of turn t (frame t -> t + 1). */
export interface TurnReport {
  players: PlayerTurnStats[];
  damageDealt: number[];
  damageTaken: number[];
}

/** What one player saw of a frame: copies, hidden sites neutral with 0 strength and production. */
export interface FogFrame {
  owner: Uint8Array;
  strength: Uint8Array;
  production: Uint8Array;
  visible: Uint8Array;
}

/** One line of the final (or current) standings. */
export interface Standing {
  tag: number;
  name: string;
  rank: number;
  lastFrameAlive: number;
  territory: number;
  territoryIntegral: number;
  alive: boolean;
  ejected: boolean;
}

export type VerifyResult =
  | { ok: true }
  | { ok: false; frame: number; message: string; site?: { x: number; y: number } };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Checks the shape of a fog view coming from the engine. */
export function asFogFrame(v: unknown, sites: number): FogFrame | null {
  if (!isObject(v)) return null;
  const { owner, strength, production, visible } = v;
  if (
    owner instanceof Uint8Array &&
    strength instanceof Uint8Array &&
    production instanceof Uint8Array &&
    visible instanceof Uint8Array &&
    owner.length === sites &&
    visible.length === sites
  ) {
    return { owner, strength, production, visible };
  }
  return null;
}

/** Checks the shape of a turn report coming from the engine. */
export function asTurnReport(v: unknown): TurnReport | null {
  if (!isObject(v)) return null;
  const { players, damageDealt, damageTaken } = v;
  if (Array.isArray(players) && Array.isArray(damageDealt) && Array.isArray(damageTaken)) {
    return v as unknown as TurnReport;
  }
  return null;
}

export function asStandings(v: unknown): Standing[] {
  if (!Array.isArray(v)) return [];
  return v.filter((s): s is Standing => isObject(s) && typeof s.tag === 'number' && typeof s.rank === 'number');
}

export function asVerifyResult(v: unknown): VerifyResult {
  if (isObject(v) && v.ok === true) return { ok: true };
  if (isObject(v) && v.ok === false) {
    const out: VerifyResult = {
      ok: false,
      frame: typeof v.frame === 'number' ? v.frame : 0,
      message: typeof v.message === 'string' ? v.message : 'the replay breaks the rules',
    };
    // Where on the map, when the engine says (a site mismatch or a move for a foreign site).
    const d = v.detail;
    if (isObject(d) && typeof d.x === 'number' && typeof d.y === 'number') out.site = { x: d.x, y: d.y };
    return out;
  }
  return { ok: false, frame: 0, message: 'the engine gave no verdict' };
}
