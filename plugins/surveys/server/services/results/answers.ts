/**
 * Checking a submission against its form (README « Answers »): every key is a question of the
 * form (or the comment of its « Autre » choice), every choice one the form offers, required
 * questions answered unless a condition decides. What SurveyJS checks in the browser is checked
 * again here: the public page is only one of the clients.
 */
import { badRequest } from '@comptoir/sdk';
import type { QuestionInfo } from '../surveys/definition.ts';
import { TOO_LARGE_ANSWERS, invalidAnswer, requiredAnswer, unknownQuestion } from '../../messages.ts';

const MAX_BYTES = 100_000;
const MAX_TEXT = 10_000;

export const isEmptyAnswer = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function fail(q: QuestionInfo, field: string): never {
  throw badRequest(invalidAnswer(q.title), [{ field: `data.${field}`, message: invalidAnswer(q.title) }]);
}

function allowedValue(q: QuestionInfo, v: unknown): boolean {
  if (!scalar(v)) return false;
  if (q.openChoices) return true;
  const s = String(v);
  if (q.hasOther && s === 'other') return true;
  if (q.hasNone && s === 'none') return true;
  return q.choices.some((c) => c.value === s);
}

function checkOne(q: QuestionInfo, v: unknown): void {
  switch (q.kind) {
    case 'single':
      if (!allowedValue(q, v)) fail(q, q.name);
      return;
    case 'multiple':
      if (!Array.isArray(v) || v.length > 1000 || !v.every((x) => allowedValue(q, x))) fail(q, q.name);
      return;
    case 'boolean':
      if (!(v === q.valueTrue || v === q.valueFalse)) fail(q, q.name);
      return;
    case 'rating':
      if (!(typeof v === 'number' || typeof v === 'string') || !q.choices.some((c) => c.value === String(v))) fail(q, q.name);
      return;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(q, q.name);
      return;
    case 'matrix': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) fail(q, q.name);
      for (const [row, col] of Object.entries(v as Record<string, unknown>)) {
        if (!q.rows.some((r) => r.value === row) || !scalar(col) || !q.columns.some((c) => c.value === String(col))) fail(q, `${q.name}.${row}`);
      }
      return;
    }
    case 'text':
      if (!(typeof v === 'string' || typeof v === 'number') || String(v).length > MAX_TEXT) fail(q, q.name);
      return;
    default:
      // a type the server does not read in depth (files, dynamic panels…): kept as sent
  }
}

/** Throws a French 400 naming the first wrong answer; answers nothing when all is well. */
export function checkAnswers(questions: QuestionInfo[], data: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_BYTES) throw badRequest(TOO_LARGE_ANSWERS, [{ field: 'data', message: TOO_LARGE_ANSWERS }]);
  const byName = new Map(questions.map((q) => [q.name, q]));
  for (const [key, value] of Object.entries(data)) {
    const q = byName.get(key);
    if (!q) {
      // the text of an « Autre » choice travels as `<question>-Comment`
      const base = key.endsWith('-Comment') ? byName.get(key.slice(0, -'-Comment'.length)) : undefined;
      if (!base) throw badRequest(unknownQuestion(key), [{ field: `data.${key}`, message: unknownQuestion(key) }]);
      if (typeof value !== 'string' || value.length > MAX_TEXT) fail(base, key);
      continue;
    }
    if (isEmptyAnswer(value)) continue;
    checkOne(q, value);
  }
  for (const q of questions) {
    if (q.required && !q.conditional && isEmptyAnswer(data[q.name])) {
      throw badRequest(requiredAnswer(q.title), [{ field: `data.${q.name}`, message: requiredAnswer(q.title) }]);
    }
  }
}
