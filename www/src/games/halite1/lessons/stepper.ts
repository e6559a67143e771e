// Halite I's turn stepper: a turn's explanation (the engine's) played as its phases, with the
// turn's report under them.

import { PhaseStepper } from '../../../learn/stepper';
import { explainPhases, who, type Phase } from './phases';
import type { Explanation, PlayerTurnStats } from './types';

/** The Halite I stepper: a turn's explanation as its phases and report. */
export class Stepper extends PhaseStepper<Phase> {
  /** Loads a turn and plays it (or, with reduced motion, shows its last phase). */
  load(e: Explanation): void {
    this.loadPhases(explainPhases(e), (el) => renderReport(e, el));
  }
}

/** The report's lines, in the engine's order of a player's numbers. */
const REPORT: readonly [keyof PlayerTurnStats, string][] = [
  ['production', 'Production'],
  ['capLoss', 'Cap loss'],
  ['damageToPlayers', 'Damage to players'],
  ['damageToNeutral', 'Damage to neutral'],
  ['overkill', 'Overkill'],
  ['damageTaken', 'Damage taken'],
  ['sitesCaptured', 'Sites captured'],
  ['piecesLost', 'Pieces lost'],
];

/** The turn's report: a line for each number and a column for each player, so its words stay
 * whole and it fits a phone's width (and a narrow column) with up to six players. */
function renderReport(e: Explanation, report: HTMLElement): void {
  const players = e.report.players.map((p, k) => ({ p, k })).filter(({ k }) => e.before.owner.includes(k + 1) || e.after.owner.includes(k + 1));
  const head = players.map(({ k }) => `<th scope="col" data-player="${k + 1}">${who(k + 1)}</th>`).join('');
  const rows = REPORT.map(([key, label]) => `<tr data-field="${key}"><th scope="row">${label}</th>${players.map(({ p, k }) => `<td data-player="${k + 1}">${p[key]}</td>`).join('')}</tr>`).join('');
  report.innerHTML = `<table class="lg-table lg-table-turn" data-part="report-table"><caption>The turn's report</caption>
    <thead><tr><td></td>${head}</tr></thead>
    <tbody>${rows}</tbody></table>`;
}
