// Where a bot's code comes from (the messages to and from a bot's worker, and their check, are
// shell/engine/bot-messages.ts: the match loop in the engine worker reads a hosted bot's answers too).

/** Where a bot's code comes from: a game's built-in bot, an ES module URL, or source text (the
 * editor, a file, or a URL's module fetched by the page). A module's default export is the bot;
 * `name` and `init` are optional. `saved` is the id of a bot saved in this browser. */
export type BotSource = { kind: 'builtin'; id: string } | { kind: 'url'; url: string } | { kind: 'code'; code: string; label: string; saved?: string };
