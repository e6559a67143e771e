// The sandbox page: `?sandbox[=<scenario>]`, a small board to paint and resolve turn by turn. The
// game that offers one (the registry knows which) draws it.

import { loadGamePage } from '../games/index';

export async function mount(root: HTMLElement, search: string): Promise<void> {
  const page = await loadGamePage('sandbox');
  await page.mount(root, search);
}
