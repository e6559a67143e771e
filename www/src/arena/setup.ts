// The arena's set-up form: the game, its seats (2 to 6, as many as the game allows; each a
// SeatPicker: built-in bots, bots saved in this browser, a bot file or a module URL), the map size
// (fixed, or a range of square sides; for a game with its own sizes, one of them or any drawn per
// game), the first seed, fog where the game has it, the number of games, games at once, seat
// order, the bots' budgets and TrueSkill's τ. Mounted on the element it is given; finds its parts
// by data-part.

import { SeatList } from '../seats/seat-list';
import type { BotLibrary } from '../bots/library';
import { ORIGINAL_BUDGETS } from '../shell/seat';
import { el } from '../shell/page/dom';
import type { BotInfo, GameId } from '../shell/game';
import { sizeText, type LiveRules } from '../shell/page/live-setup';
import { checkConfig, LIMITS, type ArenaConfig, type SeatOrder } from './plan';
import type { ArenaQuery } from './url';

const FORM = `
  <form class="arena-form" data-part="form" novalidate>
    <label class="arena-field arena-game" data-part="game-field"><span class="field-label">Game</span>
      <select class="select select-small" data-part="game"></select></label>
    <fieldset class="arena-fieldset">
      <legend class="arena-legend">Seats</legend>
      <ol class="arena-seats" data-part="seats"></ol>
      <button type="button" class="btn arena-add" data-part="add-seat">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg><span>Add a seat</span>
      </button>
    </fieldset>
    <fieldset class="arena-fieldset">
      <legend class="arena-legend">Games</legend>
      <div class="arena-fields">
        <label class="arena-field"><span class="field-label">Games</span>
          <input class="num" data-part="games" type="number" inputmode="numeric" min="${LIMITS.games.min}" max="${LIMITS.games.max}" step="1" required></label>
        <label class="arena-field"><span class="field-label">First seed</span>
          <input class="num" data-part="seed" type="number" inputmode="numeric" min="${LIMITS.seed.min}" step="1" placeholder="random"></label>
        <label class="arena-field"><span class="field-label">Map</span>
          <select class="select select-small" data-part="size-kind">
            <option value="range">Random square</option>
            <option value="choice" hidden>Random size</option>
            <option value="fixed">Fixed size</option>
          </select></label>
        <label class="arena-field arena-size" data-part="size-list-field" hidden><span class="field-label">Size</span>
          <select class="select select-small" data-part="size-list"></select></label>
        <div class="arena-field arena-size" data-part="size-range" role="group" aria-label="Square side range">
          <span class="field-label" aria-hidden="true">Side</span>
          <span class="arena-pair">
            <input class="num" data-part="side-min" type="number" inputmode="numeric" min="${LIMITS.side.min}" max="${LIMITS.side.max}" aria-label="Smallest side">
            <span aria-hidden="true">–</span>
            <input class="num" data-part="side-max" type="number" inputmode="numeric" min="${LIMITS.side.min}" max="${LIMITS.side.max}" aria-label="Largest side">
          </span>
        </div>
        <div class="arena-field arena-size" data-part="size-fixed" role="group" aria-label="Map size" hidden>
          <span class="field-label" aria-hidden="true">Width × height</span>
          <span class="arena-pair">
            <input class="num" data-part="width" type="number" inputmode="numeric" min="${LIMITS.side.min}" max="${LIMITS.side.max}" aria-label="Map width">
            <span aria-hidden="true">×</span>
            <input class="num" data-part="height" type="number" inputmode="numeric" min="${LIMITS.side.min}" max="${LIMITS.side.max}" aria-label="Map height">
          </span>
        </div>
        <label class="arena-field" data-part="fog-field"><span class="field-label" data-part="fog-label">Fog radius</span>
          <input class="num" data-part="fog" type="number" inputmode="numeric" min="${LIMITS.fog.min}" max="${LIMITS.fog.max}" step="1" placeholder="off"></label>
        <label class="arena-field arena-order"><span class="field-label">Seat order</span>
          <select class="select select-small" data-part="order" title="Who takes which spawn from one game to the next">
            <option value="rotate">Rotate each game</option>
            <option value="shuffle">Shuffle each game</option>
            <option value="fixed">Fixed</option>
          </select></label>
        <label class="arena-field"><span class="field-label">Games at once</span>
          <input class="num" data-part="parallel" type="number" inputmode="numeric" min="${LIMITS.parallel.min}" max="${LIMITS.parallel.max}" step="1"></label>
      </div>
    </fieldset>
    <details class="arena-more" data-part="more">
      <summary>Budgets and rating</summary>
      <div class="arena-fields">
        <label class="arena-field"><span class="field-label">Start budget (s)</span>
          <input class="num" data-part="init-s" type="number" inputmode="decimal" min="${LIMITS.initMs.min / 1000}" max="${LIMITS.initMs.max / 1000}" step="any"></label>
        <label class="arena-field"><span class="field-label">Turn budget (ms)</span>
          <input class="num" data-part="turn-ms" type="number" inputmode="numeric" min="${LIMITS.turnMs.min}" max="${LIMITS.turnMs.max}" step="1"></label>
        <label class="arena-field"><span class="field-label">TrueSkill τ</span>
          <input class="num" data-part="tau" type="number" inputmode="decimal" min="${LIMITS.tau.min}" max="${LIMITS.tau.max}" step="any"></label>
      </div>
      <p class="arena-hint">The original allowed 30 s to start and 1.5 s a turn. τ = 0 suits fixed programs; the original ladder used 25/300 ≈ 0.083, which lets ratings keep moving.</p>
    </details>
    <p class="arena-error" data-part="form-error" role="alert" hidden></p>
    <div class="arena-buttons">
      <button type="submit" class="btn btn-primary" data-part="start">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5v14l11-7z" fill="currentColor" stroke="none"/></svg><span>Start the arena</span>
      </button>
    </div>
  </form>`;

/** What the form holds: a configuration (its seed null when left to chance), or what is wrong. */
export type FormResult = { ok: true; config: Omit<ArenaConfig, 'seed'> & { seed: number | null } } | { ok: false; message: string };

export interface SetupOptions {
  builtins: readonly BotInfo[];
  library: BotLibrary;
  /** Participant colours, by seat row. */
  colours: readonly string[];
  initial: ArenaQuery;
  defaultParallel: number;
  /** The game played and every game's title (the choice reloads the page for another game). */
  game: GameId;
  games: readonly { id: GameId; title: string }[];
  /** What the game allows: seat counts, map sizes, fog. */
  rules: LiveRules;
}

export class SetupForm {
  onStart: () => void = () => {};
  /** Called when another game is chosen. */
  onGame: (game: GameId) => void = () => {};
  /** Called when the seats change (their number or a choice). */
  onSeatsChange: () => void = () => {};

  private readonly q: <T extends HTMLElement>(part: string) => T;
  private readonly seats: SeatList;
  private readonly form: HTMLFormElement;

  constructor(
    root: HTMLElement,
    private readonly opts: SetupOptions,
  ) {
    root.innerHTML = FORM;
    this.q = <T extends HTMLElement>(part: string): T => {
      const e = root.querySelector(`[data-part="${part}"]`);
      if (!e) throw new Error(`arena form is missing ${part}`);
      return e as T;
    };
    this.form = this.q<HTMLFormElement>('form');
    const init = opts.initial;
    const visible = opts.builtins.map((b) => b.id);
    const { rules } = opts;
    const fallback = [visible[0] ?? '', visible[1] ?? visible[0] ?? ''];
    const entries = init.entries && rules.playerCounts.includes(init.entries.length) ? init.entries : fallback;
    this.seats = new SeatList({
      list: this.q('seats'),
      human: false,
      builtins: opts.builtins,
      library: opts.library,
      colours: opts.colours,
      // A new seat plays what the last one does.
      grow: { rules, add: this.q<HTMLButtonElement>('add-seat'), max: LIMITS.seats.max, entry: (_k, now) => now[now.length - 1] || visible[0] || '' },
      onChange: () => this.onSeatsChange(),
    });
    this.seats.set(entries);
    this.fillGame();
    this.input('games').value = String(init.games ?? 20);
    this.input('seed').value = init.seed !== undefined ? String(init.seed) : '';
    const kind = this.q<HTMLSelectElement>('size-kind');
    if (rules.sizes) {
      // The game's own sizes: any of them drawn per game, or one of them.
      const list = this.q<HTMLSelectElement>('size-list');
      list.replaceChildren(...rules.sizes.map((d) => el('option', { text: sizeText(d), attrs: { value: sizeText(d) } })));
      for (const o of kind.options) o.hidden = o.value === 'range';
      const fixed = init.size?.kind === 'fixed' ? sizeText(init.size) : null;
      kind.value = fixed && rules.sizes.some((d) => sizeText(d) === fixed) ? 'fixed' : 'choice';
      if (fixed) list.value = fixed;
      kind.querySelector('option[value="range"]')?.remove();
    } else {
      kind.querySelector('option[value="choice"]')?.remove();
      const size = init.size && init.size.kind !== 'any' ? init.size : { kind: 'range' as const, min: 20, max: 30 };
      kind.value = size.kind;
      this.input('side-min').value = String(size.kind === 'range' ? size.min : 20);
      this.input('side-max').value = String(size.kind === 'range' ? size.max : 30);
      this.input('width').value = String(size.kind === 'fixed' ? size.width : 30);
      this.input('height').value = String(size.kind === 'fixed' ? size.height : 30);
    }
    this.syncSize();
    this.q('fog-field').hidden = !rules.fog;
    this.q('fog-label').textContent = rules.fogName ? `Fog radius (${rules.fogName})` : 'Fog radius';
    this.input('fog').value = rules.fog && init.fog !== undefined ? String(init.fog) : '';
    this.q<HTMLSelectElement>('order').value = init.order ?? 'rotate';
    this.input('parallel').value = String(init.parallel ?? opts.defaultParallel);
    this.input('init-s').value = String((init.initMs ?? ORIGINAL_BUDGETS.initMs) / 1000);
    this.input('turn-ms').value = String(init.turnMs ?? ORIGINAL_BUDGETS.turnMs);
    this.input('tau').value = String(init.tau ?? 0);
    if (init.initMs !== undefined || init.turnMs !== undefined || (init.tau ?? 0) !== 0) this.q<HTMLDetailsElement>('more').open = true;

    this.q('size-kind').addEventListener('change', () => this.syncSize());
    this.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.onStart();
    });
  }

  /** The participants' display entries, in seat-row order. */
  get entries(): string[] {
    return this.seats.entries;
  }

  /** Reads and checks the form. */
  read(): FormResult {
    const n = (part: string) => {
      const v = this.input(part).value.trim();
      return v === '' ? NaN : Number(v);
    };
    const kind = this.q<HTMLSelectElement>('size-kind').value;
    const sizes = this.opts.rules.sizes;
    const listed = sizes?.find((d) => sizeText(d) === this.q<HTMLSelectElement>('size-list').value);
    const size: ArenaConfig['size'] =
      sizes && kind === 'choice'
        ? { kind: 'choice', sizes }
        : sizes
          ? { kind: 'fixed', width: listed?.width ?? NaN, height: listed?.height ?? NaN }
          : kind === 'fixed'
            ? { kind: 'fixed', width: n('width'), height: n('height') }
            : { kind: 'range', min: Math.min(n('side-min'), n('side-max')), max: Math.max(n('side-min'), n('side-max')) };
    const seedText = this.input('seed').value.trim();
    const fogText = this.input('fog').value.trim();
    const config: Omit<ArenaConfig, 'seed'> & { seed: number | null } = {
      entries: this.entries,
      ...(this.opts.game !== this.opts.games[0]?.id ? { game: this.opts.game } : {}),
      size,
      seed: seedText === '' ? null : Number(seedText),
      ...(this.opts.rules.fog && fogText !== '' ? { fog: Number(fogText) } : {}),
      games: n('games'),
      budgets: { initMs: Math.round(n('init-s') * 1000), turnMs: n('turn-ms') },
      tau: n('tau'),
      order: this.q<HTMLSelectElement>('order').value as SeatOrder,
      parallel: n('parallel'),
    };
    const problem = checkConfig({ ...config, seed: config.seed ?? 1 }, this.opts.rules);
    return problem ? { ok: false, message: `Check the set-up: ${problem}.` } : { ok: true, config };
  }

  /** Shows the seed a run was given (a random one), so the run can be repeated. */
  setSeed(seed: number): void {
    this.input('seed').value = String(seed);
  }

  showError(message: string | null): void {
    const e = this.q('form-error');
    e.textContent = message ?? '';
    e.hidden = message === null;
  }

  /** While a run is on, the set-up is locked. */
  setRunning(running: boolean): void {
    for (const f of this.form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>('input, select, button')) f.disabled = running;
    if (!running) this.seats.sync();
    this.form.setAttribute('aria-busy', String(running));
  }

  focusStart(): void {
    this.q<HTMLButtonElement>('start').focus();
  }

  dispose(): void {
    this.seats.dispose();
  }

  // ------------------------------------------------------------------ internals

  private input(part: string): HTMLInputElement {
    return this.q<HTMLInputElement>(part);
  }

  private syncSize(): void {
    const kind = this.q<HTMLSelectElement>('size-kind').value;
    const listed = this.opts.rules.sizes !== null;
    this.q('size-fixed').hidden = listed || kind !== 'fixed';
    this.q('size-range').hidden = listed || kind !== 'range';
    this.q('size-list-field').hidden = !listed || kind !== 'fixed';
  }

  /** The game choice; hidden when there is one game. */
  private fillGame(): void {
    const select = this.q<HTMLSelectElement>('game');
    select.replaceChildren(...this.opts.games.map((g) => el('option', { text: g.title, attrs: { value: g.id } })));
    select.value = this.opts.game;
    this.q('game-field').hidden = this.opts.games.length < 2;
    select.addEventListener('change', () => this.onGame(select.value as GameId));
  }
}
