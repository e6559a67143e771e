// The play page's My bots: the bots saved in this browser, a starter template, files picked or
// dropped on the page, rename / delete / download, and the CodeMirror editor (loaded on demand)
// for one bot. A bot's code is only text here: it is stored and shown, never evaluated.

import type { BotEditor, SaveState, SyntaxProblem } from '../../bots/editor';
import { loadEditor } from '../../bots/load-editor';
import { changedWhen, downloadBot, firstBotFile, renameInCode, saveBotFile } from '../../bots/files';
import type { BotLibrary, SavedBot } from '../../bots/library';
import { el, setText } from '../../shell/page/dom';
import { bindFileDrop } from '../../shell/page/drop';
import { errorMessage } from '../../shell/engine';
import type { GameModule } from '../../shell/game';
import type { PlayElements } from './markup';

/** What starts games from the shelf (the New game form): a bot against the built-in opponent,
 * and the last game again with a bot's code as it is now. Each resolves with why the game did
 * not start, or null. */
export interface GameRunner {
  playAgainst(id: string): Promise<string | null>;
  runAgain(id: string): Promise<string | null>;
  runPlan(id: string): { again: boolean; what: string };
}

export class BotShelf {
  private editor: BotEditor | null = null;
  private selected: string | null = null;

  /** `runner`: starts the games of a bot's Play against and of Run again. */
  constructor(
    private readonly els: PlayElements,
    private readonly module: GameModule,
    private readonly library: BotLibrary,
    private readonly runner: GameRunner,
  ) {
    this.bindBots();
    els.runAgain.addEventListener('click', () => void this.run());
    this.bindDrop();
    this.library.onChange(() => this.renderBots());
  }

  /** Lists the bots and opens the one the address names (`bot=`, at `line=` when it has one),
   * else the first. */
  open(search: string): void {
    const want = new URLSearchParams(search).get('bot');
    const bots = this.library.list();
    this.renderBots();
    const first = (want && bots.find((b) => b.id === want)) || bots[0];
    // `line=N` (a failed bot's link from a game): the editor opens at that line.
    const line = Number(new URLSearchParams(search).get('line'));
    if (first) void this.select(first.id, false).then(() => (line > 0 && this.editor?.botId === first.id ? this.editor.goToLine(line) : undefined));
  }

  /** Saves what is typed in the editor now (the page is about to go elsewhere). */
  saveNow(): void {
    this.editor?.saveNow();
  }

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

  /** Runs the open bot's code as saved now: the last game again (same seats, seed and size) when
   * it played in it, else against the built-in opponent. A bot that does not parse is refused,
   * with the reason beside the button. */
  private async run(): Promise<void> {
    const id = this.selected;
    if (!id) return;
    this.editor?.saveNow();
    const e = this.els;
    e.runError.hidden = true;
    const plan = this.runner.runPlan(id);
    const why = plan.again ? await this.runner.runAgain(id) : await this.runner.playAgainst(id);
    if (why) this.refuse(why);
  }

  private refuse(why: string): void {
    const e = this.els;
    setText(e.runError, why);
    e.runError.hidden = false;
  }

  /** The Run again button says what it will run for the open bot. */
  private showRunPlan(): void {
    const id = this.selected;
    if (!id) return;
    const plan = this.runner.runPlan(id);
    const e = this.els;
    setText(e.runAgain, plan.again ? 'Run again' : 'Play my code');
    const key = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter' : 'Ctrl+Enter';
    e.runAgain.title = `${plan.again ? 'Run the last game again with this code' : 'Play this bot against a built-in bot'} (${key} in the editor)`;
    e.runAgain.setAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    setText(e.runWhat, plan.what);
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

  /** Opens a saved bot in the editor (loading the editor the first time). */
  private async select(id: string, focus: boolean): Promise<void> {
    this.selected = id;
    this.renderBots();
    this.showRunPlan();
    this.els.runError.hidden = true;
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
      onRun: () => void this.run(),
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
    if (open) this.showRunPlan();
  }

  private botItem(b: SavedBot, now: number): HTMLLIElement {
    const isOpen = b.id === this.selected;
    const open = el('button', {
      className: 'play-bot-open',
      attrs: { type: 'button', 'aria-current': isOpen ? 'true' : 'false', 'data-id': b.id, 'data-action': 'edit' },
    }, [
      // Named by what it shows ("Edit" said first): a person who speaks what they see reaches it.
      el('span', { className: 'visually-hidden', text: 'Edit ' }),
      el('span', { className: 'play-bot-name', text: b.name }),
      el('span', { className: 'play-bot-meta', text: `${b.origin === 'file' ? 'from a file' : 'written here'} · changed ${changedWhen(b.updated, now)}` }),
    ]);
    open.addEventListener('click', () => void this.select(b.id, true));
    // Each name starts with the button's words, then says which bot ("Play against it: Steady").
    const action = (label: string, text: string, f: () => void, cls = 'btn') => {
      const name = text === label ? `${label} ${b.name}` : `${text}: ${b.name}`;
      const btn = el('button', { className: `${cls} play-bot-action`, text, attrs: { type: 'button', 'aria-label': name, 'data-id': b.id, 'data-action': label } });
      btn.addEventListener('click', f);
      return btn;
    };
    const actions = el('div', { className: 'play-bot-actions' }, [
      action('Play against', 'Play against it', () => void this.playAgainst(b.id), isOpen ? 'btn btn-primary' : 'btn'),
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

  /** A bot's Play against it: a game against the built-in opponent starts at once. */
  private async playAgainst(id: string): Promise<void> {
    if (this.selected === id) this.editor?.saveNow();
    const why = await this.runner.playAgainst(id);
    if (why) this.say(why);
  }

  private say(text: string): void {
    setText(this.els.status, text);
  }

  private bindDrop(): void {
    bindFileDrop(this.els.drop, (files) => {
      const f = firstBotFile(files);
      if (f) void this.takeFile(f);
      else if (files && files.length > 0) this.say(`${files[0].name} is not a bot module: drop a JavaScript file (.js).`);
    });
  }
}
