// Continue from here: a live game from any frame of the replay shown, each seat played by its
// recorded moves, the person, a built-in bot or a bot module. The dialog's choices become
// `continue=` entries, as if the game's address had been opened, so one path sets up both.

import { Match } from '../../seats/match';
import { consentForSeats, raisedBudgets } from '../../seats/consent';
import { resolveEntry, uniqueName } from '../../seats/entries';
import { HumanSeat } from '../../seats/human-seat';
import { BotLibrary } from '../../bots/library';
import { SeatList } from '../../seats/seat-list';
import { WorkerSeat } from '../../seats/worker-seat';
import { setText } from '../../shell/page/dom';
import { errorMessage } from '../../shell/engine';
import type { FrameSource, MatchHost } from '../../shell/game';
import { downloadName } from '../../shell/page/loader';
import { forgetGame, loadKeptTurns, loadSavedGame } from '../../shell/page/resume';
import type { Seat } from '../../shell/seat';
import { buildSearch, type UrlState } from '../../shell/page/urlstate';
import type { HumanSlot, ReplayShown, WatchContext } from './context';
import { BUILTIN_BUDGETS, USER_BUDGETS, budgetsOf, restoreTurns } from './live-session';

type Budgets = Pick<UrlState, 'initMs' | 'turnMs'>;

export class ContinueDialog {
  private list: SeatList | null = null;
  private readonly library = new BotLibrary();

  constructor(private readonly ctx: WatchContext) {
    const d = ctx.ui.els.continueDialog;
    // Play keeps the dialog open while a seat has a problem (named in its row).
    d.querySelector('form')?.addEventListener('submit', (ev) => {
      if ((ev.submitter as HTMLButtonElement | null)?.value !== 'play' || !this.list) return;
      const { firstBad } = this.list.check();
      if (firstBad) {
        ev.preventDefault();
        firstBad.focus();
      }
    });
    d.addEventListener('close', () => {
      if (d.returnValue === 'play') void this.chosen();
    });
  }

  /** Opens the dialog that chooses who plays each seat from the current frame of the replay:
   * the recorded moves (before the last frame), the person, a built-in bot, a bot saved in this
   * browser, a bot file or a module URL (the seat list of every set-up). */
  async ask(): Promise<void> {
    const { ctx } = this;
    const c = ctx.current;
    if (c.kind !== 'replay') return;
    ctx.viewer.pause();
    const frame = ctx.viewer.frame;
    const src = c.opened.source;
    const builtins = (await ctx.module.bots()).filter((b) => !b.hidden);
    const e = ctx.ui.els;
    setText(e.continueTitle, `Continue from frame ${frame}`);
    const recorded = frame < src.numFrames - 1;
    const names = src.playerNames();
    this.list?.dispose();
    this.list = new SeatList({
      list: e.continueSeats,
      human: true,
      recorded,
      builtins,
      library: this.library,
      names,
      colours: names.map((_, seat) => ctx.viewer.paletteColours[seat + 1] ?? '#fff'),
    });
    // The recorded moves replay the rest exactly; at the last frame, the person against bots.
    this.list.set(names.map((_, k) => (recorded ? 'recorded' : k === 0 ? 'human' : (builtins[0]?.id ?? 'human'))));
    e.continueDialog.dataset.frame = String(frame);
    e.continueDialog.returnValue = '';
    e.continueDialog.showModal();
  }

  /** Starts the live game chosen in the dialog, from the frame it was opened at (the seats were
   * checked when Play was pressed). */
  private async chosen(): Promise<void> {
    const { ctx } = this;
    const c = ctx.current;
    if (c.kind !== 'replay' || !this.list) return;
    const frame = Number(ctx.ui.els.continueDialog.dataset.frame);
    await this.from(c, frame, this.list.entries, {});
  }

  /**
   * The seats of a continued game, from its entries (one per player, in seat order): the one place
   * where `continue=` entries, and the Continue dialog's choices, become seats. `recorded` plays
   * the replay's own moves; the others are `bots=` entries (`human`, a built-in bot,
   * `saved:<id>`, a module URL). Throws an Error that names a bad entry.
   */
  private async seats(src: FrameSource, entries: readonly string[], slot: HumanSlot | null, budgets: Budgets): Promise<{ seats: Seat[]; user: boolean; renamed: Map<number, string> } | null> {
    const module = this.ctx.module;
    const names = src.playerNames();
    const all = await module.bots();
    const builtins = new Map(all.map((b) => [b.id, b.name]));
    const unlisted = new Set(all.filter((b) => b.hidden).map((b) => b.id));
    const library = new BotLibrary();
    const choices = entries.map((entry) => (entry === 'recorded' ? null : resolveEntry(entry, builtins, library, location.href, unlisted)));
    const user = choices.some((c) => c?.kind === 'bot' && c.source.kind !== 'builtin');
    // Third-party bots (and the link's raised budgets with them) run only once the person agrees.
    const consent = await consentForSeats(
      choices.flatMap((c) => (c ? [c] : [])),
      raisedBudgets(budgets, user ? USER_BUDGETS : BUILTIN_BUDGETS),
    );
    if (!consent.run) return null;
    // A seat given to someone new carries their name from the first frame of the game on: the
    // person's is "You", a bot's its label (with its origin for a third-party bot), numbered if
    // another seat has it already ("Greedy 2").
    const renamed = new Map<number, string>();
    const current = names.slice();
    choices.forEach((choice, k) => {
      if (choice === null) return;
      const label = choice.kind === 'human' ? 'You' : choice.label;
      const name = uniqueName(label, current.filter((_, j) => j !== k));
      current[k] = name;
      renamed.set(k, name);
    });
    const seats = choices.map((choice, k): Seat => {
      if (choice === null) return module.recordedSeat(src, k, names[k]);
      if (choice.kind === 'human') {
        if (!slot) throw new Error('a game has one human seat');
        return new HumanSeat(current[k], () => slot.play);
      }
      return new WorkerSeat(module.id, choice.source, current[k], k + 1);
    });
    return { seats, user, renamed };
  }

  /** Continues the replay shown from `frame` with these seats (`continue=` entries). The game's
   * address is `?replay=<URL>&frame=N&continue=...`, so it can be bookmarked and shared; a human's
   * game is kept in the browser under that address (a reload brings it back at the same turn).
   * `started`: a fork begun early (from the address), used if it succeeded. */
  async from(c: ReplayShown, frame: number, entries: readonly string[], budgets: Budgets, fresh = false, started: Promise<MatchHost> | null = null): Promise<void> {
    const { ctx } = this;
    const { ui } = ctx;
    const module = ctx.module;
    const src = c.opened.source;
    const token = ctx.newLoad();
    // A fork started early (from the address) that this game does not use is freed.
    const drop = () => void started?.then((h) => h.dispose(), () => {});
    if (entries.length !== src.numPlayers) {
      drop();
      ui.showError(`continue= gives ${entries.length} seat${entries.length === 1 ? '' : 's'}, but this replay has ${src.numPlayers} players: give one entry per player, in seat order (the first is player 1).`);
      return;
    }
    if (frame < 0 || frame > src.numFrames - 1) {
      drop();
      ui.showError(`Could not continue from frame ${frame}: this replay has frames 0 to ${src.numFrames - 1}.`);
      return;
    }
    const humans = entries.flatMap((x, k) => (x === 'human' ? [k] : []));
    if (humans.length > 1) {
      drop();
      ui.showError('A game has one human seat (the others are bots or recorded moves).');
      return;
    }
    const link: UrlState | null = c.url ? { replay: c.url, frame, continue: [...entries], ...budgets } : null;
    const saveKey = link && humans.length === 1 ? `${location.pathname}${buildSearch(link)}` : null;
    const slot: HumanSlot | null = humans.length === 1 ? { seat: humans[0], play: null, saveKey } : null;
    ui.showProgress(`Setting up the game at frame ${frame}…`, null);
    let match: Match;
    let resumedAt = 0;
    try {
      const chosen = await this.seats(src, entries, slot, budgets);
      if (!chosen) {
        drop();
        if (ctx.isLoad(token)) {
          ui.hideProgress();
          ui.showError('Nothing was run: you chose not to run the bots from another site. Continue again with other seats, or watch the replay.');
        }
        return;
      }
      const { seats, user, renamed } = chosen;
      if (fresh && saveKey) await forgetGame(saveKey);
      const saved = saveKey && !fresh ? await loadSavedGame(saveKey) : null;
      let host;
      if (saved && !saved.finished && saved.frames > frame + 1) {
        drop();
        host = await module.forkMatch(saved.bytes, saved.frames - 1);
        resumedAt = saved.frames - 1;
      } else {
        // Whatever an earlier game under this address left goes.
        if (saveKey && saved) await forgetGame(saveKey);
        host = started ? await started.catch(() => module.forkMatch(c.opened.bytes, frame)) : await module.forkMatch(c.opened.bytes, frame);
      }
      if (!ctx.isLoad(token)) {
        host.dispose();
        return;
      }
      // The title, the players panel, the logs, the results and the replay name the new players.
      for (const [k, name] of renamed) if (host.source.playerNames()[k] !== name) host.setName(k, name);
      match = new Match(module, host, seats, budgetsOf(budgets, user ? USER_BUDGETS : BUILTIN_BUDGETS));
      if (saveKey && slot && saved && resumedAt > 0) {
        slot.keptTurns = saved.turns;
        restoreTurns(match, await loadKeptTurns(saveKey, resumedAt, seats.length));
      }
    } catch (err) {
      drop();
      if (ctx.isLoad(token)) {
        ui.hideProgress();
        ui.showError(`Could not continue from frame ${frame}: ${errorMessage(err)}`);
      }
      return;
    }
    ui.hideProgress();
    ctx.showLive({
      match,
      request: {},
      seed: 0,
      from: c.name,
      human: slot,
      link,
      // New game: the same seats from the same frame, afresh.
      restart: () => void this.from(c, frame, entries, budgets, true),
    });
    if (resumedAt > 0) ui.toast(`Your game is back at turn ${resumedAt}.`);
    if (!link) {
      ui.toast('This game has no link: a link needs the replay at a URL (put the file on a server, then open ?replay=URL). ', {
        label: 'Download the replay',
        run: () => void ui.saveBytes(c.opened.bytes, downloadName(c.name)),
      });
    }
  }
}
