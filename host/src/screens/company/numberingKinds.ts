/**
 * The numbering counters of the company screen (platform README « Platform rules and constants », « Numbering »): the kinds and their
 * French labels come from the installed plugins, as GET /api/kernel/companies/:id answers them
 * (`numberingKinds`): a plugin that is not installed shows no counter.
 */
import { COUNTER_MIN_DIGITS, DOCUMENT_MIN_DIGITS, type Numbering, type NumberingSetting } from '@comptoir/schemas';
import type { NumberingKindInfo } from './companyTypes.ts';

/** Form values of one counter: NumberInput gives '' while the field is empty. */
export interface NumberingRowValues {
  next: number | string;
  minDigits: number | string;
  prefix: string;
  suffix: string;
}

export type NumberingValues = Record<string, NumberingRowValues>;

/** The stored settings of the listed kinds, with the spec's defaults (7 digits for documents, 1 for the others) where one is missing. */
export function numberingValues(stored: Numbering | undefined, kinds: readonly NumberingKindInfo[]): NumberingValues {
  const out: NumberingValues = {};
  for (const { kind, document } of kinds) {
    const s: Partial<NumberingSetting> = stored?.[kind] ?? {};
    out[kind] = { next: s.next ?? 1, minDigits: s.minDigits ?? (document ? DOCUMENT_MIN_DIGITS : COUNTER_MIN_DIGITS), prefix: s.prefix ?? '', suffix: s.suffix ?? '' };
  }
  return out;
}

const toInt = (v: number | string, fallback: number): number => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return Number.isSafeInteger(n) ? n : fallback;
};

/** The `numbering` object PUT expects: the listed kinds only (the server keeps the others as stored). */
export function numberingBody(values: NumberingValues): Numbering {
  const out: Numbering = {};
  for (const [kind, v] of Object.entries(values)) {
    out[kind] = { next: toInt(v.next, 1), minDigits: toInt(v.minDigits, 0), prefix: v.prefix, suffix: v.suffix };
  }
  return out;
}
