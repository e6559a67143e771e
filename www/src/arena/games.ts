// Every game of an arena, one table row each: seed, map size, ranking, turns, ejections, and
// Open (the game in the viewer, in a new tab) and Download (the original's replay file).
// Replays are kept gzipped in Blobs (one the engine already compressed, a zstd `.hlt`, as it
// is) and in this browser's storage under a stable id: Open is `?replay=stored:<id>`, an address
// that works after the arena's tab is gone (a `blob:` address while the replay is being stored,
// or when the browser keeps nothing). A gzipped replay is decompressed before it is downloaded
// (the original tools read plain JSON). Mounted on the element it is given.

import { el } from '../shell/dom';
import { storeReplay } from '../shell/resume';
import { byRank, type GameRecord } from './results';

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

export class GamesList {
  private readonly body: HTMLTableSectionElement;
  private readonly urls: string[] = [];
  /** Row of each listed game, by index (kept in game order). */
  private readonly rows = new Map<number, HTMLTableRowElement>();
  /** The run's part of its games' stored ids (a new one for each run). */
  private run = runId();
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
    root.replaceChildren(
      el('div', { className: 'arena-scroll arena-games-scroll' }, [
        el('table', { className: 'arena-table arena-games', attrs: { 'data-part': 'games' } }, [el('caption', { className: 'visually-hidden', text: 'Every game played' }), el('thead', {}, [head]), this.body]),
      ]),
    );
  }

  get size(): number {
    return this.rows.size;
  }

  clear(): void {
    for (const u of this.urls.splice(0)) URL.revokeObjectURL(u);
    this.run = runId();
    this.rows.clear();
    this.body.replaceChildren();
  }

  /** Lists a game; `replay` is its gzipped replay (null: it failed and has none). `colours`
   * by participant. */
  add(r: GameRecord, replay: Blob | null, colours: readonly string[]): void {
    const n = r.index + 1;
    const ranking = el('ol', { className: 'arena-ranking' });
    if (r.error) ranking.appendChild(el('li', { className: 'bad', text: `failed: ${r.error}` }));
    else
      for (const s of byRank(r.seats)) {
        const dot = el('span', { className: 'player-swatch', attrs: { 'aria-hidden': 'true' } });
        dot.style.background = colours[s.participant] ?? '#fff';
        ranking.appendChild(el('li', { attrs: { title: `rank ${s.rank}` } }, [el('span', { className: 'arena-rank', text: `${s.rank}` }), dot, el('span', { text: s.name })]));
      }
    const ejections = r.seats.filter((s) => s.ejection);
    const ejectCell = el('td', { className: 'name-cell arena-ejections', attrs: { 'data-col': 'ejections', ...(ejections.length === 0 ? { 'data-none': '' } : {}) } });
    if (ejections.length === 0) ejectCell.appendChild(el('span', { className: 'muted', text: '—' }));
    for (const s of ejections) {
      const e = s.ejection!;
      ejectCell.appendChild(el('span', { className: 'arena-eject', text: `${s.name}: ${KIND_TEXT[e.kind]}, frame ${e.frame}`, attrs: { title: e.reason } }));
    }
    const actions = el('td', { className: 'act-cell', attrs: { 'data-col': 'actions' } });
    if (replay) {
      const url = URL.createObjectURL(replay);
      this.urls.push(url);
      const open = el('a', {
        className: 'btn btn-small',
        text: 'Open',
        attrs: { href: `./?replay=${encodeURIComponent(url)}`, target: '_blank', rel: 'noopener', 'aria-label': `Open game ${n} in the viewer (new tab)` },
      });
      const id = `arena-${this.run}-${n}`;
      void replay
        .arrayBuffer()
        .then((b) => storeReplay(id, new Uint8Array(b)))
        .then(
          () => open.setAttribute('href', `./?replay=stored:${id}`),
          () => {
            // Not kept (private browsing, quota): the blob: address works while this tab is open.
          },
        );
      const name = replayName(r.index, r.seed);
      const download = el('button', { className: 'btn btn-small btn-icon-text', attrs: { type: 'button', 'aria-label': `Download game ${n} (${name})`, title: `Download ${name}` } });
      download.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14"/></svg>';
      download.addEventListener('click', () => void this.download(replay, name));
      actions.append(open, download);
    }
    const tr = el('tr', { attrs: { 'data-game': String(r.index) } }, [
      el('td', { className: 'num-cell muted', text: String(n), attrs: { 'data-col': 'n' } }),
      el('td', { className: 'num-cell', text: String(r.seed), attrs: { 'data-col': 'seed' } }),
      el('td', { className: 'num-cell', text: `${r.width}×${r.height}`, attrs: { 'data-col': 'map' } }),
      el('td', { className: 'name-cell', attrs: { 'data-col': 'ranking' } }, [ranking]),
      el('td', { className: 'num-cell', text: r.error ? '–' : String(r.turns), attrs: { 'data-col': 'turns' } }),
      ejectCell,
      actions,
    ]);
    // In game order, whatever order games finish in.
    let next = Infinity;
    for (const i of this.rows.keys()) if (i > r.index && i < next) next = i;
    this.body.insertBefore(tr, this.rows.get(next) ?? null);
    this.rows.set(r.index, tr);
  }

  private async download(gz: Blob, name: string): Promise<void> {
    try {
      // Kept gzipped (JSON), or as the engine wrote it (a zstd `.hlt`, saved as it is).
      const head = new Uint8Array(await gz.slice(0, 2).arrayBuffer());
      const gzipped = head[0] === 0x1f && head[1] === 0x8b;
      const plain = gzipped ? await new Response(gz.stream().pipeThrough(new DecompressionStream('gzip'))).blob() : gz;
      const url = URL.createObjectURL(new Blob([plain], { type: gzipped ? 'application/json' : 'application/octet-stream' }));
      const a = el('a', { attrs: { href: url, download: name } });
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (e) {
      this.onError(`Could not save ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
