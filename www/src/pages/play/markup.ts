// The play page's markup: the New game form, My bots with the editor's place, the drop target
// and the rename and delete dialogs; and its elements, found once.

import { topbarHtml } from '../../shell/page/nav';
import { ORIGINAL_BUDGETS } from '../../shell/seat';

/** The page's bounds on seats; a game narrows them (`GameModule.playerCounts`). */
export const MIN_SEATS = 1;
export const MAX_SEATS = 6;
/** Map sides of a game that does not list its sizes. */
export const MIN_SIDE = 20;
export const MAX_SIDE = 50;
export const MAX_SEED = 4_294_967_295;
export const DEFAULT_FOG = 3;

export const PAGE = `
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
          <div class="play-run">
            <button type="button" class="btn btn-primary" data-part="run-again" title="Play my code (Ctrl+Enter in the editor)">Play my code</button>
            <span class="play-run-what" data-part="run-what"></span>
          </div>
          <p class="play-problems" data-part="run-error" role="alert" hidden></p>
          <p class="play-hint play-keys"><kbd>Tab</kbd> indents · <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor · <kbd>Ctrl</kbd>+<kbd>S</kbd> saves now (it also saves as you type) · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac) saves and runs the game again with this code</p>
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

/** The page's elements (the markup above has every one asked for). */
export function playElements(root: Element) {
  const q = <T extends HTMLElement>(part: string): T => {
    const e = root.querySelector(`[data-part="${part}"]`);
    if (!e) throw new Error(`page markup is missing ${part}`);
    return e as T;
  };
  return {
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
    runAgain: q<HTMLButtonElement>('run-again'),
    runWhat: q<HTMLSpanElement>('run-what'),
    runError: q<HTMLParagraphElement>('run-error'),
    drop: q<HTMLDivElement>('drop'),
    renameDialog: q<HTMLDialogElement>('rename-dialog'),
    renameInput: q<HTMLInputElement>('rename-input'),
    renameClose: q<HTMLButtonElement>('rename-close'),
    deleteDialog: q<HTMLDialogElement>('delete-dialog'),
    deleteTitle: q<HTMLHeadingElement>('delete-title'),
  };
}

export type PlayElements = ReturnType<typeof playElements>;
