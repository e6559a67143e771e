// The Halite I and Blitz lessons: one JSON file each (judged by the engine's lesson parser) and
// their English prose in en.json, keyed by lesson id so that another language is one more file.

import type { Goal, LessonSpec, Rules } from './types';
import { fill, lessonList, proseOf, type LessonEntry as Entry, type LessonProse } from '../../../learn/lessons';
import en from './en.json';
import captureNeutral from './capture-neutral.json';
import combat from './combat.json';
import combiningCap from './combining-cap.json';
import fog from './fog.json';
import gameEnd from './game-end.json';
import leftBehind from './left-behind.json';
import moveAndProduce from './move-and-produce.json';
import overkill from './overkill.json';
import overkillAgainstYou from './overkill-against-you.json';
import simultaneous from './simultaneous.json';
import wrapAround from './wrap-around.json';
import zeroStrength from './zero-strength.json';

interface Prose {
  goals: Record<string, string>;
  rules: Record<string, string>;
  lessons: Record<string, LessonProse>;
}

/** A Halite I lesson file as bundled. */
export type LessonEntry = Entry<LessonSpec>;

const FILES: unknown[] = [
  moveAndProduce,
  leftBehind,
  combiningCap,
  captureNeutral,
  combat,
  overkill,
  overkillAgainstYou,
  zeroStrength,
  wrapAround,
  simultaneous,
  fog,
  gameEnd,
];

export const LESSONS: readonly LessonEntry[] = lessonList<LessonSpec>(FILES);

const PROSE = en as Prose;

export function lessonById(id: string): LessonEntry | undefined {
  return LESSONS.find((l) => l.id === id);
}

export function prose(id: string): LessonProse {
  return proseOf(PROSE.lessons, id);
}

const site = ([x, y]: [number, number]) => `(${x}, ${y})`;

/** The goal in words, built from the predicate the engine judges (so its numbers are the file's). */
export function goalText(goal: Goal): string {
  const g = PROSE.goals;
  if (goal === 'ownsStars' || goal === 'enemyGone' || goal === 'mostSites') return g[goal];
  if ('owns' in goal) return fill(g.owns, { site: site(goal.owns) });
  if ('ownsAll' in goal) return fill(g.ownsAll, { sites: goal.ownsAll.map(site).join(', ') });
  if ('strengthAt' in goal) return fill(g.strengthAt, { site: site(goal.strengthAt.at), min: goal.strengthAt.min });
  if ('neutral' in goal) return fill(g.neutral, { site: site(goal.neutral) });
  if ('sites' in goal) return fill(g.sites, { n: goal.sites });
  if ('strength' in goal) return fill(g.strength, { n: goal.strength });
  if ('and' in goal) return goal.and.map(goalText).reduce((a, b) => fill(g.and, { a, b }));
  if ('or' in goal) return goal.or.map(goalText).reduce((a, b) => fill(g.or, { a, b }));
  return fill(g.not, { a: goalText(goal.not) });
}

/** "within 5 turns" or "after turn 3". */
export function limitText(turns: number, atEnd: boolean): string {
  return fill(atEnd ? PROSE.goals.atEnd : PROSE.goals.within, { turns });
}

/** The rules in force as labelled on/off lines (fog only when it is on). */
export function rulesText(rules: Rules, fogRadius: number | null | undefined): { label: string; on: boolean }[] {
  const r = PROSE.rules;
  const out = (['combat', 'production', 'wrap', 'cap'] as const).map((k) => ({ label: r[k], on: rules[k] }));
  if (fogRadius != null) out.push({ label: fill(r.fog, { r: fogRadius }), on: true });
  return out;
}
