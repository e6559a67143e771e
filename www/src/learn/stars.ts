// A lesson's stars as shown in the list and in a solved lesson's result, for every game.

const STAR = '★';

export function starsLabel(stars: number | undefined): string {
  return stars ? `${stars} of 3 stars` : 'not solved yet';
}

export function starsHtml(stars: number | undefined): string {
  const n = stars ?? 0;
  return `<span class="lg-stars" aria-label="${starsLabel(stars)}" role="img">${STAR.repeat(n)}<span class="lg-stars-off">${STAR.repeat(3 - n)}</span></span>`;
}
