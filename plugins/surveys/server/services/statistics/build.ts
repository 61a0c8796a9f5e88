/**
 * The statistics of a survey (spec 001 §3 « Survey statistics ») from its counters and its form:
 * one entry per question in the form's order, and for a matrix one child entry per row. Labels
 * come from the form as it is now; a value no longer offered is still shown, under its own name.
 * Plain data in, plain data out.
 */
import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { StatisticsCounter, StatisticsDisplay, SurveyStatistics } from '../../../schemas/index.ts';
import type { Choice, QuestionInfo } from '../surveys/definition.ts';
import type { CountersMap } from './counters.ts';

/** A stable uuid for an entry: the same survey, question (and row) always give the same one. */
export function entryUuid(...parts: string[]): string {
  const h = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const OTHER_LABELS: Record<string, string> = { other: 'Autre', none: 'Aucun' };

/** Offered choices first (zeros included), then values counted that the form no longer offers. */
function countersOf(choices: Choice[], values: Record<string, number>, extra: Record<string, string> = {}): StatisticsCounter[] {
  const out: StatisticsCounter[] = choices.map((c) => ({ value: c.value, label: c.label, count: values[c.value] ?? 0 }));
  const known = new Set(choices.map((c) => c.value));
  for (const [value, count] of Object.entries(values)) {
    if (!known.has(value)) out.push({ value, label: extra[value] ?? OTHER_LABELS[value] ?? value, count });
  }
  return out;
}

function displayOf(q: QuestionInfo): StatisticsDisplay {
  switch (q.kind) {
    case 'single': case 'multiple': case 'boolean': return 'bars';
    case 'rating': case 'number': return 'average';
    case 'matrix': return 'matrix';
    default: return 'list';
  }
}

export function buildStatistics(surveyId: string, questions: QuestionInfo[], counters: CountersMap): SurveyStatistics[] {
  const out: SurveyStatistics[] = [];
  for (const q of questions) {
    const c = counters[q.name] ?? { answered: 0, values: {} };
    const uuid = entryUuid(surveyId, q.name);
    const entry: SurveyStatistics = {
      uuid, parentUUID: null, name: q.name, title: q.title, type: q.type || 'checkbox', display: displayOf(q), data: [], totalAnswersCount: c.answered,
    };
    if (q.kind === 'boolean') {
      entry.data = countersOf([{ value: String(q.valueTrue), label: 'Oui' }, { value: String(q.valueFalse), label: 'Non' }], c.values);
    } else if (q.kind === 'single' || q.kind === 'multiple' || q.kind === 'rating') {
      const offered = [...q.choices, ...(q.hasOther ? [{ value: 'other', label: 'Autre' }] : []), ...(q.hasNone ? [{ value: 'none', label: 'Aucun' }] : [])];
      entry.data = countersOf(offered, c.values);
    }
    if (q.kind === 'rating' || q.kind === 'number') {
      entry.average = c.numeric ? new Decimal(c.sum ?? 0).div(c.numeric).toDecimalPlaces(2).toNumber() : null;
    }
    out.push(entry);
    if (q.kind === 'matrix') {
      const rows = c.rows ?? {};
      const second: Record<string, StatisticsCounter[]> = {};
      const rowList = countersOf(q.rows, Object.fromEntries(Object.keys(rows).map((r) => [r, 0]))).map((r) => ({ value: r.value, label: r.label }));
      entry.data = q.columns.map((col) => ({ value: col.value, label: col.label, count: Object.values(rows).reduce((s, r) => s + (r[col.value] ?? 0), 0) }));
      for (const row of rowList) {
        const data = countersOf(q.columns, rows[row.value] ?? {});
        second[row.value] = data;
        out.push({
          uuid: entryUuid(surveyId, q.name, row.value), parentUUID: uuid, name: `${q.name}.${row.value}`, title: row.label, type: q.type,
          display: 'bars', data, childDescription: row.label, totalAnswersCount: data.reduce((s, d) => s + d.count, 0),
        });
      }
      entry.secondLevelCounters = second;
    }
  }
  return out;
}
