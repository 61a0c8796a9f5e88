/** The demo examples: numbered, hashed and settled like real documents, added once. */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice, InvoiceTemplate } from '../schemas/index.ts';
import plugin from '../server/index.ts';
import { API, bootKernel, makeEligible } from './support.ts';

describe('invoicing : exemples de démonstration', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => plugin.seedDemo!(ctx), 'invoicing');

  it('n’ajoute rien à une entreprise qui ne peut pas facturer, puis des documents réels une seule fois', async () => {
    await seed();
    expect((await k.http.get(`${API}/invoices`)).body.count).to.equal(0);
    await makeEligible(k);
    await seed();
    await seed();
    const invoices = (await k.http.get(`${API}/invoices`, { query: { sort: { field: 'number', ascending: true }, pagination: { quantity: 50 } } })).body.data as Invoice[];
    // nine emitted over last year and this one, and a draft
    expect(invoices).to.have.length(10);
    const emitted = invoices.filter((i) => i.numberFull);
    expect(emitted.map((i) => i.status)).to.deep.equal(['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'emitted', 'partially_paid', 'emitted']);
    // numbers and dates grow together
    const dates = emitted.map((i) => i.date);
    expect(dates).to.deep.equal([...dates].sort());
    // without the directory's demo customers, they are made: every document has its customer
    for (const i of invoices) expect(i.fk.receiverCustomer, i.numberFull).to.be.a('string');
    const quotations = (await k.http.get(`${API}/quotations`)).body.data;
    expect(quotations).to.have.length(1);
    expect(quotations[0].receiver).to.deep.include({ firstname: 'Julie', name: 'Bernard' });
    expect((await k.http.get(`${API}/payments`)).body.count).to.equal(7);
  });

  it('ajoute un abonnement mensuel pour deux clients de l’annuaire, une seule fois, qui annonce ses prochaines factures', async () => {
    // the directory's examples, run as the kernel runs them (no import of the contacts plugin's code)
    const contacts = (k.kernel.plugins as { def: { id: string; seedDemo?: (ctx: CallContext) => Promise<void> } }[]).find((p) => p.def.id === 'contacts')!;
    await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => contacts.def.seedDemo!(ctx), 'contacts');
    await seed();
    await seed();
    const templates = (await k.http.get(`${API}/invoice-templates`)).body.data as InvoiceTemplate[];
    expect(templates).to.have.length(1);
    const [template] = templates;
    expect(template.name).to.equal('Livraisons du mois – hôtels et cafés');
    expect(template.saveAsDraft).to.equal(true);
    expect(template.cronRules.map((r) => [r.identifier, r.cron, r.manualOnly])).to.deep.equal([['mensuel', '0 8 1 * *', false]]);
    const names = (await Promise.all(template.fk.customers.map((id) => k.http.get(`/api/contacts/customers/${id}`)))).map((r) => r.body.company);
    expect(names).to.deep.equal(['Hôtel du Parc', 'Café des Arts']);
    expect(template.items[0].labelPrimary).to.equal('Livraison quotidienne de pain – INVOICE_MONTH INVOICE_YEAR');
    // 30 × 12 € at 5.5 % + 40 € at 20 %
    expect([template.exclTaxesPrice, template.vatAmount, template.inclTaxesPrice]).to.deep.equal([400, 27.8, 427.8]);
    const upcoming = await k.http.get(`${API}/invoice-templates/upcoming`);
    expect(upcoming.status, JSON.stringify(upcoming.body)).to.equal(200);
    expect(JSON.stringify(upcoming.body)).to.include(template._id);
  });
});
