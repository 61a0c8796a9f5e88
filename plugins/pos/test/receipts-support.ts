/** What the receipts' tests share: an open register, a catalogue article, a sale. */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { CashDetails, CashRegister, Receipt } from '../schemas/index.ts';
import { API, cash, createRegister, ok } from './support.ts';

export { ELIGIBLE_COMPANY, createCustomer, updateCompany } from '../../../test/support/sales.ts';

/** A register opened with this drawer. */
export async function openRegister(k: TestKernel, drawer: CashDetails = cash([20, 2], [10, 2], [5, 2], [2, 5], [1, 5], [0.5, 4], [0.2, 5], [0.1, 5], [0.05, 4], [0.02, 5], [0.01, 5]), body: Record<string, unknown> = {}): Promise<CashRegister> {
  const r = await createRegister(k, body);
  return (await ok<{ cashRegister: CashRegister }>(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: drawer }))).cashRegister;
}

export async function article(http: TestHttp, body: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await http.post('/api/catalogue/items', body);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

export const sell = (http: TestHttp, body: Record<string, unknown>) => ok<Receipt>(http.post(`${API}/receipts`, body), 201);

/** One free line, paid by card. */
export const cardSale = (http: TestHttp, registerId: string, price = 4.5, label = 'Tarte aux pommes') =>
  sell(http, { cashRegisterId: registerId, items: [{ labelPrimary: label, inclTaxesPrice: price, vat: 5.5 }], payments: [{ mode: 'cb', amount: price }] });

/** The company's next number of a counter (to check that a refusal took none). */
export async function nextNumber(http: TestHttp, kind: string): Promise<number> {
  const company = (await http.get(`/api/kernel/companies/${http.company}`)).body;
  return company.numbering?.[kind]?.next ?? 1;
}
