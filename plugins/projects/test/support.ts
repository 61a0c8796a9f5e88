/**
 * What the tests of « Projets » share: a kernel with contacts, catalogue, invoicing and projects, a
 * member with chosen permissions, helpers over the API, row counts to prove a refusal wrote nothing.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { Project, ProjectItem } from '../schemas/index.ts';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'projects'].map((id) => path.join(pluginsRoot, id));
export const bootKernel = (): Promise<TestKernel> => createTestKernel({ plugins: PLUGINS });

export const API = '/api/projects';
export const unknownId = '0123456789abcdef01234567';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }> | { status: number; body: any }, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body as T;
}

export const createProject = (http: TestHttp, body: Record<string, unknown> = {}) =>
  ok<Project>(http.post(`${API}/projects`, { name: 'Nouvelle vitrine', hourlyRate: 45, ...body }), 201);

export const createItem = (http: TestHttp, project: string, body: Record<string, unknown> = {}) =>
  ok<ProjectItem>(http.post(`${API}/items`, { name: 'Vitrine de Noël', fk: { project }, ...body }), 201);

let members = 0;

/** A member of the administrator's company holding only the given permissions, and their user id. */
export async function memberWith(k: TestKernel, permissions: string[]): Promise<{ http: TestHttp; userId: string }> {
  members++;
  const role = await ok<{ _id: string }>(k.http.post('/api/kernel/roles', { name: `Rôle projets ${members}`, permissions }), 201);
  const email = `equipier-${members}-${Date.now()}@exemple.fr`;
  const password = 'motdepasse-membre-1';
  await ok(k.http.post('/api/kernel/users', { email, password, roles: [role._id] }), 201);
  const s = await k.login(email, password);
  return { http: k.http.as(s.token, s.companyId), userId: s.userId };
}

export const TABLES = ['projects_projects', 'projects_teams', 'projects_user_settings', 'projects_items', 'projects_working_times', 'projects_comments', 'projects_interventions', 'invoicing_invoices', 'kernel_notifications'];

export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
