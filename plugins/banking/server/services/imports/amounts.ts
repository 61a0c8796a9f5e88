/** Amounts as banks write them → exact decimal text (never a float), or null when unreadable. */
import { Decimal } from 'decimal.js';
import { MONEY_LIMIT } from '@comptoir/schemas';

/**
 * `-12.50`, `+12,50`, `1 234,56`, `1.234,56`, `12.5`: the decimal separator is the last `,` or `.`
 * when `decimal` is not given; spaces (also non-breaking) are thousands separators.
 */
export function readAmount(raw: unknown, decimal?: ',' | '.'): string | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? checked(new Decimal(raw)) : null;
  if (typeof raw !== 'string') return null;
  let s = raw.replace(/[\s\u00a0\u202f€]/g, '');
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) { negative = true; s = s.slice(1, -1); }
  const sep = decimal ?? (s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.');
  const thousands = sep === ',' ? '.' : ',';
  s = s.split(thousands).join('');
  if (sep === ',') s = s.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const d = new Decimal(s);
  return checked(negative ? d.neg() : d);
}

function checked(d: Decimal): string | null {
  if (d.decimalPlaces() > 4 || d.abs().gte(MONEY_LIMIT)) return null;
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed(4);
}
