// The arena page's markup and the words and colours its cards share (pages/arena/).

import { topbarHtml } from '../../shell/page/nav';
import { DEFAULT_PALETTE } from '../../shell/palette';

export const PAGE = `
  ${topbarHtml({ page: 'arena', title: 'Arena', meta: 'Many games between bots, in this page · rated with TrueSkill' })}
  <main class="arena">
    <section class="card arena-setup" aria-labelledby="arena-setup-title">
      <h2 class="arena-title" id="arena-setup-title">Set-up</h2>
      <div data-part="setup"><p class="muted">Loading the bots…</p></div>
    </section>
    <div class="arena-main">
      <section class="card arena-open" aria-labelledby="arena-open-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-open-title">Results from files</h2>
          <p class="arena-note">A run of <code>python -m halite_engine.arena</code>: its folder, or its results.json</p>
        </div>
        <div class="arena-open-row">
          <button type="button" class="btn" data-part="open-folder">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3.5 7.5v10a1.5 1.5 0 0 0 1.5 1.5h14a1.5 1.5 0 0 0 1.5-1.5v-8A1.5 1.5 0 0 0 19 8h-7l-2-2.5H5A1.5 1.5 0 0 0 3.5 7Z"/></svg><span>Open folder…</span>
          </button>
          <button type="button" class="btn" data-part="open-json">
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.5 3.5h7l4 4v13h-11Zm7 0v4h4"/></svg><span>Open results.json…</span>
          </button>
          <button type="button" class="btn" data-part="add-replays" hidden>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg><span>Add replays…</span>
          </button>
          <span class="arena-note arena-open-drop">or drop the folder, or results.json with replays, on this page</span>
        </div>
        <input type="file" class="visually-hidden" data-part="folder-input" webkitdirectory multiple tabindex="-1" aria-label="A run's folder (results.json and the replays)">
        <input type="file" class="visually-hidden" data-part="json-input" accept=".json,.hlt,application/json" multiple tabindex="-1" aria-label="results.json, and replays if you like">
        <p class="arena-open-status" data-part="open-status" role="status"></p>
        <p class="arena-error" data-part="open-error" role="alert" hidden></p>
      </section>
      <section class="card arena-run" aria-labelledby="arena-run-title">
        <div class="arena-run-head">
          <h2 class="arena-title" id="arena-run-title" data-part="run-title">Progress</h2>
          <p class="arena-status" data-part="status">Choose the bots and start.</p>
          <button type="button" class="btn arena-cancel" data-part="cancel" aria-label="Cancel: stop every running game" hidden>
            <svg viewBox="0 0 24 24" aria-hidden="true"><rect x="6.5" y="6.5" width="11" height="11" rx="1.5"/></svg><span>Cancel</span>
          </button>
        </div>
        <p class="visually-hidden" data-part="announce" role="status"></p>
        <div class="progress-track arena-track" role="progressbar" data-part="bar" aria-label="Games played" aria-valuemin="0" aria-valuemax="0" aria-valuenow="0">
          <div class="progress-fill" data-part="fill"></div>
        </div>
        <p class="arena-summary" data-part="summary"></p>
      </section>
      <section class="card" aria-labelledby="arena-standings-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-standings-title">Standings</h2>
          <p class="arena-note">Sorted by μ − 3σ, as the original ladder ranked bots</p>
        </div>
        <p class="arena-empty" data-part="table-empty">Each bot's games, wins, average rank, ejections and TrueSkill rating, updated after every game.</p>
        <div data-part="table" hidden></div>
        <div class="arena-compare-box" data-part="compare" hidden></div>
      </section>
      <section class="card" aria-labelledby="arena-graph-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-graph-title">Rating over games</h2>
          <ul class="arena-legend-list" data-part="legend"></ul>
        </div>
        <p class="arena-empty" data-part="graph-empty">Each bot's rating, μ ± σ, game after game.</p>
        <div class="arena-graph" data-part="graph" hidden></div>
        <p class="arena-note arena-graph-note" data-part="graph-note" hidden></p>
      </section>
      <section class="card" aria-labelledby="arena-games-title">
        <div class="arena-card-head">
          <h2 class="arena-title" id="arena-games-title">Games</h2>
          <p class="arena-note" data-part="games-note">Every game can be opened in the viewer or downloaded.</p>
        </div>
        <p class="arena-empty" data-part="games-list-empty">No games yet.</p>
        <div data-part="games-list" hidden></div>
      </section>
    </div>
  </main>
  <div class="drop-overlay" data-part="drop" hidden>
    <div class="drop-card">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      <p>Drop an arena run to open its results</p>
      <p class="drop-hint">its folder, or results.json and replays</p>
    </div>
  </div>`;

/** The bots' colours, in seat order. */
export const COLOURS = DEFAULT_PALETTE.colours.slice(1);

export const GRAPH_EMPTY = "Each bot's rating, μ ± σ, game after game.";
export const GAMES_NOTE = 'Every game can be opened in the viewer or downloaded.';
