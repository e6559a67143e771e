// The learn page. `?learn` lists every game's lessons with the stars earned; `?learn=<id>` opens
// one. Each game's lessons are its own book (the registry loads them): its list section and its
// lesson view; the page lays the books out and opens the lesson an address names.

import { esc } from '../shell/page/dom';
import { topbarHtml } from '../shell/page/nav';
import { loadProgress, resetProgress } from '../learn/progress';
import type { LessonBook } from '../learn/book';
import { loadLessonBooks } from '../games/index';

export async function mount(root: HTMLElement, search: string): Promise<void> {
  const id = new URLSearchParams(search).get('learn') ?? '';
  const books = await loadLessonBooks();
  const book = id ? books.find((b) => b.has(id)) : undefined;
  if (!book) {
    renderList(root, books, id);
    return;
  }
  await book.open(root, id);
}

function renderList(root: HTMLElement, books: readonly LessonBook[], unknown: string): void {
  const progress = loadProgress();
  root.innerHTML = `${topbarHtml({ page: 'learn' })}
    <main class="lg-page lg-list-page">
      <h1>Learn Halite</h1>
      ${unknown ? `<p class="lg-error" role="alert">There is no lesson "${esc(unknown)}". Pick one below.</p>` : ''}
      <p class="lg-muted">Each lesson is a small board and a goal. Give your pieces or ships orders, press “Resolve turn” and watch the turn happen phase by phase. The engine itself judges every lesson.</p>
      ${books.map((b) => b.sectionHtml(progress)).join('')}
      <p class="lg-list-actions">
        <a class="btn" href="?sandbox">Open the sandbox</a>
        <button type="button" class="btn" data-part="reset">Reset progress</button>
        <span data-part="confirm" hidden>
          <span role="alert">Forget every lesson's stars?</span>
          <button type="button" class="btn" data-part="confirm-yes">Yes, reset</button>
          <button type="button" class="btn" data-part="confirm-no">Keep them</button>
        </span>
      </p>
    </main>`;
  const q = <T extends HTMLElement>(p: string) => root.querySelector<T>(`[data-part="${p}"]`) as T;
  const confirm = q('confirm');
  q('reset').addEventListener('click', () => {
    confirm.hidden = false;
    q('confirm-no').focus();
  });
  q('confirm-no').addEventListener('click', () => {
    confirm.hidden = true;
    q('reset').focus();
  });
  q('confirm-yes').addEventListener('click', () => {
    resetProgress();
    renderList(root, books, '');
  });
}

