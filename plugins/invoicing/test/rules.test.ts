/** The plugin's business rules as plain functions, without HTTP or database. */
import { expect } from 'chai';
import { HttpError } from '@comptoir/sdk';
import type { Invoice } from '../schemas/index.ts';
import type { LineItem } from '@comptoir/schemas';
import { compensationAmount, creditEntries, linesToCredit, negated } from '../server/services/credit/credit.ts';
import { withMentions } from '../server/services/emission/emission.ts';
import { defaultExpiration } from '../server/services/quotations/quotations.ts';
import { salesByItem } from '../server/services/emission/sales.ts';
import { invoiceHash, invoiceHashView, paymentHashView } from '../server/services/emission/hash-chain.ts';
import { assertCents } from '../server/services/payments/payments.ts';
import { correctiveDraft } from '../server/services/credit/corrective.ts';

const line = (uuid: string, over: Partial<LineItem> = {}): LineItem => ({
  quantity: 1, vat: 20, labelPrimary: uuid, exclTaxesPrice: 10, inclTaxesPrice: 12, type: 'service', uuid, ...over,
});

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  _id: '65f0c0ffee0000000000aaaa',
  subjectToVAT: true, exclTaxesPrice: 30, inclTaxesPrice: 36, vatAmount: 6, vatDetails: [],
  items: [line('a'), line('b'), line('c')],
  number: 1, numberFull: 'F0000001', date: '2026-01-10T10:00:00.000Z', vatCalculationMethod: 'rounded-total',
  paidAmount: 0, unpaidAmount: 36, status: 'emitted', attachments: [], itemsTypeForDeclaration: 'default', itemsCredit: [],
  metadata: { creationDate: '2026-01-10T10:00:00.000Z', lastModificationDate: '2026-01-10T10:00:00.000Z', createdBy: null, lastModifiedBy: null },
  fk: {
    company: '65f0c0ffee0000000000cccc', receiverCustomer: null, linkedPurchases: [], fromQuotation: null,
    invoiceTemplateId: null, receipt: null, sourceInvoice: null, bankOperationsSuggestions: [],
  },
  ...over,
});

const status = (fn: () => unknown) => {
  try { fn(); } catch (e) { return (e as HttpError).status; }
  return 'no error';
};

describe('invoicing : règles', () => {
  it('choisit les lignes à créditer : toutes celles qui restent, ou celles nommées, chacune une fois', () => {
    const source = invoice({ itemsCredit: [{ uuid: 'b', inclTaxesAmount: 12, creditInvoiceId: '65f0c0ffee0000000000bbbb' }] });
    expect(linesToCredit(source).map((l) => l.uuid)).to.deep.equal(['a', 'c']);
    expect(linesToCredit(source, ['c', 'c']).map((l) => l.uuid)).to.deep.equal(['c']);
    expect(status(() => linesToCredit(source, ['b']))).to.equal(409);
    expect(status(() => linesToCredit(source, ['z']))).to.equal(400);
    expect(status(() => linesToCredit(invoice({ numberFull: undefined })))).to.equal(409);
    expect(status(() => linesToCredit(invoice({ inclTaxesPrice: -36 })))).to.equal(409);
    const all = invoice({ itemsCredit: ['a', 'b', 'c'].map((uuid) => ({ uuid, inclTaxesAmount: 12, creditInvoiceId: '65f0c0ffee0000000000bbbb' })) });
    expect(status(() => linesToCredit(all))).to.equal(409);
  });

  it('inverse les quantités exactement et note le TTC de chaque ligne créditée selon la méthode', () => {
    expect(negated(line('a', { quantity: 0.3 })).quantity).to.equal(-0.3);
    expect(Object.is(negated(line('a', { quantity: 0 })).quantity, 0)).to.equal(true);
    const lines = [line('a', { quantity: 3, exclTaxesPrice: 0.333, inclTaxesPrice: 0.4 })];
    expect(creditEntries(invoice(), lines, 'x')[0].inclTaxesAmount).to.equal(1.2);
    expect(creditEntries(invoice({ vatCalculationMethod: 'rounded-lines' }), lines, 'x')[0].inclTaxesAmount).to.equal(1.2);
    expect(creditEntries(invoice({ subjectToVAT: false }), lines, 'x')[0].inclTaxesAmount).to.equal(1);
  });

  it('compense au plus le reste dû de la source, au plus le montant de l’avoir', () => {
    expect(compensationAmount({ unpaidAmount: 41 }, { inclTaxesPrice: -61 })).to.equal(41);
    expect(compensationAmount({ unpaidAmount: 100 }, { inclTaxesPrice: -61 })).to.equal(61);
    expect(compensationAmount({ unpaidAmount: 0 }, { inclTaxesPrice: -61 })).to.equal(0);
    expect(compensationAmount({ unpaidAmount: -5 }, { inclTaxesPrice: -61 })).to.equal(0);
  });

  it('remplace les mentions dans les deux libellés à la date de la facture (heure de Paris)', () => {
    const [out] = withMentions([line('a', { labelPrimary: 'Loyer INVOICE_MONTH INVOICE_YEAR', labelSecondary: 'INVOICE_YEAR' })], '2025-12-31T23:30:00.000Z');
    expect(out.labelPrimary).to.equal('Loyer janvier 2026');
    expect(out.labelSecondary).to.equal('2026');
  });

  it('refuse une facture corrective d’un brouillon', () => {
    expect(status(() => correctiveDraft(invoice({ numberFull: undefined }), new Date()))).to.equal(409);
  });

  it('fait expirer un devis 14 jours après sa création', () => {
    expect(defaultExpiration(new Date('2026-02-20T10:00:00.000Z'))).to.equal('2026-03-06T10:00:00.000Z');
  });

  it('additionne les quantités vendues par article, exactement', () => {
    const sales = salesByItem([
      line('a', { itemId: '65f0c0ffee0000000000000a', quantity: 0.1 }),
      line('b', { itemId: '65f0c0ffee0000000000000a', quantity: 0.2 }),
      line('c', { itemId: '65f0c0ffee0000000000000b', quantity: 2 }),
      line('d', { itemId: '65f0c0ffee0000000000000b', quantity: -2 }),
      line('e'),
    ]);
    expect([...sales]).to.deep.equal([['65f0c0ffee0000000000000a', 0.3]]);
  });

  it('n’empreinte que le contenu figé : le règlement et les métadonnées peuvent changer sans casser la chaîne', () => {
    const emitted = invoice();
    const settled = invoice({ status: 'paid', paidAmount: 36, unpaidAmount: 0, itemsCredit: [], metadata: { ...emitted.metadata, lastModificationDate: '2026-02-01T00:00:00.000Z' } });
    expect(invoiceHash(null, settled)).to.equal(invoiceHash(null, emitted));
    expect(invoiceHash(null, invoice({ date: '2026-01-11T10:00:00.000Z' }))).to.not.equal(invoiceHash(null, emitted));
    expect(invoiceHashView(emitted)).to.not.have.any.keys('status', 'paidAmount', 'unpaidAmount', 'itemsCredit', 'metadata', 'hash');
    const view = paymentHashView({ _id: 'p', amount: 10, fk: { invoice: 'i', bankOperations: ['o'], provider: null } } as never) as { fk: object };
    expect(view.fk).to.deep.equal({ invoice: 'i' });
  });

  it('veut des euros et des centimes pour un paiement', () => {
    expect(() => assertCents('amount', 10.5)).to.not.throw();
    expect(() => assertCents('amount', -0.01)).to.not.throw();
    expect(() => assertCents('amount', 10.001)).to.throw(HttpError).with.property('status', 400);
  });
});
