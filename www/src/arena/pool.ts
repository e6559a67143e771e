// Plays an arena's games, a few at once. Each game is a match of its own: its rules and its loop
// in an engine worker (`module.startMatch`), each bot a WorkerSeat (a built-in bot is called in
// the engine worker itself), played as fast as it goes and unwatched (no frame of it reaches the
// page: its results come at its end, its replay from the engine worker's `save`). Games are
// independent: a bot ejected in one game is ejected there only. Cancelling stops every running
// game at once and starts no more.

import { Match } from '../seats/match';
import type { BotSource } from '../bots/messages';
import { WorkerSeat } from '../seats/worker-seat';
import { botMembers } from '../shell/engine/bot-extras';
import type { GameModule, MatchHost } from '../shell/game';
import { planGame, type ArenaConfig, type GamePlan } from './plan';
import type { GameRecord } from './results';

/** Who plays: a bot and the name it goes by in the results. */
export interface Participant {
  source: BotSource;
  name: string;
}

export interface PoolEvents {
  /** A game started (or failed to); `running` games are under way. */
  onStarted?(plan: GamePlan): void;
  /** A participant's bot named itself (a module's `name` export). */
  onName?(participant: number, name: string): void;
  /** A game finished (or failed: `record.error`), with its replay (null if it failed). */
  onGame(record: GameRecord, replay: Uint8Array | null): void;
}

interface Running {
  match: Match | null;
  host: MatchHost | null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A bot's seed in a game, from the game's seed and its seat (as the live game seeds them). */
export function botSeed(seed: number, seat: number): number {
  return (seed ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0;
}

export class ArenaPool {
  private cancelled = false;
  private next = 0;
  private readonly running = new Set<Running>();

  constructor(
    private readonly module: GameModule,
    private readonly config: ArenaConfig,
    private readonly participants: readonly Participant[],
    private readonly events: PoolEvents,
  ) {}

  /** Games under way now. */
  get active(): number {
    return this.running.size;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  /** Plays every game (until cancelled); resolves when the last one is over. */
  async run(): Promise<void> {
    const lanes = Math.max(1, Math.min(this.config.parallel, this.config.games));
    await Promise.all(Array.from({ length: lanes }, () => this.lane()));
  }

  /** Stops every running game at once (their workers are terminated); no more start. */
  cancel(): void {
    this.cancelled = true;
    for (const r of this.running) this.release(r);
    this.running.clear();
  }

  private async lane(): Promise<void> {
    while (!this.cancelled && this.next < this.config.games) {
      // Each game is set up in a task of its own (starting workers is not free), so starting
      // a run or a game never makes one long task of the page's main thread.
      await nextTask();
      // Another lane may have taken the last game meanwhile.
      if (this.cancelled || this.next >= this.config.games) return;
      const plan = planGame(this.config, this.next++);
      await this.play(plan);
    }
  }

  private release(r: Running): void {
    r.match?.stop();
    r.host?.dispose();
    r.match = null;
    r.host = null;
  }

  private async play(plan: GamePlan): Promise<void> {
    const c = this.config;
    const r: Running = { match: null, host: null };
    this.running.add(r);
    const names = plan.lineup.map((p) => this.participants[p].name);
    // Set by the match's callbacks.
    const end: { over: boolean; error: string | null } = { over: false, error: null };
    let replay: Uint8Array | null = null;
    let record: GameRecord | null = null;
    try {
      this.events.onStarted?.(plan);
      const host = await this.module.startMatch({ names, width: plan.width, height: plan.height, seed: plan.seed, fog: c.fog });
      if (this.cancelled) {
        host.dispose();
        return;
      }
      r.host = host;
      const seats = plan.lineup.map((p, seat) => new WorkerSeat(this.module.id, this.participants[p].source, names[seat], botSeed(plan.seed, seat)));
      const match = new Match(this.module, host, seats, c.budgets);
      r.match = match;
      await match.run({
        onTurn: () => {},
        onEject: () => {},
        onName: (seat, name) => this.events.onName?.(plan.lineup[seat], name),
        onOver: () => (end.over = true),
        onError: (m) => (end.error = m),
      }, { watch: false });
      if (this.cancelled) return;
      if (!end.over && end.error === null) end.error = 'the game stopped before its end';
      const results = host.results;
      record = {
        index: plan.index,
        seed: plan.seed,
        width: host.source.width,
        height: host.source.height,
        turns: host.turn,
        seats: plan.lineup.map((participant, seat) => {
          const s = results.find((x) => x.seat === seat);
          const ej = match.ejections.get(seat);
          return {
            participant,
            name: host.source.playerNames()[seat] ?? names[seat],
            rank: s?.rank ?? plan.lineup.length,
            ...(ej ? { ejection: { kind: ej.kind, reason: ej.reason, frame: ej.frame } } : {}),
          };
        }),
        ...(end.error !== null ? { error: end.error } : {}),
      };
      // Compressed in the engine's worker, by the game's own fast gzip where it has one
      // (Halite I's JSON: deflate level 3, about a quarter of the browser's level-6 gzip's time;
      // that gzip was most of the arena's CPU) or as the game writes it (Halite II's zstd).
      if (end.error === null) replay = await host.replayBytes(botMembers(match.logs, match.drawings), { gzip: true });
    } catch (e) {
      if (this.cancelled) return;
      end.error = e instanceof Error ? e.message : String(e);
    } finally {
      this.release(r);
      this.running.delete(r);
    }
    if (this.cancelled) return;
    record ??= {
      index: plan.index,
      seed: plan.seed,
      width: plan.width,
      height: plan.height,
      turns: 0,
      seats: plan.lineup.map((participant, seat) => ({ participant, name: names[seat], rank: 1 })),
      error: end.error ?? 'unknown error',
    };
    this.events.onGame(record, replay);
  }
}
