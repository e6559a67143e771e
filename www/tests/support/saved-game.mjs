// A saved game of the person's, planted in the app's IndexedDB before a hostile bot runs, so a
// test can check afterwards that the bot neither read nor changed it.

/** Puts `{ mine: true }` under the key `my-game` in the store `games-in-progress` of the page's
 * database `halite`, opened at `version` (the store is made if the database is new). */
export function plantSavedGame(page, version) {
  return page.evaluate(
    (v) =>
      new Promise((res, rej) => {
        const r = indexedDB.open('halite', v);
        r.onupgradeneeded = () => r.result.createObjectStore('games-in-progress');
        r.onsuccess = () => {
          const tx = r.result.transaction('games-in-progress', 'readwrite');
          tx.objectStore('games-in-progress').put({ mine: true }, 'my-game');
          tx.oncomplete = () => {
            r.result.close();
            res();
          };
          tx.onerror = rej;
        };
        r.onerror = rej;
      }),
    version,
  );
}
