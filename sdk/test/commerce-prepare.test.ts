import { expect } from 'chai';
import { correctiveInvoiceHeader, prepareInvoiceFromExisting } from '../src/commerce/index.ts';

function emittedInvoice() {
  return {
    _id: '65f000000000000000000001',
    number: 12,
    numberFull: 'F0000012',
    hash: 'ab'.repeat(32),
    date: '2024-02-10T09:00:00.000Z',
    status: 'paid',
    paidAmount: 120,
    unpaidAmount: 0,
    subjectToVAT: true,
    exclTaxesPrice: 100,
    inclTaxesPrice: 120,
    vatAmount: 20,
    vatDetails: [{ vat: 20, totalExclTaxes: 100, totalInclTaxes: 120, amount: 20 }],
    items: [{ quantity: 1, vat: 20, exclTaxesPrice: 100, inclTaxesPrice: 120, labelPrimary: 'Conseil', type: 'service', uuid: 'u-1' }],
    itemsCredit: [{ inclTaxesAmount: 120, uuid: 'u-1', creditInvoiceId: '65f000000000000000000009' }],
    attachments: [{ filename: 'bon.pdf' }],
    extradata: { origin: 'import' },
    comment: 'Merci',
    receiver: { name: 'Dupont' },
    metadata: { creationDate: '2024-02-10T09:00:00.000Z' },
    fk: {
      company: '65f000000000000000000002',
      receiverCustomer: '65f000000000000000000003',
      fromQuotation: '65f000000000000000000004',
      linkedPurchases: ['65f000000000000000000005'],
      receipt: '65f000000000000000000006',
      sourceInvoice: '65f000000000000000000007',
      bankOperationsSuggestions: ['65f000000000000000000008'],
      invoiceTemplateId: '65f00000000000000000000a',
    },
  };
}

describe('commerce — preparing an invoice from an existing one (commerce README « Rules »)', () => {
  const now = new Date('2024-05-02T08:15:00.000Z');

  it('clears exactly the « Prepare from existing » list, sets the date to now and resets the status', () => {
    const copy = prepareInvoiceFromExisting(emittedInvoice(), now) as Record<string, unknown> & ReturnType<typeof emittedInvoice>;
    expect(copy).to.not.have.property('_id');
    expect(copy.attachments).to.deep.equal([]);
    expect(copy).to.not.have.property('number');
    expect(copy).to.not.have.property('numberFull');
    expect(copy).to.not.have.property('hash');
    expect(copy.fk).to.not.have.property('fromQuotation');
    expect(copy.fk).to.not.have.property('linkedPurchases');
    expect(copy.fk).to.not.have.property('receipt');
    expect(copy.fk).to.not.have.property('sourceInvoice');
    expect(copy.fk).to.not.have.property('bankOperationsSuggestions');
    expect(copy.date).to.equal('2024-05-02T08:15:00.000Z');
    expect(copy).to.not.have.property('itemsCredit');
    expect(copy).to.not.have.property('extradata');
    expect({ status: copy.status, paidAmount: copy.paidAmount, unpaidAmount: copy.unpaidAmount })
      .to.deep.equal({ status: 'emitted', paidAmount: 0, unpaidAmount: 120 });
  });

  it('keeps everything else, and leaves the source untouched', () => {
    const source = emittedInvoice();
    const copy = prepareInvoiceFromExisting(source, now);
    expect(copy.items).to.deep.equal(source.items);
    expect(copy.vatDetails).to.deep.equal(source.vatDetails);
    expect(copy.comment).to.equal('Merci');
    expect(copy.receiver).to.deep.equal({ name: 'Dupont' });
    expect(copy.metadata).to.deep.equal(source.metadata);
    expect(copy.fk).to.deep.equal({
      company: '65f000000000000000000002',
      receiverCustomer: '65f000000000000000000003',
      invoiceTemplateId: '65f00000000000000000000a',
    });
    expect(source).to.deep.equal(emittedInvoice());
    expect(copy.items).to.not.equal(source.items);
  });

  it('the status of a zero invoice is paid, of a credit note emitted', () => {
    expect(prepareInvoiceFromExisting({ ...emittedInvoice(), inclTaxesPrice: 0 }, now)).to.deep.include({ status: 'paid', unpaidAmount: 0 });
    expect(prepareInvoiceFromExisting({ ...emittedInvoice(), inclTaxesPrice: -120 }, now)).to.deep.include({ status: 'emitted', unpaidAmount: -120 });
  });
});

describe('commerce — corrective invoice header (commerce README « Rules »)', () => {
  it('titles "Facture corrective" and names the number and the French date', () => {
    expect(correctiveInvoiceHeader({ numberFull: 'F0000012', date: '2024-02-05T10:00:00.000Z' })).to.deep.equal({
      headerTitle: 'Facture corrective',
      headerMessage: 'Cette facture annule et remplace la facture n° F0000012 du 05/02/2024.',
    });
  });

  it('the date is the Paris calendar day', () => {
    // 22:30 UTC on 31 March 2024 is 00:30 on 1 April in Paris (summer time)
    expect(correctiveInvoiceHeader({ numberFull: 'F7', date: '2024-03-31T22:30:00.000Z' }).headerMessage).to.contain('du 01/04/2024');
    expect(correctiveInvoiceHeader({ numberFull: 'F7', date: '2024-12-09' }).headerMessage).to.contain('du 09/12/2024');
  });

  it("the company's own message replaces the default, with ${numberFull} and ${date} filled", () => {
    const custom = 'Annule la facture ${numberFull} émise le ${date} (${inconnu}).';
    expect(correctiveInvoiceHeader({ numberFull: 'F0000012', date: '2024-02-05' }, custom)).to.deep.equal({
      headerTitle: 'Facture corrective',
      headerMessage: 'Annule la facture F0000012 émise le 05/02/2024 (${inconnu}).',
    });
    expect(correctiveInvoiceHeader({ numberFull: 'F1', date: '2024-02-05' }, '   ').headerMessage)
      .to.equal('Cette facture annule et remplace la facture n° F1 du 05/02/2024.');
  });
});
