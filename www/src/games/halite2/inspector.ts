// The Halite II inspector: the ship or planet under the pointer (or pinned) at the shown frame:
// owner, position, health, docking state or docking spots, and what a planet produces.
// Mounted on the element it is given.

import type { Perspective } from '../../shell/game';
import { fmt, setText } from '../../shell/page/dom';
import { FactsInspector } from '../../shell/viewer/facts-inspector';
import type { Halite2Frames } from './frames';
import {
  DOCKING,
  PLANET_STRIDE,
  P_DOCKED,
  P_HEALTH,
  P_OWNER,
  P_PRODUCTION,
  P_RADIUS,
  P_REMAINING,
  P_SPOTS,
  P_X,
  P_Y,
  SHIP_STRIDE,
  S_HEALTH,
  S_OWNER,
  S_PLANET,
  S_STATUS,
  S_TURNS,
  S_VX,
  S_VY,
  S_X,
  S_Y,
  decodeTarget,
} from './types';

const FIELDS = [
  ['what', 'Selected'],
  ['owner', 'Owner'],
  ['pos', 'Position'],
  ['health', 'Health'],
  ['dock', 'Docking'],
  ['extra', 'Production'],
] as const;
type Field = (typeof FIELDS)[number][0];

const DOCKING_TEXT = ['Undocked', 'Docking', 'Docked', 'Undocking'];

export class Halite2Inspector extends FactsInspector<Field, Halite2Frames> {
  constructor(root: HTMLElement) {
    super(root, FIELDS, 'hover or tap a ship or planet');
  }

  protected override clear(): void {
    this.labels({ what: 'Selected', owner: 'Owner', pos: 'Position', health: 'Health', dock: 'Docking', extra: 'Production' });
    super.clear();
  }

  show(t: number, f: number, _p: Perspective, pinned: boolean): void {
    const src = this.src;
    const d = decodeTarget(t);
    if (!src || !d || f < 0 || f >= src.numFrames) {
      this.clear();
      return;
    }
    const dd = this.dd;
    if (d.kind === 'ship') {
      const i = src.shipIndex(f, d.id);
      if (i < 0) {
        this.clear();
        setText(dd.what, `Ship ${d.id} (not in this frame)`);
        return;
      }
      const s = src.ships(f);
      const o = i * SHIP_STRIDE;
      this.labels({ what: 'Ship', owner: 'Owner', pos: 'Position', health: 'Health', dock: 'Docking', extra: 'Velocity' });
      setText(dd.what, `#${d.id}`);
      this.setSeat(s[o + S_OWNER]);
      setText(dd.pos, `(${s[o + S_X].toFixed(1)}, ${s[o + S_Y].toFixed(1)})`);
      setText(dd.health, `${fmt(s[o + S_HEALTH])} / 255`);
      const status = s[o + S_STATUS];
      const planet = s[o + S_PLANET];
      const turns = s[o + S_TURNS];
      let dock = DOCKING_TEXT[status] ?? DOCKING[0];
      if (status !== 0 && planet >= 0) dock += ` · planet #${planet}`;
      if ((status === 1 || status === 3) && turns > 0) dock += ` · ${turns} turn${turns === 1 ? '' : 's'} left`;
      setText(dd.dock, dock);
      const vx = s[o + S_VX];
      const vy = s[o + S_VY];
      setText(dd.extra, vx === 0 && vy === 0 ? 'still' : `${Math.hypot(vx, vy).toFixed(2)} u/turn at ${Math.round(((Math.atan2(vy, vx) * 180) / Math.PI + 360) % 360)}°`);
    } else {
      const i = src.planetIndex(f, d.id);
      if (i < 0) {
        this.clear();
        setText(dd.what, `Planet ${d.id} (destroyed)`);
        return;
      }
      const p = src.planets(f);
      const o = i * PLANET_STRIDE;
      this.labels({ what: 'Planet', owner: 'Owner', pos: 'Position', health: 'Health', dock: 'Docked ships', extra: 'Production' });
      setText(dd.what, `#${d.id} · radius ${p[o + P_RADIUS].toFixed(1)}`);
      this.setSeat(p[o + P_OWNER]);
      setText(dd.pos, `(${p[o + P_X].toFixed(1)}, ${p[o + P_Y].toFixed(1)})`);
      setText(dd.health, fmt(p[o + P_HEALTH]));
      setText(dd.dock, `${p[o + P_DOCKED]} of ${p[o + P_SPOTS]} spots`);
      setText(dd.extra, `${fmt(p[o + P_PRODUCTION])} / 72 toward a ship · ${fmt(p[o + P_REMAINING])} left`);
    }
    this.shown(pinned);
  }

  private setSeat(seat: number): void {
    this.setOwner(seat < 0 ? -1 : seat + 1, seat < 0 ? 'Nobody' : (this.names[seat] ?? `Player ${seat + 1}`));
  }
}
