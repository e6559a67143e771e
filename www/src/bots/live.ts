// A live game between built-in bots: the engine's GameHandle stepped with every seat's moves,
// each bot in its own worker under a time budget. A bot that fails is ejected (its pieces go
// neutral, as in the reference) and the game goes on. The game advances only when the display
// has caught up (`canAdvance`), so it plays at the viewer's speed.

import type { Engine, GameHandle } from '../engine';
import { BOTS } from './builtin';
import { BotRunner } from './host';
import type { Observation } from './protocol';

export interface LiveConfig {
  bots: string[];
  width: number;
  height: number;
  seed: number;
  /** Per-turn time budget of each bot, ms. */
  budgetMs: number;
  /** Time a bot's worker gets to start, ms. */
  initBudgetMs: number;
}

export interface LiveEvents {
  /** Whether the display is close enough to the newest frame for another turn to be played. */
  canAdvance(): boolean;
  /** A turn was played (the game has one more frame). */
  onTurn(): void;
  onEject(player: number, name: string, reason: string, frame: number): void;
  onOver(): void;
  onError(message: string): void;
}

export interface Ejection {
  reason: string;
  frame: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class LiveGame {
  readonly game: GameHandle;
  readonly config: LiveConfig;
  readonly names: string[];
  readonly ejections = new Map<number, Ejection>();
  private runners: BotRunner[] = [];
  private stopped = false;

  /** Throws (with the engine's message) if the configuration is refused. */
  constructor(engine: Engine, config: LiveConfig) {
    this.config = config;
    const unknown = config.bots.filter((b) => !BOTS[b]);
    if (unknown.length > 0) throw new Error(`no built-in bot named ${unknown.join(', ')}`);
    // Name seats after their bots, numbering repeats ("Expander", "Expander 2").
    const seen = new Map<string, number>();
    this.names = config.bots.map((b) => {
      const base = BOTS[b].name;
      const k = (seen.get(base) ?? 0) + 1;
      seen.set(base, k);
      return k === 1 ? base : `${base} ${k}`;
    });
    this.game = new engine.GameHandle({
      width: config.width,
      height: config.height,
      players: config.bots.length,
      seed: config.seed,
      playerNames: this.names,
    });
  }

  get over(): boolean {
    return this.game.isOver();
  }

  /** Plays the game to its end (or until stopped). */
  async run(events: LiveEvents): Promise<void> {
    const { width, height } = this.config;
    this.runners = this.config.bots.map((b, k) => new BotRunner(k + 1, b, width, height));
    const started = await Promise.all(
      this.runners.map((r, k) => r.init((this.config.seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0, this.config.initBudgetMs)),
    );
    if (this.stopped) return;
    started.forEach((o, k) => {
      if (!o.ok) this.eject(k + 1, `failed to start: ${o.reason}`, events, true);
    });
    try {
      while (!this.stopped && !this.game.isOver()) {
        while (!this.stopped && !events.canAdvance()) await sleep(20);
        if (this.stopped) return;
        const turn = this.game.turn;
        const asks = this.runners.map((r) => {
          const p = r.player;
          if (!r.alive || !this.game.isAlive(p)) return null;
          const seen = this.game.observation(p) as { owner: Uint8Array; strength: Uint8Array; production: Uint8Array };
          const obs: Observation = {
            width,
            height,
            myId: p,
            owner: seen.owner,
            strength: seen.strength,
            production: seen.production,
            turn,
          };
          return r.turn(obs, this.config.budgetMs);
        });
        const answers = await Promise.all(asks);
        if (this.stopped) return;
        const quads: number[] = [];
        answers.forEach((a, k) => {
          if (a === null) return;
          if (a.ok) {
            for (const q of a.quads) quads.push(q);
          } else {
            this.eject(k + 1, a.reason, events);
          }
        });
        this.game.step(Uint32Array.from(quads));
        events.onTurn();
      }
    } catch (e) {
      if (!this.stopped) events.onError(e instanceof Error ? e.message : String(e));
      this.stopRunners();
      return;
    }
    this.stopRunners();
    if (!this.stopped) events.onOver();
  }

  /** Ejects a seat: before the first turn (`atInit`, a bot that failed to start) at once,
   * otherwise during the next turn (its pieces turn neutral in the next frame). */
  private eject(player: number, reason: string, events: LiveEvents, atInit = false): void {
    if (this.ejections.has(player)) return;
    const frame = atInit ? 0 : this.game.numFrames;
    this.ejections.set(player, { reason, frame });
    if (atInit) this.game.ejectAtInit(player);
    else this.game.eject(player);
    this.runners[player - 1]?.terminate();
    events.onEject(player, this.names[player - 1] ?? `Player ${player}`, reason, frame);
  }

  private stopRunners(): void {
    for (const r of this.runners) r.terminate();
  }

  /** Stops the game and its workers. The GameHandle stays usable (and must be freed by the owner). */
  stop(): void {
    this.stopped = true;
    this.stopRunners();
  }
}
