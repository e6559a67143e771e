// The play page (`?play[&game=<id>]`): the New game form (play/new-game.ts) beside My bots
// (play/bot-shelf.ts), which share the bots saved in this browser. Start goes to the watch page
// with the game in the address. A bot's code is only text on this page: it is stored and shown,
// never evaluated. It runs when a game gives it a seat, inside that seat's Worker, so a saved
// endless loop cannot freeze this page.

import { BotLibrary } from '../bots/library';
import type { BotInfo, GameId, GameModule } from '../shell/game';
import { gameFromSearch } from '../shell/page/live-setup';
import { GAME_CHOICES, GAME_IDS, loadGame } from '../games/index';
import { BotShelf } from './play/bot-shelf';
import { PAGE, playElements } from './play/markup';
import { NewGameForm } from './play/new-game';

export class PlayPage {
  private readonly form: NewGameForm;
  private readonly shelf: BotShelf;

  constructor(root: HTMLElement, module: GameModule, builtins: readonly BotInfo[], games: readonly { id: GameId; title: string }[]) {
    root.innerHTML = PAGE;
    const els = playElements(root);
    const library = new BotLibrary();
    this.form = new NewGameForm(root, els, module, builtins, games, library, () => this.shelf.saveNow());
    this.shelf = new BotShelf(els, module, library, this.form);
  }

  /** Fills the form from the address and opens a bot. */
  start(search: string): void {
    this.form.fill(search);
    this.shelf.open(search);
  }

  /** Shows why the address (a game's link) could not start a game: one line per problem. */
  notice(problems: readonly string[]): void {
    this.form.notice(problems);
  }
}

/** Mounts the play page on `root`. */
export async function mount(root: HTMLElement, search: string, problems: readonly string[] = []): Promise<PlayPage> {
  const id = gameFromSearch(search, GAME_IDS, GAME_IDS[0]);
  // Only the chosen game's module is loaded; the game choice lists the others by title.
  const module = await loadGame(id);
  document.title = `Play — ${module.title}`;
  const page = new PlayPage(root, module, await module.bots(), GAME_CHOICES);
  page.start(search);
  page.notice(problems);
  return page;
}
