/**
 * The counters of one survey and mode, moved by one answer (sign +1 when it is recorded, -1 when
 * it is deleted). Plain data in, plain data out: the transaction that records the answer writes
 * the result (README « Statistics »).
 */
import type { QuestionCounters } from '../../../schemas/index.ts';
import type { QuestionInfo } from '../surveys/definition.ts';
import { isEmptyAnswer } from '../results/answers.ts';

export type CountersMap = Record<string, QuestionCounters>;

function bump(map: Record<string, number>, key: string, sign: number) {
  const n = (map[key] ?? 0) + sign;
  if (n > 0) map[key] = n;
  else delete map[key];
}

/** Adds (sign 1) or takes away (sign -1) one submission's answers, in place; answers `counters`. */
export function applyAnswers(counters: CountersMap, questions: QuestionInfo[], data: Record<string, unknown>, sign: 1 | -1): CountersMap {
  for (const q of questions) {
    const v = data[q.name];
    if (isEmptyAnswer(v)) continue;
    const c: QuestionCounters = counters[q.name] ?? { answered: 0, values: {} };
    c.answered += sign;
    switch (q.kind) {
      case 'single':
      case 'boolean':
        bump(c.values, String(v), sign);
        break;
      case 'multiple':
        if (Array.isArray(v)) for (const x of new Set(v.map(String))) bump(c.values, x, sign);
        break;
      case 'rating':
      case 'number': {
        if (q.kind === 'rating') bump(c.values, String(v), sign);
        const n = Number(v);
        if (Number.isFinite(n)) {
          c.sum = (c.sum ?? 0) + sign * n;
          c.numeric = (c.numeric ?? 0) + sign;
        }
        break;
      }
      case 'matrix': {
        c.rows ??= {};
        for (const [row, col] of Object.entries(v as Record<string, unknown>)) {
          const r = (c.rows[row] ??= {});
          bump(r, String(col), sign);
          if (Object.keys(r).length === 0) delete c.rows[row];
        }
        break;
      }
      default:
        break;
    }
    if (c.answered > 0) counters[q.name] = c;
    else delete counters[q.name];
  }
  return counters;
}
