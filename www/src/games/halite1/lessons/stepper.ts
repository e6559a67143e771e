// Halite I's turn stepper: a turn's explanation (the engine's) played as its phases, with the
// turn's report under them.

import { PhaseStepper } from '../../../learn/stepper';
import { explainPhases, who, type Phase } from './phases';
import type { Explanation } from './types';

/** The Halite I stepper: a turn's explanation as its phases and report. */
export class Stepper extends PhaseStepper<Phase> {
  /** Loads a turn and plays it (or, with reduced motion, shows its last phase). */
  load(e: Explanation): void {
    this.loadPhases(explainPhases(e), (el) => renderReport(e, el));
  }
}

function renderReport(e: Explanation, report: HTMLElement): void {
  const rows = e.report.players
    .map((p, k) => ({ p, k }))
    .filter(({ k }) => e.before.owner.includes(k + 1) || e.after.owner.includes(k + 1))
    .map(
      ({ p, k }) =>
        `<tr data-player="${k + 1}"><th scope="row">${who(k + 1)}</th><td>${p.production}</td><td>${p.capLoss}</td><td>${p.damageToPlayers}</td><td>${p.damageToNeutral}</td><td>${p.overkill}</td><td>${p.damageTaken}</td><td>${p.sitesCaptured}</td><td>${p.piecesLost}</td></tr>`,
    )
    .join('');
  report.innerHTML = `<table class="lg-table" data-part="report-table"><caption>The turn's report</caption>
    <thead><tr><th scope="col">Player</th><th scope="col">Production</th><th scope="col">Cap loss</th><th scope="col">Damage to players</th><th scope="col">Damage to neutral</th><th scope="col">Overkill</th><th scope="col">Damage taken</th><th scope="col">Captured</th><th scope="col">Pieces lost</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}
