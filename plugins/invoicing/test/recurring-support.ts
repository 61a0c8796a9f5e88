/** Shared set-up of the recurring-invoice tests: a kernel whose clock and scheduler the test drives. */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Invoice, InvoiceTemplate, InvoiceTemplateRun } from '../schemas/index.ts';
import { API, bootKernel } from './support.ts';

export const TEMPLATES = `${API}/invoice-templates`;
export const RUNS = `${API}/invoice-template-runs`;

export interface Driven { k: TestKernel; setNow(iso: string | Date): void; now(): Date; tick(iso?: string): Promise<{ done: number; failed: number; taken: number; missed: number }> }

/** The scheduler's timer is off (COMPTOIR_JOBS_INTERVAL=0): time moves only when the test says. */
export async function bootDriven(start: string): Promise<Driven> {
  let clock = new Date(start);
  const k = await bootKernel({ now: () => clock, env: { COMPTOIR_JOBS_INTERVAL: '0' } });
  const d: Driven = {
    k,
    setNow(iso) { clock = new Date(iso); },
    now: () => clock,
    async tick(iso) {
      if (iso) clock = new Date(iso);
      return k.kernel.scheduler.tick(clock);
    },
  };
  return d;
}

export async function createTemplate(http: TestHttp, body: Record<string, unknown>): Promise<InvoiceTemplate> {
  const res = await http.post(TEMPLATES, {
    name: 'Abonnement',
    items: [{ labelPrimary: 'Abonnement INVOICE_MONTH INVOICE_YEAR', quantity: 1, vat: 20, exclTaxesPrice: 30 }],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

/** The invoices a template made, oldest first. */
export async function invoicesOf(http: TestHttp, templateId: string): Promise<Invoice[]> {
  const res = await http.get(`${API}/invoices`, {
    query: { filters: { 'fk.invoiceTemplateId': { mode: 'eq', value: templateId } }, sort: { field: '_id', ascending: true }, pagination: { quantity: 500 } },
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
}

export async function runsOf(http: TestHttp, templateId: string): Promise<InvoiceTemplateRun[]> {
  const res = await http.get(RUNS, {
    query: { filters: { 'fk.template': { mode: 'eq', value: templateId } }, sort: { field: 'occurrence', ascending: true }, pagination: { quantity: 500 } },
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
}

export async function createGroup(http: TestHttp, name: string, parent: string | null = null): Promise<string> {
  const res = await http.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name, ...(parent ? { fk: { parent } } : {}) });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body._id;
}
