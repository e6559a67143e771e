// What a set of seats needs the person's consent for: the third-party origins of their bots and
// a link's raised time limits. Asks once (bots/consent-dialog.ts) for all of them.

import { askConsent } from '../bots/consent-dialog';
import { botFileName, type SeatChoice } from './entries';
import type { Budgets } from '../shell/seat';
import { sourceOrigin } from '../bots/sources';
import { fmtDecimal } from '../shell/format';

/** Budgets a link asks for; `null` is no limit, undefined the page's default. */
export interface LinkBudgets {
  initMs?: number | null;
  turnMs?: number | null;
}

/** "no time limit to start, 5 s a turn": what a link raises above `base`, or null. */
export function raisedBudgets(link: LinkBudgets, base: Budgets): string | null {
  const parts: string[] = [];
  const s = (ms: number) => `${fmtDecimal(ms / 1000)} s`;
  if (link.initMs === null) parts.push('no time limit to start');
  else if (link.initMs !== undefined && link.initMs > base.initMs) parts.push(`${s(link.initMs)} to start`);
  if (link.turnMs === null) parts.push('no time limit a turn');
  else if (link.turnMs !== undefined && link.turnMs > base.turnMs) parts.push(`${s(link.turnMs)} a turn`);
  return parts.length ? parts.join(', ') : null;
}

export interface SeatConsent {
  /** Whether the third-party bots may run (true when there are none). */
  run: boolean;
  /** Whether the link's raised budgets apply (otherwise the defaults). */
  budgets: boolean;
}

/** Asks for the third-party bots among `choices` and, when there are any, for raised budgets. */
export async function consentForSeats(choices: readonly SeatChoice[], raised: string | null): Promise<SeatConsent> {
  const byOrigin = new Map<string, string[]>();
  for (const c of choices) {
    if (c.kind !== 'bot') continue;
    const o = sourceOrigin(c.source, location.origin);
    const name = c.source.kind === 'url' ? botFileName(c.source.url) : c.label;
    if (o) byOrigin.set(o, [...(byOrigin.get(o) ?? []), name]);
  }
  if (byOrigin.size === 0) return { run: true, budgets: true };
  const ok = await askConsent({ origins: [...byOrigin].map(([origin, bots]) => ({ origin, bots })), budgets: raised });
  return { run: ok, budgets: ok };
}
