/** Shared set-up of the invoicing tests: the kernel with contacts, catalogue and invoicing. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel, type TestKernelOptions } from '@comptoir/sdk/testing';
import type { Invoice } from '@comptoir/schemas';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((id) => path.join(pluginsRoot, id));

export const bootKernel = (options: TestKernelOptions = {}) => createTestKernel({ plugins: PLUGINS, ...options });

export const API = '/api/invoicing';

/** What spec §5 requires of a company before it invoices. */
export const ELIGIBLE_COMPANY = {
  name: 'Boulangerie Martin SARL',
  telBusiness: '01 23 45 67 89',
  email: 'contact@boulangerie-martin.fr',
  address: { address: '12 rue de la Paix', city: 'Paris', zipCode: '75002', country: 'France', delivery: true, invoicing: true },
  naf: '1071C',
  siret: '12345678900012',
  siren: '123456789',
  vatNumber: 'FR12123456789',
  status: 'SARL',
  capital: 10000,
};

export async function updateCompany(k: TestKernel, changes: Record<string, unknown>, http: TestHttp = k.http): Promise<Record<string, unknown>> {
  const res = await http.put(`/api/kernel/companies/${http.company}`, changes);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

export const makeEligible = (k: TestKernel, http: TestHttp = k.http) => updateCompany(k, ELIGIBLE_COMPANY, http);

/** Changes one counter's format (and optionally raises it), keeping the others. */
export async function setNumbering(k: TestKernel, kind: string, setting: Record<string, unknown>, http: TestHttp = k.http): Promise<void> {
  const company = (await http.get(`/api/kernel/companies/${http.company}`)).body;
  const numbering = structuredClone(company.numbering);
  numbering[kind] = { ...numbering[kind], ...setting };
  await updateCompany(k, { numbering }, http);
}

export async function createDraft(http: TestHttp, body: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await http.post(`${API}/invoices`, {
    items: [{ labelPrimary: 'Pain de campagne', quantity: 2, vat: 5.5, exclTaxesPrice: 3.5 }],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

export async function emit(http: TestHttp, id: string): Promise<Invoice> {
  const res = await http.post(`${API}/invoices/${id}/emit`);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/** A draft emitted at once. */
export async function emitted(http: TestHttp, body: Record<string, unknown> = {}): Promise<Invoice> {
  return emit(http, (await createDraft(http, body))._id);
}

/** An emitted invoice whose total incl. taxes is exactly `total` (one line at 20 %, given incl.). */
export const invoiceOf = (http: TestHttp, total: number) =>
  emitted(http, { items: [{ labelPrimary: `Prestation ${total} €`, vat: 20, inclTaxesPrice: total }] });

export async function pay(http: TestHttp, id: string, amount: number, mode = 'cb'): Promise<Invoice> {
  const res = await http.post(`${API}/invoices/${id}/payments`, { mode, amount });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

export async function createCustomer(http: TestHttp, body: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await http.post('/api/contacts/customers', body);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

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
