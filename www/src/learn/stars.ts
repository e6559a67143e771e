// A lesson's stars as shown in the list and in a solved lesson's result, for every game.

const STAR = '★';

export function starsLabel(stars: number | undefined): string {
  return stars ? `${stars} of 3 stars` : 'not solved yet';
}

export function starsHtml(stars: number | undefined): string {
  const n = stars ?? 0;
  return `<span class="lg-stars" aria-label="${starsLabel(stars)}" role="img">${STAR.repeat(n)}<span class="lg-stars-off">${STAR.repeat(3 - n)}</span></span>`;
}

/**
 * Stars for a solved lesson: three at or under par, two within two turns over, else one; each
 * hint step taken costs one (the solution leaves one at most). Never fewer than one.
 */
export function starsFor(turns: number, par: number, hintLevel: number): number {
  let stars = turns <= par ? 3 : turns <= par + 2 ? 2 : 1;
  if (hintLevel >= 3) stars = Math.min(stars, 1);
  else stars -= hintLevel > 0 ? hintLevel : 0;
  return Math.max(1, stars);
}
