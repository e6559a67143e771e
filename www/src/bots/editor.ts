// The bot editor: CodeMirror 6 on the element it is given, editing one saved bot of the
// library at a time. Changes are saved a moment after typing stops (and at once with Ctrl+S /
// Cmd+S, in place of the browser's "save page" dialog). Syntax errors are found from the
// editor's own parse tree: the code is text here and is never evaluated on the page.
//
// Keyboard: Tab indents, as in any code editor; Escape then Tab (or Ctrl+M / Shift+Alt+M on a
// Mac, which toggles it) moves focus out of the editor, so it never traps the keyboard.
//
// This module pulls in CodeMirror: pages import it dynamically, so only the pages that show an
// editor load it.

import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { StyleModule } from 'style-mod';
import type { BotLibrary } from './library';
import { syntaxError } from './syntax';
import { declaredName } from './files';

/** How long after the last keystroke the text is saved. */
export const AUTOSAVE_MS = 600;

export type SaveState =
  | { state: 'saved'; at: number }
  | { state: 'pending' }
  | { state: 'error'; message: string };

/** A syntax error found in the text (1-based line). */
export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

export interface BotEditorOptions {
  library: BotLibrary;
  /** Accessible name of the code area, e.g. "Code of the bot". */
  label: string;
  /** The open bot's save state changed. */
  onSave?: (s: SaveState) => void;
  /** The syntax errors of the open text changed (empty: none). */
  onProblems?: (problems: readonly SyntaxProblem[]) => void;
  /** Ctrl/Cmd+Enter in the editor (the text is saved first). */
  onRun?: () => void;
}

// ------------------------------------------------------------------ look

/** A dark theme in the app's colours (its CSS variables). */
const theme = EditorView.theme(
  {
    '&': {
      color: 'var(--text)',
      backgroundColor: 'var(--bg-2)',
      height: '100%',
      fontSize: '13px',
    },
    '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
    '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.55' },
    '.cm-content': { caretColor: 'var(--accent)', padding: '8px 0' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
      backgroundColor: '#24406a',
    },
    '.cm-activeLine': { backgroundColor: 'rgba(76, 182, 255, 0.06)' },
    '.cm-selectionMatch': { backgroundColor: 'rgba(76, 182, 255, 0.16)' },
    '&.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(61, 220, 151, 0.22)', outline: '1px solid rgba(61, 220, 151, 0.5)' },
    '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'rgba(255, 107, 107, 0.25)' },
    '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--panel-2)', color: 'var(--text-2)' },
    '.cm-lineNumbers .cm-gutterElement': { padding: '0 10px 0 12px' },
    '.cm-tooltip': { backgroundColor: 'var(--panel-2)', border: '1px solid var(--border-strong)', color: 'var(--text)', borderRadius: '6px' },
    '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-2)', color: '#fff' },
    '.cm-diagnostic-error': { borderLeftColor: 'var(--bad)' },
    '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--bad)', textUnderlineOffset: '3px' },
    '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--text)' },
    '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
    '.cm-searchMatch': { backgroundColor: 'rgba(255, 201, 74, 0.25)' },
    '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'rgba(255, 201, 74, 0.45)' },
    '.cm-textfield': { backgroundColor: 'var(--bg-2)', border: '1px solid var(--border-strong)', borderRadius: '5px', color: 'var(--text)' },
    '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--panel-2)', border: '1px solid var(--border-strong)', borderRadius: '5px', color: 'var(--text)' },
  },
  { dark: true },
);

/** Syntax colours from the app's palette (accent blue, the ok green, the warm yellow). */
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.definitionKeyword, t.operatorKeyword], color: '#c9a2ff' },
  { tag: [t.string, t.special(t.string), t.regexp], color: '#3ddc97' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#ffc94a' },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: '#7f8aa0', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.definition(t.variableName)), t.function(t.propertyName)], color: '#4cb6ff' },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName)], color: '#e7eaf0' },
  { tag: [t.propertyName], color: '#9bd8ff' },
  { tag: [t.typeName, t.className, t.namespace], color: '#ffc94a' },
  { tag: [t.operator, t.punctuation, t.separator, t.bracket], color: '#b4bccb' },
  { tag: t.invalid, color: '#ff6b6b' },
]);

// ------------------------------------------------------------------ syntax errors

/** The syntax error of a text, as acorn finds it (a full ECMAScript parser), or none. */
function syntaxProblems(state: EditorState): { from: number; to: number; message: string; line: number; column: number }[] {
  const e = syntaxError(state.doc.toString());
  if (!e) return [];
  // An error at the end of the text (an unclosed block) marks its last visible character.
  const text = state.doc.toString();
  let from = e.from;
  if (text.slice(from).trim() === '') {
    from = text.length;
    while (from > 0 && /\s/.test(text[from - 1])) from--;
    from = Math.max(0, from - 1);
  }
  const to = Math.min(text.length, from + 1);
  return [{ from, to, message: e.message, line: e.line, column: e.column }];
}

// ------------------------------------------------------------------ extensions

export interface CodeOptions {
  /** Accessible name of the code area. */
  label: string;
  onProblems?: (problems: readonly SyntaxProblem[]) => void;
  onChange?: () => void;
  /** Ctrl/Cmd+S. */
  onSaveKey?: () => void;
  /** Ctrl/Cmd+Enter: run the code (the page says how). */
  onRunKey?: () => void;
  /** Tab moves the focus on instead of indenting (Ctrl+] and Ctrl+[ indent): for a code box
   * among other controls, which keyboard users pass through. */
  tabMovesFocus?: boolean;
}

/** The editing set both editors use: JavaScript with highlighting, brackets, completion, search,
 * history, and lint as you type by a full ECMAScript parser. */
function codeExtensions(o: CodeOptions): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    javascript(),
    syntaxHighlighting(highlight),
    theme,
    EditorView.lineWrapping,
    // Reached by Tab even while read-only (a read-only editor is not contenteditable), so its
    // text can be scrolled and read from the keyboard.
    EditorView.contentAttributes.of({ 'aria-label': o.label, tabindex: '0' }),
    linter(
      (view) => {
        const found = syntaxProblems(view.state);
        o.onProblems?.(found.map((p) => ({ line: p.line, column: p.column, message: p.message })));
        return found.map((p): Diagnostic => ({ from: p.from, to: p.to, severity: 'error', message: `${p.message} (line ${p.line}, column ${p.column})` }));
      },
      { delay: 400 },
    ),
    keymap.of([
      ...(o.onSaveKey ? [{ key: 'Mod-s', run: () => (o.onSaveKey?.(), true), preventDefault: true }] : []),
      ...(o.onRunKey ? [{ key: 'Mod-Enter', run: () => (o.onRunKey?.(), true), preventDefault: true }] : []),
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...completionKeymap,
      ...lintKeymap,
      ...(o.tabMovesFocus ? [] : [indentWithTab]),
    ]),
    EditorView.domEventHandlers({
      // A dropped file is a new bot for the page, not text to paste into this one: the editor
      // leaves it alone and the drop goes on to the page's own handler.
      drop: (e) => Array.from(e.dataTransfer?.types ?? []).includes('Files'),
    }),
    EditorView.updateListener.of((u: ViewUpdate) => {
      if (u.docChanged) o.onChange?.();
    }),
  ];
}

/** A code box for text kept elsewhere (a lesson's bot): the same editor, without a library. */
export class CodeBox {
  private readonly view: EditorView;

  constructor(root: HTMLElement, doc: string, opts: CodeOptions) {
    adoptEditorStyles(root.ownerDocument);
    this.view = new EditorView({ parent: root, state: EditorState.create({ doc, extensions: codeExtensions(opts) }) });
  }

  get value(): string {
    return this.view.state.doc.toString();
  }

  set value(text: string) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  focus(): void {
    this.view.focus();
  }
}

// ------------------------------------------------------------------ component

/** Edits one saved bot at a time; mounted on the element it is given. */
export class BotEditor {
  private readonly view: EditorView;
  private id: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the text has changes not yet written to the library. */
  private dirty = false;
  private readonly extensions: Extension[];
  private readonly flushOnHide = () => this.saveNow();

  constructor(
    root: HTMLElement,
    private readonly opts: BotEditorOptions,
  ) {
    this.extensions = codeExtensions({
      label: opts.label,
      onProblems: (p) => this.opts.onProblems?.(p),
      onChange: () => {
        if (this.id !== null) this.schedule();
      },
      // Saves now rather than letting the browser offer to save the page.
      onSaveKey: () => this.saveNow(),
      onRunKey: () => {
        this.saveNow();
        this.opts.onRun?.();
      },
    });
    adoptEditorStyles(root.ownerDocument);
    this.view = new EditorView({ parent: root, state: EditorState.create({ doc: '', extensions: [this.extensions, EditorState.readOnly.of(true)] }) });
    // Leaving the page (Start, a link, closing the tab) keeps the last keystrokes.
    window.addEventListener('pagehide', this.flushOnHide);
  }

  /** The id of the bot being edited, or null. */
  get botId(): string | null {
    return this.id;
  }

  /** The text in the editor. */
  get text(): string {
    return this.view.state.doc.toString();
  }

  /** Opens a saved bot (saving the one open before); null closes it. */
  open(id: string | null): void {
    this.saveNow();
    const bot = id === null ? null : this.opts.library.get(id);
    this.id = bot ? bot.id : null;
    // A fresh state: the undo history of one bot does not carry over to the next.
    this.view.setState(EditorState.create({ doc: bot?.code ?? '', extensions: [this.extensions, EditorState.readOnly.of(!bot)] }));
    if (bot) this.opts.onSave?.({ state: 'saved', at: bot.updated });
  }

  /** Saves pending changes at once. Returns whether the text is saved. */
  saveNow(): boolean {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty || this.id === null) return true;
    this.dirty = false;
    try {
      // The name the module declares is the bot's name in lists and pickers too.
      const code = this.text;
      const declared = declaredName(code);
      const bot = this.opts.library.update(this.id, declared ? { code, name: declared } : { code });
      if (!bot) {
        // Deleted meanwhile (in another view of the library): nothing left to save into.
        this.id = null;
        return false;
      }
      this.opts.onSave?.({ state: 'saved', at: bot.updated });
      return true;
    } catch (e) {
      this.dirty = true;
      this.opts.onSave?.({ state: 'error', message: e instanceof Error ? e.message : String(e) });
      return false;
    }
  }

  focus(): void {
    this.view.focus();
  }

  /** Puts the caret at the start of line `n` (1-based, clamped), scrolled into view, focused. */
  goToLine(n: number): void {
    const doc = this.view.state.doc;
    const line = doc.line(Math.min(Math.max(1, Math.floor(n)), doc.lines));
    this.view.dispatch({ selection: { anchor: line.from }, effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
    this.view.focus();
  }

  /** The editor's element (for layout and tests). */
  get dom(): HTMLElement {
    return this.view.dom;
  }

  dispose(): void {
    this.saveNow();
    window.removeEventListener('pagehide', this.flushOnHide);
    this.view.destroy();
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.opts.onSave?.({ state: 'pending' });
    this.dirty = true;
    this.timer = setTimeout(() => this.saveNow(), AUTOSAVE_MS);
  }
}

/**
 * CodeMirror's styles as a constructed stylesheet adopted by the document, not a `<style>`
 * element (which the page's Content-Security-Policy, `style-src 'self'`, refuses). CodeMirror's
 * style library adopts sheets for roots without a `<head>` (shadow roots) and keeps using
 * whatever it first chose for a root; so its first mount on the document is done here with the
 * document's `head` hidden for that one synchronous call.
 */
function adoptEditorStyles(doc: Document): void {
  if (adopted.has(doc) || !('adoptedStyleSheets' in doc)) return;
  adopted.add(doc);
  Object.defineProperty(doc, 'head', { value: null, configurable: true });
  try {
    StyleModule.mount(doc, []);
  } finally {
    delete (doc as { head?: unknown }).head;
  }
}

const adopted = new WeakSet<Document>();
