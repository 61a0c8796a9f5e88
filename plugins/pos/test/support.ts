/** What the tests of « Caisse » share: a kernel with the plugin, and small helpers over its API. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel, type TestKernelOptions } from '@comptoir/sdk/testing';
import type { CashDetails, CashRegister } from '../schemas/index.ts';

export const pluginDir = path.resolve(import.meta.dirname, '..');
/** the till depends on the directory, the catalogue and invoicing (its engine, its invoices, its FEC) */
export const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'pos'].map((id) => path.resolve(pluginDir, '..', id));
export const API = '/api/pos';

export const bootKernel = (options: TestKernelOptions = {}): Promise<TestKernel> => createTestKernel({ plugins: PLUGINS, ...options });

export const cash = (...lines: [number, number][]): CashDetails => ({ currency: 'euro', details: lines.map(([unit, quantity]) => ({ unit, quantity })) });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }>, status?: number): Promise<T> {
  const res = await answer;
  if (status ? res.status !== status : res.status >= 300) expect.fail(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function createRegister(k: TestKernel, body: Record<string, unknown> = {}): Promise<CashRegister> {
  return ok<CashRegister>(k.http.post(`${API}/cash-registers`, { name: 'Comptoir', ...body }), 201);
}

/** the rows of the plugin's tables, to check that a refusal wrote nothing */
export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['pos_cash_registers', 'pos_verifications', 'pos_cash_movements', 'pos_events', 'pos_chain_heads', 'pos_print_servers', 'pos_receipts', 'pos_x_tickets', 'pos_z_tickets', 'pos_archives']) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
