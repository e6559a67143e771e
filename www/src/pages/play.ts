// The play page (`?play[&game=<id>]`): sets up a game against bots and keeps the user's own bots.
//   New game: the game (Halite I, Halite II...), its seats (each a SeatPicker; as many as the game
//   allows), the map (the sizes the game offers), the seed, Blitz fog where the game has it and
//   the bots' budgets; Start goes to the watch page with the game in the address.
//   My bots: the bots saved in this browser, a starter template, files picked or dropped on the
//   page, rename / delete / download, and the CodeMirror editor (loaded on demand) for one bot.
// A bot's code is only text on this page: it is stored and shown, never evaluated. It runs when a
// game gives it a seat, inside that seat's Worker, so a saved endless loop cannot freeze this page.

import { bindFileDrop } from '../shell/drop';
import { topbarHtml } from '../shell/nav';
import type { BotEditor, SaveState, SyntaxProblem } from '../bots/editor';
import { changedWhen, downloadBot, firstBotFile, renameInCode, saveBotFile } from '../seats/files';
import { loadEditor } from '../bots/load-editor';
import { BotLibrary, type SavedBot } from '../seats/library';
import { SeatList } from '../seats/seat-list';
import { DEFAULT_PALETTE } from '../shell/palette';
import { ORIGINAL_BUDGETS } from '../shell/seat';
import { forgetTrusted, trustedOrigins } from '../shell/consent';
import { el, setText } from '../shell/dom';
import { errorMessage } from '../shell/engine';
import type { BotInfo, GameId, GameModule } from '../shell/game';
import { rng } from '../shell/random';
import { gameFromSearch, gameSearch, liveRules, seatsAllowed, sizeOffered, sizeText, type LiveRules } from '../shell/live-setup';
import { GAME_CHOICES, GAME_IDS, loadGame } from '../games/index';
import { buildSearch, isBotUrl, parseUrlState, type UrlState } from '../shell/urlstate';

/** The page's bounds on seats; a game narrows them (`GameModule.playerCounts`). */
const MIN_SEATS = 1;
const MAX_SEATS = 6;
/** Map sides of a game that does not list its sizes. */
const MIN_SIDE = 20;
const MAX_SIDE = 50;
const MAX_SEED = 4_294_967_295;
const DEFAULT_FOG = 3;

const PAGE = `
  <a class="skip-link" href="#play-new-title" data-part="skip">Skip to the new game</a>
  ${topbarHtml({ page: 'play', title: 'Play', meta: 'Set up a game against bots, and write your own.' })}
  <main class="play-main">
    <div class="play-layout">
      <section class="card play-panel play-new" aria-labelledby="play-new-title">
        <h2 class="card-title" id="play-new-title" data-part="new-title" tabindex="-1">New game</h2>
        <div class="play-notice" data-part="notice" role="alert" hidden>
          <p class="play-notice-title">This address cannot start a game as it is. The form below holds what it could use:</p>
          <ul class="play-notice-list" data-part="notice-list"></ul>
        </div>
        <form class="play-form" data-part="form" novalidate>
          <div class="play-field play-game">
            <label class="play-field-name" for="play-game">Game</label>
            <select class="select" id="play-game" data-part="game"></select>
          </div>
          <fieldset class="play-fieldset">
            <legend class="field-label">Players</legend>
            <ol class="play-seats" data-part="seats"></ol>
            <button type="button" class="btn" data-part="add-seat">
              <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg>
              <span>Add a seat</span>
            </button>
          </fieldset>
          <fieldset class="play-fieldset play-grid">
            <legend class="field-label">Map</legend>
            <div class="play-field">
              <span class="play-field-name" id="play-size-label">Size</span>
              <div class="play-inline">
                <label class="play-check"><input type="checkbox" data-part="size-random" checked> Random</label>
                <input class="num" type="number" inputmode="numeric" min="${MIN_SIDE}" max="${MAX_SIDE}" value="30" data-part="width" aria-label="Map width (${MIN_SIDE} to ${MAX_SIDE})" aria-describedby="play-size-error" disabled>
                <span aria-hidden="true">×</span>
                <input class="num" type="number" inputmode="numeric" min="${MIN_SIDE}" max="${MAX_SIDE}" value="30" data-part="height" aria-label="Map height (${MIN_SIDE} to ${MAX_SIDE})" aria-describedby="play-size-error" disabled>
                <select class="select select-small" data-part="size-choice" aria-label="Map size" hidden disabled></select>
              </div>
              <p class="play-error" id="play-size-error" data-part="size-error" hidden></p>
            </div>
            <div class="play-field">
              <label class="play-field-name" for="play-seed">Seed</label>
              <input class="num play-seed" id="play-seed" type="text" inputmode="numeric" placeholder="random" autocomplete="off" data-part="seed" aria-describedby="play-seed-error">
              <p class="play-error" id="play-seed-error" data-part="seed-error" hidden></p>
            </div>
            <div class="play-field" data-part="fog-field">
              <span class="play-field-name" data-part="fog-name">Fog of war</span>
              <div class="play-inline">
                <label class="play-check"><input type="checkbox" data-part="fog-on"> Fog of war, radius</label>
                <input class="num num-small" type="number" inputmode="numeric" min="1" max="20" value="${DEFAULT_FOG}" data-part="fog" aria-label="Fog radius" disabled>
              </div>
            </div>
          </fieldset>
          <fieldset class="play-fieldset play-grid">
            <legend class="field-label">Time for each bot</legend>
            <div class="play-field">
              <label class="play-field-name" for="play-init">First turn (s)</label>
              <input class="num" id="play-init" type="number" inputmode="decimal" min="0.1" max="600" step="0.1" value="${ORIGINAL_BUDGETS.initMs / 1000}" data-part="init" aria-describedby="play-budget-error">
            </div>
            <div class="play-field">
              <label class="play-field-name" for="play-turn">Each turn (s)</label>
              <input class="num" id="play-turn" type="number" inputmode="decimal" min="0.01" max="600" step="0.1" value="${ORIGINAL_BUDGETS.turnMs / 1000}" data-part="turn" aria-describedby="play-budget-error">
            </div>
            <label class="play-check play-nolimit"><input type="checkbox" data-part="no-limit"> No limit (debugging)</label>
            <p class="play-error" id="play-budget-error" data-part="budget-error" hidden></p>
          </fieldset>
          <p class="play-error" data-part="form-error" role="alert" hidden></p>
          <div class="play-start">
            <button type="submit" class="btn btn-primary" data-part="start">
              <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4.5v15l12-7.5-12-7.5Z"/></svg>
              <span>Start</span>
            </button>
            <p class="card-note">The game plays on the watch page; a human seat plays there too.</p>
          </div>
        </form>
      </section>

      <section class="card play-panel play-bots" aria-labelledby="play-bots-title">
        <div class="card-head">
          <h2 class="card-title" id="play-bots-title">My bots</h2>
          <span class="card-note">kept in this browser</span>
        </div>
        <div class="play-toolbar">
          <button type="button" class="btn btn-primary" data-part="new-bot">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg>
            <span>New bot</span>
          </button>
          <label class="btn file-btn">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 7.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9.5a2 2 0 0 0-2-2h-6.5L9.5 5H6a2 2 0 0 0-2 2.5Z"/></svg>
            <span>Open file</span>
            <input type="file" class="visually-hidden" accept=".js,.mjs,text/javascript" data-part="open-file">
          </label>
          <span class="play-hint">or drop a <code>.js</code> file on the page</span>
        </div>
        <p class="play-status" data-part="bots-status" role="status"></p>
        <ul class="play-botlist" data-part="bot-list" aria-label="Saved bots"></ul>
        <p class="play-empty" data-part="bots-empty">No bots yet. Start one from the template with <b>New bot</b>, or open a bot module file.</p>
        <div class="play-editor-wrap" data-part="editor-wrap" hidden>
          <div class="play-editor-head">
            <h3 class="play-editor-title" data-part="editor-title"></h3>
            <span class="play-save" data-part="save-state" aria-live="polite"></span>
          </div>
          <div class="play-editor" data-part="editor"><p class="play-loading">Loading the editor…</p></div>
          <p class="play-problems" data-part="problems" hidden></p>
          <p class="play-hint play-keys"><kbd>Tab</kbd> indents · <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor · <kbd>Ctrl</kbd>+<kbd>S</kbd> saves now (it also saves as you type)</p>
          <p class="play-where">
            Your bot runs only when a game starts, in a worker of its own. What it writes with
            <code>console.log</code>, and any error it throws, shows in the game's <b>Bot logs</b> pane
            (beside the map), on the turn it happened; a bot that throws, answers garbage or runs out of
            time is ejected, with the reason beside its name in the players list.
          </p>
        </div>
        <details class="play-trusted" data-part="trusted" hidden>
          <summary>Sites trusted to run bots</summary>
          <p class="play-hint">Bots from these sites run without asking first (you chose <b>Always trust</b>). Bots from any other site ask before they run, once per tab.</p>
          <ul class="trusted-origins" data-part="trusted-list" aria-label="Sites trusted to run bots"></ul>
        </details>
      </section>
    </div>
  </main>
  <div class="drop-overlay" data-part="drop" hidden>
    <div class="drop-card">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      <p>Drop a bot to keep it</p>
      <p class="drop-hint">a JavaScript module (.js)</p>
    </div>
  </div>
  <dialog class="dialog" data-part="rename-dialog" aria-labelledby="play-rename-title">
    <form method="dialog" class="play-dialog-form">
      <div class="dialog-head">
        <h2 id="play-rename-title">Rename the bot</h2>
        <button type="button" class="btn btn-icon" data-part="rename-close" aria-label="Close">×</button>
      </div>
      <label class="play-field-name" for="play-rename-input">Name</label>
      <input class="num play-rename-input" id="play-rename-input" data-part="rename-input" maxlength="40" required autocomplete="off">
      <p class="dialog-note">The name is also set in the code's <code>export const name</code>, which names the bot in games.</p>
      <div class="result-actions">
        <button type="submit" value="ok" class="btn btn-primary">Rename</button>
        <button type="submit" value="cancel" class="btn" formnovalidate>Cancel</button>
      </div>
    </form>
  </dialog>
  <dialog class="dialog" data-part="delete-dialog" aria-labelledby="play-delete-title">
    <form method="dialog">
      <div class="dialog-head">
        <h2 id="play-delete-title" data-part="delete-title">Delete the bot?</h2>
      </div>
      <p class="dialog-note">Its code is removed from this browser. Download it first to keep a copy.</p>
      <div class="result-actions">
        <button type="submit" value="ok" class="btn btn-danger" data-part="delete-ok">Delete</button>
        <button type="submit" value="cancel" class="btn" autofocus>Cancel</button>
      </div>
    </form>
  </dialog>`;

function finder(root: Element) {
  return <T extends HTMLElement>(part: string): T => {
    const e = root.querySelector(`[data-part="${part}"]`);
    if (!e) throw new Error(`page markup is missing ${part}`);
    return e as T;
  };
}

export class PlayPage {
  private readonly library = new BotLibrary();
  private readonly builtins: readonly BotInfo[];
  private readonly rules: LiveRules;
  private readonly seats: SeatList;
  private editor: BotEditor | null = null;
  private selected: string | null = null;
  private readonly els;

  constructor(
    private readonly root: HTMLElement,
    private readonly module: GameModule,
    builtins: readonly BotInfo[],
    /** Every game's id and title, for the game choice. */
    games: readonly { id: GameId; title: string }[],
  ) {
    this.builtins = builtins.filter((b) => !b.hidden);
    this.rules = liveRules(module, MIN_SEATS, MAX_SEATS);
    root.innerHTML = PAGE;
    const q = finder(root);
    this.els = {
      newTitle: q<HTMLHeadingElement>('new-title'),
      game: q<HTMLSelectElement>('game'),
      sizeChoice: q<HTMLSelectElement>('size-choice'),
      fogField: q<HTMLDivElement>('fog-field'),
      form: q<HTMLFormElement>('form'),
      seatList: q<HTMLOListElement>('seats'),
      addSeat: q<HTMLButtonElement>('add-seat'),
      sizeRandom: q<HTMLInputElement>('size-random'),
      width: q<HTMLInputElement>('width'),
      height: q<HTMLInputElement>('height'),
      sizeError: q<HTMLParagraphElement>('size-error'),
      seed: q<HTMLInputElement>('seed'),
      seedError: q<HTMLParagraphElement>('seed-error'),
      fogOn: q<HTMLInputElement>('fog-on'),
      fog: q<HTMLInputElement>('fog'),
      init: q<HTMLInputElement>('init'),
      turn: q<HTMLInputElement>('turn'),
      noLimit: q<HTMLInputElement>('no-limit'),
      budgetError: q<HTMLParagraphElement>('budget-error'),
      formError: q<HTMLParagraphElement>('form-error'),
      notice: q<HTMLDivElement>('notice'),
      noticeList: q<HTMLUListElement>('notice-list'),
      newBot: q<HTMLButtonElement>('new-bot'),
      openFile: q<HTMLInputElement>('open-file'),
      status: q<HTMLParagraphElement>('bots-status'),
      botList: q<HTMLUListElement>('bot-list'),
      empty: q<HTMLParagraphElement>('bots-empty'),
      editorWrap: q<HTMLDivElement>('editor-wrap'),
      editorTitle: q<HTMLHeadingElement>('editor-title'),
      editorHost: q<HTMLDivElement>('editor'),
      saveState: q<HTMLSpanElement>('save-state'),
      problems: q<HTMLParagraphElement>('problems'),
      drop: q<HTMLDivElement>('drop'),
      renameDialog: q<HTMLDialogElement>('rename-dialog'),
      renameInput: q<HTMLInputElement>('rename-input'),
      renameClose: q<HTMLButtonElement>('rename-close'),
      deleteDialog: q<HTMLDialogElement>('delete-dialog'),
      deleteTitle: q<HTMLHeadingElement>('delete-title'),
    };
    this.seats = new SeatList({
      list: this.els.seatList,
      human: true,
      builtins: this.builtins,
      library: this.library,
      colours: DEFAULT_PALETTE.colours.slice(1),
      grow: { rules: this.rules, add: this.els.addSeat, max: MAX_SEATS, entry: (k) => this.extraSeat(k) },
    });
    this.fillGameChoices(games);
    this.bindForm();
    this.bindBots();
    this.bindDrop();
    this.library.onChange(() => this.renderBots());
    this.renderTrusted();
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

  /** Shows why the address (a game's link) could not start a game: one line per problem. */
  notice(problems: readonly string[]): void {
    const e = this.els;
    e.noticeList.replaceChildren(...problems.map((p) => el('li', { text: p })));
    e.notice.hidden = problems.length === 0;
  }

  /** Fills the form from the address (`?play&bots=...&seed=...`) and opens a bot. */
  start(search: string): void {
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
    const want = new URLSearchParams(search).get('bot');
    const bots = this.library.list();
    this.renderBots();
    const first = (want && bots.find((b) => b.id === want)) || bots[0];
    // `line=N` (a failed bot's link from a game): the editor opens at that line.
    const line = Number(new URLSearchParams(search).get('line'));
    if (first) void this.select(first.id, false).then(() => (line > 0 && this.editor?.botId === first.id ? this.editor.goToLine(line) : undefined));
  }

  // ------------------------------------------------------------------ new game

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
      this.editor?.saveNow();
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
    this.editor?.saveNow();
    location.assign(`./${search}`);
  }

  // ------------------------------------------------------------------ my bots

  private bindBots(): void {
    const e = this.els;
    e.newBot.addEventListener('click', () => this.newBot());
    e.openFile.addEventListener('change', () => {
      const f = e.openFile.files?.[0];
      e.openFile.value = '';
      if (f) void this.takeFile(f);
    });
    // Not a submit button: Enter in the name field submits with the form's first one, Rename.
    e.renameClose.addEventListener('click', () => e.renameDialog.close('cancel'));
    e.renameDialog.addEventListener('close', () => {
      const id = e.renameDialog.dataset.id ?? '';
      if (e.renameDialog.returnValue === 'ok' && id) this.rename(id, e.renameInput.value);
    });
    e.deleteDialog.addEventListener('close', () => {
      const id = e.deleteDialog.dataset.id ?? '';
      if (e.deleteDialog.returnValue === 'ok' && id) this.remove(id);
    });
  }

  private newBot(): void {
    const names = new Set(this.library.list().map((b) => b.name));
    let name = 'My bot';
    for (let k = 2; names.has(name); k++) name = `My bot ${k}`;
    try {
      const bot = this.library.create(name, renameInCode(this.module.starterBot, name), 'editor');
      this.say(`Created “${bot.name}” from the template.`);
      void this.select(bot.id, true);
    } catch (err) {
      this.say(`Could not create a bot: ${errorMessage(err)}`);
    }
  }

  private async takeFile(file: File): Promise<void> {
    try {
      const bot = await saveBotFile(this.library, file);
      this.say(`Saved ${file.name} as “${bot.name}”.`);
      await this.select(bot.id, false);
    } catch (err) {
      this.say(`Could not open ${file.name}: ${errorMessage(err)}`);
    }
  }

  private rename(id: string, raw: string): void {
    const name = raw.trim().slice(0, 40);
    const bot = this.library.get(id);
    if (!bot || !name) return;
    // Save what is typed first, so the rename edits the latest text.
    if (this.selected === id) this.editor?.saveNow();
    const latest = this.library.get(id) ?? bot;
    this.library.update(id, { name, code: renameInCode(latest.code, name) });
    if (this.selected === id) this.editor?.open(id);
    this.say(`Renamed to “${name}”.`);
  }

  private remove(id: string): void {
    const bot = this.library.get(id);
    if (!bot) return;
    if (this.selected === id) {
      this.editor?.open(null);
      this.selected = null;
    }
    this.library.remove(id);
    this.say(`Deleted “${bot.name}”.`);
    const next = this.library.list()[0];
    if (next) void this.select(next.id, false);
    else this.showEditor(null);
    // The deleted bot's button is gone: focus goes to the next bot, or to New bot.
    (this.els.botList.querySelector<HTMLElement>('[data-action="edit"]') ?? this.els.newBot).focus();
  }

  /** Fills the New game panel with the user against this bot. */
  private playAgainst(id: string): void {
    this.seats.set(['human', `saved:${id}`]);
    this.syncDisabled();
    const title = this.els.newTitle;
    title.scrollIntoView({ block: 'start', behavior: 'smooth' });
    title.focus({ preventScroll: true });
  }

  /** Opens a saved bot in the editor (loading the editor the first time). */
  private async select(id: string, focus: boolean): Promise<void> {
    this.selected = id;
    this.renderBots();
    this.showEditor(this.library.get(id));
    try {
      const editor = await this.ensureEditor();
      if (this.selected !== id) return;
      if (editor.botId !== id) editor.open(id);
      if (focus) {
        // On a phone the editor is below the list: bring it into view with the caret.
        this.els.editorWrap.scrollIntoView({ block: 'nearest' });
        editor.focus();
      }
    } catch (err) {
      this.els.editorHost.replaceChildren(el('p', { className: 'play-error', text: `The editor could not load: ${errorMessage(err)}` }));
    }
    this.rememberSelection(id);
  }

  private showEditor(bot: SavedBot | null): void {
    const e = this.els;
    e.editorWrap.hidden = bot === null;
    if (bot) setText(e.editorTitle, bot.name);
  }

  private async ensureEditor(): Promise<BotEditor> {
    if (this.editor) return this.editor;
    const { BotEditor } = await loadEditor();
    if (this.editor) return this.editor;
    this.els.editorHost.replaceChildren();
    this.editor = new BotEditor(this.els.editorHost, {
      library: this.library,
      label: 'Code of the bot',
      onSave: (s) => this.showSave(s),
      onProblems: (p) => this.showProblems(p),
    });
    // The empty editor is laid out and painted before it is given a text to highlight.
    await new Promise((r) => setTimeout(r, 0));
    return this.editor;
  }

  private showSave(s: SaveState): void {
    const box = this.els.saveState;
    box.dataset.state = s.state;
    setText(box, s.state === 'pending' ? 'Editing…' : s.state === 'saved' ? `Saved ${changedWhen(s.at)}` : `Not saved: ${s.message}`);
  }

  private showProblems(p: readonly SyntaxProblem[]): void {
    const box = this.els.problems;
    box.hidden = p.length === 0;
    if (p.length > 0) {
      const first = p[0];
      setText(box, `Syntax error at line ${first.line}, column ${first.column}: ${first.message}. The bot will not load until it is fixed.`);
    }
  }

  /** Keeps the open bot in the address, so a reload comes back to it. */
  private rememberSelection(id: string): void {
    const q = new URLSearchParams(location.search);
    q.set('bot', id);
    const search = `?${q.toString().replace(/=(&|$)/g, '$1')}`;
    if (search !== location.search) {
      try {
        history.replaceState(null, '', `${location.pathname}${search}${location.hash}`);
      } catch {
        // Some embedders forbid history changes; the page still works.
      }
    }
  }

  private renderBots(): void {
    const e = this.els;
    const bots = this.library.list();
    e.empty.hidden = bots.length > 0;
    e.botList.hidden = bots.length === 0;
    const now = Date.now();
    // The list is rebuilt on every change (an autosave too): keyboard focus stays on its button.
    const active = document.activeElement instanceof HTMLElement && e.botList.contains(document.activeElement) ? document.activeElement.dataset : null;
    const keep = active ? { id: active.id ?? '', action: active.action ?? '' } : null;
    e.botList.replaceChildren(...bots.map((b) => this.botItem(b, now)));
    if (keep) {
      const again = [...e.botList.querySelectorAll<HTMLElement>('[data-action]')].find((b) => b.dataset.id === keep.id && b.dataset.action === keep.action);
      again?.focus();
    }
    const open = bots.find((b) => b.id === this.selected);
    if (open) setText(e.editorTitle, open.name);
  }

  private botItem(b: SavedBot, now: number): HTMLLIElement {
    const isOpen = b.id === this.selected;
    const open = el('button', {
      className: 'play-bot-open',
      attrs: { type: 'button', 'aria-current': isOpen ? 'true' : 'false', 'aria-label': `Edit ${b.name}`, 'data-id': b.id, 'data-action': 'edit' },
    }, [
      el('span', { className: 'play-bot-name', text: b.name }),
      el('span', { className: 'play-bot-meta', text: `${b.origin === 'file' ? 'from a file' : 'written here'} · changed ${changedWhen(b.updated, now)}` }),
    ]);
    open.addEventListener('click', () => void this.select(b.id, true));
    const action = (label: string, text: string, f: () => void, cls = 'btn') => {
      const btn = el('button', { className: `${cls} play-bot-action`, text, attrs: { type: 'button', 'aria-label': `${label} ${b.name}`, 'data-id': b.id, 'data-action': label } });
      btn.addEventListener('click', f);
      return btn;
    };
    const actions = el('div', { className: 'play-bot-actions' }, [
      action('Play against', 'Play against it', () => this.playAgainst(b.id), isOpen ? 'btn btn-primary' : 'btn'),
      action('Rename', 'Rename', () => {
        this.els.renameDialog.dataset.id = b.id;
        this.els.renameInput.value = b.name;
        this.els.renameDialog.returnValue = '';
        this.els.renameDialog.showModal();
        this.els.renameInput.select();
      }),
      action('Download', 'Download', () => {
        if (this.selected === b.id) this.editor?.saveNow();
        downloadBot(this.library.get(b.id) ?? b);
      }),
      action('Delete', 'Delete', () => {
        this.els.deleteDialog.dataset.id = b.id;
        setText(this.els.deleteTitle, `Delete “${b.name}”?`);
        this.els.deleteDialog.returnValue = '';
        this.els.deleteDialog.showModal();
      }),
    ]);
    return el('li', { className: `play-bot${isOpen ? ' open' : ''}` }, [open, actions]);
  }

  private say(text: string): void {
    setText(this.els.status, text);
  }

  // ------------------------------------------------------------------ dropping files

  private bindDrop(): void {
    bindFileDrop(this.els.drop, (files) => {
      const f = firstBotFile(files);
      if (f) void this.takeFile(f);
      else if (files && files.length > 0) this.say(`${files[0].name} is not a bot module: drop a JavaScript file (.js).`);
    });
  }
}


/** Mounts the play page on `root`. */
export async function mount(root: HTMLElement, search: string, problems: readonly string[] = []): Promise<PlayPage> {
  const id = gameFromSearch(search, GAME_IDS, GAME_IDS[0]);
  // Only the chosen game's module is loaded; the game choice lists the others by title.
  const module = await loadGame(id);
  document.title = `Play — ${module.title}`;
  const page = new PlayPage(root, module, await module.bots(), GAME_CHOICES);
  page.start(search);
  page.notice(problems);
  return page;
}
