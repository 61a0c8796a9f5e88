/**
 * File sizes in French (platform README « Platform rules and constants »: « sizes in o, K, M, G with base 1000 or 1024 »), for the
 * server (messages naming a limit) and the browser (lists) alike: a plain function, no DOM.
 *
 * Output: the number in fr-FR (decimal comma, at most one decimal, `1 234` grouped with a narrow
 * no-break space as Intl writes it), a no-break space, then the unit as French users read it:
 * `o` (octets), `Ko`, `Mo`, `Go`. Base 1024 by default (what Windows shows, and the limits of the
 * server are whole mebibytes: 50 Mo); base 1000 on request. `G` is the last step: 5 120 Go.
 */

export type SizeBase = 1000 | 1024;

export const SIZE_UNITS = ['o', 'Ko', 'Mo', 'Go'] as const;

const NBSP = '\u00a0';
const bytesFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const unitFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** `1536` -> `1,5 Ko`; `'—'` for a missing, negative or non-finite size. */
export function formatSize(bytes: number | null | undefined, base: SizeBase = 1024): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (base !== 1000 && base !== 1024) throw new RangeError(`formatSize: base 1000 ou 1024 (reçu ${String(base)})`);
  let value = bytes;
  let unit = 0;
  while (value >= base && unit < SIZE_UNITS.length - 1) {
    value /= base;
    unit += 1;
  }
  if (unit === 0) return `${bytesFormat.format(Math.round(value))}${NBSP}${SIZE_UNITS[0]}`;
  // 1 048 575 o is 1 023,999 Ko: shown rounded, that is the next unit
  if (Math.round(value * 10) / 10 >= base && unit < SIZE_UNITS.length - 1) {
    value /= base;
    unit += 1;
  }
  return `${unitFormat.format(value)}${NBSP}${SIZE_UNITS[unit]}`;
}
