// Small DOM helpers. Text always goes in through textContent: names from replays and bots are
// untrusted and never parsed as HTML.

/** The element with id `id`, checked to be of the expected class. */
export function byId<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`page is missing #${id}`);
  return el;
}

export interface ElOptions {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
}

/** A new element with a class, text (as textContent) and attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  opts: ElOptions = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (opts.className) e.className = opts.className;
  if (opts.text !== undefined) e.textContent = opts.text;
  if (opts.attrs) for (const [k, v] of Object.entries(opts.attrs)) e.setAttribute(k, v);
  for (const c of children) e.appendChild(c);
  return e;
}

/** Sets textContent only when it changes (no layout work for identical text). */
export function setText(e: Element, text: string): void {
  if (e.textContent !== text) e.textContent = text;
}

export { fmt } from '../format';

/** "1.2 MB" style byte counts. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Text made safe to place in markup (element content or a quoted attribute). */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The page's localStorage, or null where the browser has none or refuses it (a sandboxed or
 * private context): every caller then keeps nothing and the page works on. */
export function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Offers `data` as a file named `name` through the browser's own download. */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const a = el('a', { attrs: { href: url, download: name } });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Resolves once the next frame is drawn (or after 100 ms: a hidden tab draws none). Work
 * started then lands in a task after that frame's, instead of making the frame longer. */
export function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
