/**
 * Reading a SurveyJS definition (`survey.json`): its questions in the form's order, with what the
 * server needs of each to check answers and count them. Plain data in, plain data out. Only the
 * common question types are understood in depth (README « Question types »); any other type is
 * kept and counted as « answered ».
 */
import { badRequest } from '@comptoir/sdk';
import { NO_PAGES, duplicateName, questionWithoutName } from '../../messages.ts';

export interface Choice { value: string; label: string }

export type QuestionKind = 'single' | 'multiple' | 'boolean' | 'rating' | 'matrix' | 'number' | 'text' | 'other';

export interface QuestionInfo {
  name: string;
  title: string;
  type: string;
  kind: QuestionKind;
  choices: Choice[];
  /** matrix rows and columns */
  rows: Choice[];
  columns: Choice[];
  required: boolean;
  /** shown, enabled or required under a condition (its own or a page's or panel's): never required by the server */
  conditional: boolean;
  /** choices the server cannot know (loaded from a URL, copied from another question): not checked */
  openChoices: boolean;
  hasOther: boolean;
  hasNone: boolean;
  valueTrue: unknown;
  valueFalse: unknown;
}

const SINGLE = new Set(['radiogroup', 'dropdown', 'imagepicker', 'buttongroup']);
const MULTIPLE = new Set(['checkbox', 'tagbox']);
const CONTAINERS = new Set(['panel']);
const NOT_QUESTIONS = new Set(['html', 'image', 'expression']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A localisable string of SurveyJS (`"Titre"` or `{ "default": …, "fr": … }`) in French. */
export function localText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isObject(v)) {
    const t = v.fr ?? v.default ?? Object.values(v).find((x) => typeof x === 'string');
    return typeof t === 'string' ? t : undefined;
  }
  return undefined;
}

function choicesOf(list: unknown): Choice[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((c): Choice[] => {
    if (typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean') return [{ value: String(c), label: String(c) }];
    if (isObject(c) && c.value !== undefined && c.value !== null) {
      const value = String(c.value);
      return [{ value, label: localText(c.text) ?? value }];
    }
    return [];
  });
}

function ratingChoices(q: Json): Choice[] {
  if (Array.isArray(q.rateValues) && q.rateValues.length) return choicesOf(q.rateValues);
  const min = typeof q.rateMin === 'number' ? q.rateMin : 1;
  const max = typeof q.rateMax === 'number' ? q.rateMax : 5;
  const step = typeof q.rateStep === 'number' && q.rateStep > 0 ? q.rateStep : 1;
  const out: Choice[] = [];
  for (let v = min, i = 0; v <= max + 1e-9 && i < 100; v += step, i++) out.push({ value: String(Math.round(v * 1000) / 1000), label: String(Math.round(v * 1000) / 1000) });
  return out;
}

function kindOf(q: Json): QuestionKind {
  const type = String(q.type);
  if (SINGLE.has(type)) return q.multiSelect === true ? 'multiple' : 'single';
  if (MULTIPLE.has(type)) return 'multiple';
  if (type === 'boolean') return 'boolean';
  if (type === 'rating') return 'rating';
  if (type === 'matrix') return 'matrix';
  if (type === 'text' && (q.inputType === 'number' || q.inputType === 'range')) return 'number';
  if (type === 'text' || type === 'comment') return 'text';
  return 'other';
}

const conditionalOf = (e: Json) => ['visibleIf', 'enableIf', 'requiredIf'].some((k) => typeof e[k] === 'string' && (e[k] as string).trim() !== '');

/** The elements of a definition: `pages[].elements` or, for a one-page form, `elements`. */
function topElements(json: Json): { elements: unknown[]; conditional: boolean }[] {
  if (Array.isArray(json.pages)) return json.pages.filter(isObject).map((p) => ({ elements: Array.isArray(p.elements) ? p.elements : [], conditional: conditionalOf(p) }));
  if (Array.isArray(json.elements)) return [{ elements: json.elements, conditional: false }];
  return [];
}

/** The questions of a definition in the form's order, panels opened; throws a French 400 on a malformed form. */
export function questionsOf(json: unknown): QuestionInfo[] {
  if (!isObject(json) || (!Array.isArray(json.pages) && !Array.isArray(json.elements))) throw badRequest(NO_PAGES, [{ field: 'json', message: NO_PAGES }]);
  const out: QuestionInfo[] = [];
  const seen = new Set<string>();
  const walk = (elements: unknown[], conditional: boolean, where: string, depth: number) => {
    if (depth > 20) return;
    elements.forEach((e, i) => {
      if (!isObject(e) || typeof e.type !== 'string') {
        const message = `Élément ${i + 1} de ${where} : un objet avec un « type » est attendu.`;
        throw badRequest(message, [{ field: 'json', message }]);
      }
      const cond = conditional || conditionalOf(e);
      if (CONTAINERS.has(e.type)) {
        walk(Array.isArray(e.elements) ? e.elements : [], cond, `le panneau « ${String(e.name ?? i + 1)} »`, depth + 1);
        return;
      }
      if (NOT_QUESTIONS.has(e.type)) return;
      if (typeof e.name !== 'string' || !e.name.trim()) {
        const message = questionWithoutName(`élément ${i + 1} de ${where}`);
        throw badRequest(message, [{ field: 'json', message }]);
      }
      const name = typeof e.valueName === 'string' && e.valueName ? e.valueName : e.name;
      if (seen.has(name)) throw badRequest(duplicateName(name), [{ field: 'json', message: duplicateName(name) }]);
      seen.add(name);
      const kind = kindOf(e);
      out.push({
        name,
        title: localText(e.title) ?? e.name,
        type: e.type,
        kind,
        choices: kind === 'rating' ? ratingChoices(e) : choicesOf(e.choices),
        rows: choicesOf(e.rows),
        columns: choicesOf(e.columns),
        required: e.isRequired === true,
        conditional: cond,
        openChoices: e.choicesByUrl !== undefined || typeof e.choicesFromQuestion === 'string',
        hasOther: e.showOtherItem === true || e.hasOther === true,
        hasNone: e.showNoneItem === true || e.hasNone === true,
        valueTrue: e.valueTrue ?? true,
        valueFalse: e.valueFalse ?? false,
      });
    });
  };
  topElements(json).forEach((page, i) => walk(page.elements, page.conditional, `la page ${i + 1}`, 0));
  return out;
}
