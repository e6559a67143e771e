// Numbers in words, the same in the page and in its workers. Written out by hand: the first
// `toLocaleString` or `Intl.NumberFormat` of a thread loads the browser's locale data (40 ms of
// the page's main thread while a replay loaded, when one module's top level formatted a number).

/** An integer with thousands separators ("12,345"). */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const neg = n < 0;
  let s = String(Math.round(Math.abs(n)));
  for (let i = s.length - 3; i > 0; i -= 3) s = `${s.slice(0, i)},${s.slice(i)}`;
  return neg ? `-${s}` : s;
}

/** A number with thousands separators and at most three decimals ("1,234.5"). */
export function fmtDecimal(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const r = Math.round(n * 1000) / 1000;
  const whole = Math.trunc(r);
  const frac = Math.abs(r - whole).toFixed(3).slice(1).replace(/\.?0+$/, '');
  return `${r < 0 && whole === 0 ? '-' : ''}${fmt(whole)}${frac}`;
}
