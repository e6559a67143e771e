// A bot module's syntax error, found by a full ECMAScript parser (acorn): the browser has no
// parse-only call, and the page's policy bars `new Function`. The editor lints with it as the
// person types; a bot that fails to load with a syntax error gets its line and column from it.

import { parse } from 'acorn';

export interface SyntaxErrorAt {
  message: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Offsets in the text. */
  from: number;
  to: number;
}

/** The first syntax error of an ES module's text, or null when it parses. */
export function syntaxError(code: string): SyntaxErrorAt | null {
  try {
    parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
    return null;
  } catch (e) {
    const err = e as { message?: unknown; pos?: unknown; loc?: { line?: unknown; column?: unknown } };
    const pos = typeof err.pos === 'number' ? Math.min(err.pos, code.length) : 0;
    const line = typeof err.loc?.line === 'number' ? err.loc.line : 1;
    const column = typeof err.loc?.column === 'number' ? err.loc.column + 1 : 1;
    // acorn ends its message with "(line:column)"; the position is given on its own.
    const message = String(err.message ?? 'syntax error').replace(/\s*\(\d+:\d+\)$/, '');
    return { message, line, column, from: pos, to: Math.min(code.length, pos + 1) };
  }
}
