// What every game's lessons share: the bundled lesson files (their text is what the engine
// parses; `raw` is read for display), and the prose that goes with them (titles, intros, hints,
// the words of goals), with `{name}` templates filled from the lesson's numbers.

export interface LessonProse {
  title: string;
  intro: string;
  hint: string;
  why: string;
}

/** A lesson file as bundled. `Spec` is the game's lesson spec (defaults are filled by the
 * engine's `spec()` once it is loaded). */
export interface LessonEntry<Spec> {
  id: string;
  order: number;
  text: string;
  raw: Partial<Spec> & { id: string; order: number };
}

/** The lesson files in their `order`. */
export function lessonList<Spec>(files: readonly unknown[]): LessonEntry<Spec>[] {
  return files
    .map((f) => {
      const raw = f as LessonEntry<Spec>['raw'];
      return { id: raw.id, order: raw.order, text: JSON.stringify(f), raw };
    })
    .sort((a, b) => a.order - b.order);
}

/** A `{name}` template filled from `values` (an unknown name stays as written). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}

/** A lesson's prose, or its id as the title when it has none. */
export function proseOf(lessons: Record<string, LessonProse>, id: string): LessonProse {
  return lessons[id] ?? { title: id, intro: '', hint: '', why: '' };
}
