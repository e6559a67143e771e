// The help dialog: keyboard shortcuts (the game's layers among them) and the game's notes on
// using its board. Mounted on the element it is given (it appends its <dialog> there).

import { el } from '../page/dom';
import { keyHelp } from './keys';
import type { GameModule } from '../game';

export class HelpDialog {
  readonly dialog: HTMLDialogElement;

  constructor(root: HTMLElement, game: Pick<GameModule, 'layers' | 'panNote' | 'helpNotes'>) {
    const notes = game.helpNotes;
    const title = el('h2', { text: 'Keyboard and mouse' });
    title.id = `help-title-${Math.random().toString(36).slice(2, 8)}`;
    const close = el('button', { className: 'btn btn-icon', text: '×', attrs: { type: 'button', 'aria-label': 'Close help', 'data-part': 'help-close' } });
    const rows = keyHelp(game).map(([keys, what]) => el('tr', {}, [el('th', { attrs: { scope: 'row' } }, [el('kbd', { text: keys })]), el('td', { text: what })]));
    const table = el('table', { className: 'keys' }, [
      el('caption', { className: 'visually-hidden', text: 'Keyboard shortcuts' }),
      el('tbody', { attrs: { 'data-part': 'help-keys' } }, rows),
    ]);
    const list = el(
      'ul',
      { className: 'help-notes' },
      notes.map((n) => el('li', { text: n })),
    );
    this.dialog = el('dialog', { className: 'dialog', attrs: { 'aria-labelledby': title.id, 'data-part': 'help-dialog' } }, [
      el('div', { className: 'dialog-head' }, [title, close]),
      table,
      list,
    ]);
    root.appendChild(this.dialog);
    close.addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('click', (ev) => {
      // A click on the backdrop (outside the dialog's box) closes it.
      if (ev.target !== this.dialog) return;
      const r = this.dialog.getBoundingClientRect();
      const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
      if (!inside) this.dialog.close();
    });
  }

  get open(): boolean {
    return this.dialog.open;
  }

  toggle(): void {
    if (this.dialog.open) this.dialog.close();
    else this.dialog.showModal();
  }

  close(): void {
    this.dialog.close();
  }
}
