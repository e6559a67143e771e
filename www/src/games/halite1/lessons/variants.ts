// Seeded variants of a lesson for the bot track: the board mirrored left-right, top-bottom or
// both, with every coordinate and direction of the lesson (goal, stars, hints, script, solution,
// wrong answer) mirrored alike, so a bot that only replays one answer does not pass. Pure.

import type { DirName, Goal, LessonSpec, Order } from './types';

type Flip = { x: boolean; y: boolean };

const FLIP_X: Record<DirName, DirName> = { still: 'still', north: 'north', south: 'south', east: 'west', west: 'east' };
const FLIP_Y: Record<DirName, DirName> = { still: 'still', north: 'south', south: 'north', east: 'east', west: 'west' };

function site(spec: LessonSpec, f: Flip, [x, y]: [number, number]): [number, number] {
  return [f.x ? spec.board.width - 1 - x : x, f.y ? spec.board.height - 1 - y : y];
}

function order(spec: LessonSpec, f: Flip, [x, y, d]: Order): Order {
  const [nx, ny] = site(spec, f, [x, y]);
  let dir = d;
  if (f.x) dir = FLIP_X[dir];
  if (f.y) dir = FLIP_Y[dir];
  return [nx, ny, dir];
}

function goal(spec: LessonSpec, f: Flip, g: Goal): Goal {
  if (typeof g === 'string') return g;
  if ('owns' in g) return { owns: site(spec, f, g.owns) };
  if ('ownsAll' in g) return { ownsAll: g.ownsAll.map((s) => site(spec, f, s)) };
  if ('strengthAt' in g) return { strengthAt: { at: site(spec, f, g.strengthAt.at), min: g.strengthAt.min } };
  if ('neutral' in g) return { neutral: site(spec, f, g.neutral) };
  if ('and' in g) return { and: g.and.map((h) => goal(spec, f, h)) };
  if ('or' in g) return { or: g.or.map((h) => goal(spec, f, h)) };
  if ('not' in g) return { not: goal(spec, f, g.not) };
  return g;
}

function board<T>(spec: LessonSpec, f: Flip, a: T[]): T[] {
  const w = spec.board.width;
  return a.map((_, i) => {
    const [x, y] = site(spec, f, [i % w, Math.floor(i / w)]);
    return a[y * w + x];
  });
}

export function mirrored(spec: LessonSpec, f: Flip): LessonSpec {
  const turns = (t: Order[][]) => t.map((os) => os.map((o) => order(spec, f, o)));
  return {
    ...spec,
    board: {
      ...spec.board,
      owner: board(spec, f, spec.board.owner),
      strength: board(spec, f, spec.board.strength),
      production: board(spec, f, spec.board.production),
    },
    goal: goal(spec, f, spec.goal),
    stars: spec.stars.map((s) => site(spec, f, s)),
    hints: spec.hints.map((o) => order(spec, f, o)),
    script: turns(spec.script),
    solution: turns(spec.solution),
    wrong: { moves: turns(spec.wrong.moves), reply: turns(spec.wrong.reply) },
  };
}

/** The lesson itself and its three mirror images, named. */
export function variants(spec: LessonSpec): { name: string; spec: LessonSpec }[] {
  return [
    { name: 'the lesson', spec },
    { name: 'mirrored left-right', spec: mirrored(spec, { x: true, y: false }) },
    { name: 'mirrored top-bottom', spec: mirrored(spec, { x: false, y: true }) },
    { name: 'turned half round', spec: mirrored(spec, { x: true, y: true }) },
  ];
}
