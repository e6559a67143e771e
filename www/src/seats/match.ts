// A match, as the page sees it: its loop runs in the game's engine worker (shell/engine/match-loop.ts),
// which calls the game's built-in bots itself and asks the page, once a turn, for the answers only
// the page can give (a human, a lesson's script, a recorded seat). A bot in the bot host is
// started by the page, which then hands the loop its worker's port: the loop asks it its turns
// there, and the page only ends its worker and reports its crashes. This
// class keeps the seats the page built, decides where each runs, answers the worker for the
// page's seats, keeps their logs and drawings, and reports turns, names and ejections. A watched
// game plays at the viewer's pace: the page grants credit (`credit()`: how many frames the game
// may reach), so the worker never waits on a round trip while the viewer is ahead.

import { MAX_SHAPES, type Drawings, type Shape } from '../shell/drawings';
import type { EjectionKind, LoopSeat, LoopStats, PageAnswer } from '../shell/engine-protocol';
import type { GameModule, LoopHandle, MatchHost } from '../shell/game';
import type { Budgets, DirectBot, Forward, Seat, SeatAnswer } from '../shell/seat';
import { WorkerSeat } from './worker-seat';

export type { EjectionKind };

export interface MatchEvents {
  /** How many frames the game may reach now (the viewer's position and some frames ahead);
   * asked after every batch of turns and whenever `advanced` resolves. Without it: no limit. */
  credit?(): number;
  /** Resolves when `credit` may have grown (the display drew a frame). */
  advanced?(): Promise<void>;
  /** Turns were played (the game has more frames). */
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

/** A failed answer's kind, from the seat's reason (a WorkerSeat's "timed out (...)"). */
function failureKind(reason: string): EjectionKind {
  return /^timed out\b/.test(reason) ? 'timeout' : /^answered garbage\b/.test(reason) ? 'garbage' : 'error';
}

/** Where a seat runs: a built-in bot's WorkerSeat in the engine worker, anything else on the page. */
function placeOf(s: Seat): LoopSeat {
  if (s instanceof WorkerSeat && s.source.kind === 'builtin') return { kind: 'builtin', id: s.source.id, seed: s.seed };
  return { kind: 'page', bot: s.kind === 'bot', lenient: s.kind === 'script' };
}

export class Match {
  readonly ejections = new Map<number, Ejection>();
  /** What each seat logged, per turn: `logs[seat][turn]` (the start's log comes first in turn
   * 0's). Capped per turn by the seat. */
  readonly logs: string[][];
  /** What each seat drew on the map, per turn: `drawings[seat][turn]` (the start's with turn 0's). */
  readonly drawings: Drawings;
  private stopped = false;
  private finished = false;
  /** The events of the game being run (a resignation reports through them). */
  private events: MatchEvents | null = null;
  private loop: LoopHandle | null = null;
  private granted = 0;
  /** The hosted bots the loop asks on their ports, by seat. */
  private readonly direct = new Map<number, DirectBot>();
  private finish: (() => void) | null = null;
  /** Where the time of the game went, once it is over (measured in the engine worker). */
  stats: LoopStats | null = null;

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

  /** Plays the game to its end (or until stopped). `watch: false`: nobody watches it as it is
   * played, so its frames and series never reach the page (`host.source` keeps its first frame;
   * the standings, the turn, the ejections and the replay, `host.replayBytes`, are all there). */
  run(events: MatchEvents, opts: { watch?: boolean } = {}): Promise<void> {
    this.events = events;
    const host = this.host;
    const forward = this.seats.some((s) => s.wantsForward === true);
    this.granted = events.credit ? events.credit() : Infinity;
    return new Promise<void>((resolve) => {
      this.finish = resolve;
      this.loop = host.play(
        { seats: this.seats.map(placeOf), initMs: this.budgets.initMs, turnMs: this.budgets.turnMs, forward, credit: this.granted, width: host.source.width, height: host.source.height, watch: opts.watch !== false },
        {
          ask: (start, turn, seats, observations, fwd) => {
            for (const k of seats) this.answer(start, turn, k, observations[k] ?? null, fwd);
          },
          played: (ejected, notes) => {
            if (this.stopped) return;
            for (const n of notes) {
              this.keepLog(n.seat, n.turn, n.log);
              this.keepDrawings(n.seat, n.turn, n.drawings);
            }
            for (const e of ejected) this.ejected(e.seat, e.reason, e.kind, e.frame, e.line);
            events.onTurn();
            this.more();
          },
          overrun: (seat, turn, ms) => {
            if (!this.stopped) this.direct.get(seat)?.overrun(ms, turn);
          },
          ended: (error, stats) => {
            this.stats = stats;
            this.stopSeats();
            if (!this.stopped) {
              if (error !== null) events.onError(error);
              else events.onOver();
            }
            this.done();
          },
        },
      );
      // The viewer's pace: more credit each time it draws.
      if (events.advanced && events.credit) {
        const advanced = events.advanced.bind(events);
        void (async () => {
          while (!this.stopped && !this.finished) {
            await advanced();
            this.more();
          }
        })();
      }
    });
  }

  /** Grants the worker more frames when the page allows more. */
  private more(): void {
    const events = this.events;
    if (!events?.credit || this.stopped || !this.loop) return;
    const c = events.credit();
    if (c > this.granted) {
      this.granted = c;
      this.loop.credit(c);
    }
  }

  /** A page seat's start or turn, answered to the worker. */
  private answer(start: boolean, turn: number, k: number, obs: unknown, forward: Forward | null): void {
    const seat = this.seats[k];
    if (!seat || this.stopped) return;
    const at = start ? this.host.turn : turn;
    const asked: Promise<SeatAnswer> = start ? seat.start(k, this.budgets.initMs, obs, forward) : seat.act(obs, turn, this.budgets.turnMs, forward);
    void asked.then((a) => {
      if (this.stopped || this.finished) return;
      this.keepLog(k, at, a.log, start ? '--- start ---\n' : '');
      this.keepDrawings(k, at, a.drawings);
      if (start && a.ok && a.name) {
        this.host.setName(k, a.name);
        this.events?.onName?.(k, a.name);
      }
      let answer: PageAnswer;
      const direct = start && a.ok && seat.kind === 'bot' ? (seat.direct?.() ?? null) : null;
      if (direct) {
        this.direct.set(k, direct);
        direct.onFail((reason) => {
          if (!this.stopped && !this.finished) this.loop?.failed(k, reason, failureKind(reason));
        }, () => this.host.turn);
        answer = { ok: true, raw: null, port: direct.port };
      } else if (a.ok) answer = { ok: true, raw: start ? null : a.raw };
      else if (start) answer = { ok: false, eject: { reason: `failed to start: ${a.reason}`, kind: 'start', line: a.line } };
      else if (seat.kind === 'bot') answer = { ok: false, eject: { reason: a.reason, kind: failureKind(a.reason), line: a.line } };
      else answer = { ok: false };
      this.loop?.answer(turn, k, answer);
    });
  }

  private ejected(seat: number, reason: string, kind: EjectionKind, frame: number, line?: number): void {
    if (this.ejections.has(seat)) return;
    this.ejections.set(seat, line === undefined ? { reason, frame, kind } : { reason, frame, kind, line });
    this.seats[seat]?.stop();
    this.events?.onEject(seat, this.names[seat] ?? `Player ${seat + 1}`, reason, frame);
  }

  /** Seat `seat` gives up (a human's Resign): it leaves the game as an ejected bot does (its
   * pieces turn neutral in the next frame) and the game goes on without it. */
  resign(seat: number): void {
    if (!this.events || this.stopped || this.host.over) return;
    this.loop?.resign(seat);
  }

  private done(): void {
    this.finished = true;
    this.finish?.();
    this.finish = null;
  }

  private stopSeats(): void {
    for (const s of this.seats) s.stop();
  }

  /** Stops the game and its seats. The host stays readable (its owner disposes of it). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.loop?.halt();
    this.stopSeats();
    this.done();
  }
}
