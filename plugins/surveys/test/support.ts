/** What the tests of « Questionnaires » share: a kernel, a fixed form, helpers over the API. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { Survey } from '../schemas/index.ts';

export const pluginDir = path.resolve(import.meta.dirname, '..');
export const websitesDir = path.resolve(import.meta.dirname, '..', '..', 'websites');
export const bootKernel = (plugins = [pluginDir]): Promise<TestKernel> => createTestKernel({ plugins });

export const API = '/api/surveys';
export const unknownId = '0123456789abcdef01234567';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }> | { status: number; body: any }, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body as T;
}

/** A form with one question of each common type. */
export const FORM = {
  pages: [
    {
      name: 'page1',
      elements: [
        { type: 'rating', name: 'note', title: 'Votre note', isRequired: true, rateMin: 1, rateMax: 5 },
        { type: 'radiogroup', name: 'revenir', title: 'Reviendrez-vous ?', choices: [{ value: 'oui', text: 'Oui' }, { value: 'non', text: 'Non' }] },
        { type: 'checkbox', name: 'points', title: 'Ce qui vous a plu', choices: ['accueil', 'prix', 'choix'], showOtherItem: true },
      ],
    },
    {
      name: 'page2',
      elements: [
        { type: 'boolean', name: 'recommande', title: 'Nous recommanderiez-vous ?' },
        {
          type: 'matrix', name: 'qualite', title: 'Qualité',
          rows: [{ value: 'pain', text: 'Le pain' }, { value: 'service', text: 'Le service' }],
          columns: [{ value: 1, text: 'Faible' }, { value: 2, text: 'Bonne' }, { value: 3, text: 'Excellente' }],
        },
        { type: 'panel', name: 'p', visibleIf: '{revenir} = "non"', elements: [{ type: 'comment', name: 'pourquoi', title: 'Pourquoi ?', isRequired: true }] },
        { type: 'text', name: 'age', title: 'Votre âge', inputType: 'number' },
      ],
    },
  ],
};

/** Five answers whose statistics are known by hand (test/statistics.test.ts). */
export const ANSWERS: Record<string, unknown>[] = [
  { note: 5, revenir: 'oui', points: ['accueil', 'choix'], recommande: true, qualite: { pain: 3, service: 3 }, age: 30 },
  { note: 4, revenir: 'oui', points: ['prix'], recommande: true, qualite: { pain: 2 }, age: 41 },
  { note: 2, revenir: 'non', points: ['other'], 'points-Comment': 'La terrasse', recommande: false, qualite: { pain: 1, service: 2 }, pourquoi: 'Trop cher' },
  { note: 5, points: ['accueil'], qualite: { service: 3 } },
  { note: 3, revenir: 'oui', recommande: true, age: 25 },
];

export const createSurvey = (http: TestHttp, body: Record<string, unknown> = {}) =>
  ok<Survey>(http.post(`${API}/surveys`, { name: 'Satisfaction', json: FORM, ...body }), 201);

/** The public page's calls: no account, the company header only. */
export const publicHttp = (k: TestKernel, company: string | null = k.admin.companyId) => k.anonymous.as(null, company);

export async function rowCounts(k: TestKernel, tables = ['surveys_surveys', 'surveys_results', 'surveys_counters']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
