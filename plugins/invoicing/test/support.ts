/** Shared set-up of the invoicing tests: the kernel with contacts, catalogue and invoicing. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel, type TestKernelOptions } from '@comptoir/sdk/testing';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((id) => path.join(pluginsRoot, id));

export const bootKernel = (options: TestKernelOptions = {}) => createTestKernel({ plugins: PLUGINS, ...options });

export const API = '/api/invoicing';

export {
  BUYER_ADDRESS, DEFAULT_RECEIVER, ELIGIBLE_COMPANY, updateCompany, createDraft, emit, emitted, pay, createCustomer,
} from '../../../test/support/sales.ts';
import { ELIGIBLE_COMPANY, updateCompany, emitted } from '../../../test/support/sales.ts';

export const makeEligible = (k: TestKernel, http: TestHttp = k.http) => updateCompany(k, ELIGIBLE_COMPANY, http);

/** Changes one counter's format (and optionally raises it), keeping the others. */
export async function setNumbering(k: TestKernel, kind: string, setting: Record<string, unknown>, http: TestHttp = k.http): Promise<void> {
  const company = (await http.get(`/api/kernel/companies/${http.company}`)).body;
  const numbering = structuredClone(company.numbering);
  numbering[kind] = { ...numbering[kind], ...setting };
  await updateCompany(k, { numbering }, http);
}

/** An emitted invoice whose total incl. taxes is exactly `total` (one line at 20 %, given incl.). */
export const invoiceOf = (http: TestHttp, total: number) =>
  emitted(http, { items: [{ labelPrimary: `Prestation ${total} €`, vat: 20, inclTaxesPrice: total }] });

/** A second company of the same administrator, and an HTTP helper acting in it. */
export async function otherCompany(k: TestKernel, name = 'Autre Société SAS'): Promise<TestHttp> {
  const res = await k.http.post('/api/kernel/companies', { name });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return k.http.as(k.admin.token, res.body._id);
}

/** Row counts of the plugin's tables, to prove that a refused call changed nothing. */
export async function tableCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['invoicing_invoices', 'invoicing_quotations', 'invoicing_payments']) {
    const row = await k.db(t).count({ n: '*' }).first();
    out[t] = Number((row as { n: unknown }).n);
  }
  return out;
}
