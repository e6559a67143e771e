// The mark of the person's seat on the board of a game they play: a ring in their colour around
// the map and a "You" badge in its corner that names the colour, so which pieces are theirs is
// never a guess (a continued game gives the person any seat). Mounted in the map's well; it
// takes no pointer events, so the map under it pans and picks as before.

import { el, setText } from '../page/dom';

export class YouMarker {
  private readonly ring: HTMLDivElement;
  private readonly badge: HTMLSpanElement;
  private readonly swatch: HTMLSpanElement;
  private readonly text: HTMLSpanElement;
  private seat = -1;

  constructor(well: HTMLElement) {
    this.swatch = el('span', { className: 'you-swatch', attrs: { 'aria-hidden': 'true' } });
    this.text = el('span', { className: 'you-text' });
    this.badge = el('span', { className: 'you-badge', attrs: { 'data-part': 'you-badge' } }, [this.swatch, this.text]);
    this.ring = el('div', { className: 'you-ring', attrs: { 'data-part': 'you-marker', hidden: '' } }, [this.badge]);
    well.appendChild(this.ring);
  }

  /** The seat the person plays (0-based), or -1 for none. */
  get shown(): number {
    return this.seat;
  }

  /** Marks seat `seat` (0-based) as the person's, drawn in `colour`. */
  show(seat: number, colour: string): void {
    this.seat = seat;
    this.ring.hidden = false;
    this.setColour(colour);
    setText(this.text, `You: player ${seat + 1}, this colour`);
  }

  /** The palette changed: the ring and the badge take the seat's new colour. */
  setColour(colour: string): void {
    this.ring.style.setProperty('--you', colour);
    this.swatch.style.background = colour;
  }

  hide(): void {
    this.seat = -1;
    this.ring.hidden = true;
  }
}
