/**
 * What the tests of « Téléphonie » share: a kernel with contacts and pbx (and process-queues once
 * there), helpers over the API, row counts to prove a refusal wrote nothing.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'process-queues', 'pbx'].map((id) => path.join(pluginsRoot, id));
export const bootKernel = (): Promise<TestKernel> => createTestKernel({ plugins: PLUGINS });

export const API = '/api/pbx';
export const unknownId = '0123456789abcdef01234567';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }> | { status: number; body: any }, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body as T;
}

export const TABLES = ['pbx_times_of_year', 'pbx_playlists', 'pbx_number_lists', 'pbx_contexts', 'pbx_servers', 'pbx_users', 'pbx_dial_plans', 'pbx_sip_numbers', 'pbx_scrappers', 'pbx_calls', 'pbx_call_events', 'pbx_pre_pickup_choices'];

export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
