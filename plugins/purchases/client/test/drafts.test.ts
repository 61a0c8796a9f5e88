/** The screens' pure rules: a purchase and an online order as their editors hold them, and the bodies they send. */
import { expect } from 'chai';
import type { ExternalPurchase, Purchase } from '../../schemas/index.ts';
import { draftFromPurchase, draftProblem, newPurchaseDraft, purchaseBody } from '../src/purchases/purchaseDraft.ts';
import { draftFromOrder, newOrderDraft, orderBody, orderProblem } from '../src/external/externalDraft.ts';
import { STATUS_FILTERS, STATUS_STYLES, statusFilters } from '../src/purchases/purchaseStatus.ts';
import { statusChips, vatOptions } from '@comptoir/sdk/ui';

describe('purchases (écrans) : brouillons et corps envoyés', () => {
  it('envoie les lignes remplies, en nombres, le prix TTC laissé au moteur', () => {
    const draft = { ...newPurchaseDraft(), providerId: 'p1', date: '2026-03-01', invoiceNumber: ' F-12 ' };
    draft.lines = [
      { ...draft.lines[0], labelPrimary: 'Farine', quantity: '2,5', exclTaxesPrice: 18.5, vat: '5.5' },
      { ...draft.lines[0], uuid: 'vide', labelPrimary: ' ', exclTaxesPrice: '' },
    ];
    const body = purchaseBody(draft);
    expect(body).to.include({ date: '2026-03-01T12:00:00.000Z', invoiceNumber: 'F-12', vatRecoveryPercent: 100, forResale: false });
    expect(body).to.not.have.property('dueDate');
    expect(body.fk).to.deep.equal({ provider: 'p1' });
    expect(body.items).to.deep.equal([{ uuid: draft.lines[0].uuid, type: 'good', labelPrimary: 'Farine', quantity: 2.5, vat: 5.5, exclTaxesPrice: 18.5 }]);
    // the line total and the VAT choices are the UI kit's (sdk/test/ui-commerce.test.ts)
  });

  it('garde l’instant enregistré d’un jour inchangé ; vide l’échéance avec null', () => {
    const stored = {
      _id: 'a', date: '2026-03-01T08:15:00.000Z', dueDate: '2026-04-01T12:00:00.000Z', invoiceNumber: 'X', forResale: true, vatRecoveryPercent: 50,
      items: [{ uuid: 'u', labelPrimary: 'Beurre', quantity: 2, vat: 5.5, exclTaxesPrice: 9.8, inclTaxesPrice: 10.34, type: 'good' }], fk: { provider: 'p' },
    } as unknown as Purchase;
    const draft = draftFromPurchase(stored);
    expect(draft).to.include({ date: '2026-03-01', dueDate: '2026-04-01', forResale: true, vatRecoveryPercent: 50, providerId: 'p' });
    expect(draft.lines[0]).to.include({ vat: '5.5', exclTaxesPrice: 9.8 });
    expect(purchaseBody(draft, stored).date).to.equal('2026-03-01T08:15:00.000Z');
    expect(purchaseBody({ ...draft, dueDate: null }, stored).dueDate).to.equal(null);
  });

  it('dit en français ce qui manque', () => {
    expect(draftProblem(newPurchaseDraft())).to.equal('Choisissez un fournisseur.');
    expect(draftProblem({ ...newPurchaseDraft(), providerId: 'p' })).to.equal('Ajoutez au moins une ligne.');
    const ok = { ...newPurchaseDraft(), providerId: 'p' };
    ok.lines = [{ ...ok.lines[0], labelPrimary: 'x' }];
    expect(draftProblem({ ...ok, vatRecoveryPercent: 120 })).to.match(/de 0 à 100 %/);
    expect(draftProblem(ok)).to.equal(null);
    expect(orderProblem(newOrderDraft())).to.equal('Indiquez la boutique.');
  });

  it('propose les taux usuels, plus celui d’une ligne importée', () => {
    expect(vatOptions('20').map((o) => o.value)).to.deep.equal(['20', '10', '5.5', '2.1', '0']);
    expect(vatOptions('19').map((o) => o.label)).to.include('19 %');
  });

  it('commande en ligne : le payé à la commande seulement à la création, la TVA vide laissée au moteur', () => {
    const draft = { ...newOrderDraft(), shop: ' Boutique ', orderDate: '2026-03-02', paidMode: 'paypal', paidAmount: 12 };
    draft.lines = [{ ...draft.lines[0], label: 'Moule', inclTaxesPrice: 12, seller: '' }];
    const body = orderBody(draft);
    expect(body).to.include({ shop: 'Boutique', vatAmount: null, inclTaxesDeliveryPrice: 0 });
    expect(body.items).to.deep.equal([{ label: 'Moule', quantity: 1, vat: 20, inclTaxesPrice: 12 }]);
    expect(body.paymentModes).to.deep.equal([{ paymentMode: 'paypal', amount: 12, date: '2026-03-02T12:00:00.000Z' }]);
    const stored = { shop: 'B', orderDate: '2026-03-02T09:00:00.000Z', items: [], inclTaxesDeliveryPrice: 5, vatAmount: 2 } as unknown as ExternalPurchase;
    const again = orderBody(draftFromOrder(stored), stored);
    expect(again).to.not.have.property('paymentModes');
    expect(again).to.include({ orderDate: '2026-03-02T09:00:00.000Z', vatAmount: 2, inclTaxesDeliveryPrice: 5 });
  });

  it('filtre les achats en retard : à régler (pas les avoirs), échéance passée', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const toPay = { status: { mode: 'in', value: ['emitted', 'partially_paid'] }, inclTaxesPrice: { mode: 'gt', value: 0 } };
    expect(statusFilters('late', now)).to.deep.equal({
      ...toPay,
      dueDate: { mode: 'lt', valueIsDate: true, endDate: '2026-05-01T10:00:00.000Z' },
    });
    expect(statusFilters('to-pay', now)).to.deep.equal(toPay);
    expect(statusFilters('credit', now)).to.deep.equal({ inclTaxesPrice: { mode: 'lt', value: 0 } });
    expect(STATUS_FILTERS.map((f) => f.label)).to.include('À payer');
  });

  it('dit le statut du côté de l’acheteur : « À payer », « Avoir » devant pour un avoir fournisseur', () => {
    expect(statusChips('emitted', STATUS_STYLES, { creditNote: true }).map((c) => c.label)).to.deep.equal(['Avoir', 'À payer']);
    expect(statusChips('partially_paid', STATUS_STYLES).map((c) => [c.label, c.color])).to.deep.equal([['Partiellement payé', 'yellow']]);
  });
});
