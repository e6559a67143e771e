// The watch page's parts that every session uses: the title and its badge, the progress bar,
// the error banner, passing messages (toasts) and downloads.

import { el, formatBytes, saveFile, setText } from '../../shell/page/dom';
import { gzipped } from '../../shell/compress';
import { unpacked } from '../../shell/page/loader';
import { nameLabel, splitOrigin } from '../../shell/page/names';
import { finder } from './markup';

export type BadgeState = 'ok' | 'bad' | 'pending' | 'live' | 'unfinished';

/** The page's elements, found once. */
function elements(root: HTMLElement, well: HTMLElement) {
  const q = finder(root);
  const w = finder(well);
  return {
    title: q<HTMLHeadingElement>('title'),
    meta: q<HTMLSpanElement>('meta'),
    badge: q<HTMLButtonElement>('badge'),
    live: q<HTMLButtonElement>('live'),
    samples: q<HTMLSelectElement>('samples'),
    file: q<HTMLInputElement>('file'),
    download: q<HTMLButtonElement>('download'),
    downloadGz: q<HTMLButtonElement>('download-gz'),
    continueBtn: q<HTMLButtonElement>('continue'),
    debugBtn: q<HTMLButtonElement>('debug'),
    newGame: q<HTMLButtonElement>('new-game'),
    resign: q<HTMLButtonElement>('resign'),
    resignLabel: q<HTMLSpanElement>('resign-label'),
    continueDialog: q<HTMLDialogElement>('continue-dialog'),
    continueTitle: q<HTMLHeadingElement>('continue-title'),
    continueSeats: q<HTMLOListElement>('continue-seats'),
    help: q<HTMLButtonElement>('help-button'),
    skip: q<HTMLAnchorElement>('skip'),
    banner: w<HTMLDivElement>('banner'),
    bannerText: w<HTMLParagraphElement>('banner-text'),
    bannerClose: w<HTMLButtonElement>('banner-close'),
    progress: w<HTMLDivElement>('progress'),
    empty: w<HTMLDivElement>('empty'),
    emptyOpen: w<HTMLButtonElement>('empty-open'),
    emptyLive: w<HTMLButtonElement>('empty-live'),
    progressLabel: w<HTMLParagraphElement>('progress-label'),
    progressBar: w<HTMLDivElement>('progress-bar'),
    progressFill: w<HTMLDivElement>('progress-fill'),
    progressCancel: w<HTMLButtonElement>('progress-cancel'),
    result: w<HTMLDivElement>('result'),
    resultTitle: w<HTMLHeadingElement>('result-title'),
    resultList: w<HTMLOListElement>('result-list'),
    resultNext: w<HTMLParagraphElement>('result-next'),
    nextGame: w<HTMLButtonElement>('next-game'),
    stay: w<HTMLButtonElement>('stay'),
    drop: q<HTMLDivElement>('drop'),
    toasts: q<HTMLDivElement>('toasts'),
  };
}

export type WatchElements = ReturnType<typeof elements>;

export class WatchUi {
  readonly els: WatchElements;

  /** `gameTitle`: the title of the game shown (for the document's title). */
  constructor(
    root: HTMLElement,
    well: HTMLElement,
    private readonly gameTitle: () => string,
  ) {
    this.els = elements(root, well);
    this.els.bannerClose.addEventListener('click', () => this.hideError());
    this.els.progressCancel.addEventListener('click', () => this.cancel?.());
  }

  /** What the progress's Cancel button does while it is shown. */
  private cancel: (() => void) | null = null;

  /** The overlays move into another viewer's well (a game of another kind is shown). */
  moveInto(well: HTMLElement): void {
    const e = this.els;
    well.append(e.banner, e.progress, e.result, e.empty, e.toasts);
  }

  setTitle(title: string): void {
    this.els.title.classList.remove('has-origins');
    setText(this.els.title, title);
    this.els.title.title = title;
    document.title = `${title} — ${this.gameTitle()}`;
  }

  /** The title of a game between `names`: a third-party bot's origin shows whole beside its
   * name (the name is what gets cut), and the heading takes the lines it needs for them. */
  setSeatsTitle(names: string[]): void {
    const title = titleOf(names);
    if (!names.some((n) => splitOrigin(n).origin !== null)) {
      this.setTitle(title);
      return;
    }
    const parts: Node[] = [];
    names.forEach((n, k) => {
      if (k > 0) parts.push(document.createTextNode(' vs '));
      parts.push(nameLabel(n, 'title-name'));
    });
    this.els.title.replaceChildren(...parts);
    this.els.title.classList.add('has-origins');
    this.els.title.title = title;
    document.title = `${title} — ${this.gameTitle()}`;
  }

  setBadge(state: BadgeState, text: string, title: string, frame?: number): void {
    const b = this.els.badge;
    b.hidden = false;
    b.dataset.state = state;
    b.dataset.frame = frame !== undefined ? String(frame) : '';
    b.dataset.x = '';
    b.dataset.y = '';
    setText(b, text);
    b.title = title;
    b.setAttribute('aria-label', `${text}. ${title}`);
    // A badge that leads somewhere can be clicked; the others stay reachable by keyboard (Tab)
    // for their explanation.
    b.setAttribute('aria-disabled', String(!((state === 'bad' || state === 'unfinished') && frame !== undefined)));
    b.disabled = false;
  }

  /** Shows the progress; with `cancel`, a Cancel button under it that calls it. */
  showProgress(label: string, fraction: number | null, cancel?: () => void): void {
    const e = this.els;
    e.progress.hidden = false;
    this.cancel = cancel ?? null;
    e.progressCancel.hidden = !cancel;
    setText(e.progressLabel, label);
    e.progressBar.classList.toggle('indeterminate', fraction === null);
    if (fraction === null) {
      e.progressBar.removeAttribute('aria-valuenow');
      e.progressFill.style.width = '';
    } else {
      const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
      e.progressBar.setAttribute('aria-valuenow', String(pct));
      e.progressFill.style.width = `${pct}%`;
    }
  }

  hideProgress(): void {
    const e = this.els;
    // The focus does not stay on a button that disappears.
    if (e.progress.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    e.progress.hidden = true;
    e.progressCancel.hidden = true;
    this.cancel = null;
  }

  showError(message: string): void {
    setText(this.els.bannerText, message);
    this.els.banner.hidden = false;
  }

  hideError(): void {
    this.els.banner.hidden = true;
  }

  /** A passing message over the map; with a link (somewhere to go) or an action (a button), it
   * stays until it is read. */
  toast(text: string, extra?: { text: string; href: string } | { label: string; run: () => void }): void {
    const t = el('div', { className: 'toast', text });
    if (extra && 'href' in extra) t.append(' ', el('a', { className: 'toast-link', text: extra.text, attrs: { href: extra.href } }));
    else if (extra) {
      const b = el('button', { className: 'btn btn-small toast-action', text: extra.label, attrs: { type: 'button' } });
      b.addEventListener('click', () => {
        extra.run();
        t.remove();
      });
      t.append(' ', b);
    }
    this.els.toasts.appendChild(t);
    setTimeout(() => t.remove(), extra ? 20_000 : 6000);
    while (this.els.toasts.childElementCount > 3) this.els.toasts.firstElementChild?.remove();
  }

  /** Removes every passing message (another game is shown: what they said was about the last). */
  clearToasts(): void {
    this.els.toasts.replaceChildren();
  }

  /** The Download actions for the game shown: `enabled` once there is a game to save; the
   * compressed one only for a game whose replays are plain JSON (`gzipEnding`: its ending). */
  setDownloads(enabled: boolean, gzipEnding: string | undefined): void {
    const e = this.els;
    e.download.disabled = !enabled;
    e.downloadGz.hidden = gzipEnding === undefined;
    e.downloadGz.disabled = !enabled;
    if (gzipEnding === undefined) return;
    const name = `Download compressed (${gzipEnding})`;
    e.downloadGz.setAttribute('aria-label', `${name}: about a tenth of the size`);
    e.downloadGz.title = `${name}: about a tenth of the size. This viewer, halite verify and the Python package read it; the original tools read the plain replay`;
    // Its name written out where the phone's More menu shows it.
    const label = e.downloadGz.querySelector('.menu-label');
    if (label) label.textContent = name;
  }

  /** While a replay is being written (a live Halite II game's takes up to a second): the
   * Download actions are marked busy and cannot be pressed twice. Returns their undoing:
   * `enable` false when another game has set them since. */
  downloadsBusy(): (enable: boolean) => void {
    const buttons = [this.els.download, this.els.downloadGz].filter((b) => !b.disabled);
    for (const b of buttons) {
      b.disabled = true;
      b.setAttribute('aria-busy', 'true');
    }
    return (enable) => {
      for (const b of buttons) {
        if (enable) b.disabled = false;
        b.removeAttribute('aria-busy');
      }
    };
  }

  /** Saves `raw` as a download named `name`: as plain JSON (a gzipped replay decompressed: the
   * original tools read plain JSON), or with `gzip`, gzipped (a replay still plain JSON is
   * compressed by the browser, a stream of small tasks). */
  saveBytes(raw: Uint8Array, name: string, form: 'plain' | 'gzip' = 'plain'): void {
    void (form === 'plain' ? unpacked(raw) : gzipped(raw)).then(
      (bytes) => saveFile(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }), name),
      (e: unknown) => this.showError(`Could not save ${name}: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
}

/** "1.2 MB of 3.4 MB", or what has arrived when the size is not known. */
export function progressText(loaded: number, total: number | null): string {
  return total ? `${formatBytes(loaded)} of ${formatBytes(total)}` : formatBytes(loaded);
}

/** A game's title: its players. */
export function titleOf(names: string[]): string {
  return names.length > 0 ? names.join(' vs ') : 'Untitled game';
}
