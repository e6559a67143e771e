// Loads the bot editor (CodeMirror and the JavaScript parser) in stages, one task each: run in
// one go, the libraries' start-up (building the parser tables, the keymaps, the styles) is one
// main-thread task of well over 50 ms on a slow machine. Each stage runs some modules' top-level
// code; a module already run is not run again, so the last import finds everything ready.

import type * as EditorModule from './editor';

/** Lets the browser paint and handle input between two stages. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let loading: Promise<typeof EditorModule> | null = null;

/** The editor module, loaded once. */
export function loadEditor(): Promise<typeof EditorModule> {
  loading ??= (async () => {
    await import(/* webpackChunkName: "editor" */ '@codemirror/state');
    await nextTask();
    await import(/* webpackChunkName: "editor" */ '@codemirror/view');
    await nextTask();
    await import(/* webpackChunkName: "editor" */ '@codemirror/language');
    await nextTask();
    await import(/* webpackChunkName: "editor" */ '@lezer/javascript');
    await nextTask();
    await Promise.all([
      import(/* webpackChunkName: "editor" */ '@codemirror/commands'),
      import(/* webpackChunkName: "editor" */ '@codemirror/search'),
    ]);
    await nextTask();
    await Promise.all([
      import(/* webpackChunkName: "editor" */ '@codemirror/autocomplete'),
      import(/* webpackChunkName: "editor" */ '@codemirror/lint'),
    ]);
    await nextTask();
    const m = await import(/* webpackChunkName: "editor" */ './editor');
    await nextTask();
    return m;
  })().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
