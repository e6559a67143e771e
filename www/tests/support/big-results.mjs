// A large arena run's results, as the arena page opens them: the generated results.json of the
// arena-results e2e test and of `www/bench/results.mjs`, and the person's way through its games
// (scroll, page, go to a game) that both drive.

/** A results.json of `n` games between two bots, as the Python arena writes it. */
export function bigResults(n) {
  const games = [];
  let wins0 = 0;
  for (let k = 0; k < n; k++) {
    const seats = k % 2 === 0 ? [0, 1] : [1, 0];
    const first = (k * 7919) % 10 < 6 ? 0 : 1;
    if (first === 0) wins0++;
    const ranks = seats.map((b) => (b === first ? 1 : 2));
    games.push({ index: k, seed: 1 + k, width: 30, height: 30, seats, ranks, replay: `game-${String(k).padStart(5, '0')}.hlt`, command: null, frames: 150 + (k % 150), ejected: [null, null] });
  }
  return {
    game: 'halite1',
    size: [30, 30],
    seed: 1,
    games_asked: n,
    fog: null,
    bots: [
      { name: 'builtin:expander', games: n, wins: wins0, mean_rank: 2 - wins0 / n, mu: 27.123456, sigma: 0.812345 },
      { name: 'builtin:greedy', games: n, wins: n - wins0, mean_rank: 1 + wins0 / n, mu: 22.876543, sigma: 0.812345 },
    ],
    trueskill: { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 0, draw_probability: 0 },
    score_ci95: { games: n, score: wins0 / n, diff: (2 * wins0) / n - 1, low: 0.18, high: 0.22, elo: 70.4, elo_low: 63.2, elo_high: 77.7 },
    sprt: { llr: 3.1, lower: -2.94, upper: 2.94, result: 'H1', wins: wins0, losses: n - wins0, draws: 0, elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, stopped_after: n },
    games,
  };
}

/** In the page (pass it to `page.evaluate`): scrolls the page and the games' list, then pages
 * through the games (Next five times, Last, Go to game 4321, Previous twenty times) and scrolls
 * back up, a frame between steps, so that what is measured is the page's own work and not the
 * test driver's. Returns the range shown after each kind of paging. */
export async function pageThroughGames() {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const range = () => document.querySelector('[data-part="games-range"]').textContent;
  const seen = [];
  const scroller = document.querySelector('[data-part="games-scroll"]');
  for (let y = 0; y <= document.documentElement.scrollHeight; y += 200) {
    window.scrollTo(0, y);
    await frame();
  }
  for (let y = 0; y <= scroller.scrollHeight; y += 150) {
    scroller.scrollTop = y;
    await frame();
  }
  for (let k = 0; k < 5; k++) {
    document.querySelector('[data-part="games-next"]').click();
    await frame();
  }
  seen.push(range());
  document.querySelector('[data-part="games-last"]').click();
  await frame();
  seen.push(range());
  document.querySelector('[data-part="games-goto"]').value = '4321';
  document.querySelector('[data-part="games-goto"]').form.requestSubmit();
  await frame();
  seen.push(range());
  for (let k = 0; k < 20; k++) {
    document.querySelector('[data-part="games-prev"]').click();
    await frame();
  }
  seen.push(range());
  for (let y = document.documentElement.scrollHeight; y >= 0; y -= 300) {
    window.scrollTo(0, y);
    await frame();
  }
  return seen;
}

/** What `pageThroughGames` shows, in order, for a 10,000-game run. */
export const PAGED_RANGES = ['Games 251–300 of 10,000', 'Games 9,951–10,000 of 10,000', 'Games 4,301–4,350 of 10,000', 'Games 3,301–3,350 of 10,000'];
