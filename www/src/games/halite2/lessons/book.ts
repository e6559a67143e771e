// Halite II's lessons for the learn page: their list section and their view.

import type { LessonBook } from '../../../learn/book';
import { starsHtml } from '../../../learn/stars';
import { esc } from '../../../shell/page/dom';
import { LEARN } from '../engine';
import { H2_LESSONS, h2LessonById, h2Prose } from './index';

export const BOOK: LessonBook = {
  sectionHtml: (progress) => `
      <section class="lg-game" aria-labelledby="lg-h2">
        <h2 id="lg-h2">Halite II</h2>
        <ol class="lg-lessons" data-part="lessons-halite2">
          ${H2_LESSONS.map(
            (l) =>
              `<li><a href="?learn=${encodeURIComponent(l.id)}" data-halite2-lesson="${esc(l.id)}"><span class="lg-lesson-title">${esc(h2Prose(l.id).title)}</span>${starsHtml(progress[l.id])}</a></li>`,
          ).join('')}
        </ol>
      </section>`,
  has: (id) => h2LessonById(id) !== undefined,
  async open(root, id) {
    const entry = h2LessonById(id);
    if (!entry) throw new Error(`no lesson ${id}`);
    const [view, engine] = await Promise.all([import(/* webpackChunkName: "learn-halite2" */ './view'), LEARN.load()]);
    view.mountLesson(root, engine, entry);
  },
};
