// A small board as a DOM grid: one button-like cell per site inside an ARIA grid, so every site
// is named for screen readers ("(x, y): player P, strength S, production R"), reachable by
// keyboard (arrow keys move between sites, Enter selects, N/E/S/W or Shift+arrow give a
// direction, "." stays still) and tappable on a phone. Lessons and the sandbox use small boards,
// where a grid of elements reads better than a canvas and each number can be inspected.

import { DEFAULT_PALETTE, ownerColour } from '../../../shell/palette';
import { esc } from '../../../shell/page/dom';

export interface PieceShow {
  owner: number;
  strength: number;
  /** Damage taken this phase (shown as "−d"). */
  damage?: number;
  dead?: boolean;
}

/** What one site shows. `pieces` replaces the single owner/strength where several stand. */
export interface CellShow {
  owner: number;
  strength: number;
  production: number;
  hidden?: boolean;
  pieces?: PieceShow[];
  /** A short note under the number (e.g. "+3"). */
  note?: string;
  /** Strength the 255 cap took here (red). */
  loss?: number;
  /** A 0-strength piece was left behind here. */
  left?: boolean;
  changed?: boolean;
  star?: boolean;
  predicted?: boolean;
}

export interface Arrow {
  site: number;
  /** 0 still, 1 north, 2 east, 3 south, 4 west. */
  dir: number;
  kind: 'plan' | 'hint' | 'move';
}

export interface GridHandlers {
  /** A site was tapped or Enter was pressed on it. */
  activate(site: number): void;
  /** A direction key was pressed on a site (0 still .. 4 west). */
  direction?(site: number, dir: number): void;
  /** Enter (or Ctrl+Enter) on the board: the turn is given (lessons resolve it). Without it,
   * Enter selects the site like Space. */
  submit?(): void;
}

const GLYPH = ['•', '↑', '→', '↓', '←'];
const KEY_DIR: Record<string, number> = { n: 1, e: 2, s: 3, w: 4, '.': 0 };
const ARROW_DIR: Record<string, number> = { ArrowUp: 1, ArrowRight: 2, ArrowDown: 3, ArrowLeft: 4 };

export function cellLabel(x: number, y: number, c: CellShow): string {
  if (c.hidden) return `(${x}, ${y}): hidden by fog`;
  const who = c.owner === 0 ? 'neutral' : `player ${c.owner}`;
  const base = `(${x}, ${y}): ${who}, strength ${c.strength}, production ${c.production}`;
  // What a phase draws on the site, in the same words as its visible marks.
  const extra: string[] = [];
  if (c.pieces && (c.pieces.length !== 1 || c.pieces[0].damage !== undefined || c.pieces[0].dead)) {
    const pieces = c.pieces.map(
      (p) => `${p.owner === 0 ? 'neutral' : `player ${p.owner}`} ${p.strength}${p.damage !== undefined ? ` −${p.damage}` : ''}${p.dead ? ' destroyed' : ''}`,
    );
    extra.push(pieces.length ? `pieces: ${pieces.join(', ')}` : 'no pieces');
  }
  if (c.note) extra.push(`note ${c.note}`);
  if (c.loss) extra.push(`−${c.loss} cap`);
  if (c.left) extra.push('0 left');
  return extra.length ? `${base}; ${extra.join('; ')}` : base;
}

export class BoardGrid {
  readonly element: HTMLElement;
  private width = 0;
  private height = 0;
  private focusSite = 0;
  private cells: HTMLElement[] = [];

  constructor(host: HTMLElement, private readonly handlers: GridHandlers, label: string) {
    this.element = document.createElement('div');
    this.element.className = 'lg-grid';
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', label);
    this.element.dataset.part = 'grid';
    host.append(this.element);
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.element.addEventListener('click', (e) => {
      const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-site]');
      if (!cell) return;
      const site = Number(cell.dataset.site);
      this.focusSite = site;
      this.syncTabStop();
      this.handlers.activate(site);
    });
  }

  /** Redraws every site. `selected` is outlined (-1: none). */
  render(width: number, height: number, cells: readonly CellShow[], arrows: readonly Arrow[], selected: number): void {
    if (width !== this.width || height !== this.height) this.build(width, height);
    const byCell = new Map<number, Arrow[]>();
    for (const a of arrows) byCell.set(a.site, [...(byCell.get(a.site) ?? []), a]);
    cells.forEach((c, i) => {
      const el = this.cells[i];
      const x = i % width;
      const y = Math.floor(i / width);
      el.setAttribute('aria-label', cellLabel(x, y, c));
      el.setAttribute('aria-selected', String(i === selected));
      el.className = 'lg-cell';
      el.classList.toggle('is-hidden', !!c.hidden);
      el.classList.toggle('is-changed', !!c.changed);
      el.classList.toggle('is-selected', i === selected);
      el.style.setProperty('--owner', c.hidden ? 'transparent' : ownerColour(DEFAULT_PALETTE, c.owner));
      el.classList.toggle('is-owned', !c.hidden && c.owner !== 0);
      // Every mark is drawn by the stylesheet from its `data-text` (generated content, with no
      // text of its own for assistive technology): the cell's name says each of them in words,
      // and holds no visible text that its name leaves out.
      const mark = (cls: string, text: string | number, attrs = '', inner = '') => `<span class="${cls}" data-text="${text}"${attrs}>${inner}</span>`;
      const parts: string[] = [];
      if (c.star) parts.push(mark('lg-star', '★'));
      if (!c.hidden) {
        const pieces = c.pieces ?? [{ owner: c.owner, strength: c.strength }];
        if (pieces.length === 0) parts.push(mark('lg-num is-neutral', c.strength));
        const several = pieces.length > 1;
        for (const p of pieces) {
          const dmg = p.damage !== undefined ? mark('lg-dmg', `−${p.damage}`) : '';
          parts.push(mark(`lg-num${several ? ' is-piece' : ''}${p.dead ? ' is-dead' : ''}${p.owner === 0 ? ' is-neutral' : ''}`, p.strength, ` data-owner="${p.owner}"`, dmg));
        }
        if (c.note) parts.push(mark('lg-note', esc(c.note)));
        if (c.loss) parts.push(mark('lg-loss', `−${c.loss} cap`, ' data-part="cap-loss"'));
        if (c.left) parts.push(mark('lg-left', '0 left', ' data-part="left-behind"'));
        parts.push(mark('lg-prod', c.production));
      }
      for (const a of byCell.get(i) ?? []) parts.push(mark(`lg-arrow is-${a.kind}`, GLYPH[a.dir] ?? '', ` data-dir="${a.dir}"`));
      if (c.predicted) parts.push(mark('lg-guess', '?'));
      el.innerHTML = `<span class="lg-marks" aria-hidden="true">${parts.join('')}</span>`;
      // Each piece's colour through the CSSOM (the page's policy allows no style attributes).
      for (const n of el.querySelectorAll<HTMLElement>('.lg-num[data-owner]')) n.style.setProperty('--piece', ownerColour(DEFAULT_PALETTE, Number(n.dataset.owner)));
    });
  }

  /** Where Tab enters the board, without moving the focus there. */
  setTabStop(site: number): void {
    if (site < 0 || site >= this.cells.length) return;
    this.focusSite = site;
    this.syncTabStop();
  }

  /** The site that holds the focus (or Tab's way in). */
  get focusedSite(): number {
    return this.focusSite;
  }

  /** Whether a cell of the board has the focus. */
  get hasFocus(): boolean {
    return this.element.contains(document.activeElement);
  }

  focus(site: number): void {
    this.focusSite = site;
    this.syncTabStop();
    this.cells[site]?.focus();
  }

  private build(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.element.style.setProperty('--cols', String(width));
    this.element.replaceChildren();
    this.cells = [];
    for (let y = 0; y < height; y++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'lg-row';
      for (let x = 0; x < width; x++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.site = String(y * width + x);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.element.append(row);
    }
    this.focusSite = Math.min(this.focusSite, width * height - 1);
    this.syncTabStop();
  }

  private syncTabStop(): void {
    this.cells.forEach((c, i) => (c.tabIndex = i === this.focusSite ? 0 : -1));
  }

  private onKey(e: KeyboardEvent): void {
    const site = this.focusSite;
    const dirKey = ARROW_DIR[e.key];
    if (dirKey !== undefined && e.shiftKey && this.handlers.direction) {
      this.handlers.direction(site, dirKey);
    } else if (dirKey !== undefined) {
      const x = site % this.width;
      const y = Math.floor(site / this.width);
      const [dx, dy] = [
        [0, 0],
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ][dirKey];
      const nx = Math.min(this.width - 1, Math.max(0, x + dx));
      const ny = Math.min(this.height - 1, Math.max(0, y + dy));
      this.focus(ny * this.width + nx);
    } else if (e.key === 'Enter' && this.handlers.submit && !e.shiftKey && !e.altKey) {
      this.handlers.submit();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.handlers.activate(site);
    } else if (KEY_DIR[e.key.toLowerCase()] !== undefined && this.handlers.direction && !e.ctrlKey && !e.metaKey) {
      this.handlers.direction(site, KEY_DIR[e.key.toLowerCase()]);
    } else if (e.key === 'Home') {
      this.focus(0);
    } else if (e.key === 'End') {
      this.focus(this.width * this.height - 1);
    } else {
      return;
    }
    e.preventDefault();
  }
}
