// One seat's choice: a select of Human / the game's built-in bots / the bots saved in this browser
// / a bot module URL / a bot file, with a URL field shown for the URL choice. A file (picked, or a
// `.js` file dropped on the picker) is saved in the library and chosen as `saved:<id>`; its code
// stays text until a game starts and runs it in the seat's Worker.
//
// "Bot file…" is the last option on purpose: a closed select changes its value as the arrow keys
// move through it, and a choice that opens a file dialog must not stand between keyboard users
// and the choices below it.

import { firstBotFile, saveBotFile } from '../bots/files';
import { el } from '../shell/page/dom';
import { errorMessage } from '../shell/engine';
import type { BotInfo } from '../shell/game';
import { isBotUrl } from '../shell/page/urlstate';
import type { BotLibrary } from '../bots/library';

export interface SeatPickerOptions {
  /** Offer "Human (you)" as a choice (the play page does; the arena does not). */
  human: boolean;
  /** Offer "Recorded moves" first (a continued replay: the seat plays the moves it recorded). */
  recorded?: boolean;
  /** The game's built-in bots (module.bots(), hidden ones left out). */
  builtins: readonly BotInfo[];
  library: BotLibrary;
  /** Accessible label of the picker, e.g. "Seat 1". */
  label: string;
  /** The initial choice, as a `?bots=` entry. */
  value?: string;
}

/** Option values that are not entries themselves. */
const URL_CHOICE = '@url';
const FILE_CHOICE = '@file';

/** One seat's choice, mounted on the element it is given. */
export class SeatPicker {
  /** Called whenever the choice changes. */
  onChange: (entry: string) => void = () => {};

  private readonly select: HTMLSelectElement;
  private readonly savedGroup: HTMLOptGroupElement;
  private readonly url: HTMLInputElement;
  private readonly file: HTMLInputElement;
  private readonly note: HTMLElement;
  /** The select's value before "Bot file…" was chosen (restored if no file is picked). */
  private previous = '';
  /** A `saved:<id>` entry asked for that this browser does not hold (kept as a choice so the
   * value round-trips and the seat says what is missing). */
  private missing: string | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly opts: SeatPickerOptions,
  ) {
    root.classList.add('seat-picker');
    this.select = el('select', { className: 'select seat-picker-select', attrs: { 'data-part': 'seat-select', 'aria-label': opts.label } });
    if (opts.recorded) this.select.appendChild(el('option', { text: 'Recorded moves', attrs: { value: 'recorded' } }));
    if (opts.human) this.select.appendChild(el('option', { text: 'Human (you)', attrs: { value: 'human' } }));
    if (opts.builtins.length > 0) {
      const group = el('optgroup', { attrs: { label: 'Built-in bots' } });
      for (const b of opts.builtins) group.appendChild(el('option', { text: b.name, attrs: { value: b.id, title: b.description } }));
      this.select.appendChild(group);
    }
    this.savedGroup = el('optgroup', { attrs: { label: 'Saved in this browser' } });
    this.select.appendChild(this.savedGroup);
    const other = el('optgroup', { attrs: { label: 'Other' } });
    other.appendChild(el('option', { text: 'Bot module URL…', attrs: { value: URL_CHOICE } }));
    other.appendChild(el('option', { text: 'Bot file…', attrs: { value: FILE_CHOICE } }));
    this.select.appendChild(other);

    this.url = el('input', {
      className: 'num url-input seat-picker-url',
      attrs: { type: 'url', 'data-part': 'seat-url', placeholder: 'https://…/bot.js or bots/mine.js', 'aria-label': `${opts.label}: bot module URL`, spellcheck: 'false', autocomplete: 'off', hidden: '' },
    });
    // Opened from the "Bot file…" choice; not a stop of its own in the tab order.
    this.file = el('input', {
      className: 'visually-hidden',
      attrs: { type: 'file', accept: '.js,.mjs,text/javascript', 'data-part': 'seat-file', tabindex: '-1', 'aria-label': `${opts.label}: bot file` },
    });
    this.note = el('p', { className: 'seat-picker-note', attrs: { 'data-part': 'seat-note', role: 'status', hidden: '' } });
    root.replaceChildren(this.select, this.url, this.file, this.note);

    this.fillSaved();
    this.value = opts.value ?? this.select.options[0]?.value ?? '';
    this.previous = this.select.value;
    this.bind();
    this.cleanups.push(opts.library.onChange(() => this.librarySaid()));
  }

  /** The choice as a `?bots=` entry: 'human', a built-in id, 'saved:<id>', or a module URL
   * ('' while the URL field is empty). */
  get value(): string {
    const v = this.select.value;
    if (v === URL_CHOICE) return this.url.value.trim();
    if (v === FILE_CHOICE) return this.previous === URL_CHOICE ? '' : this.previous;
    return v;
  }

  /** Sets the choice (without calling onChange). An entry this picker cannot offer (a built-in
   * bot of another game) selects the first choice. */
  set value(entry: string) {
    const e = entry.trim();
    this.hideNote();
    if (e.startsWith('saved:') && !this.opts.library.get(e.slice(6))) {
      this.missing = e;
      this.fillSaved();
    }
    if (isBotUrl(e)) {
      this.select.value = URL_CHOICE;
      this.url.value = e;
    } else if (e !== '' && this.hasOption(e)) {
      this.select.value = e;
    } else if (e === '' && this.select.value === URL_CHOICE) {
      this.url.value = '';
    } else {
      this.select.selectedIndex = 0;
    }
    this.previous = this.select.value;
    this.syncUrl();
  }

  dispose(): void {
    for (const f of this.cleanups.splice(0)) f();
    this.root.replaceChildren();
    this.root.classList.remove('seat-picker', 'seat-picker-drop');
  }

  // ------------------------------------------------------------------ internals

  private bind(): void {
    const on = <K extends keyof HTMLElementEventMap>(t: EventTarget, type: K, f: (e: HTMLElementEventMap[K]) => void) => {
      t.addEventListener(type, f as EventListener);
      this.cleanups.push(() => t.removeEventListener(type, f as EventListener));
    };
    on(this.select, 'change', () => {
      this.hideNote();
      if (this.select.value === FILE_CHOICE) {
        this.file.value = '';
        this.file.click();
        return;
      }
      this.previous = this.select.value;
      this.syncUrl();
      if (this.select.value === URL_CHOICE) this.url.focus();
      this.emit();
    });
    on(this.url, 'input', () => this.emit());
    on(this.file, 'change', () => {
      const f = this.file.files?.[0];
      this.file.value = '';
      if (f) void this.takeFile(f);
      else this.restore();
    });
    // Chromium and Firefox say when the file dialog is dismissed.
    on(this.file, 'cancel', () => this.restore());
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    on(this.root, 'dragover', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      this.root.classList.add('seat-picker-drop');
    });
    on(this.root, 'dragleave', () => this.root.classList.remove('seat-picker-drop'));
    on(this.root, 'drop', (e) => {
      if (!hasFiles(e)) return;
      // The file is for this seat, not for a drop handler of the page around it.
      e.preventDefault();
      e.stopPropagation();
      this.root.classList.remove('seat-picker-drop');
      const f = firstBotFile(e.dataTransfer?.files);
      if (f) void this.takeFile(f);
      else this.showNote('Drop a JavaScript bot module (.js) here.');
    });
  }

  /** Saves a file in the library and chooses it. */
  private async takeFile(file: File): Promise<void> {
    try {
      const bot = await saveBotFile(this.opts.library, file);
      this.fillSaved();
      this.select.value = `saved:${bot.id}`;
      this.previous = this.select.value;
      this.syncUrl();
      this.showNote(`Saved ${file.name} as “${bot.name}”.`);
      this.emit();
    } catch (e) {
      this.restore();
      this.showNote(`Could not use ${file.name}: ${errorMessage(e)}`);
    }
  }

  /** Back to the choice before "Bot file…" (no file was picked). */
  private restore(): void {
    if (this.select.value !== FILE_CHOICE) return;
    this.select.value = this.previous;
    this.syncUrl();
  }

  /** The library changed (a bot added, renamed or removed). */
  private librarySaid(): void {
    const chosen = this.select.value === FILE_CHOICE ? this.previous : this.select.value;
    this.fillSaved();
    if (!chosen.startsWith('saved:') || this.hasOption(chosen)) return;
    // The chosen saved bot was deleted: the seat falls back to the first choice.
    this.select.selectedIndex = 0;
    this.previous = this.select.value;
    this.syncUrl();
    this.emit();
  }

  private fillSaved(): void {
    const keep = this.select.value;
    const saved = this.opts.library.list();
    if (this.missing && saved.some((b) => `saved:${b.id}` === this.missing)) this.missing = null;
    const options = saved.map((b) => el('option', { text: b.name, attrs: { value: `saved:${b.id}`, title: b.origin === 'file' ? 'read from a file' : 'written in the editor' } }));
    if (this.missing) options.push(el('option', { text: `${this.missing.slice(6)} (not in this browser)`, attrs: { value: this.missing } }));
    this.savedGroup.replaceChildren(...options);
    this.savedGroup.hidden = options.length === 0;
    if (keep && this.hasOption(keep)) this.select.value = keep;
  }

  private hasOption(value: string): boolean {
    return Array.from(this.select.options).some((o) => o.value === value);
  }

  private syncUrl(): void {
    this.url.hidden = this.select.value !== URL_CHOICE;
  }

  private showNote(text: string): void {
    this.note.textContent = text;
    this.note.hidden = false;
  }

  private hideNote(): void {
    this.note.hidden = true;
    this.note.textContent = '';
  }

  private emit(): void {
    this.onChange(this.value);
  }
}
