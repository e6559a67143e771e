// A cross-shaped direction pad for tap-site-then-tap-direction on touch screens (and by Tab and
// Enter on a keyboard). Each button is named for its direction.

const DIRS: { dir: number; name: string; glyph: string; area: string }[] = [
  { dir: 1, name: 'North', glyph: '↑', area: 'n' },
  { dir: 4, name: 'West', glyph: '←', area: 'w' },
  { dir: 0, name: 'Still', glyph: '•', area: 'c' },
  { dir: 2, name: 'East', glyph: '→', area: 'e' },
  { dir: 3, name: 'South', glyph: '↓', area: 's' },
];

export class DirectionPad {
  private readonly buttons: HTMLButtonElement[] = [];

  constructor(host: HTMLElement, onDirection: (dir: number) => void) {
    const pad = document.createElement('div');
    pad.className = 'lg-dpad';
    pad.setAttribute('role', 'group');
    pad.setAttribute('aria-label', 'Direction for the selected site');
    pad.dataset.part = 'dpad';
    for (const d of DIRS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn lg-dpad-btn';
      b.style.gridArea = d.area;
      b.dataset.dir = String(d.dir);
      b.setAttribute('aria-label', d.name);
      b.title = d.name;
      b.textContent = d.glyph;
      b.addEventListener('click', () => onDirection(d.dir));
      pad.append(b);
      this.buttons.push(b);
    }
    host.append(pad);
  }

  setEnabled(on: boolean): void {
    for (const b of this.buttons) b.disabled = !on;
  }
}
