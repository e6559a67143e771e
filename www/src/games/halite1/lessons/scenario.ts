// The sandbox's scenario in its URL form: `?sandbox=<JSON>` with {width, height, owner, strength,
// production, moves} (row-major, index y * width + x; owner 0 neutral, 1..6 players; moves 0
// still, 1 north, 2 east, 3 south, 4 west), and optionally the rules switched off. Pure: the
// parser names what is wrong so the page can say it, and never throws.

import { ALL_RULES, type Rules, type Scenario } from './types';

export interface SandboxScenario extends Scenario {
  moves: number[];
  rules?: Partial<Rules>;
}

export const MAX_SIDE = 12;

export function defaultScenario(): SandboxScenario {
  const width = 5;
  const height = 5;
  const n = width * height;
  const s: SandboxScenario = {
    width,
    height,
    owner: new Array<number>(n).fill(0),
    strength: new Array<number>(n).fill(0),
    production: new Array<number>(n).fill(2),
    moves: new Array<number>(n).fill(0),
  };
  const put = (x: number, y: number, o: number, st: number) => {
    s.owner[y * width + x] = o;
    s.strength[y * width + x] = st;
  };
  put(1, 2, 1, 60);
  put(3, 2, 2, 40);
  put(2, 1, 0, 20);
  put(2, 3, 0, 10);
  s.moves[2 * width + 1] = 2;
  return s;
}

function intArray(v: unknown, name: string, n: number, max: number): number[] | string {
  if (!Array.isArray(v)) return `"${name}" must be an array of ${n} numbers`;
  if (v.length !== n) return `"${name}" holds ${v.length} values, not ${n}`;
  for (let i = 0; i < n; i++) {
    const x = v[i] as unknown;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > max) {
      return `"${name}"[${i}] is ${JSON.stringify(x)}: it must be a whole number from 0 to ${max}`;
    }
  }
  return v as number[];
}

/** Parses the URL form; `moves` may be left out (all still). */
export function parseScenario(text: string): { scenario?: SandboxScenario; error?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'The scenario in the address is not valid JSON.' };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { error: 'The scenario must be a JSON object.' };
  const o = raw as Record<string, unknown>;
  const { width, height } = o;
  if (typeof width !== 'number' || typeof height !== 'number' || !Number.isInteger(width) || !Number.isInteger(height)) {
    return { error: 'The scenario needs whole-number "width" and "height".' };
  }
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    return { error: `The board is ${width}x${height}: the sandbox takes sides from 1 to ${MAX_SIDE}.` };
  }
  const n = width * height;
  const owner = intArray(o.owner, 'owner', n, 6);
  const strength = intArray(o.strength, 'strength', n, 65535);
  const production = intArray(o.production, 'production', n, 255);
  const moves = o.moves === undefined ? new Array<number>(n).fill(0) : intArray(o.moves, 'moves', n, 4);
  for (const a of [owner, strength, production, moves]) if (typeof a === 'string') return { error: `In the scenario, ${a}.` };
  const scenario: SandboxScenario = {
    width,
    height,
    owner: owner as number[],
    strength: strength as number[],
    production: production as number[],
    moves: moves as number[],
  };
  if (o.rules && typeof o.rules === 'object') {
    const r: Partial<Rules> = {};
    for (const k of Object.keys(ALL_RULES) as (keyof Rules)[]) {
      const v = (o.rules as Record<string, unknown>)[k];
      if (typeof v === 'boolean') r[k] = v;
    }
    scenario.rules = r;
  }
  return { scenario };
}

/** The URL form of a scenario (rules only when one is off). */
export function scenarioText(s: SandboxScenario, rules: Rules): string {
  const out: Record<string, unknown> = {
    width: s.width,
    height: s.height,
    owner: s.owner,
    strength: s.strength,
    production: s.production,
    moves: s.moves,
  };
  const off = (Object.keys(rules) as (keyof Rules)[]).filter((k) => !rules[k]);
  if (off.length) out.rules = Object.fromEntries(off.map((k) => [k, false]));
  return JSON.stringify(out);
}

/** Resizes a scenario, keeping what fits (new sites neutral, empty, production 1). */
export function resized(s: SandboxScenario, width: number, height: number): SandboxScenario {
  const n = width * height;
  const out: SandboxScenario = {
    width,
    height,
    owner: new Array<number>(n).fill(0),
    strength: new Array<number>(n).fill(0),
    production: new Array<number>(n).fill(1),
    moves: new Array<number>(n).fill(0),
    rules: s.rules,
  };
  for (let y = 0; y < Math.min(height, s.height); y++)
    for (let x = 0; x < Math.min(width, s.width); x++) {
      const a = y * s.width + x;
      const b = y * width + x;
      out.owner[b] = s.owner[a];
      out.strength[b] = s.strength[a];
      out.production[b] = s.production[a];
      out.moves[b] = s.moves[a];
    }
  return out;
}
