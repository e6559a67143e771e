// The inspector card both games' inspectors are: a list of facts (label and value) about the
// thing under the pointer or pinned, an owner cell with the owner's colour, and a note ("hover or
// tap the map", "pinned"). A game's inspector says which facts and fills them in `show`.

import { el, setText } from '../page/dom';
import type { FrameSource, Inspector, Perspective } from '../game';
import { DEFAULT_PALETTE, ownerColour, type Palette } from '../palette';

export abstract class FactsInspector<F extends string, S extends FrameSource> implements Inspector {
  protected readonly root: HTMLElement;
  private readonly note: HTMLElement;
  protected readonly dt = {} as Record<F, HTMLElement>;
  protected readonly dd = {} as Record<F, HTMLElement>;
  private readonly dot: HTMLElement;
  private readonly keys: readonly F[];
  protected src: S | null = null;
  protected names: string[] = [];
  protected palette: Palette = DEFAULT_PALETTE;

  /** `fields`: each fact's key and label, in order; `hint`: the note while nothing is shown. */
  constructor(
    root: HTMLElement,
    fields: readonly (readonly [F, string])[],
    private readonly hint: string,
  ) {
    this.root = el('div', { className: 'inspector', attrs: { 'aria-live': 'polite', 'data-part': 'inspector' } });
    this.note = el('span', { className: 'card-note', text: hint });
    this.keys = fields.map(([key]) => key);
    const rows = fields.map(([key, label]) => {
      const dt = el('dt', { text: label });
      const dd = el('dd', { text: '—', attrs: { 'data-field': key } });
      this.dt[key] = dt;
      this.dd[key] = dd;
      return el('div', {}, [dt, dd]);
    });
    this.root.appendChild(el('dl', { className: 'facts' }, rows));
    root.appendChild(this.root);
    this.dot = el('span', { className: 'owner-dot', attrs: { 'aria-hidden': 'true' } });
    this.clear();
  }

  /** The note for the card's head ("hover or tap the map", "pinned"). */
  get noteElement(): HTMLElement {
    return this.note;
  }

  setSource(src: FrameSource | null, names: string[]): void {
    this.src = src as S | null;
    this.names = names;
    this.sourceChanged();
    this.clear();
  }

  setPalette(p: Palette): void {
    this.palette = p;
  }

  abstract show(target: number, frame: number, p: Perspective, pinned: boolean): void;

  /** A new source arrived (drop what was cached of the old one). */
  protected sourceChanged(): void {}

  /** Nothing shown: every value a dash. */
  protected clear(): void {
    this.root.classList.add('empty');
    for (const k of this.keys) setText(this.dd[k], '—');
    setText(this.note, this.hint);
  }

  /** Something shown, pinned or under the pointer. */
  protected shown(pinned: boolean): void {
    this.root.classList.remove('empty');
    setText(this.note, pinned ? 'pinned · click it again to release' : this.hint);
  }

  /** New labels for the facts (one game's thing may have other facts than another's). */
  protected labels(l: Record<F, string>): void {
    for (const k of this.keys) setText(this.dt[k], l[k]);
  }

  /** The owner cell: the colour of owner value `owner` (1 the first seat; below 0 nobody, with a
   * dashed ring) and a name. */
  protected setOwner(owner: number, name: string): void {
    const dd = this.dd[this.ownerKey()];
    const dot = this.dot;
    dot.style.background = owner < 0 ? 'transparent' : ownerColour(this.palette, owner);
    dot.style.border = owner < 0 ? '1px dashed #7f8aa0' : '0';
    if (dd.firstChild !== dot || dd.childNodes.length !== 2 || dd.lastChild?.textContent !== name) {
      dd.replaceChildren(dot, document.createTextNode(name));
    }
    dd.title = name;
  }

  /** The fact that holds the owner. */
  protected ownerKey(): F {
    return 'owner' as F;
  }
}
