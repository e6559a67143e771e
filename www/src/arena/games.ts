// Every game of an arena, one table row each: seed, map size, ranking, turns, ejections, and
// Open (the game in the viewer, in a new tab) and Download (the original's replay file).
// Replays are kept gzipped in Blobs (one the engine already compressed, a zstd `.hlt`, as it
// is) and in this browser's storage under a stable id: Open is `?replay=stored:<id>`, an address
// that works after the arena's tab is gone (a `blob:` address while games still run, while the
// replay is being stored, or when the browser keeps nothing). A gzipped replay is decompressed
// before it is downloaded (the original tools read plain JSON). Mounted on the element it is given.
//
// The list shows a page of games at a time (PAGE_SIZE rows, with First/Previous/Next/Last and a
// game number to go to), so a 10,000-game run never puts more than a page of rows in the
// document. A page's rows go in ROWS_A_TASK at a time, a frame apart: their table layout is the
// most the page lays out, and a whole page of it at once would be one long task. It lists
// either the games of an in-page run, added as they finish (and put in the
// table together by `show()`, once a drawing), or the games of results opened from files
// (`showOpened`): those rows are built only when their page shows, and their last cell (Open, or
// a way to add the replay) comes from the page.

import { afterFrame, el, fmt, saveFile, setText } from '../shell/page/dom';
import { isGzip } from '../shell/compress';
import { nameLabel } from '../shell/page/names';
import { MAX_STORED, storeReplays } from '../shell/page/resume';
import { byRank, type GameRecord } from './results';

/** Games a page of the list shows. */
export const PAGE_SIZE = 50;
/** Rows put in the table in one task: about half of what its scroller shows, so those come
 * first, in two frames. Paging, the longest frame's CPU time was 31 to 35 ms with 13 rows a
 * frame, 25 to 27 ms with 7 (medians of traced runs; www/bench/results.mjs). */
const ROWS_A_TASK = 7;
/** How long a finished game's replay waits to be stored with the games that end after it (ms). */
const KEEP_MS = 1000;
/** Replays stored in one transaction at most. */
const KEEP_BATCH = 50;

const KIND_TEXT = { timeout: 'timed out', error: 'error', garbage: 'garbage', start: 'failed to start', resigned: 'resigned' } as const;

/** The download name of game `index` (0-based) of a run. */
export function replayName(index: number, seed: number): string {
  return `arena-${index + 1}-seed${seed}.hlt`;
}

/** A short random id for a run's stored games. */
function runId(): string {
  const b = new Uint8Array(6);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(36).padStart(2, '0')).join('');
}

/** Opened results, as the list reads them: game `g`'s record and its last cell. */
export interface OpenedGames {
  count: number;
  record(g: number): GameRecord;
  actions(g: number, record: GameRecord): Node[];
}

export class GamesList {
  private readonly body: HTMLTableSectionElement;
  private readonly pager: HTMLElement;
  private readonly range: HTMLElement;
  private readonly goto: HTMLInputElement;
  private readonly buttons: Record<'first' | 'prev' | 'next' | 'last', HTMLButtonElement>;
  private readonly urls: string[] = [];
  /** The in-page run's games, in game order, each with its row (built when it was added). */
  private readonly entries: { index: number; row: HTMLTableRowElement }[] = [];
  /** Opened results shown instead of a run's games. */
  private opened: OpenedGames | null = null;
  private colours: readonly string[] = [];
  /** The page shown (0-based). */
  private page = 0;
  /** Bumped by every change of the rows shown: a page still going in a frame at a time stops. */
  private filling = 0;
  /** Settles once the page shown has all its rows (or gave way to another). */
  private filled: Promise<void> = Promise.resolve();
  /** The game (0-based) to mark and show once its row is in the table (-1: none). */
  private target = -1;
  /** The run's part of its games' stored ids (a new one for each run). */
  private run = runId();
  /** Replays waiting to be stored, each with its Open link, kept together once a second. */
  private toKeep: { id: string; replay: Blob; open: HTMLElement }[] = [];
  private keepTimer: ReturnType<typeof setTimeout> | null = null;
  /** Replays being written to the database now. */
  private storing = 0;
  /** While games run, their replays wait (see `holdKeeping`). */
  private holding = false;
  onError: (message: string) => void = () => {};

  constructor(root: HTMLElement) {
    this.body = el('tbody', { attrs: { 'data-part': 'games-body' } });
    const head = el('tr', {}, [
      el('th', { className: 'num-cell', text: '#', attrs: { scope: 'col' } }),
      el('th', { className: 'num-cell', text: 'Seed', attrs: { scope: 'col' } }),
      el('th', { className: 'num-cell', text: 'Map', attrs: { scope: 'col' } }),
      el('th', { className: 'name-cell', text: 'Ranking', attrs: { scope: 'col' } }),
      el('th', { className: 'num-cell', text: 'Turns', attrs: { scope: 'col' } }),
      el('th', { className: 'name-cell', text: 'Ejections', attrs: { scope: 'col' } }),
      el('th', { className: 'act-cell', attrs: { scope: 'col' } }, [el('span', { className: 'visually-hidden', text: 'Replay' })]),
    ]);
    const button = (part: string, text: string, label: string) => {
      const b = el('button', { className: 'btn btn-small', text, attrs: { type: 'button', 'data-part': part, 'aria-label': label, title: label } });
      return b;
    };
    this.buttons = {
      first: button('games-first', '«', 'First page of games'),
      prev: button('games-prev', '‹ Previous', 'Previous page of games'),
      next: button('games-next', 'Next ›', 'Next page of games'),
      last: button('games-last', '»', 'Last page of games'),
    };
    this.buttons.first.addEventListener('click', () => this.showPage(0, this.buttons.first));
    this.buttons.prev.addEventListener('click', () => this.showPage(this.page - 1, this.buttons.prev));
    this.buttons.next.addEventListener('click', () => this.showPage(this.page + 1, this.buttons.next));
    this.buttons.last.addEventListener('click', () => this.showPage(this.pages - 1, this.buttons.last));
    this.range = el('span', { className: 'arena-pager-range', attrs: { 'data-part': 'games-range', 'aria-live': 'polite' } });
    const gotoId = `games-goto-${runId()}`;
    this.goto = el('input', { className: 'num', attrs: { id: gotoId, type: 'number', min: '1', step: '1', inputmode: 'numeric', 'data-part': 'games-goto', enterkeyhint: 'go' } });
    const go = el('button', { className: 'btn btn-small', text: 'Go', attrs: { type: 'submit', 'data-part': 'games-go', 'aria-label': 'Show the page of this game' } });
    const form = el('form', { className: 'arena-pager-goto' }, [el('label', { text: 'Game', attrs: { for: gotoId } }), this.goto, go]);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.goToGame(Number(this.goto.value));
    });
    this.pager = el('nav', { className: 'arena-pager', attrs: { 'aria-label': 'Pages of games', 'data-part': 'games-pager' } }, [
      this.buttons.first,
      this.buttons.prev,
      this.range,
      this.buttons.next,
      this.buttons.last,
      form,
    ]);
    this.pager.hidden = true;
    root.replaceChildren(
      el('div', { className: 'arena-scroll arena-games-scroll', attrs: { 'data-part': 'games-scroll' } }, [
        el('table', { className: 'arena-table arena-games', attrs: { 'data-part': 'games' } }, [el('caption', { className: 'visually-hidden', text: 'Every game played' }), el('thead', {}, [head]), this.body]),
      ]),
      this.pager,
    );
  }

  /** Games listed (of the run, or of the opened results). */
  get size(): number {
    return this.opened ? this.opened.count : this.entries.length;
  }

  /** Pages of games. */
  get pages(): number {
    return Math.max(1, Math.ceil(this.size / PAGE_SIZE));
  }

  /** The page shown (0-based). */
  get pageShown(): number {
    return this.page;
  }

  clear(): void {
    for (const u of this.urls.splice(0)) URL.revokeObjectURL(u);
    this.run = runId();
    this.entries.length = 0;
    this.opened = null;
    this.page = 0;
    this.render();
  }

  /** Lists opened results instead of a run's games (`colours` by participant). */
  showOpened(games: OpenedGames, colours: readonly string[]): void {
    this.clear();
    this.opened = games;
    this.colours = colours;
    this.render();
  }

  /** Builds the opened results' rows of the page shown again (their replays changed). */
  refresh(): void {
    // All at once: the rows stay where the reader scrolled them.
    if (this.opened) this.render(true);
  }

  /** Shows the page holding game `n` (1-based, as listed). */
  goToGame(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > this.size) {
      this.goto.setCustomValidity(`A game from 1 to ${this.size}`);
      this.goto.reportValidity();
      return;
    }
    this.goto.setCustomValidity('');
    this.showPage(Math.floor((n - 1) / PAGE_SIZE));
    for (const r of this.body.querySelectorAll('tr[data-target]')) r.removeAttribute('data-target');
    this.target = n - 1;
    this.markTarget();
  }

  /** The game asked for is marked and brought into view, once its row is in the table. */
  private markTarget(): void {
    if (this.target < 0) return;
    const row = this.body.children[this.target - this.page * PAGE_SIZE] as HTMLElement | undefined;
    if (!row) return;
    this.target = -1;
    row.dataset.target = '';
    row.scrollIntoView({ block: 'nearest' });
  }

  /** Shows page `p` (clamped); `from`: the pager button pressed (keeps the focus usable). */
  showPage(p: number, from?: HTMLButtonElement): void {
    const next = Math.min(Math.max(0, Math.floor(p)), this.pages - 1);
    if (next !== this.page) {
      // Back to the list's top before the rows change (no layout forced after the change).
      const scroll = this.body.closest('[data-part="games-scroll"]');
      if (scroll && scroll.scrollTop !== 0) scroll.scrollTop = 0;
      this.page = next;
      this.render();
    }
    // A button that became disabled would drop the focus to the page: move it to its neighbour.
    if (from?.disabled) (from === this.buttons.first || from === this.buttons.prev ? this.buttons.next : this.buttons.prev).focus();
  }

  /** Lists a game; `replay` is its gzipped replay (null: it failed and has none). `colours`
   * by participant. Its row is built now and put in the table by the next `show()`, so that
   * games ending together change the table once. */
  add(r: GameRecord, replay: Blob | null, colours: readonly string[]): void {
    if (this.opened) this.clear();
    this.colours = colours;
    const n = r.index + 1;
    const actions: Node[] = [];
    if (replay) {
      const url = URL.createObjectURL(replay);
      this.urls.push(url);
      const open = el('a', {
        className: 'btn btn-small',
        text: 'Open',
        attrs: { href: `./?replay=${encodeURIComponent(url)}`, target: '_blank', rel: 'noopener', 'aria-label': `Open game ${n} in the viewer (new tab)` },
      });
      this.keep(`arena-${this.run}-${n}`, replay, open);
      const name = replayName(r.index, r.seed);
      const download = el('button', { className: 'btn btn-small btn-icon-text', attrs: { type: 'button', 'aria-label': `Download game ${n} (${name})`, title: `Download ${name}` } });
      download.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>';
      download.addEventListener('click', () => void this.download(replay, name));
      actions.push(open, download);
    }
    const tr = this.buildRow(r, actions, colours);
    // In game order, whatever order games finish in.
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid].index < r.index) lo = mid + 1;
      else hi = mid;
    }
    this.entries.splice(lo, 0, { index: r.index, row: tr });
  }

  /** Puts the games added since the last call in the page shown: only rows that moved are
   * touched (a game lands in the page, its last row leaves; one before the page shifts it). */
  show(): void {
    if (this.opened) return;
    this.filling++;
    const from = this.page * PAGE_SIZE;
    const body = this.body;
    const want = this.entries.slice(from, from + PAGE_SIZE);
    want.forEach((e, i) => {
      const at = body.children[i];
      if (at !== e.row) body.insertBefore(e.row, at ?? null);
    });
    while (body.children.length > want.length) body.lastElementChild?.remove();
    this.renderPager();
    this.markTarget();
  }

  /** One game's row. */
  private buildRow(r: GameRecord, actions: Node[], colours: readonly string[]): HTMLTableRowElement {
    const n = r.index + 1;
    const ranking = el('ol', { className: 'arena-ranking' });
    if (r.error) ranking.appendChild(el('li', { className: 'bad', text: `failed: ${r.error}` }));
    else
      for (const s of byRank(r.seats)) {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = colours[s.participant] ?? '#fff';
        ranking.appendChild(el('li', { attrs: { title: `rank ${s.rank}` } }, [el('span', { className: 'arena-rank', text: `${s.rank}` }), dot, nameLabel(s.name)]));
      }
    const ejections = r.seats.filter((s) => s.ejection);
    const ejectCell = el('td', { className: 'name-cell arena-ejections', attrs: { 'data-col': 'ejections', ...(ejections.length === 0 ? { 'data-none': '' } : {}) } });
    if (ejections.length === 0) ejectCell.appendChild(el('span', { className: 'muted', text: '—' }));
    for (const s of ejections) {
      const e = s.ejection!;
      ejectCell.appendChild(el('span', { className: 'arena-eject', text: `${s.name}: ${KIND_TEXT[e.kind]}, frame ${e.frame}`, attrs: { title: e.reason } }));
    }
    return el('tr', { attrs: { 'data-game': String(r.index) } }, [
      el('td', { className: 'num-cell muted', text: String(n), attrs: { 'data-col': 'n' } }),
      el('td', { className: 'num-cell', text: String(r.seed), attrs: { 'data-col': 'seed' } }),
      el('td', { className: 'num-cell', text: `${r.width}×${r.height}`, attrs: { 'data-col': 'map' } }),
      el('td', { className: 'name-cell', attrs: { 'data-col': 'ranking' } }, [ranking]),
      el('td', { className: 'num-cell', text: r.error || !Number.isFinite(r.turns) ? '–' : String(r.turns), attrs: { 'data-col': 'turns' } }),
      ejectCell,
      el('td', { className: 'act-cell', attrs: { 'data-col': 'actions' } }, actions),
    ]);
  }

  /** Puts the page shown in the table: its first ROWS_A_TASK rows now, the others a frame apart
   * (`whole`: every row now). */
  private render(whole = false): void {
    this.page = Math.min(this.page, this.pages - 1);
    const from = this.page * PAGE_SIZE;
    const to = Math.min(this.size, from + PAGE_SIZE);
    const token = ++this.filling;
    this.target = -1;
    this.body.replaceChildren();
    this.fillTo(whole ? to : Math.min(to, from + ROWS_A_TASK));
    this.renderPager();
    this.filled = !whole && to > from + ROWS_A_TASK ? this.fillRest(token, to) : Promise.resolve();
  }

  /** Settles once the page shown has all its rows in the table (they go in a frame at a time)
   * and a frame has drawn them, or another page replaced it. */
  pageFilled(): Promise<void> {
    return this.filled.then(afterFrame, afterFrame);
  }

  /** Adds the page's rows after those in the table, up to game `end` (0-based, exclusive). */
  private fillTo(end: number): void {
    const start = this.page * PAGE_SIZE + this.body.children.length;
    const rows: HTMLTableRowElement[] = [];
    const opened = this.opened;
    for (let g = start; g < end; g++) {
      if (opened) {
        const r = opened.record(g);
        rows.push(this.buildRow(r, opened.actions(g, r), this.colours));
      } else rows.push(this.entries[g].row);
    }
    if (rows.length > 0) this.body.append(...rows);
  }

  /** The rest of the page, ROWS_A_TASK rows after each frame, unless the rows change meanwhile. */
  private async fillRest(token: number, to: number): Promise<void> {
    for (;;) {
      await afterFrame();
      if (token !== this.filling) return;
      const start = this.page * PAGE_SIZE + this.body.children.length;
      if (start >= to) return;
      this.fillTo(Math.min(to, start + ROWS_A_TASK));
      this.markTarget();
    }
  }

  private renderPager(): void {
    const count = this.size;
    this.pager.hidden = count <= PAGE_SIZE;
    const from = this.page * PAGE_SIZE;
    const to = Math.min(count, from + PAGE_SIZE);
    setText(this.range, count === 0 ? 'No games' : `Games ${fmt(from + 1)}–${fmt(to)} of ${fmt(count)}`);
    this.range.dataset.page = String(this.page + 1);
    this.range.dataset.pages = String(this.pages);
    this.buttons.first.disabled = this.buttons.prev.disabled = this.page === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = this.page >= this.pages - 1;
    this.goto.max = String(Math.max(1, count));
    this.goto.placeholder = `1–${fmt(Math.max(1, count))}`;
  }

  /** While `hold` (games are running), finished games' replays wait to be stored, so that the
   * database's work does not compete with the games for the cores and the main thread's tasks
   * stay short. Their Open links work meanwhile (a `blob:` address). Let go, the waiting replays
   * are stored. */
  holdKeeping(hold: boolean): void {
    this.holding = hold;
    if (!hold && this.toKeep.length > 0) this.keepTimer ??= setTimeout(() => void this.keepNow(), 0);
  }

  /** Stores a game's replay in this browser under `id` (with the others that end within a
   * second: one transaction for them all), then points its Open link at the stored copy. */
  private keep(id: string, replay: Blob, open: HTMLElement): void {
    this.toKeep.push({ id, replay, open });
    if (!this.holding) this.keepTimer ??= setTimeout(() => void this.keepNow(), KEEP_MS);
  }

  private async keepNow(): Promise<void> {
    this.keepTimer = null;
    // Only the newest MAX_STORED can stay (older ones would be dropped at once), a batch of
    // KEEP_BATCH to a transaction.
    const waiting = this.toKeep.splice(0);
    const batch = waiting.slice(-MAX_STORED);
    this.storing += batch.length;
    try {
      for (let i = 0; i < batch.length; i += KEEP_BATCH) {
        const part = batch.slice(i, i + KEEP_BATCH);
        // The Blobs as they are: the browser writes their bytes away from this thread.
        await storeReplays(part.map((k) => ({ id: k.id, bytes: k.replay })));
        for (const k of part) k.open.setAttribute('href', `./?replay=stored:${k.id}`);
      }
    } catch {
      // Not kept (private browsing, quota): the blob: addresses work while this tab is open.
    } finally {
      this.storing -= batch.length;
    }
  }

  /** Whether finished games' replays are still waiting to be stored, or being stored. */
  get keeping(): boolean {
    return this.toKeep.length > 0 || this.keepTimer !== null || this.storing > 0;
  }

  private async download(gz: Blob, name: string): Promise<void> {
    try {
      // Kept gzipped (JSON), or as the engine wrote it (a zstd `.hlt`, saved as it is).
      const head = new Uint8Array(await gz.slice(0, 2).arrayBuffer());
      const gzipped = isGzip(head);
      const plain = gzipped ? await new Response(gz.stream().pipeThrough(new DecompressionStream('gzip'))).blob() : gz;
      saveFile(new Blob([plain], { type: gzipped ? 'application/json' : 'application/octet-stream' }), name);
    } catch (e) {
      this.onError(`Could not save ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
