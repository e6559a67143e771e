// Bots the user keeps in the browser: typed in the editor or read from a `.js` file. Only their
// source text is stored (localStorage); it is run only when a seat is given to it, inside that
// seat's Worker, never on the page and never when the page loads.

import { localStore } from '../shell/page/dom';
import { cleanName } from '../shell/page/names';

export interface SavedBot {
  /** Stable id, a slug of the first name (`?bots=saved:<id>`). */
  id: string;
  name: string;
  code: string;
  /** Where it came from: typed in the editor or read from a file. */
  origin: 'editor' | 'file';
  /** Last change, ms since the epoch. */
  updated: number;
}

const KEY = 'halite.bots.v1';

/** The storage a library lives in (localStorage in the page; a map in tests). */
export interface TextStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/\.m?js$/, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);
  return s || 'bot';
}

function isSaved(v: unknown): v is SavedBot {
  if (typeof v !== 'object' || v === null) return false;
  const b = v as Record<string, unknown>;
  return typeof b.id === 'string' && typeof b.name === 'string' && typeof b.code === 'string' && typeof b.updated === 'number';
}

export class BotLibrary {
  private listeners = new Set<() => void>();

  constructor(private readonly store: TextStore | null = localStore()) {}

  /** Every saved bot, most recently changed first. A damaged store reads as empty. */
  list(): SavedBot[] {
    let raw: string | null = null;
    try {
      raw = this.store?.getItem(KEY) ?? null;
    } catch {
      return [];
    }
    if (!raw) return [];
    try {
      const v: unknown = JSON.parse(raw);
      if (!Array.isArray(v)) return [];
      return v
        .filter(isSaved)
        .map((b) => ({ ...b, origin: b.origin === 'file' ? 'file' : 'editor' }) as SavedBot)
        .sort((a, b) => b.updated - a.updated);
    } catch {
      return [];
    }
  }

  get(id: string): SavedBot | null {
    return this.list().find((b) => b.id === id) ?? null;
  }

  /** Adds a bot under a fresh id made from its name. */
  create(name: string, code: string, origin: SavedBot['origin']): SavedBot {
    const all = this.list();
    const base = slug(name);
    let id = base;
    for (let k = 2; all.some((b) => b.id === id); k++) id = `${base}-${k}`;
    const bot: SavedBot = { id, name: cleanName(name) || id, code, origin, updated: Date.now() };
    this.write([bot, ...all]);
    return bot;
  }

  /** Changes a saved bot's name or code (its id stays). */
  update(id: string, change: Partial<Pick<SavedBot, 'name' | 'code'>>): SavedBot | null {
    const all = this.list();
    const i = all.findIndex((b) => b.id === id);
    if (i < 0) return null;
    const next = { ...all[i], ...change, updated: Date.now() };
    if (change.name !== undefined) next.name = cleanName(change.name) || all[i].name;
    all[i] = next;
    this.write(all);
    return next;
  }

  remove(id: string): void {
    this.write(this.list().filter((b) => b.id !== id));
  }

  /** Called after every change (in this page). */
  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private write(all: SavedBot[]): void {
    try {
      this.store?.setItem(KEY, JSON.stringify(all));
    } catch (e) {
      throw new Error(`the browser would not save the bot (${e instanceof Error ? e.message : String(e)})`);
    }
    for (const f of this.listeners) f();
  }
}

