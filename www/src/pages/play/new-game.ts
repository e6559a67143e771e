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
    library: BotLibrary,
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

  /** Fills the form with the user against a saved bot, and brings it into view. */
  playAgainst(id: string): void {
    this.seats.set(['human', `saved:${id}`]);
    this.syncDisabled();
    const title = this.els.newTitle;
    title.scrollIntoView({ block: 'start', behavior: 'smooth' });
    title.focus({ preventScroll: true });
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
      this.startGame();
    });
  }

  private syncDisabled(): void {
    const e = this.els;
    e.width.disabled = e.height.disabled = e.sizeChoice.disabled = e.sizeRandom.checked;
    e.fog.disabled = !e.fogOn.checked;
    e.init.disabled = e.turn.disabled = e.noLimit.checked;
    this.seats.sync();
  }

  /** Checks the form; on success goes to the watch page with the game in the address. */
  private startGame(): void {
    const e = this.els;
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
      return;
    }
    const search = buildSearch(state);
    // The watch page reads the same address: every seat must come back from it as chosen.
    const back = parseUrlState(search).bots ?? [];
    if (back.length !== entries.length || back.some((b, k) => b !== (isBotUrl(entries[k]) ? entries[k] : entries[k].toLowerCase()))) {
      e.formError.textContent = 'One of the seats cannot be written in the game address; choose another bot for it.';
      e.formError.hidden = false;
      return;
    }
    this.beforeLeave();
    location.assign(`./${search}`);
  }
}
