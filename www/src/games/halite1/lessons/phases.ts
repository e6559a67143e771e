// A turn's explanation as the stepper's phases, in the original's order: orders, production,
// moves and combining, damage, removals, new owners. Each phase is a board to show and lines
// to read; every number comes from the engine's explanation. Pure: tested in node.

import type { Arrow, CellShow, PieceShow } from './board-grid';
import type { Explanation } from './types';

export interface Line {
  kind: 'growth' | 'cap' | 'move' | 'left' | 'merge' | 'hit' | 'overkill' | 'death' | 'survive' | 'change' | 'none';
  text: string;
  /** The site the line is about (the victim's for a hit). */
  site: number;
}

export interface Phase {
  key: 'orders' | 'production' | 'moves' | 'damage' | 'removals' | 'owners';
  title: string;
  cells: CellShow[];
  arrows: Arrow[];
  lines: Line[];
}

const DIRS = ['still', 'north', 'east', 'south', 'west'];

export function who(owner: number): string {
  return owner === 0 ? 'neutral' : `player ${owner}`;
}

export function explainPhases(e: Explanation): Phase[] {
  const { width: w } = e.before;
  const n = e.before.owner.length;
  const at = (i: number) => `(${i % w}, ${Math.floor(i / w)})`;
  const base = (owner: number[], strength: number[]): CellShow[] =>
    owner.map((o, i) => ({ owner: o, strength: strength[i], production: e.before.production[i] }));

  // Orders: the board before, with every move.
  const orders: Phase = {
    key: 'orders',
    title: 'Orders',
    cells: base(e.before.owner, e.before.strength),
    arrows: e.movements.map((m) => ({ site: m.from, dir: m.kind === 'moved' ? m.direction : 0, kind: 'move' })),
    lines: e.movements.map((m) => ({
      kind: 'move',
      site: m.from,
      text:
        m.kind === 'moved'
          ? `${who(m.owner)} at ${at(m.from)} moves ${DIRS[m.direction]} to ${at(m.to)}${m.wrapped ? ' across the edge' : ''}, carrying ${m.strength}`
          : m.kind === 'blocked'
            ? `${who(m.owner)} at ${at(m.from)} cannot move ${DIRS[m.direction]} off the edge: it stays, without production`
            : `${who(m.owner)} at ${at(m.from)} sent an invalid move: it stays, without production`,
    })),
  };

  // Production on the pieces that stayed still.
  const grown = [...e.before.strength];
  const prodCells = base(e.before.owner, grown);
  const prodLines: Line[] = [];
  for (const g of e.growth) {
    prodCells[g.site].strength = g.before + g.gain;
    prodCells[g.site].note = `+${g.gain}`;
    if (g.capLoss) prodCells[g.site].loss = g.capLoss;
    prodLines.push({
      kind: g.capLoss ? 'cap' : 'growth',
      site: g.site,
      text: `${who(g.owner)} at ${at(g.site)} stays still: ${g.before} + ${g.gain} = ${g.before + g.gain}${g.capLoss ? `; the cap took ${g.capLoss}` : ''}`,
    });
  }
  const production: Phase = { key: 'production', title: 'Production', cells: prodCells, arrows: [], lines: prodLines };

  // Moves and combining: what stands on each site (the pieces that fight next).
  const standing: PieceShow[][] = Array.from({ length: n }, () => []);
  for (const f of e.fates) standing[f.site].push({ owner: f.owner, strength: f.strength });
  const moveCells: CellShow[] = Array.from({ length: n }, (_, i) => ({
    owner: standing[i][0]?.owner ?? 0,
    strength: standing[i][0]?.strength ?? e.neutral[i],
    production: e.before.production[i],
    pieces: standing[i].length > 1 ? standing[i] : undefined,
  }));
  const moveLines: Line[] = [];
  for (const m of e.merges) {
    if (m.capLoss) moveCells[m.site].loss = (moveCells[m.site].loss ?? 0) + m.capLoss;
    if (m.leftBehind) moveCells[m.site].left = true;
    const sum = m.parts.reduce((s, p) => s + p.strength, 0);
    if (m.parts.length > 1) {
      moveLines.push({
        kind: m.capLoss ? 'cap' : 'merge',
        site: m.site,
        text: `${who(m.owner)} combines on ${at(m.site)}: ${m.parts.map((p) => p.strength).join(' + ')} = ${sum}${m.capLoss ? `, capped at ${m.strength}: ${m.capLoss} lost` : ''}`,
      });
    } else if (m.leftBehind) {
      moveLines.push({ kind: 'left', site: m.site, text: `${who(m.owner)} leaves a piece of strength 0 on ${at(m.site)}` });
    }
  }
  const moves: Phase = {
    key: 'moves',
    title: 'Moves and combining',
    cells: moveCells,
    arrows: [],
    lines: moveLines,
  };

  // Damage: the ledger, grouped by the site hit.
  const damageCells: CellShow[] = moveCells.map((c) => ({ ...c, loss: undefined, left: undefined }));
  const neutralTaken = new Array<number>(n).fill(0);
  for (const h of e.hits) if (h.victim === 0) neutralTaken[h.to] += h.amount;
  for (let i = 0; i < n; i++) {
    const pieces: PieceShow[] = e.fates
      .filter((f) => f.site === i)
      .map((f) => ({ owner: f.owner, strength: f.strength, damage: f.touched ? f.damage : undefined }));
    if (e.neutral[i] > 0 && pieces.length > 0) pieces.unshift({ owner: 0, strength: e.neutral[i], damage: neutralTaken[i] });
    if (pieces.length) damageCells[i].pieces = pieces;
  }
  const hits = [...e.hits].sort((a, b) => a.to - b.to || a.victim - b.victim || a.from - b.from);
  // Overkill: a piece hitting several enemies at once deals more than its own strength.
  const overkill: Line[] = [];
  for (const f of e.fates) {
    const own = e.hits.filter((h) => h.from === f.site && h.attacker === f.owner);
    if (own.length < 2) continue;
    const dealt = own.reduce((s, h) => s + h.effective, 0);
    overkill.push({
      kind: 'overkill',
      site: f.site,
      text: `${who(f.owner)} at ${at(f.site)}, strength ${f.strength}, dealt ${dealt} in all: overkill ${Math.max(0, dealt - f.strength)}`,
    });
  }
  const damage: Phase = {
    key: 'damage',
    title: 'Damage',
    cells: damageCells,
    arrows: [],
    lines: [
      ...hits.map((h): Line => {
        const by = h.attacker === 0 ? `the neutral site ${at(h.from)}` : `${who(h.attacker)} at ${at(h.from)}`;
        const target = h.victim === 0 ? `the neutral site ${at(h.to)}` : `${who(h.victim)} at ${at(h.to)}`;
        return { kind: 'hit', site: h.to, text: `${by} hits ${target} for ${h.amount} (${h.effective} of it counts)` };
      }),
      ...overkill,
    ],
  };

  // Removals.
  const removalCells: CellShow[] = moveCells.map((c) => ({ ...c, loss: undefined, left: undefined }));
  const removalLines: Line[] = [];
  for (let i = 0; i < n; i++) {
    const fates = e.fates.filter((f) => f.site === i);
    if (!fates.length) continue;
    removalCells[i].pieces = fates.map((f) => ({ owner: f.owner, strength: f.survives ? f.remaining : f.strength, dead: !f.survives }));
  }
  for (const f of e.fates) {
    if (!f.touched && !f.crowdedOut) continue;
    removalLines.push({
      kind: f.survives ? 'survive' : 'death',
      site: f.site,
      text: f.crowdedOut
        ? `${who(f.owner)} at ${at(f.site)} is pushed out by a stronger piece (combat is off)`
        : f.survives
          ? `${who(f.owner)} at ${at(f.site)} survives: ${f.strength} − ${f.damage} = ${f.remaining}`
          : `${who(f.owner)} at ${at(f.site)} dies: damage ${f.damage} ≥ strength ${f.strength}`,
    });
  }
  const removals: Phase = { key: 'removals', title: 'Removals', cells: removalCells, arrows: [], lines: removalLines };

  // New owners: the board after the turn.
  const ownerCells = base(e.after.owner, e.after.strength);
  for (const c of e.changes) ownerCells[c.site].changed = true;
  const owners: Phase = {
    key: 'owners',
    title: 'New owners',
    cells: ownerCells,
    arrows: [],
    lines: e.changes
      .filter((c) => c.owner !== c.ownerBefore)
      .map((c) => ({
        kind: 'change',
        site: c.site,
        text: `${at(c.site)}: ${who(c.ownerBefore)} → ${who(c.owner)}, strength ${c.strength}`,
      })),
  };

  for (const p of [orders, production, moves, damage, removals, owners]) {
    if (!p.lines.length) p.lines.push({ kind: 'none', site: -1, text: 'Nothing happens in this phase.' });
  }
  return [orders, production, moves, damage, removals, owners];
}
