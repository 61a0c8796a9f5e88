/**
 * `GET /api/kernel/integrity`: every hash chain of the active company, contributed by the plugins
 * to the platform's point `kernel.integrity-chains` (invoicing: invoices, payments of invoices;
 * purchases: payments to suppliers, payments of external purchases), verified in one answer.
 * A supplier payment changed in the database breaks only « Paiements fournisseurs »; the plugins'
 * own routes keep answering as before (SQLite and MariaDB).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { IntegrityView } from '@comptoir/sdk';
import { ELIGIBLE_COMPANY, emitted, pay, updateCompany } from '../support/sales.ts';
import { bootKernel, createExternal, createProvider, createPurchase, memberWith, ok, pay as payPurchase } from '../../plugins/purchases/test/support.ts';

const KERNEL = '/api/kernel/integrity';

describe('plateforme : intégrité de toutes les chaînes (GET /api/kernel/integrity)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  const view = () => ok<IntegrityView>(k.http.get(KERNEL));

  before(async () => {
    k = await bootKernel();
    await updateCompany(k, ELIGIBLE_COMPANY);
    const invoice = await emitted(k.http);
    await pay(k.http, invoice._id, 2, 'cash');
    const provider = await createProvider(k.http, { company: 'Moulins de Provence SARL' });
    const purchase = await createPurchase(k.http, { fk: { provider: provider._id } });
    await ok(payPurchase(k.http, `purchases/${purchase._id}`, 30, 'transfer'));
    await ok(payPurchase(k.http, `purchases/${purchase._id}`, 12.5, 'check'));
    const order = await createExternal(k.http);
    await ok(payPurchase(k.http, `external-purchases/${order._id}`, 10, 'cb'));
  });
  after(async () => { await k?.stop(); });

  it('répond chaque chaîne avec son libellé français, toutes intactes', async () => {
    const answer = await view();
    expect(answer.valid).to.equal(true);
    expect(answer.chains.map((c) => [c.id, c.label, c.valid, c.checked])).to.deep.equal([
      ['invoicing.invoices', 'Factures et avoirs', true, 1],
      ['invoicing.payments', 'Paiements clients', true, 1],
      ['purchases.payments', 'Paiements fournisseurs', true, 2],
      ['purchases.external-payments', 'Paiements des achats en ligne', true, 1],
    ]);
    expect(answer.checked).to.equal(5);
  });

  it('un paiement fournisseur modifié en base : « Paiements fournisseurs » est rompue et nomme le paiement, les autres restent intactes', async () => {
    const row = await k.db('purchases_payments').where({ fk_company: k.admin.companyId, source: 'purchase', number: 2 }).first();
    await k.db('purchases_payments').where('_id', row._id).update({ amount: 13.5 });
    try {
      const answer = await view();
      expect(answer.valid).to.equal(false);
      const byId = Object.fromEntries(answer.chains.map((c) => [c.id, c]));
      expect(byId['purchases.payments'].valid).to.equal(false);
      expect(byId['purchases.payments'].firstBroken).to.include({ kind: 'purchase-payment', _id: row._id, number: row.numberFull, reason: 'altered' });
      expect(byId['purchases.payments'].firstBroken!.message).to.include(`le paiement d’achat ${row.numberFull} ne correspond plus à son empreinte`);
      for (const id of ['invoicing.invoices', 'invoicing.payments', 'purchases.external-payments']) {
        expect(byId[id], id).to.include({ valid: true, firstBroken: null });
      }
      // the plugins' own routes answer as before (API compatibility)
      expect(await ok(k.http.get('/api/purchases/integrity'))).to.deep.equal({
        valid: false, checked: 3, firstBroken: { kind: 'purchase-payment', _id: row._id, number: row.numberFull },
      });
      expect(await ok(k.http.get('/api/invoicing/integrity'))).to.deep.equal({ valid: true, checked: 2, firstBroken: null });
    } finally {
      await k.db('purchases_payments').where('_id', row._id).update({ amount: row.amount });
    }
    expect((await view()).valid).to.equal(true);
  });

  it('montre les chaînes à qui tient « Consulter la comptabilité » ; refuse (403, en français) qui n’en voit aucune', async () => {
    const accountant = await memberWith(k, ['invoicing.accounting.read']);
    const seen = await ok<IntegrityView>(accountant.get(KERNEL));
    expect(seen.chains).to.have.length(4);
    const buyer = await memberWith(k, ['purchases.purchases.read']);
    const refused = await buyer.get(KERNEL);
    expect(refused.status).to.equal(403);
    expect(JSON.stringify(refused.body)).to.include('Vous n’avez accès à aucune chaîne d’intégrité');
  });
});
