// Consent before third-party code runs. A bot module from another origin than the app's (or a
// `data:` / `blob:` address from a link) runs only after the person agrees in a dialog that names
// each origin and the bots from it; so does a link that gives bots more time than usual. Consent
// lasts for the tab (sessionStorage); "Always trust" keeps an origin in this browser
// (localStorage), and the Play page lists the trusted origins with a button to remove each.

import { el } from '../shell/page/dom';

export interface ConsentRequest {
  /** Each third-party origin and the names of the bots from it. */
  origins: { origin: string; bots: string[] }[];
  /** What the link changes in the time limits ("no time limit to start"), or null. */
  budgets: string | null;
}

const TAB_KEY = 'halite.consent.tab';
const TRUST_KEY = 'halite.consent.trusted';

function readList(store: Storage | null, key: string): string[] {
  try {
    const v: unknown = JSON.parse(store?.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 200) : [];
  } catch {
    return [];
  }
}

function writeList(store: Storage | null, key: string, list: string[]): void {
  try {
    store?.setItem(key, JSON.stringify([...new Set(list)]));
  } catch {
    // Storage refused (private browsing, quota): consent then lasts until the page is left.
  }
}

const session = (): Storage | null => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
};
const local = (): Storage | null => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

/** Origins agreed to in this tab (kept in memory too, in case storage is refused). */
const agreed = new Set<string>();

/** The origins this browser always trusts. */
export function trustedOrigins(): string[] {
  return readList(local(), TRUST_KEY);
}

/** Stops trusting an origin (in this browser and in this tab). */
export function forgetTrusted(origin: string): void {
  writeList(local(), TRUST_KEY, trustedOrigins().filter((o) => o !== origin));
  agreed.delete(origin);
  writeList(session(), TAB_KEY, readList(session(), TAB_KEY).filter((o) => o !== origin));
}

/** Whether code from `origin` may run without asking. */
export function isAgreed(origin: string): boolean {
  return agreed.has(origin) || readList(session(), TAB_KEY).includes(origin) || trustedOrigins().includes(origin);
}

/** Origins that can be remembered: web origins, with their scheme ("https://bots.example"); a
 * `data:` or `blob:` address is not an origin anyone can vouch for. */
const rememberable = (origin: string) => /^https?:\/\//.test(origin);

/**
 * Asks the person, unless every origin is already agreed to and nothing else needs asking.
 * Resolves true when the code may run (and with the link's budgets), false when declined.
 */
export function askConsent(req: ConsentRequest): Promise<boolean> {
  const origins = req.origins.filter((o) => !rememberable(o.origin) || !isAgreed(o.origin));
  if (origins.length === 0 && !req.budgets) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const titleId = `consent-title-${Math.random().toString(36).slice(2)}`;
    const dialog = el('dialog', { className: 'dialog consent-dialog', attrs: { 'aria-labelledby': titleId, 'data-part': 'consent' } });
    const form = el('form', { className: 'consent-form', attrs: { method: 'dialog' } });
    const heading = origins.length ? 'Run bots from another site?' : 'Give these bots more time?';
    const parts: HTMLElement[] = [el('div', { className: 'dialog-head' }, [el('h2', { text: heading, attrs: { id: titleId } })])];
    if (origins.length) {
      parts.push(
        el('p', {
          className: 'dialog-note',
          text: 'This link runs code that does not come from this site. Only run it if you trust whoever wrote it. Each bot runs in a sandbox of its own: it cannot reach the network, this site\u2019s storage, the page or another bot, but it can use one of your computer\u2019s cores and its memory while the game lasts.',
        }),
      );
      const list = el('ul', { className: 'consent-origins' });
      for (const o of origins) {
        list.appendChild(el('li', {}, [el('strong', { className: 'consent-origin', text: o.origin }), el('span', { text: `: ${o.bots.join(', ')}` })]));
      }
      parts.push(list);
    }
    if (req.budgets) parts.push(el('p', { className: 'dialog-note consent-budgets', text: `The link also sets the bots\u2019 time limits: ${req.budgets}. A bot that never answers then holds up the game.` }));
    let trust: HTMLInputElement | null = null;
    const canRemember = origins.filter((o) => rememberable(o.origin));
    if (canRemember.length) {
      trust = el('input', { attrs: { type: 'checkbox', 'data-part': 'consent-trust' } });
      // Each origin whole, in its own element: a long one wraps, it is never cut.
      const names: Node[] = [];
      canRemember.forEach((o, k) => {
        if (k > 0) names.push(document.createTextNode(', '));
        names.push(el('span', { className: 'consent-origin', text: o.origin }));
      });
      const line = el('span', { className: 'consent-trust-text', attrs: { 'data-part': 'consent-trust-text' } }, [
        document.createTextNode('Always trust '),
        ...names,
        document.createTextNode(' in this browser (you can remove it on the Play page)'),
      ]);
      parts.push(el('label', { className: 'consent-trust' }, [trust, line]));
    }
    const run = el('button', { className: 'btn btn-primary', text: origins.length ? 'Run these bots' : 'Run with these limits', attrs: { type: 'submit', value: 'run', 'data-part': 'consent-run' } });
    const no = el('button', { className: 'btn', text: origins.length ? 'Don\u2019t run them' : 'Use the usual limits', attrs: { type: 'submit', value: 'no', 'data-part': 'consent-decline' } });
    parts.push(el('div', { className: 'result-actions' }, [run, no]));
    form.append(...parts);
    dialog.appendChild(form);
    document.body.appendChild(dialog);
    dialog.addEventListener('close', () => {
      const yes = dialog.returnValue === 'run';
      if (yes) {
        const tab = readList(session(), TAB_KEY);
        for (const o of origins) {
          agreed.add(o.origin);
          if (rememberable(o.origin)) tab.push(o.origin);
        }
        writeList(session(), TAB_KEY, tab);
        if (trust?.checked) writeList(local(), TRUST_KEY, [...trustedOrigins(), ...canRemember.map((o) => o.origin)]);
      }
      dialog.remove();
      resolve(yes);
    });
    dialog.returnValue = '';
    dialog.showModal();
    // The safe choice has the focus: Enter alone never runs someone else's code.
    no.focus();
  });
}
