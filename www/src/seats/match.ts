// The match loop: asks every seat for its action at once, checks each answer with the game
// module, ejects a seat that fails (as the original ejects a bot: the game goes on), and steps
// the game (which runs off the main thread). It does not know which kind of seat it drives.
// The game advances only when `canAdvance` says so, so a watched game plays at the viewer's speed.

import { MAX_SHAPES, type Drawings, type Shape } from '../shell/drawings';
import type { GameModule, MatchHost } from '../shell/game';
import type { Budgets, Seat } from '../shell/seat';

export interface MatchEvents {
  /** Whether another turn may be played now (the display has caught up). */
  canAdvance(): boolean;
  /** Resolves when `canAdvance` may have changed (the display drew a frame); without it the
   * loop checks again after 20 ms. */
  advanced?(): Promise<void>;
  /** A turn was played (the game has one more frame). */
  onTurn(): void;
  onEject(seat: number, name: string, reason: string, frame: number): void;
  /** A seat gave itself a name when it started (a bot module's `name` export). */
  onName?(seat: number, name: string): void;
  onOver(): void;
  onError(message: string): void;
}

export interface Ejection {
  reason: string;
  /** The first frame in which the seat's pieces are neutral. */
  frame: number;
  /** Why, for tallies: it overran its budget, threw (or crashed), answered something that is not
   * a list of moves, or failed to start (for any reason, its start budget included). */
  kind: EjectionKind;
  /** The line of the bot's source where it failed, when known. */
  line?: number;
}

export type EjectionKind = 'timeout' | 'error' | 'garbage' | 'start' | 'resigned';

/** A failed answer's kind, from the seat's reason (a WorkerSeat's "timed out (...)"). */
function failureKind(reason: string): EjectionKind {
  return /^timed out\b/.test(reason) ? 'timeout' : /^answered garbage\b/.test(reason) ? 'garbage' : 'error';
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Match {
  readonly ejections = new Map<number, Ejection>();
  /** What each seat logged, per turn: `logs[seat][turn]` (the start's log comes first in turn
   * 0's). Capped per turn by the seat. */
  readonly logs: string[][];
  /** What each seat drew on the map, per turn: `drawings[seat][turn]` (the start's with turn 0's). */
  readonly drawings: Drawings;
  private stopped = false;
  /** The events of the game being run (a resignation reports through them). */
  private events: MatchEvents | null = null;

  constructor(
    readonly module: GameModule,
    readonly host: MatchHost,
    readonly seats: Seat[],
    readonly budgets: Budgets,
  ) {
    this.logs = seats.map(() => []);
    this.drawings = seats.map(() => []);
  }

  private keepDrawings(seat: number, turn: number, shapes: Shape[] | undefined): void {
    if (!shapes || shapes.length === 0) return;
    const list = this.drawings[seat];
    if (!list) return;
    const had = list[turn];
    list[turn] = had ? [...had, ...shapes].slice(0, MAX_SHAPES) : shapes;
  }

  private keepLog(seat: number, turn: number, text: string | undefined, heading = ''): void {
    if (!text) return;
    const list = this.logs[seat];
    if (!list) return;
    list[turn] = (list[turn] ?? '') + heading + text;
  }

  get names(): string[] {
    return this.host.source.playerNames();
  }

  /** Plays the game to its end (or until stopped). */
  async run(events: MatchEvents): Promise<void> {
    this.events = events;
    const host = this.host;
    const ctx = { width: host.source.width, height: host.source.height };
    try {
      // Every seat starts with what it sees before the first turn, within the start budget.
      // Bots in the bot host get the engine's snapshot for their forward model each turn.
      const forward = this.seats.some((s) => s.wantsForward === true);
      const first = await host.observations({ forward });
      const atInit = host.turn === 0;
      const started = await Promise.all(this.seats.map((s, k) => s.start(k, this.budgets.initMs, first[k] ?? null, host.forward())));
      if (this.stopped) return;
      started.forEach((o, k) => {
        this.keepLog(k, host.turn, o.log, '--- start ---\n');
        this.keepDrawings(k, host.turn, o.drawings);
        if (o.ok && o.name) {
          host.setName(k, o.name);
          events.onName?.(k, o.name);
        }
        if (!o.ok) this.eject(k, `failed to start: ${o.reason}`, 'start', events, atInit, o.line);
      });
      while (!this.stopped && !host.over) {
        while (!this.stopped && !events.canAdvance()) await (events.advanced ? events.advanced() : sleep(20));
        if (this.stopped) return;
        const turn = host.turn;
        const observations = await host.observations({ forward });
        if (this.stopped) return;
        // Seats ejected before the first turn can end the game before it starts.
        if (host.over) break;
        const answers = await Promise.all(
          this.seats.map((s, k) => {
            const obs = observations[k];
            if (obs === null || obs === undefined || this.ejections.has(k)) return null;
            return s.act(obs, turn, this.budgets.turnMs, host.forward());
          }),
        );
        if (this.stopped) return;
        const actions: (unknown | null)[] = answers.map((a, k) => {
          if (a === null) return null;
          this.keepLog(k, turn, a.log);
          this.keepDrawings(k, turn, a.drawings);
          if (!a.ok) {
            if (this.seats[k].kind === 'bot') this.eject(k, a.reason, failureKind(a.reason), events, false, a.line);
            return null;
          }
          const c = this.module.checkAction(a.raw, k, ctx, this.seats[k].kind === 'script');
          if (!c.ok) {
            this.eject(k, `answered garbage: ${c.reason ?? 'not a list of moves'}`, 'garbage', events);
            return null;
          }
          return c.action ?? null;
        });
        // The step's answer brings the next turn's observations (one round trip a turn).
        await host.step(actions, { forward });
        if (this.stopped) return;
        events.onTurn();
      }
    } catch (e) {
      if (!this.stopped) events.onError(e instanceof Error ? e.message : String(e));
      this.stopSeats();
      return;
    }
    this.stopSeats();
    if (!this.stopped) events.onOver();
  }

  /** Ejects a seat: before the first turn (`atInit`, it failed to start) at once, otherwise
   * during the next turn (its pieces turn neutral in the next frame). */
  private eject(seat: number, reason: string, kind: EjectionKind, events: MatchEvents, atInit = false, line?: number): void {
    if (this.ejections.has(seat)) return;
    const frame = atInit ? 0 : this.host.source.numFrames;
    this.ejections.set(seat, line === undefined ? { reason, frame, kind } : { reason, frame, kind, line });
    this.host.eject(seat, atInit);
    this.seats[seat]?.stop();
    events.onEject(seat, this.names[seat] ?? `Player ${seat + 1}`, reason, frame);
  }

  /** Seat `seat` gives up (a human's Resign): it leaves the game as an ejected bot does (its
   * pieces turn neutral in the next frame) and the game goes on without it. */
  resign(seat: number): void {
    if (!this.events || this.stopped || this.host.over) return;
    this.eject(seat, 'resigned', 'resigned', this.events);
  }

  private stopSeats(): void {
    for (const s of this.seats) s.stop();
  }

  /** Stops the game and its seats. The host stays readable (its owner disposes of it). */
  stop(): void {
    this.stopped = true;
    this.stopSeats();
  }
}
