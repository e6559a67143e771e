// A Halite II turn as the stepper's phases, in the engine's order: the orders, docking, the
// movement with its combat and collisions (drawn as an animation), production, and the board
// after. Each phase has lines to read; every number in them comes from the engine's turn
// (`H2Step`). Pure: tested in node.

import { orderShip, type Board, type Cause, type H2Step, type Order, type Target, type TurnEvent } from './types';

/** An order in words ("thrust 7 at 53°", "dock at planet 0", "undock"). */
export function orderText(o: Order): string {
  if ('thrust' in o) return `thrust ${o.thrust[1]} at ${o.thrust[2]}°`;
  if ('dock' in o) return `dock at planet ${o.dock[1]}`;
  return 'undock';
}

export type H2PhaseKey = 'orders' | 'docking' | 'movement' | 'production' | 'after';

export interface H2Line {
  kind: 'order' | 'dock' | 'refused' | 'attack' | 'destroyed' | 'damage' | 'produced' | 'spawned' | 'none';
  text: string;
}

export interface H2Phase {
  key: H2PhaseKey;
  title: string;
  /** Which board the phase shows; `movement` animates from `before` to `after`. */
  board: 'before' | 'after';
  /** Draw the turn's orders as arrows. */
  arrows: boolean;
  lines: H2Line[];
}

/** "your ship 0" or "enemy ship 2 (player 2)". */
export function shipName(id: number, owner: number, me: number): string {
  return owner === me ? `your ship ${id}` : `enemy ship ${id} (player ${owner + 1})`;
}

function targetName(t: Target, me: number): string {
  return 'ship' in t ? shipName(t.ship.id, t.ship.owner, me) : `planet ${t.planet.id}`;
}

const at = (time: number) => `t = ${time.toFixed(2)}`;
const amount = (d: number) => String(Math.round(d * 100) / 100);

function causeText(cause: Cause, me: number, step: H2Step): string {
  if (cause === 'leftMap') return 'it flew off the map';
  if (cause === 'shot') return 'weapons fire';
  if (cause === 'planet') return 'no health left: it explodes';
  if ('hitPlanet' in cause) return `it flew into planet ${cause.hitPlanet}`;
  if ('collided' in cause) {
    const other = step.before.ships.find((s) => s.id === cause.collided);
    return `it collided with ${other ? shipName(other.id, other.owner, me) : `ship ${cause.collided}`}`;
  }
  return `caught in planet ${cause.explosion}'s explosion`;
}

function eventLine(e: TurnEvent, me: number, step: H2Step): H2Line | null {
  switch (e.kind) {
    case 'docking': {
      const what =
        e.to === 'docking' && e.from === 'undocked'
          ? `starts docking at planet ${e.planet}: ${e.turnsLeft} turns left`
          : e.to === 'docking'
            ? `docking at planet ${e.planet}: ${e.turnsLeft} ${e.turnsLeft === 1 ? 'turn' : 'turns'} left`
            : e.to === 'docked'
              ? `is docked at planet ${e.planet}`
              : e.to === 'undocking'
                ? `undocking from planet ${e.planet}: ${e.turnsLeft} turns left`
                : `has undocked from planet ${e.planet}`;
      return { kind: 'dock', text: `${shipName(e.ship, e.owner, me)} ${what}.` };
    }
    case 'dockRefused':
      return {
        kind: 'refused',
        text:
          e.reason === 'out of range'
            ? `${shipName(e.ship, e.owner, me)} cannot dock at planet ${e.planet}: out of range (${amount(e.distance)} from its centre, docking reaches ${amount(e.reach)}).`
            : `${shipName(e.ship, e.owner, me)} cannot dock at planet ${e.planet}: ${e.reason}.`,
      };
    case 'contention':
      return {
        kind: 'refused',
        text: `Ships of two players tried to dock at planet ${e.planet} at once: nobody docks, and they fight (${e.ships.map((t) => targetName(t, me)).join(', ')}).`,
      };
    case 'attack': {
      const total = e.hits.reduce((sum, h) => sum + h.damage, 0);
      const each = e.hits.length > 1 ? ` (${amount(e.hits[0]?.damage ?? 0)} each: ${amount(total)} split ${e.hits.length} ways)` : '';
      const list = e.hits.map((h) => `${targetName(h.target, me)}${e.hits.length > 1 ? '' : ` for ${amount(h.damage)}`}`).join(' and ');
      return { kind: 'attack', text: `${at(e.time)}: ${shipName(e.ship, e.owner, me)} fires at ${list}${each}.` };
    }
    case 'destroyed':
      return { kind: 'destroyed', text: `${at(e.time)}: ${targetName(e.target, me)} is destroyed (${causeText(e.cause, me, step)}).` };
    case 'planetDamaged':
      return { kind: 'damage', text: `Planet ${e.planet}: health ${e.from} → ${e.to}.` };
    case 'produced':
      return {
        kind: 'produced',
        text: `Planet ${e.planet} (${e.owner === me ? 'yours' : `player ${e.owner + 1}`}): ${e.docked} docked ${e.docked === 1 ? 'ship' : 'ships'}, production ${e.from} → ${e.to}${e.to < e.from ? ' (72 spent on a new ship)' : ''}.`,
      };
    case 'spawned':
      return { kind: 'spawned', text: `Planet ${e.planet} makes a new ship: ${shipName(e.ship, e.owner, me)}.` };
  }
}

/** Ships that lost health and survived: "your ship 0: health 255 → 191". */
function healthLines(before: Board, after: Board, me: number): H2Line[] {
  const out: H2Line[] = [];
  for (const b of before.ships) {
    const a = after.ships.find((s) => s.id === b.id);
    if (a && a.health < b.health) out.push({ kind: 'damage', text: `${shipName(b.id, b.owner, me)}: health ${b.health} → ${a.health}.` });
  }
  return out;
}

const none = (text: string): H2Line[] => [{ kind: 'none', text }];

export function h2Phases(step: H2Step, me: number): H2Phase[] {
  const pick = (kinds: TurnEvent['kind'][]) =>
    step.events
      .filter((e) => kinds.includes(e.kind))
      .map((e) => eventLine(e, me, step))
      .filter((l): l is H2Line => l !== null);
  const owners = new Map(step.before.ships.map((s) => [s.id, s.owner]));
  const orders: H2Line[] = step.orders.map(({ owner, order }) => {
    const ship = orderShip(order);
    return { kind: 'order', text: `${shipName(ship, owners.get(ship) ?? owner, me)}: ${orderText(order)}.` };
  });
  const docking = pick(['docking', 'dockRefused', 'contention']);
  const movement = [...pick(['attack', 'destroyed', 'planetDamaged']), ...healthLines(step.before, step.after, me)];
  const production = pick(['produced', 'spawned']);
  return [
    { key: 'orders', title: 'Orders', board: 'before', arrows: true, lines: orders.length ? orders : none('No orders: every ship stays where it is.') },
    { key: 'docking', title: 'Docking', board: 'before', arrows: true, lines: docking.length ? docking : none('No docking changes.') },
    {
      key: 'movement',
      title: 'Movement, combat and collisions',
      board: 'after',
      arrows: false,
      lines: movement.length ? movement : none('Ships fly; nobody comes within weapon range and nothing collides.'),
    },
    { key: 'production', title: 'Production', board: 'after', arrows: false, lines: production.length ? production : none('No planet produces: none has a docked ship.') },
    { key: 'after', title: 'After the turn', board: 'after', arrows: false, lines: none('Every ship has stopped: no thrust carries over to the next turn.') },
  ];
}
