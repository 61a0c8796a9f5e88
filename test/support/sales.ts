/**
 * Sales through the HTTP API, for the tests of any plugin that works beside invoicing (purchases
 * link to sales, the FEC holds both): a company allowed to invoice, customers, emitted invoices,
 * payments. Only public routes: no plugin's test imports another's files (docs/architecture.md).
 */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '@comptoir/plugin-invoicing/contract';

/** What a company must have before it invoices (legal mentions of the invoicing README). */
export const ELIGIBLE_COMPANY = {
  name: 'Boulangerie Martin SARL',
  telBusiness: '01 23 45 67 89',
  email: 'contact@boulangerie-martin.fr',
  address: { address: '12 rue de la Paix', city: 'Paris', zipCode: '75002', country: 'France', delivery: true, invoicing: true },
  naf: '1071C',
  siret: '12345678200010',
  siren: '123456782',
  vatNumber: 'FR11123456782',
  status: 'SARL',
  capital: 10000,
};

export async function updateCompany(k: TestKernel, changes: Record<string, unknown>, http: TestHttp = k.http): Promise<Record<string, unknown>> {
  const res = await http.put(`/api/kernel/companies/${http.company}`, changes);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/** The postal address the helpers give a buyer that has none: an invoice names its buyer and its address (L441-9). */
export const BUYER_ADDRESS = { address: '3 place des Terreaux', zipCode: '69001', city: 'Lyon', country: 'France', delivery: true, invoicing: true };

/**
 * The buyer of a draft made without customer nor receiver: a company (professional, as an invoice
 * naming nobody was) with its address, so that it can be emitted.
 */
export const DEFAULT_RECEIVER = { company: 'Client comptant SARL', invoicingAddress: BUYER_ADDRESS };

export async function createDraft(http: TestHttp, body: Record<string, unknown> = {}): Promise<Invoice> {
  const fk = body.fk as { receiverCustomer?: string | null } | undefined;
  const named = 'receiver' in body || !!fk?.receiverCustomer;
  const res = await http.post('/api/invoicing/invoices', {
    items: [{ labelPrimary: 'Pain de campagne', quantity: 2, vat: 5.5, exclTaxesPrice: 3.5 }],
    ...(named ? {} : { receiver: DEFAULT_RECEIVER }),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

export async function emit(http: TestHttp, id: string): Promise<Invoice> {
  const res = await http.post(`/api/invoicing/invoices/${id}/emit`);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/** A draft emitted at once. */
export async function emitted(http: TestHttp, body: Record<string, unknown> = {}): Promise<Invoice> {
  return emit(http, (await createDraft(http, body))._id);
}

export async function pay(http: TestHttp, id: string, amount: number, mode = 'cb'): Promise<Invoice> {
  const res = await http.post(`/api/invoicing/invoices/${id}/payments`, { mode, amount });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/** A customer; one without addresses gets BUYER_ADDRESS, so that it can be invoiced. */
export async function createCustomer(http: TestHttp, body: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await http.post('/api/contacts/customers', 'addresses' in body ? body : { ...body, addresses: [BUYER_ADDRESS] });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}
