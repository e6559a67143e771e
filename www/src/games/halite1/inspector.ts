// The Halite I site inspector: location, owner, strength, production, the move this turn and
// the damage dealt and taken there (from the engine's turn report). Mounted on the element it
// is given.

import type { Perspective } from '../../shell/game';
import { fmt, setText } from '../../shell/page/dom';
import { FactsInspector } from '../../shell/viewer/facts-inspector';
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

export class SiteInspector extends FactsInspector<Field, Halite1Frames> {
  private report: { frame: number; version: number; report: TurnReport | null } = { frame: -1, version: -1, report: null };

  constructor(root: HTMLElement) {
    super(root, FIELDS, 'hover or tap the map');
  }

  protected override sourceChanged(): void {
    this.report = { frame: -1, version: -1, report: null };
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
    this.shown(pinned);
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
}
