// The Halite II lessons: one JSON file each (judged by the engine's `Halite2Lesson`) and their
// English prose in en.json, keyed by lesson id so that another language is one more file. Ids
// start with `h2-` so that `?learn=<id>` names one lesson across both games.

import { fill, lessonList, proseOf, type LessonEntry, type LessonProse } from '../../../learn/lessons';
import en from './en.json';
import thrust from './h2-thrust.json';
import docking from './h2-docking.json';
import weapons from './h2-weapons.json';
import collisions from './h2-collisions.json';
import type { Goal, H2LessonSpec } from './types';

interface Prose {
  goals: Record<string, string>;
  lessons: Record<string, LessonProse>;
}

/** A Halite II lesson file as bundled. */
export type H2LessonEntry = LessonEntry<H2LessonSpec>;

const FILES: unknown[] = [thrust, docking, weapons, collisions];

export const H2_LESSONS: readonly H2LessonEntry[] = lessonList<H2LessonSpec>(FILES);

const PROSE = en as Prose;

export function h2LessonById(id: string): H2LessonEntry | undefined {
  return H2_LESSONS.find((l) => l.id === id);
}

export function h2Prose(id: string): LessonProse {
  return proseOf(PROSE.lessons, id);
}

/** "Destroy ship 3" inside a sentence: "destroy ship 3". */
export const lowerFirst = (s: string) => s.replace(/^./, (c) => c.toLowerCase());

const num = (v: number) => String(Math.round(v * 100) / 100);

/** The goal in words, built from the predicate the engine judges (so its numbers are the file's). */
export function goalText(goal: Goal): string {
  const g = PROSE.goals;
  if ('reach' in goal) {
    const r = goal.reach;
    return fill(r.ship == null ? g.reachAny : g.reach, { ship: r.ship ?? '', x: num(r.x), y: num(r.y), r: num(r.r) });
  }
  if ('docked' in goal) return fill(g.docked, { planet: goal.docked.planet, n: goal.docked.ships });
  if ('produced' in goal) return fill(goal.produced === 1 ? g.producedOne : g.produced, { n: goal.produced });
  if ('destroyed' in goal) return fill(g.destroyed, { ship: goal.destroyed });
  if ('alive' in goal) return fill(g.alive, { ship: goal.alive });
  if ('planetDestroyed' in goal) return fill(g.planetDestroyed, { planet: goal.planetDestroyed });
  if ('and' in goal) return goal.and.map(goalText).reduce((a, b) => fill(g.and, { a, b: lowerFirst(b) }));
  if ('or' in goal) return goal.or.map(goalText).reduce((a, b) => fill(g.or, { a, b: lowerFirst(b) }));
  return fill(g.not, { a: goalText(goal.not) });
}

export function limitText(turns: number): string {
  return fill(PROSE.goals.within, { turns });
}
