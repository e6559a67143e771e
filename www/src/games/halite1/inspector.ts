// The Halite I site inspector: location, owner, strength, production, the move this turn and
// the damage dealt and taken there (from the engine's turn report). Mounted on the element it
// is given.

import type { FrameSource, Inspector, Perspective } from '../../shell/game';
import { el, fmt, setText } from '../../shell/dom';
import { ownerColour, type Palette, DEFAULT_PALETTE } from '../../shell/palette';
import type { Halite1Frames } from './frames';
import type { TurnReport } from './types';

const MOVE_NAMES = ['Still', 'North ↑', 'East →', 'South ↓', 'West ←'];
const FIELDS = [
  ['loc', 'Location'],
  ['owner', 'Owner'],
  ['strength', 'Strength'],
  ['production', 'Production'],
  ['move', 'Move this turn'],
  ['dealt', 'Damage dealt'],
  ['taken', 'Damage taken'],
] as const;
type Field = (typeof FIELDS)[number][0];

export class SiteInspector implements Inspector {
  private readonly root: HTMLElement;
  private readonly note: HTMLElement;
  private readonly dd = {} as Record<Field, HTMLElement>;
  private readonly dot: HTMLElement;
  private src: Halite1Frames | null = null;
  private names: string[] = [];
  private palette: Palette = DEFAULT_PALETTE;
  private report: { frame: number; version: number; report: TurnReport | null } = { frame: -1, version: -1, report: null };

  constructor(root: HTMLElement) {
    this.root = el('div', { className: 'inspector', attrs: { 'aria-live': 'polite', 'data-part': 'inspector' } });
    this.note = el('span', { className: 'card-note', text: 'hover or tap the map' });
    const rows = FIELDS.map(([key, label]) => {
      const dd = el('dd', { text: '—', attrs: { 'data-field': key } });
      this.dd[key] = dd;
      return el('div', {}, [el('dt', { text: label }), dd]);
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
    this.src = src as Halite1Frames | null;
    this.names = names;
    this.report = { frame: -1, version: -1, report: null };
    this.clear();
  }

  setPalette(p: Palette): void {
    this.palette = p;
  }

  private clear(): void {
    this.root.classList.add('empty');
    for (const [k] of FIELDS) setText(this.dd[k], '—');
    setText(this.note, 'hover or tap the map');
  }

  private turnReport(f: number): TurnReport | null {
    const src = this.src;
    if (!src) return null;
    if (this.report.frame !== f || this.report.version !== src.version) {
      let report: TurnReport | null = null;
      try {
        report = src.turnReport(f);
      } catch {
        report = null;
      }
      this.report = { frame: f, version: src.version, report };
    }
    return this.report.report;
  }

  show(site: number, f: number, p: Perspective, pinned: boolean): void {
    const src = this.src;
    if (!src || site < 0 || site >= src.width * src.height || f >= src.numFrames) {
      this.clear();
      return;
    }
    const x = site % src.width;
    const y = Math.floor(site / src.width);
    this.root.classList.remove('empty');
    setText(this.note, pinned ? 'pinned · click it again to release' : 'hover or tap the map');
    setText(this.dd.loc, `(${x}, ${y})`);
    const fog = p.seat >= 0 ? src.fogView(f, p.seat, p.radius) : null;
    if (fog && fog.visible[site] === 0) {
      this.setOwner(-1, 'Hidden by fog');
      for (const k of ['strength', 'production', 'move', 'dealt', 'taken'] as const) setText(this.dd[k], '?');
      return;
    }
    const owner = fog ? fog.owner[site] : src.owner(f)[site];
    const strength = fog ? fog.strength[site] : src.strength(f)[site];
    const production = src.production()[site];
    const move = f < src.numFrames - 1 ? src.moves(f)[site] : -1;
    this.setOwner(owner, owner === 0 ? 'Neutral' : (this.names[owner - 1] ?? `Player ${owner}`));
    setText(this.dd.strength, String(strength));
    setText(this.dd.production, String(production));
    if (move < 0) setText(this.dd.move, '— (last frame)');
    else if (owner === 0) setText(this.dd.move, '—');
    else setText(this.dd.move, move <= 4 ? MOVE_NAMES[move] : `Invalid (${move}): stays, no production`);
    const report = this.turnReport(f);
    setText(this.dd.dealt, report ? fmt(report.damageDealt[site] ?? 0) : '—');
    setText(this.dd.taken, report ? fmt(report.damageTaken[site] ?? 0) : '—');
  }

  private setOwner(owner: number, name: string): void {
    const dd = this.dd.owner;
    const dot = this.dot;
    dot.style.background = owner < 0 ? 'transparent' : ownerColour(this.palette, owner);
    dot.style.border = owner < 0 ? '1px dashed #7f8aa0' : '0';
    if (dd.firstChild !== dot || dd.childNodes.length !== 2 || dd.lastChild?.textContent !== name) {
      dd.replaceChildren(dot, document.createTextNode(name));
    }
    dd.title = name;
  }
}
