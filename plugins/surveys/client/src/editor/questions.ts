/**
 * The editor's model of a SurveyJS definition: the common question types, their French names,
 * and the text forms of choices (« une par ligne, `valeur|libellé` »). Plain functions.
 */
export type Json = Record<string, unknown>;

export const QUESTION_TYPES = [
  { value: 'text', label: 'Texte court' },
  { value: 'comment', label: 'Texte long' },
  { value: 'radiogroup', label: 'Choix unique' },
  { value: 'dropdown', label: 'Liste déroulante' },
  { value: 'checkbox', label: 'Choix multiples' },
  { value: 'boolean', label: 'Oui / non' },
  { value: 'rating', label: 'Note' },
  { value: 'matrix', label: 'Matrice' },
] as const;

export const WITH_CHOICES = new Set(['radiogroup', 'dropdown', 'checkbox', 'tagbox', 'imagepicker']);

export const typeLabel = (type: unknown) => QUESTION_TYPES.find((t) => t.value === type)?.label ?? String(type);

/** `[{ value: 'oui', text: 'Oui' }, 'non']` → « oui|Oui\nnon » */
export function choicesToText(list: unknown): string {
  if (!Array.isArray(list)) return '';
  return list.map((c) => {
    if (c && typeof c === 'object') {
      const o = c as Json;
      const text = typeof o.text === 'string' ? o.text : undefined;
      return text && text !== String(o.value) ? `${String(o.value)}|${text}` : String(o.value);
    }
    return String(c);
  }).join('\n');
}

/** « oui|Oui\nnon » → `[{ value: 'oui', text: 'Oui' }, { value: 'non', text: 'non' }]`; numbers stay numbers for matrix columns. */
export function textToChoices(text: string, numeric = false): Json[] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const [value, ...label] = line.split('|');
    const v = value.trim();
    const typed = numeric && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    return { value: typed, text: (label.join('|').trim() || v) };
  });
}

/** A new question of `type` named after the ones already there (`question1`, `question2`…). */
export function newQuestion(type: string, taken: Set<string>): Json {
  let n = 1;
  while (taken.has(`question${n}`)) n++;
  const q: Json = { type, name: `question${n}`, title: `Question ${n}` };
  if (WITH_CHOICES.has(type)) q.choices = [{ value: 'choix1', text: 'Choix 1' }, { value: 'choix2', text: 'Choix 2' }];
  if (type === 'rating') Object.assign(q, { rateMin: 1, rateMax: 5 });
  if (type === 'matrix') Object.assign(q, { rows: [{ value: 'ligne1', text: 'Ligne 1' }], columns: [{ value: 1, text: 'Bien' }, { value: 2, text: 'Très bien' }] });
  return q;
}

export function pagesOf(json: Json): Json[] {
  if (Array.isArray(json.pages)) return json.pages as Json[];
  return [{ name: 'page1', elements: Array.isArray(json.elements) ? json.elements : [] }];
}

/** Every question name in the definition (panels opened), for new names and the list's columns. */
export function questionNames(json: Json): string[] {
  const out: string[] = [];
  const walk = (els: unknown) => {
    if (!Array.isArray(els)) return;
    for (const e of els as Json[]) {
      if (e?.type === 'panel') walk(e.elements);
      else if (typeof e?.name === 'string' && !['html', 'image', 'expression'].includes(String(e.type))) out.push(e.name);
    }
  };
  for (const p of pagesOf(json)) walk(p.elements);
  return out;
}
