// Live games: the home page's game between built-in bots, a game from the address's seats
// (`?bots=`, with consent for third-party bots), a human's game kept in the browser after every
// turn, and how a match is shown and played (its events reach the viewer, ejections are told,
// Resign, New game).

import { Match } from '../../seats/match';
import { consentForSeats, raisedBudgets } from '../../seats/consent';
import { resolveEntry, seatNames, type SeatChoice } from '../../seats/entries';
import { HumanSeat } from '../../seats/human-seat';
import { BotLibrary } from '../../bots/library';
import { WorkerSeat } from '../../seats/worker-seat';
import { setText } from '../../shell/page/dom';
import { errorMessage } from '../../shell/engine';
import type { GameModule } from '../../shell/game';
import { rng } from '../../shell/random';
import { forgetGame, loadKeptTurns, loadSavedGame, saveGame, type KeptTurn } from '../../shell/page/resume';
import { ORIGINAL_BUDGETS, type Budgets, type Seat } from '../../shell/seat';
import { buildSearch, type UrlState } from '../../shell/page/urlstate';
import { rememberLastGame } from '../../shell/page/last-game';
import { DEFAULT_GAME, loadGame } from '../../games/index';
import { nextRequest, type HumanSlot, type LiveRequest, type LiveShown, type ShowLive, type WatchContext } from './context';
import type { ResultOverlay } from './result';

/** Budgets of the home page's built-in bots (quick games), and of user bots (the original's). */
export const BUILTIN_BUDGETS: Budgets = { initMs: 5000, turnMs: 200 };
export const USER_BUDGETS: Budgets = ORIGINAL_BUDGETS;
const LIVE_FPS = 12;

/** The budgets of a game: the address's (null: no limit) over the base ones. */
export function budgetsOf(asked: Pick<UrlState, 'initMs' | 'turnMs'>, base: Budgets): Budgets {
  const pick = (v: number | null | undefined, d: number) => (v === null ? Infinity : (v ?? d));
  return { initMs: pick(asked.initMs, base.initMs), turnMs: pick(asked.turnMs, base.turnMs) };
}

/** Puts the logs and drawings kept of a game's turns back into its match. */
export function restoreTurns(match: Match, turns: readonly KeptTurn[]): void {
  for (const t of turns) {
    t.logs.forEach((l, seat) => {
      if (l && match.logs[seat]) match.logs[seat][t.turn] = l;
    });
    t.drawings.forEach((d, seat) => {
      if (d && d.length && match.drawings[seat]) match.drawings[seat][t.turn] = d;
    });
  }
}

/** The play page with bot `saved` open at `line`, its New game form keeping this game's set-up
 * (seats, seed, size, fog, budgets), so the game can be run again once the line is fixed. */
export function editorLink(game: string, request: LiveRequest, src: { width: number; height: number }, saved: string, line: number): string {
  const setup = request.bots ? buildSearch({ game, bots: request.bots, seed: request.seed, size: request.size ?? { width: src.width, height: src.height }, fog: request.fog, turnMs: request.turnMs, initMs: request.initMs }) : buildSearch({ game });
  return `?play${setup.replace(/^\?/, '&')}&bot=${encodeURIComponent(saved)}&line=${line}`;
}

/** What a finished live game was, for its badge: the person's, one with a bot of theirs (saved
 * in this browser, a file or a module URL), a replay continued, or the built-in bots' alone. */
export function finishedNote(match: Match, human: boolean, from: string | null): string {
  if (human) return 'The game you just played';
  const own = match.seats.some((s) => s instanceof WorkerSeat && s.source.kind !== 'builtin');
  if (own) return 'A game just played by the bots you chose';
  if (from) return `A game just played on from ${from}`;
  return 'A game just played by the built-in bots';
}

export class LiveSession {
  /** Saves of human games in flight, by key. */
  private readonly saving = new Map<string, { again: boolean }>();
  /** What is kept of each human game's turns' logs and drawings: the turns kept ([turn, bytes])
   * and the first turn not yet saved, by key. */
  private readonly keptTurns = new Map<string, { turns: [number, number][]; next: number }>();
  private resignTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: WatchContext,
    private readonly result: ResultOverlay,
  ) {}

  /** A new game with the same seats: a new map (a new seed), or, for a continued game, the same
   * frame afresh. The home page's game draws new seats too. */
  newGame(): void {
    const c = this.ctx.current;
    this.result.hide();
    if (c.kind === 'live' && c.restart) c.restart();
    else void this.start(nextRequest(c));
  }

  /** Resign, in two steps (a second press within 4 s confirms): the human's seat leaves the game. */
  resign(): void {
    const c = this.ctx.current;
    const e = this.ctx.ui.els;
    if (c.kind !== 'live' || !c.human || c.match.host.over) return;
    if (!this.resignTimer) {
      setText(e.resignLabel, 'Confirm resign');
      e.resign.setAttribute('aria-label', 'Confirm resign: press again to give up this game');
      e.resign.classList.add('confirming');
      this.resignTimer = setTimeout(() => this.resetResign(), 4000);
      return;
    }
    this.resetResign();
    e.resign.hidden = true;
    c.match.resign(c.human.seat);
  }

  private resetResign(): void {
    const e = this.ctx.ui.els;
    if (this.resignTimer) clearTimeout(this.resignTimer);
    this.resignTimer = null;
    setText(e.resignLabel, 'Resign');
    e.resign.setAttribute('aria-label', 'Resign');
    e.resign.classList.remove('confirming');
  }

  /** Sets up and shows a live game as `request` asks. */
  async start(request: LiveRequest): Promise<void> {
    const { ctx } = this;
    const { ui } = ctx;
    const token = ctx.newLoad();
    ui.hideProgress();
    this.result.hide();
    const seedBuf = new Uint32Array(1);
    crypto.getRandomValues(seedBuf);
    const seed = request.seed ?? (seedBuf[0] % 1_000_000_000) + 1;
    const r = rng(seed);
    const failed = (e: unknown) => {
      if (!ctx.isLoad(token)) return;
      // The loading state ends: the title says what happened, the banner why.
      if (ctx.current.kind === 'none') ui.setTitle('The game could not start');
      ui.showError(`Could not start a live game: ${errorMessage(e)}`);
    };
    let module: GameModule;
    try {
      module = await loadGame(request.game ?? DEFAULT_GAME);
    } catch (e) {
      failed(e);
      return;
    }
    let match: Match;
    let human: HumanSlot | null = null;
    let resumedAt = 0;
    try {
      const players = request.bots ? request.bots.length : 2 + Math.floor(r() * 3);
      const lineup = request.bots ?? (await module.lineup(players, r));
      const builtins = new Map((await module.bots()).filter((b) => !b.hidden || lineup.includes(b.id)).map((b) => [b.id, b.name]));
      // Seats: a human, built-in bots by name, bots saved in this browser, or bot modules by URL
      // (relative to the page).
      const library = new BotLibrary();
      const choices = lineup.map((entry) => resolveEntry(entry, builtins, library, location.href));
      const humans = choices.flatMap((c, k) => (c.kind === 'human' ? [k] : []));
      if (humans.length > 1) throw new Error('a game has one human seat (the others are bots)');
      if (choices.length < 2) throw new Error('a game needs at least two seats');
      // Third-party bots (and a link's raised budgets with them) run only once the person agrees.
      const base = choices.some((c) => c.kind === 'bot' && c.source.kind !== 'builtin') ? USER_BUDGETS : BUILTIN_BUDGETS;
      const consent = await consentForSeats(choices, raisedBudgets(request, base));
      if (!ctx.isLoad(token)) return;
      if (!consent.run) {
        this.declined(choices);
        return;
      }
      // Name seats after their bots, numbering repeats ("Expander", "Expander 2"); a module's
      // own `name` replaces its file name once it has started.
      const names = seatNames(choices.map((c) => (c.kind === 'bot' ? c.label : 'You')));
      // The seed goes into the address of a game with chosen seats, so a link (and a reload)
      // gives the same map.
      if (request.bots) request = { ...request, seed };
      if (humans.length === 1) human = { seat: humans[0], play: null, saveKey: `${location.pathname}${buildSearch(request)}` };
      const saved = human?.saveKey ? await loadSavedGame(human.saveKey) : null;
      const size = request.size ?? module.liveSize(r);
      // The play page's Run again plays this very game again (the same seats, seed and size).
      if (request.bots) rememberLastGame(module.id, { ...request, game: module.id, size });
      let host;
      if (saved && !saved.finished && saved.frames > 1) {
        host = await module.forkMatch(saved.bytes, saved.frames - 1);
        resumedAt = saved.frames - 1;
      } else {
        // Whatever an earlier game under this address left goes.
        if (human?.saveKey) await forgetGame(human.saveKey);
        host = await module.startMatch({ names, width: size.width, height: size.height, seed, fog: request.fog });
      }
      if (!ctx.isLoad(token)) {
        host.dispose();
        return;
      }
      const slot = human;
      const seats: Seat[] = choices.map((c, k) =>
        c.kind === 'human' && slot
          ? new HumanSeat(names[k], () => slot.play)
          : new WorkerSeat(module.id, c.kind === 'bot' ? c.source : { kind: 'builtin', id: 'random' }, names[k], (seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0),
      );
      match = new Match(module, host, seats, budgetsOf(request, base));
      if (human?.saveKey && saved && resumedAt > 0) {
        human.keptTurns = saved.turns;
        restoreTurns(match, await loadKeptTurns(human.saveKey, resumedAt, seats.length));
      }
    } catch (e) {
      failed(e);
      return;
    }
    ctx.switchModule(module);
    this.show({ match, request, seed, human });
    if (resumedAt > 0) ui.toast(`Your game is back at turn ${resumedAt}.`);
  }

  /** The person chose not to run a link's third-party bots: nothing of theirs runs, the page
   * says so and stays usable (Live game, Open, Samples). */
  private declined(choices: readonly SeatChoice[]): void {
    const { ui } = this.ctx;
    const c = this.ctx.current;
    if (c.kind === 'live') c.match.stop();
    const bots = choices.flatMap((c) => (c.kind === 'bot' && c.source.kind === 'url' ? [c.label] : []));
    ui.setTitle('No game started');
    setText(ui.els.meta, 'The link\u2019s bots were not run');
    ui.showError(`Nothing was run: you chose not to run ${bots.join(', ')}. Start a game with built-in bots with Live game, or open a replay.`);
  }

  /** Keeps a human's game in the browser after a turn (one save at a time; the newest wins): the
   * engine's replay, written and gzipped off the page's main thread, and the bots' logs and
   * drawings of the turns played since the last save, appended. */
  private saveProgress(match: Match, key: string): void {
    const state = this.saving.get(key);
    if (state) {
      state.again = true;
      return;
    }
    const entry = { again: false };
    this.saving.set(key, entry);
    const once = async (): Promise<void> => {
      const finished = match.host.over;
      if (finished) {
        this.keptTurns.delete(key);
        await forgetGame(key);
        return;
      }
      const kept = this.keptTurns.get(key) ?? { turns: [], next: 0 };
      const bytes = await match.host.replayBytes('', { gzip: true });
      const frames = match.host.source.numFrames;
      const added: KeptTurn[] = [];
      for (let turn = kept.next; turn < frames - 1; turn++) {
        added.push({ turn, logs: match.logs.map((l) => l[turn] ?? ''), drawings: match.drawings.map((d) => d[turn] ?? null) });
      }
      kept.turns = await saveGame(key, { bytes, frames, finished, savedAt: Date.now() }, kept.turns, kept.next, added);
      kept.next = Math.max(kept.next, frames - 1);
      this.keptTurns.set(key, kept);
    };
    const loop = async (): Promise<void> => {
      try {
        do {
          entry.again = false;
          await once();
        } while (entry.again);
      } catch {
        // Not kept (private browsing, quota): the game itself goes on.
      } finally {
        this.saving.delete(key);
      }
    };
    void loop();
  }

  /** Shows a match that has just been set up and plays it. */
  show(live: ShowLive): void {
    const { ctx } = this;
    const { ui } = ctx;
    const e = ui.els;
    const { match, request, seed } = live;
    const from = live.from ?? null;
    const human = live.human ?? null;
    const restart = live.restart ?? null;
    const shown: LiveShown = { kind: 'live', match, request, seed, from, human, link: live.link ?? null, restart };
    const host = match.host;
    const src = host.source;
    const names = () => src.playerNames();
    const viewer = () => ctx.viewer;
    ctx.replace(shown, () => {
      e.empty.hidden = true;
      viewer().show(src, { kind: 'live', names: names(), fogOfWar: request.fog }, { play: true, fps: request.speed ?? LIVE_FPS, frame: src.numFrames - 1 });
      viewer().setLogs(match.logs);
      viewer().setDrawings(match.drawings);
      if (human) human.play = viewer().attachHuman(human.seat, request.fog);
      e.continueBtn.hidden = true;
      e.debugBtn.hidden = false;
      // The home page's random game has Live game for another; a game with chosen seats (or a
      // continued one) has New game.
      e.newGame.hidden = !request.bots && !restart;
      this.resetResign();
      e.resign.hidden = !human || host.over;
    });
    ui.setSeatsTitle(names());
    const fog = request.fog !== undefined ? ` · ${ctx.module.fogName ?? 'fog'}, fog radius ${request.fog}` : '';
    const game = ctx.module.title;
    setText(e.meta, from ? `${game} · ${src.width}×${src.height} · ${src.numPlayers} players · continued from frame ${src.numFrames - 1} of ${from}` : `${game} · ${src.width}×${src.height} · ${src.numPlayers} players · seed ${seed}${fog}`);
    ui.setBadge('live', 'Live', 'A game being played now, each bot in its own worker');
    ui.setDownloads(true, ctx.module.gzipEnding);
    viewer().setStandings(host.results);
    ctx.scheduleUrlUpdate();

    // Turns from the one shown now are kept from the game's first save on (those before are kept
    // already, when the game was brought back).
    if (human?.saveKey) this.keptTurns.set(human.saveKey, { turns: (human.keptTurns ?? []).filter(([t]) => t < src.numFrames - 1), next: src.numFrames - 1 });
    const isCurrent = () => ctx.current === shown;
    void match.run({
      credit: () => (isCurrent() ? Math.ceil(viewer().playback.pos) + 7 : 0),
      advanced: () => viewer().nextFrame(),
      onTurn: () => {
        if (human?.saveKey) this.saveProgress(match, human.saveKey);
        if (!isCurrent()) return;
        viewer().framesAdded();
        viewer().setStandings(host.results);
      },
      onName: () => {
        if (!isCurrent()) return;
        viewer().setNames(names());
        ui.setSeatsTitle(names());
      },
      onEject: (seat, name, reason, frame) => {
        if (!isCurrent()) return;
        viewer().setEjections(match.ejections);
        const text = reason === 'resigned' ? `${name} (player ${seat + 1}) resigned.` : `${name} (player ${seat + 1}) was ejected at frame ${frame}: ${reason}.`;
        // A bot of this browser's that failed at a known line: a link to that line in the editor.
        const s = match.seats[seat];
        const line = match.ejections.get(seat)?.line;
        const saved = s instanceof WorkerSeat && s.source.kind === 'code' ? s.source.saved : undefined;
        if (saved && line) ui.toast(text, { text: `Open line ${line} in the editor`, href: editorLink(ctx.module.id, { ...request, seed: request.seed ?? seed }, src, saved, line) });
        else ui.toast(text);
      },
      onOver: () => {
        if (!isCurrent()) return;
        viewer().setLiveFinished();
        viewer().detachHuman();
        e.resign.hidden = true;
        viewer().setStandings(host.results);
        ui.setBadge('live', 'Live · finished', finishedNote(match, human !== null, from));
        this.result.waitForEnd(shown);
      },
      onError: (m) => {
        if (isCurrent()) ui.showError(`The live game stopped: ${m}`);
      },
    });
  }
}
