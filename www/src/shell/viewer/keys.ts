// Keyboard shortcuts: the original visualizer's keys plus a few of ours. Pure mapping from a key
// event to an action (unit-tested in node); the viewer performs the actions. The keys of a
// board's optional layers and what the help says of its edges are the game's (its module's
// `layers` and `panNote`); the shell names none of them.

import type { GameModule, LayerInfo } from '../game';

export type KeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'step'; dir: 1 | -1 }
  | { kind: 'speed-preset'; index: number }
  | { kind: 'speed'; dir: 1 | -1 }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'event'; dir: 1 | -1 }
  | { kind: 'pan'; dx: number; dy: number }
  | { kind: 'recentre' }
  | { kind: 'layer'; key: string }
  | { kind: 'extended' }
  | { kind: 'perspective' }
  | { kind: 'palette' }
  | { kind: 'drawings' }
  | { kind: 'zoom'; dir: 1 | -1 }
  | { kind: 'help' };

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Help text, one line per shortcut, in the order the dialog lists them: the shell's keys, with
 * the game's note on panning and its layers' keys in their places. */
export function keyHelp(game: Pick<GameModule, 'layers' | 'panNote'>): [string, string][] {
  return [
    ['Space', 'Play / pause'],
    ['← →  or  , .', 'Step one frame back / forward'],
    ['↑ ↓', 'Faster / slower'],
    ['1 – 5', 'Speed presets: 1, 3, 6, 10, 15 frames a second'],
    ['Z / X  or  Home / End', 'Jump to the first / last frame'],
    ['[ / ]', 'Jump to the previous / next event (elimination, capture, battle...)'],
    ['W A S D', game.panNote ? `Pan the map (${game.panNote})` : 'Pan the map'],
    ['O', 'Recentre on the players and fit the map'],
    ['+ / −', 'Zoom in / out (also the mouse wheel or a pinch)'],
    ...game.layers.map((l): [string, string] => [l.kbd, l.help]),
    ['E', 'Extended statistics (all graphs) on / off'],
    ['V', 'Next perspective (whole map, then each player)'],
    ['C', 'Colour-blind-safe palette on / off'],
    ['B', 'What the bots drew on the map on / off'],
    ['?', 'This help'],
  ];
}

/** The action of a key press, or null for keys the viewer leaves alone. A letter the shell does
 * not use toggles the game's layer with that key (`layers`, the module's). */
export function keyAction(e: KeyLike, layers: readonly Pick<LayerInfo, 'key' | 'kbd'>[] = []): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const code = e.code ?? '';
  const key = e.key;
  if (key === ' ' || code === 'Space') return { kind: 'toggle-play' };
  if (key === 'ArrowLeft' || key === ',' || key === '<') return { kind: 'step', dir: -1 };
  if (key === 'ArrowRight' || key === '.' || key === '>') return { kind: 'step', dir: 1 };
  if (key === 'Home') return { kind: 'start' };
  if (key === 'End') return { kind: 'end' };
  if (key === '[' || code === 'BracketLeft') return { kind: 'event', dir: -1 };
  if (key === ']' || code === 'BracketRight') return { kind: 'event', dir: 1 };
  if (key === 'ArrowUp') return { kind: 'speed', dir: 1 };
  if (key === 'ArrowDown') return { kind: 'speed', dir: -1 };
  if (key === '?' || (key === '/' && code === 'Slash')) return { kind: 'help' };
  if (key === '+' || key === '=') return { kind: 'zoom', dir: 1 };
  if (key === '-' || key === '_') return { kind: 'zoom', dir: -1 };
  const digit = /^(?:Digit|Numpad)([1-5])$/.exec(code);
  if (digit) return { kind: 'speed-preset', index: Number(digit[1]) - 1 };
  if (/^[1-5]$/.test(key)) return { kind: 'speed-preset', index: Number(key) - 1 };
  // Letters by physical position when known (WASD on any layout), else by the key's character.
  const letter = /^Key([A-Z])$/.exec(code)?.[1]?.toLowerCase() ?? (key.length === 1 ? key.toLowerCase() : '');
  switch (letter) {
    case 'z':
      return { kind: 'start' };
    case 'x':
      return { kind: 'end' };
    case 'w':
      return { kind: 'pan', dx: 0, dy: -1 };
    case 'a':
      return { kind: 'pan', dx: -1, dy: 0 };
    case 's':
      return { kind: 'pan', dx: 0, dy: 1 };
    case 'd':
      return { kind: 'pan', dx: 1, dy: 0 };
    case 'o':
      return { kind: 'recentre' };
    case 'b':
      return { kind: 'drawings' };
    case 'e':
      return { kind: 'extended' };
    case 'v':
      return { kind: 'perspective' };
    case 'c':
      return { kind: 'palette' };
    default: {
      const layer = letter ? layers.find((l) => l.kbd.toLowerCase() === letter) : undefined;
      return layer ? { kind: 'layer', key: layer.key } : null;
    }
  }
}

/** Whether a key event aimed at `target` belongs to that element rather than to the viewer. */
export function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  const el = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!el || !el.tagName) return false;
  const tag = el.tagName.toUpperCase();
  if (el.isContentEditable) return true;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el.type ?? 'text').toLowerCase();
    // A range slider keeps its arrows (they seek); everything else still reaches the viewer.
    if (type === 'range') return key.startsWith('Arrow') || key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown';
    if (type === 'checkbox' || type === 'radio' || type === 'button' || type === 'file') return key === 'Enter';
    return true;
  }
  if (tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'A') return key === 'Enter';
  return false;
}
