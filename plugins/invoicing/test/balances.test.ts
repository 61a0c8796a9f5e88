/** The customer's balance (contacts), kept by invoicing: emitted totals minus payments, to the cent. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, createCustomer, emit, emitted, makeEligible, pay } from './support.ts';

describe('invoicing : solde du client', function () {
  let k: TestKernel;
  let customerId: string;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    customerId = (await createCustomer(k.http, { company: 'Hôtel du Parc' }))._id;
  });
  after(async () => { await k?.stop(); });

  const balance = async () => (await k.http.get(`/api/contacts/customers/${customerId}`)).body.balance;

  it('monte du total émis, descend de chaque paiement, et un avoir rend ce qui était payé', async () => {
    expect(await balance()).to.equal(0);
    const invoice = await emitted(k.http, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Petit-déjeuner', vat: 10, inclTaxesPrice: 100.1 }] });
    expect(await balance()).to.equal(100.1);
    await pay(k.http, invoice._id, 40.05);
    expect(await balance()).to.equal(60.05);
    // the whole invoice credited: the 60.05 still due are compensated, the 40.05 paid are owed back
    const credit = await k.http.post(`${API}/invoices/${invoice._id}/credit`, {});
    expect(credit.status, JSON.stringify(credit.body)).to.equal(201);
    await emit(k.http, credit.body._id);
    expect(await balance()).to.equal(-40.05);
    await pay(k.http, credit.body._id, -40.05, 'transfer');
    expect(await balance()).to.equal(0);
  });

  it('ignore les brouillons et les factures sans client', async () => {
    await k.http.post(`${API}/invoices`, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Brouillon', vat: 20, inclTaxesPrice: 12 }] });
    await emitted(k.http, { items: [{ labelPrimary: 'Comptoir', vat: 5.5, inclTaxesPrice: 3.2 }] });
    expect(await balance()).to.equal(0);
  });
});
