// A game's lessons as the learn page lists and opens them: each game writes its own book (its
// lessons, their list section and their view); the page only lays the books out and opens the
// lesson an address names.

import type { Progress } from './progress';

export interface LessonBook {
  /** The list page's section for this game's lessons, with the stars earned so far. */
  sectionHtml(progress: Progress): string;
  /** Whether `id` is one of this game's lessons. */
  has(id: string): boolean;
  /** Opens lesson `id` on `root` (its view's code and its game's engine load on first use). */
  open(root: HTMLElement, id: string): Promise<void>;
}
