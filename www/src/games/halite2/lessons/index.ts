// The Halite II lessons: one JSON file each (judged by the engine's `Halite2Lesson`) and their
// English prose in en.json, keyed by lesson id so that another language is one more file. Ids
// start with `h2-` so that `?learn=<id>` names one lesson across both games.

import en from './en.json';
import thrust from './h2-thrust.json';
import docking from './h2-docking.json';
import weapons from './h2-weapons.json';
import collisions from './h2-collisions.json';
import type { Goal, H2LessonSpec } from './types';

export interface LessonProse {
  title: string;
  intro: string;
  hint: string;
  why: string;
}

interface Prose {
  goals: Record<string, string>;
  lessons: Record<string, LessonProse>;
}

/** A lesson file as bundled: its text is what the engine parses; `raw` is read for display. */
export interface H2LessonEntry {
  id: string;
  order: number;
  text: string;
  raw: Partial<H2LessonSpec> & { id: string; order: number };
}

const FILES: unknown[] = [thrust, docking, weapons, collisions];

export const H2_LESSONS: readonly H2LessonEntry[] = FILES.map((f) => {
  const raw = f as H2LessonEntry['raw'];
  return { id: raw.id, order: raw.order, text: JSON.stringify(f), raw };
}).sort((a, b) => a.order - b.order);

const PROSE = en as Prose;

export function h2LessonById(id: string): H2LessonEntry | undefined {
  return H2_LESSONS.find((l) => l.id === id);
}

export function h2Prose(id: string): LessonProse {
  return PROSE.lessons[id] ?? { title: id, intro: '', hint: '', why: '' };
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
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
