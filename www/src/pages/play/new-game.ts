// The play page's New game form: the game, its seats (the seat list of every set-up), the map
// (the sizes the game offers), the seed, fog where the game has it and the bots' budgets. Start
// checks every field, names each problem beside it, and goes to the watch page with the game in
// the address (the watch page reads that address, so a link gives the same game).

import { SeatList } from '../../seats/seat-list';
import type { BotLibrary } from '../../bots/library';
import { forgetTrusted, trustedOrigins } from '../../bots/consent-dialog';
import { el } from '../../shell/page/dom';
import type { BotInfo, GameId, GameModule } from '../../shell/game';
import { gameSearch, liveRules, seatsAllowed, sizeOffered, sizeText, type LiveRules } from '../../shell/page/live-setup';
import { DEFAULT_PALETTE } from '../../shell/palette';
import { rng } from '../../shell/random';
import { ORIGINAL_BUDGETS } from '../../shell/seat';
import { buildSearch, isBotUrl, parseUrlState, type UrlState } from '../../shell/page/urlstate';
import { lastGame } from '../../shell/page/last-game';
import { GAME_IDS } from '../../games/index';
import { DEFAULT_FOG, MAX_SEATS, MAX_SEED, MAX_SIDE, MIN_SEATS, MIN_SIDE, type PlayElements } from './markup';

export class NewGameForm {
  private readonly builtins: readonly BotInfo[];
  private readonly rules: LiveRules;
  private readonly seats: SeatList;

  /** `beforeLeave`: called before the page goes elsewhere (the editor saves what is typed). */
  constructor(
    private readonly root: HTMLElement,
    private readonly els: PlayElements,
    private readonly module: GameModule,
    builtins: readonly BotInfo[],
    /** Every game's id and title, for the game choice. */
    games: readonly { id: GameId; title: string }[],
    private readonly library: BotLibrary,
    private readonly beforeLeave: () => void,
  ) {
    this.builtins = builtins.filter((b) => !b.hidden);
    this.rules = liveRules(module, MIN_SEATS, MAX_SEATS);
    this.seats = new SeatList({
      list: els.seatList,
      human: true,
      builtins: this.builtins,
      library,
      colours: DEFAULT_PALETTE.colours.slice(1),
      grow: { rules: this.rules, add: els.addSeat, max: MAX_SEATS, entry: (k) => this.extraSeat(k) },
    });
    this.fillGameChoices(games);
    this.bindForm();
    this.renderTrusted();
  }

  /** Shows why the address (a game's link) could not start a game: one line per problem. */
  notice(problems: readonly string[]): void {
    const e = this.els;
    e.noticeList.replaceChildren(...problems.map((p) => el('li', { text: p })));
    e.notice.hidden = problems.length === 0;
  }

  /** Fills the form from the address (`?play&bots=...&seed=...`). */
  fill(search: string): void {
    const state = parseUrlState(search);
    const entries = state.bots && seatsAllowed(this.rules, state.bots.length) ? state.bots : this.defaultSeats();
    this.seats.set(entries);
    const e = this.els;
    if (state.size && sizeOffered(this.rules, state.size)) {
      e.sizeRandom.checked = false;
      e.width.value = String(state.size.width);
      e.height.value = String(state.size.height);
      e.sizeChoice.value = sizeText(state.size);
    }
    if (state.seed !== undefined) e.seed.value = String(state.seed);
    if (this.rules.fog && state.fog !== undefined && state.fog > 0) {
      e.fogOn.checked = true;
      e.fog.value = String(state.fog);
    }
    if (state.turnMs === null || state.initMs === null) e.noLimit.checked = true;
    if (typeof state.turnMs === 'number') e.turn.value = String(state.turnMs / 1000);
    if (typeof state.initMs === 'number') e.init.value = String(state.initMs / 1000);
    this.syncDisabled();
  }

  /** Starts a game at once: saved bot `id` against the game's sensible built-in opponent (its
   * second bot; the first is its strongest), on the form's map and seed (a random one when the
   * seed is empty). Resolves with why it did not start, or null. */
  playAgainst(id: string): Promise<string | null> {
    this.seats.set([`saved:${id}`, this.opponent()]);
    this.syncDisabled();
    return this.startGame();
  }

  /** What Run again does for saved bot `id`: run the last game again when the bot played in it
   * (the same seats, seed and size), else play it against the built-in opponent. */
  runPlan(id: string): { again: boolean; what: string } {
    const last = lastGame(this.module.id);
    if (last && last.state.bots?.includes(`saved:${id}`)) {
      const size = last.state.size ? ` · ${last.state.size.width}×${last.state.size.height}` : '';
      return { again: true, what: `${last.state.bots.map((e) => this.seatName(e)).join(' vs ')} · seed ${last.state.seed}${size}` };
    }
    // The form's game when the bot has a seat in it, else the bot against the built-in opponent.
    const seats = this.seats.entries.includes(`saved:${id}`) ? this.seats.entries : [`saved:${id}`, this.opponent()];
    return { again: false, what: `${seats.map((e) => this.seatName(e)).join(' vs ')} · ${this.els.seed.value.trim() ? `seed ${this.els.seed.value.trim()}` : 'a new map'}` };
  }

  /** Runs the last game again with saved bot `id`'s code as it is now (the form shows that game
   * and starts it), or, when the bot was not in it, plays the bot against the built-in opponent.
   * Resolves with why it did not start, or null. */
  runAgain(id: string): Promise<string | null> {
    const last = lastGame(this.module.id);
    if (!last || !last.state.bots?.includes(`saved:${id}`)) return this.seats.entries.includes(`saved:${id}`) ? this.startGame() : this.playAgainst(id);
    this.fill(last.search);
    return this.startGame();
  }

  /** A seat entry as people read it: "You", a built-in bot's name, a saved bot's name. */
  private seatName(entry: string): string {
    if (entry === 'human') return 'You';
    if (entry.startsWith('saved:')) return this.library.get(entry.slice(6))?.name ?? entry.slice(6);
    return this.builtins.find((b) => b.id === entry)?.name ?? entry;
  }

  /** The built-in bot a saved bot plays when nothing else is chosen. */
  private opponent(): string {
    const ids = this.builtins.map((b) => b.id);
    return ids[1] ?? ids[0] ?? 'human';
  }

  /** The first seat whose saved bot does not parse, in a sentence naming the bot, its seat and
   * the line; null when every one does. The editor marks the same error. */
  private async brokenBot(entries: readonly string[]): Promise<string | null> {
    if (!entries.some((e) => e.startsWith('saved:'))) return null;
    const { syntaxError } = await import(/* webpackChunkName: "syntax" */ '../../bots/syntax');
    for (const [k, entry] of entries.entries()) {
      if (!entry.startsWith('saved:')) continue;
      const bot = this.library.get(entry.slice(6));
      const err = bot ? syntaxError(bot.code) : null;
      if (bot && err) return `“${bot.name}” (seat ${k + 1}) has a syntax error at line ${err.line}, column ${err.column}: ${err.message}. Fix it in the editor, then start again.`;
    }
    return null;
  }

  /** The origins this browser trusts to run bots without asking, each with a Remove button. */
  private renderTrusted(): void {
    const box = this.root.querySelector<HTMLDetailsElement>('[data-part="trusted"]');
    const list = this.root.querySelector<HTMLUListElement>('[data-part="trusted-list"]');
    if (!box || !list) return;
    const origins = trustedOrigins();
    box.hidden = origins.length === 0;
    list.replaceChildren(
      ...origins.map((origin) => {
        const remove = el('button', { className: 'btn btn-small', text: 'Remove', attrs: { type: 'button', 'aria-label': `Stop trusting ${origin}` } });
        remove.addEventListener('click', () => {
          forgetTrusted(origin);
          this.renderTrusted();
        });
        return el('li', {}, [el('code', { text: origin }), remove]);
      }),
    );
  }

  /** You against the game's second built-in bot (its first is its strongest), or two bots. */
  private defaultSeats(): string[] {
    const ids = this.builtins.map((b) => b.id);
    const two = ['human', ids[1] ?? ids[0] ?? 'human'];
    const n = this.rules.playerCounts.find((c) => c >= 2) ?? this.rules.playerCounts[0] ?? 2;
    return [...two, ...Array.from({ length: Math.max(0, n - 2) }, (_, k) => this.extraSeat(2 + k))].slice(0, n);
  }

  /** The built-in bot that plays seat `k` (0-based) when seats are added: the game's bots in turn,
   * from its third. */
  private extraSeat(k: number): string {
    const ids = this.builtins.map((b) => b.id);
    return ids.length > 0 ? ids[k % ids.length] : 'human';
  }

  /** The game choice: changing it opens this page for the other game. */
  private fillGameChoices(games: readonly { id: GameId; title: string }[]): void {
    const select = this.els.game;
    select.replaceChildren(...games.map((g) => el('option', { text: g.title, attrs: { value: g.id } })));
    select.value = this.module.id;
    select.closest('.play-game')?.toggleAttribute('hidden', games.length < 2);
    select.addEventListener('change', () => {
      this.beforeLeave();
      location.assign(`./${gameSearch('play', select.value as GameId, GAME_IDS[0], location.search, ['bot'])}`);
    });
    const sizes = this.rules.sizes;
    if (sizes) {
      // A game with a list of sizes: a choice among them instead of free sides.
      this.els.sizeChoice.replaceChildren(...sizes.map((d) => el('option', { text: sizeText(d), attrs: { value: sizeText(d) } })));
      this.els.sizeChoice.hidden = false;
      for (const input of [this.els.width, this.els.height]) input.hidden = true;
      this.els.width.nextElementSibling?.setAttribute('hidden', '');
    }
    this.els.fogField.hidden = !this.rules.fog;
    this.els.fogField.querySelector('[data-part="fog-name"]')!.textContent = this.rules.fogName ?? 'Fog of war';
  }

  private bindForm(): void {
    const e = this.els;
    for (const input of [e.sizeRandom, e.fogOn, e.noLimit]) input.addEventListener('change', () => this.syncDisabled());
    e.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void this.startGame();
    });
  }

  private syncDisabled(): void {
    const e = this.els;
    e.width.disabled = e.height.disabled = e.sizeChoice.disabled = e.sizeRandom.checked;
    e.fog.disabled = !e.fogOn.checked;
    e.init.disabled = e.turn.disabled = e.noLimit.checked;
    this.seats.sync();
  }

  /** Checks the form; on success goes to the watch page with the game in the address. A seat
   * given to a saved bot that does not parse stops it, with the reason. Resolves with why the
   * game did not start (null: it did, or a field says what to fix). */
  private async startGame(): Promise<string | null> {
    const e = this.els;
    // What is typed in the editor counts: it is saved before the seats are checked.
    this.beforeLeave();
    const bad = (target: HTMLElement, box: HTMLElement, message: string) => {
      box.textContent = message;
      box.hidden = false;
      target.setAttribute('aria-invalid', 'true');
      firstBad ??= target;
    };
    for (const box of [e.sizeError, e.seedError, e.budgetError, e.formError]) box.hidden = true;
    for (const input of [e.width, e.height, e.seed, e.init, e.turn]) input.removeAttribute('aria-invalid');

    const seats = this.seats.check();
    const entries = seats.entries;
    let firstBad: HTMLElement | null = seats.firstBad;

    const state: UrlState = { game: this.module.id, bots: entries };
    const seedText = e.seed.value.trim();
    let seed: number;
    if (seedText === '') {
      const buf = new Uint32Array(1);
      crypto.getRandomValues(buf);
      seed = (buf[0] % 1_000_000_000) + 1;
    } else {
      seed = Number(seedText);
      if (!/^\d+$/.test(seedText) || !Number.isSafeInteger(seed) || seed < 1 || seed > MAX_SEED) {
        bad(e.seed, e.seedError, `The seed is a whole number from 1 to ${MAX_SEED}, or empty for a random one.`);
      }
    }
    state.seed = seed;
    if (e.sizeRandom.checked) {
      // A random size is chosen now so the address names the very game that is played.
      state.size = this.module.liveSize(rng(seed));
    } else if (this.rules.sizes) {
      state.size = this.rules.sizes.find((d) => sizeText(d) === e.sizeChoice.value) ?? this.rules.sizes[0];
    } else {
      const w = Number(e.width.value);
      const h = Number(e.height.value);
      const ok = (n: number) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE;
      if (!ok(w)) bad(e.width, e.sizeError, `Width and height are from ${MIN_SIDE} to ${MAX_SIDE}.`);
      if (!ok(h)) bad(e.height, e.sizeError, `Width and height are from ${MIN_SIDE} to ${MAX_SIDE}.`);
      state.size = { width: w, height: h };
    }
    if (this.rules.fog && e.fogOn.checked) {
      const r = Number(e.fog.value);
      state.fog = Number.isInteger(r) && r >= 1 && r <= 20 ? r : DEFAULT_FOG;
    }
    if (e.noLimit.checked) {
      state.initMs = null;
      state.turnMs = null;
    } else {
      const init = Math.round(Number(e.init.value) * 1000);
      const turn = Math.round(Number(e.turn.value) * 1000);
      const ok = (ms: number) => Number.isFinite(ms) && ms >= 10 && ms <= 600_000;
      if (!ok(init)) bad(e.init, e.budgetError, 'Times are from 0.01 s to 600 s.');
      if (!ok(turn)) bad(e.turn, e.budgetError, 'Times are from 0.01 s to 600 s.');
      // The original's budgets are the watch page's own for user bots: left out of the address.
      if (init !== ORIGINAL_BUDGETS.initMs || turn !== ORIGINAL_BUDGETS.turnMs) {
        state.initMs = init;
        state.turnMs = turn;
      }
    }
    if (firstBad) {
      (firstBad as HTMLElement).focus();
      return null;
    }
    const broken = await this.brokenBot(entries);
    if (broken) {
      e.formError.textContent = broken;
      e.formError.hidden = false;
      return broken;
    }
    const search = buildSearch(state);
    // The watch page reads the same address: every seat must come back from it as chosen.
    const back = parseUrlState(search).bots ?? [];
    if (back.length !== entries.length || back.some((b, k) => b !== (isBotUrl(entries[k]) ? entries[k] : entries[k].toLowerCase()))) {
      e.formError.textContent = 'One of the seats cannot be written in the game address; choose another bot for it.';
      e.formError.hidden = false;
      return e.formError.textContent;
    }
    this.beforeLeave();
    location.assign(`./${search}`);
    return null;
  }
}
