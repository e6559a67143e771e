// Halite I's lessons (Blitz's among them) for the learn page: their list section and their view.

import type { LessonBook } from '../../../learn/book';
import { starsHtml } from '../../../learn/stars';
import { esc } from '../../../shell/page/dom';
import { LEARN } from '../engine';
import { LESSONS, lessonById, prose } from './index';

export const BOOK: LessonBook = {
  sectionHtml: (progress) => `
      <section class="lg-game" aria-labelledby="lg-h1">
        <h2 id="lg-h1">Halite I and Blitz</h2>
        <ol class="lg-lessons" data-part="lessons">
          ${LESSONS.map((l) => {
            const p = prose(l.id);
            return `<li><a href="?learn=${encodeURIComponent(l.id)}" data-lesson="${esc(l.id)}"><span class="lg-lesson-title">${esc(p.title)}</span>${l.raw.game === 'blitz' ? '<span class="lg-tag">Blitz</span>' : ''}${starsHtml(progress[l.id])}</a></li>`;
          }).join('')}
        </ol>
      </section>`,
  has: (id) => lessonById(id) !== undefined,
  async open(root, id) {
    const entry = lessonById(id);
    if (!entry) throw new Error(`no lesson ${id}`);
    const [view, engine] = await Promise.all([import(/* webpackChunkName: "learn-halite1" */ './view'), LEARN.load()]);
    view.mountLesson(root, engine, entry);
  },
};
