/**
 * One answer as the text of a spreadsheet cell: choices by their label, lists joined, a matrix as
 * « ligne : colonne », « Autre » with what the person wrote. Plain data in, plain data out.
 */
import type { QuestionInfo } from '../surveys/definition.ts';
import { isEmptyAnswer } from '../results/answers.ts';

const labelIn = (q: QuestionInfo, v: unknown, comment: unknown): string => {
  const s = String(v);
  if (s === 'other' && q.hasOther) return typeof comment === 'string' && comment ? `Autre : ${comment}` : 'Autre';
  if (s === 'none' && q.hasNone) return 'Aucun';
  return q.choices.find((c) => c.value === s)?.label ?? s;
};

export function cellText(q: QuestionInfo, data: Record<string, unknown>): string | number {
  const v = data[q.name];
  if (isEmptyAnswer(v)) return '';
  const comment = data[`${q.name}-Comment`];
  switch (q.kind) {
    case 'single': return labelIn(q, v, comment);
    case 'multiple': return Array.isArray(v) ? v.map((x) => labelIn(q, x, comment)).join(', ') : String(v);
    case 'boolean': return v === q.valueTrue ? 'Oui' : 'Non';
    case 'rating': case 'number': return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : String(v);
    case 'matrix':
      return Object.entries(v as Record<string, unknown>).map(([row, col]) =>
        `${q.rows.find((r) => r.value === row)?.label ?? row} : ${q.columns.find((c) => c.value === String(col))?.label ?? String(col)}`).join(' / ');
    case 'text': return String(v);
    default: return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

/** A CSV field for a French spreadsheet (`;` between fields): quoted when it must be, a formula defused. */
export function csvField(value: string | number): string {
  let s = String(value);
  // a cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
