// The watch page's markup: the top bar's actions, the first screen's introduction, the Continue
// dialog and the overlays of the map's well (messages, the empty state, progress, the result).

import { topbarHtml, type PageName } from '../../shell/page/nav';
import { replayExtensions } from '../../shell/catalog';

const BADGE = '<button type="button" class="badge" data-part="badge" hidden></button>';

const ACTIONS = `
    <nav class="actions" aria-label="Open a game">
      <button type="button" class="btn btn-live" data-part="live" data-more aria-label="Watch a new live game between built-in bots">
        <svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="3.2" fill="currentColor"/><path d="M6.3 6.3a8 8 0 0 0 0 11.4M17.7 6.3a8 8 0 0 1 0 11.4"/></svg>
        <span>Live game</span>
      </button>
      <label class="select-wrap">
        <span class="visually-hidden">Open a sample replay</span>
        <select data-part="samples" class="select"><option value="">Samples…</option></select>
      </label>
      <label class="btn btn-primary file-btn" data-more>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 7.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9.5a2 2 0 0 0-2-2h-6.5L9.5 5H6a2 2 0 0 0-2 2.5Z"/></svg>
        <span>Open<span class="wide-only"> replay</span></span>
        <input type="file" data-part="file" class="visually-hidden" accept="${replayAccept()},application/json,application/gzip">
      </label>
      <button type="button" class="btn btn-continue" data-part="continue" aria-label="Continue from this frame as a live game" title="Continue from this frame: a live game from this exact state" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12h10M11 7l5 5-5 5M19 5v14"/></svg>
        <span>Continue<span class="wide-only"> from here</span></span>
      </button>
      <button type="button" class="btn btn-icon" data-part="debug" data-more aria-label="Debug this turn: run a bot on the frame shown" title="Debug this turn: run a bot on this frame, with no time limit, and compare its answer" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 7.5a3 3 0 0 1 6 0M7.5 10h9v5a4.5 4.5 0 0 1-9 0v-5ZM12 10v9.5M4 13h3.5M16.5 13H20M5 8.5l2.5 2M19 8.5l-2.5 2M5 19l2.7-2M19 19l-2.7-2"/></svg>
      </button>
      <button type="button" class="btn" data-part="new-game" aria-label="New game" title="A new game with the same seats (a new map, or the same frame of a continued game)" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 12a8 8 0 1 0 2.3-5.6M4 4.5v4h4"/></svg>
        <span class="label">New<span class="wide-only"> game</span></span>
      </button>
      <button type="button" class="btn btn-resign" data-part="resign" aria-label="Resign" title="Give up this game: your pieces turn neutral and the others play on" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 21V4m0 0h11l-2 4 2 4H6"/></svg>
        <span class="label" data-part="resign-label">Resign</span>
      </button>
      <button type="button" class="btn btn-icon" data-part="download" data-more aria-label="Download this game as a replay" title="Download the replay">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      </button>
      <button type="button" class="btn btn-icon" data-part="download-gz" data-more aria-label="Download compressed" title="Download the replay compressed" hidden>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 8.5h16V20H4zM5.5 8.5 7 4.5h10l1.5 4M12 11v6m0 0-2.5-2.5M12 17l2.5-2.5"/></svg>
      </button>
      <button type="button" class="btn btn-icon" data-part="help-button" data-more aria-label="Keyboard shortcuts and help" aria-haspopup="dialog" title="Help (?)">
        <span aria-hidden="true" class="q">?</span>
      </button>
    </nav>`;

/** The first screen's line on what this is, and the three ways in (the live game stays in view). */
const INTRO = `
  <section class="intro" data-part="intro" aria-label="What this is" hidden>
    <p class="intro-text"><b>Halite</b> is a strategy game for programs: bots grow and fight over a map, turn by turn.<span class="wide-only"> Here you can</span></p>
    <nav class="intro-links" aria-label="Ways in">
      <a class="intro-link" href="?replay=replays/s106-40x40-greedy1-greedy2-greedy3-greedy0.5-greedy1-greedy2.hlt.gz">Watch<span class="wide-only"> a game</span></a>
      <a class="intro-link" href="?play">Play<span class="wide-only"> one</span></a>
      <a class="intro-link" href="?learn">Learn<span class="wide-only"> the rules</span></a>
    </nav>
    <button type="button" class="intro-close" data-part="intro-close" aria-label="Hide this introduction">×</button>
  </section>`;

const INTRO_KEY = 'halite.introHidden';

/** "a, b or c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The file picker's endings: every game's replay endings (`.hlt.gz` as `.gz`). */
function replayAccept(): string {
  return [...new Set(replayExtensions().map((e) => e.slice(e.lastIndexOf('.'))).concat('.json'))].join(',');
}

/** The page: the top bar, the introduction, the viewer's place, messages, the drop target and the
 * Continue dialog (its seat list is filled when it opens). */
export const pageHtml = (page: PageName): string => `
  <a class="skip-link" href="#viewer" data-part="skip">Skip to playback controls</a>
  ${topbarHtml({ page, title: 'Loading the engine…', metaExtra: BADGE, actions: ACTIONS })}
  ${INTRO}
  <main id="viewer" data-part="viewer"></main>
  <div class="toasts" data-part="toasts" aria-live="polite"></div>
  <div class="drop-overlay" data-part="drop" hidden>
    <div class="drop-card">
      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>
      <p>Drop a replay to open it</p>
      <p class="drop-hint">${listText(replayExtensions())}</p>
    </div>
  </div>
  <dialog class="dialog" data-part="continue-dialog" aria-labelledby="continue-title">
    <form method="dialog" class="continue-form">
      <div class="dialog-head">
        <h2 id="continue-title" data-part="continue-title">Continue from here</h2>
        <button type="submit" value="cancel" class="btn btn-icon" aria-label="Close">×</button>
      </div>
      <p class="dialog-note">A live game starts from this exact state. Choose who plays each seat: the recorded moves replay the rest of this game exactly.</p>
      <ol class="continue-seats" data-part="continue-seats"></ol>
      <div class="result-actions">
        <button type="submit" value="play" class="btn btn-primary" data-part="continue-play">Play from here</button>
        <button type="submit" value="cancel" class="btn">Cancel</button>
      </div>
    </form>
  </dialog>`;

/** What goes into the viewer's well, over the map. */
export const OVERLAYS = `
  <div class="banner" data-part="banner" role="alert" hidden>
    <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 8v5M12 16.5v.5M10.3 4.3 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0Z"/></svg>
    <p class="banner-text" data-part="banner-text"></p>
    <button type="button" class="banner-close" data-part="banner-close" aria-label="Dismiss this message">×</button>
  </div>
  <div class="empty-card" data-part="empty" hidden>
    <h2 class="empty-title">Open a replay</h2>
    <p class="empty-text">Choose a ${listText(replayExtensions().map((e) => `<code>${e}</code>`))} file, drop one anywhere on the page, or pick a sample above.</p>
    <div class="result-actions">
      <button type="button" class="btn btn-primary" data-part="empty-open">Open a replay file</button>
      <button type="button" class="btn" data-part="empty-live">Watch a live game</button>
    </div>
  </div>
  <div class="progress" data-part="progress" hidden>
    <p class="progress-label" data-part="progress-label">Loading…</p>
    <div class="progress-track" role="progressbar" data-part="progress-bar" aria-label="Loading the replay" aria-valuemin="0" aria-valuemax="100">
      <div class="progress-fill" data-part="progress-fill"></div>
    </div>
    <div class="progress-actions">
      <button type="button" class="btn" data-part="progress-cancel" aria-label="Cancel loading the replay" hidden>Cancel</button>
    </div>
  </div>
  <div class="result" data-part="result" hidden>
    <h2 class="result-title" data-part="result-title"></h2>
    <ol class="result-list" data-part="result-list"></ol>
    <p class="result-next" data-part="result-next"></p>
    <div class="result-actions">
      <button type="button" class="btn btn-primary" data-part="next-game">Next game now</button>
      <button type="button" class="btn" data-part="stay">Stay on this game</button>
    </div>
  </div>`;

/** The element of `root` marked `data-part="<part>"` (the markup above has every one asked for). */
export function finder(root: Element) {
  return <T extends HTMLElement>(part: string): T => {
    const e = root.querySelector(`[data-part="${part}"]`);
    if (!e) throw new Error(`page markup is missing ${part}`);
    return e as T;
  };
}

/** The first screen (the bare address) says what this is, until the person hides it. */
export function showIntro(root: HTMLElement): void {
  const intro = root.querySelector<HTMLElement>('[data-part="intro"]');
  const close = root.querySelector<HTMLButtonElement>('[data-part="intro-close"]');
  if (!intro || !close) return;
  let hidden = false;
  try {
    hidden = localStorage.getItem(INTRO_KEY) === '1';
  } catch {
    hidden = false;
  }
  intro.hidden = hidden || location.search.replace(/^\?/, '') !== '';
  close.addEventListener('click', () => {
    intro.hidden = true;
    try {
      localStorage.setItem(INTRO_KEY, '1');
    } catch {
      // Not kept: it shows again next time.
    }
  });
}
