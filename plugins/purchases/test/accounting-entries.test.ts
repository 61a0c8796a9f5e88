/**
 * The accounting entries of purchases as plain functions, without HTTP: rates, partial VAT
 * recovery to the cent, credit notes, purchases not subject to VAT, goods for resale or not,
 * orders from shops linked or not, payments by each mode. Every entry is checked with the SDK's
 * `journalEntryProblem`, as the FEC export checks it.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { journalEntryProblem, type JournalEntry, type JournalEntryLine } from '@comptoir/sdk';
import { computeDocument, recoverableVat, type LineInput } from '@comptoir/sdk/commerce';
import type { Payment, PaymentMode } from '@comptoir/schemas';
import { distributeCents } from '../server/services/accounting/cents.ts';
import {
  MISCELLANEOUS_SUPPLIERS, externalPurchaseEntry, paidOrderLabel, paidPurchaseLabel, paymentEntry, purchaseEntry, supplierAuxiliary,
  type ExternalPurchaseForEntry, type PurchaseForEntry,
} from '../server/services/accounting/accounting-entries.ts';

const mill = supplierAuxiliary('65f0c0ffee0000000000f00d', 'Moulin de la Vallée');

interface Options { subjectToVAT?: boolean; vatRecoveryPercent?: number; forResale?: boolean; vatCalculationMethod?: 'rounded-total' | 'rounded-lines' }

/** A purchase as the service stores it: the engine's totals, the deductible VAT of `purchaseFigures`. */
function purchase(items: LineInput[], options: Options = {}): PurchaseForEntry {
  const subjectToVAT = options.subjectToVAT ?? true;
  const vatRecoveryPercent = options.vatRecoveryPercent ?? 100;
  const computed = computeDocument({ items, subjectToVAT, vatCalculationMethod: options.vatCalculationMethod ?? 'rounded-lines' });
  return {
    ...computed,
    subjectToVAT,
    numberFull: '0000007',
    date: '2025-03-01T11:00:00.000Z',
    invoiceNumber: 'MV-0412',
    providerName: 'Moulin de la Vallée',
    vatRecoveryPercent,
    recoverableVatAmount: recoverableVat(computed.vatAmount, vatRecoveryPercent)!,
    forResale: options.forResale ?? false,
    metadata: { creationDate: '2025-03-04T09:00:00.000Z' },
  } as PurchaseForEntry;
}

const text = (l: JournalEntryLine) => `${l.account}${l.vatRate !== undefined ? `@${l.vatRate}` : ''}${l.auxiliary ? `/${l.auxiliary.number}` : ''} ${l.debit ?? '0.00'} ${l.credit ?? '0.00'}`;
const lines = (entry: JournalEntry | null) => entry!.lines.map(text);
const swapped = (entry: JournalEntry | null) => entry!.lines.map((l) => text({ ...l, debit: l.credit, credit: l.debit }));
const sum = (entry: JournalEntry, pick: (l: JournalEntryLine) => boolean) => entry.lines.filter(pick).reduce((s, l) => s.plus(l.debit ?? 0).minus(l.credit ?? 0), new Decimal(0));

describe('purchases : écritures comptables (règles)', () => {
  describe('répartition au centime', () => {
    it('arrondit chaque part et donne les centimes restants à celles qui ont le plus perdu', () => {
      const cents = (target: string, exact: string[]) => distributeCents(new Decimal(target), exact.map((x) => new Decimal(x))).map((d) => d.toFixed(2));
      expect(cents('2.02', ['0.505', '1.515'])).to.deep.equal(['0.50', '1.52']);
      expect(cents('2.02', ['0.505', '1.51'])).to.deep.equal(['0.51', '1.51']);
      expect(cents('1.00', ['0.333333', '0.333333', '0.333334'])).to.deep.equal(['0.33', '0.33', '0.34']);
      // negative: the same cents as the positive split, so a credit note mirrors its invoice
      expect(cents('-2.02', ['-0.505', '-1.515'])).to.deep.equal(['-0.50', '-1.52']);
      expect(cents('10.00', ['10'])).to.deep.equal(['10.00']);
      expect(cents('0.00', [])).to.deep.equal([]);
    });
  });

  describe('achats', () => {
    it('écrit la facture : 401 du fournisseur au crédit, par taux la charge et la TVA déductible au débit', () => {
      const entry = purchaseEntry(purchase([
        { labelPrimary: 'Farine T65', quantity: 12, exclTaxesPrice: 18.5, vat: 5.5, type: 'good' },
        { labelPrimary: 'Livraison', quantity: 1, exclTaxesPrice: 25, vat: 20 },
        { labelPrimary: 'Sacs kraft', quantity: 2, exclTaxesPrice: 45, vat: 20, type: 'good' },
      ]), mill);
      expect(journalEntryProblem(entry!)).to.equal(null);
      expect(entry).to.deep.include({
        journal: 'purchases', date: '2025-03-01T11:00:00.000Z', pieceRef: 'FF-0000007', pieceDate: '2025-03-01T11:00:00.000Z',
        label: 'Facture fournisseur MV-0412 Moulin de la Vallée', validatedAt: '2025-03-04T09:00:00.000Z',
      });
      expect(lines(entry)).to.deep.equal([
        'purchasesSupplies 222.00 0.00', 'vatDeductible@5.5 12.21 0.00',
        'purchasesSupplies 90.00 0.00', 'purchasesServices 25.00 0.00', 'vatDeductible@20 23.00 0.00',
        'supplier/F65F0C0FFEE0000000000F00D 0.00 372.21',
      ]);
      expect(entry!.lines.at(-1)!.auxiliary).to.deep.equal({ number: 'F65F0C0FFEE0000000000F00D', label: 'Moulin de la Vallée' });
    });

    it('met les marchandises revendues en 607, les autres en 606, les services en 604', () => {
      const items: LineInput[] = [{ quantity: 1, exclTaxesPrice: 100, vat: 20, type: 'good' }, { quantity: 1, exclTaxesPrice: 40, vat: 20 }];
      expect(lines(purchaseEntry(purchase(items, { forResale: true }), mill))).to.deep.equal([
        'purchasesGoods 100.00 0.00', 'purchasesServices 40.00 0.00', 'vatDeductible@20 28.00 0.00', 'supplier/F65F0C0FFEE0000000000F00D 0.00 168.00',
      ]);
      expect(lines(purchaseEntry(purchase(items, { forResale: false }), mill))[0]).to.equal('purchasesSupplies 100.00 0.00');
    });

    it('déduit 50 % de la TVA au centime près, le reste dans le coût du taux', () => {
      // 1,01 € at 5,5 % and 3,03 € at 20 %: 2,02 € deductible (0,505 + 1,515: one cent to place)
      const odd = purchase([
        { quantity: 1, exclTaxesPrice: 18.35, vat: 5.5, type: 'good' },
        { quantity: 1, exclTaxesPrice: 15.15, vat: 20 },
      ], { vatRecoveryPercent: 50 });
      expect([odd.vatDetails.map((d) => d.amount), odd.recoverableVatAmount]).to.deep.equal([[1.01, 3.03], 2.02]);
      const entry = purchaseEntry(odd, mill)!;
      expect(journalEntryProblem(entry)).to.equal(null);
      expect(lines(entry)).to.deep.equal([
        'purchasesSupplies 18.86 0.00', 'vatDeductible@5.5 0.50 0.00',
        'purchasesServices 16.66 0.00', 'vatDeductible@20 1.52 0.00',
        'supplier/F65F0C0FFEE0000000000F00D 0.00 37.54',
      ]);

      // one rate with goods and services: the VAT kept (1,50 €) shared in proportion, to the cent
      const shared = purchaseEntry(purchase([
        { quantity: 1, exclTaxesPrice: 10, vat: 20, type: 'good' },
        { quantity: 1, exclTaxesPrice: 5.05, vat: 20 },
      ], { vatRecoveryPercent: 50 }), mill);
      expect(lines(shared)).to.deep.equal([
        'purchasesSupplies 11.00 0.00', 'purchasesServices 5.55 0.00', 'vatDeductible@20 1.51 0.00', 'supplier/F65F0C0FFEE0000000000F00D 0.00 18.06',
      ]);

      // nothing deductible: the whole VAT is a cost, no VAT line
      const none = purchaseEntry(purchase([{ quantity: 1, exclTaxesPrice: 50, vat: 20 }], { vatRecoveryPercent: 0 }), mill);
      expect(lines(none)).to.deep.equal(['purchasesServices 60.00 0.00', 'supplier/F65F0C0FFEE0000000000F00D 0.00 60.00']);
    });

    it('écrit l’avoir fournisseur à l’envers, libellé « Avoir fournisseur »', () => {
      const items: LineInput[] = [
        { quantity: 3, exclTaxesPrice: 18.35, vat: 5.5, type: 'good' },
        { quantity: 1, exclTaxesPrice: 15.15, vat: 20 },
      ];
      const invoice = purchaseEntry(purchase(items, { vatRecoveryPercent: 50 }), mill);
      const credit = purchaseEntry(purchase(items.map((i) => ({ ...i, quantity: -(i.quantity as number) })), { vatRecoveryPercent: 50 }), mill);
      expect(journalEntryProblem(credit!)).to.equal(null);
      expect(lines(credit)).to.deep.equal(swapped(invoice));
      expect(credit!.label).to.equal('Avoir fournisseur MV-0412 Moulin de la Vallée');
      expect(credit!.lines.at(-1)).to.deep.include({ account: 'supplier', debit: invoice!.lines.at(-1)!.credit });
    });

    it('met tout le total en charge sans TVA ; « Fournisseurs divers » sans fournisseur ; rien pour un achat à zéro', () => {
      const free = purchaseEntry(purchase([
        { quantity: 2, exclTaxesPrice: 12.5, vat: 20, type: 'good' }, { quantity: 1, exclTaxesPrice: 30, vat: 20 },
      ], { subjectToVAT: false }), MISCELLANEOUS_SUPPLIERS);
      expect(lines(free)).to.deep.equal(['purchasesSupplies 25.00 0.00', 'purchasesServices 30.00 0.00', 'supplier/FDIVERS 0.00 55.00']);
      expect(free!.lines.at(-1)!.auxiliary).to.deep.equal({ number: 'FDIVERS', label: 'Fournisseurs divers' });
      const anonymous = purchaseEntry({ ...purchase([{ quantity: 1, exclTaxesPrice: 5, vat: 20 }]), providerName: undefined, invoiceNumber: undefined }, MISCELLANEOUS_SUPPLIERS);
      expect(anonymous!.label).to.equal('Facture fournisseur Fournisseurs divers');
      expect(purchaseEntry(purchase([]), mill)).to.equal(null);
    });

    it('équilibre au centime des achats difficiles, par les deux méthodes, à tout taux de récupération', () => {
      const items: LineInput[] = [
        { quantity: 3, exclTaxesPrice: 0.333, vat: 5.5, type: 'good' },
        { quantity: 7, exclTaxesPrice: 1.1111, vat: 5.5 },
        { quantity: 1, inclTaxesPrice: 9.99, vat: 20, type: 'good' },
        { quantity: 2, exclTaxesPrice: 0.015, vat: 10 },
        { quantity: -1, exclTaxesPrice: 2.5, vat: 20 },
        { quantity: 13, exclTaxesPrice: 0.77, vat: 2.1, type: 'good' },
      ];
      for (const vatCalculationMethod of ['rounded-total', 'rounded-lines'] as const) {
        for (const vatRecoveryPercent of [100, 80, 50, 33.33, 12.5, 0]) {
          for (const sign of [1, -1]) {
            for (const forResale of [true, false]) {
              const p = purchase(items.map((i) => ({ ...i, quantity: (i.quantity as number) * sign })), { vatCalculationMethod, vatRecoveryPercent, forResale });
              const entry = purchaseEntry(p, mill)!;
              const what = `${vatCalculationMethod} ${vatRecoveryPercent} % ${sign} ${forResale}`;
              expect(journalEntryProblem(entry), what).to.equal(null);
              expect(sum(entry, (l) => l.account === 'vatDeductible').toFixed(2), what).to.equal(new Decimal(p.recoverableVatAmount).toFixed(2));
              expect(sum(entry, (l) => l.account === 'supplier').toFixed(2), what).to.equal(new Decimal(p.inclTaxesPrice).negated().toFixed(2));
              const charges = sum(entry, (l) => l.account.startsWith('purchases'));
              expect(charges.toFixed(2), what).to.equal(new Decimal(p.exclTaxesPrice).plus(p.vatDetails.reduce((s, d) => s + d.amount, 0)).minus(p.recoverableVatAmount).toFixed(2));
            }
          }
        }
      }
    });
  });

  describe('achats en ligne', () => {
    const order = (more: Partial<ExternalPurchaseForEntry> = {}): ExternalPurchaseForEntry => ({
      _id: '65f0c0ffee0000000000e001', shop: 'Matériel Pâtissier Pro', orderNumber: 'CMD-557301', orderDate: '2025-04-02T08:00:00.000Z',
      vatAmount: 5.3, totals: { itemsInclTaxesPrice: 24.9, inclTaxesPrice: 31.8, exclTaxesPrice: 26.5 },
      items: [{ quantity: 1, label: 'Thermomètre', inclTaxesPrice: 24.9, exclTaxesPrice: 20.75, vat: 20 }],
      fk: { purchases: [] }, metadata: { creationDate: '2025-04-02T09:00:00.000Z' },
      ...more,
    });

    it('écrit un achat en ligne sans achat lié : fournitures, TVA du taux, Fournisseurs divers', () => {
      const entry = externalPurchaseEntry(order());
      expect(journalEntryProblem(entry!)).to.equal(null);
      expect(entry).to.deep.include({
        journal: 'purchases', date: '2025-04-02T08:00:00.000Z', pieceRef: 'CL-CMD-557301', label: 'Achat en ligne Matériel Pâtissier Pro CMD-557301',
        validatedAt: '2025-04-02T09:00:00.000Z',
      });
      expect(lines(entry)).to.deep.equal(['purchasesSupplies 26.50 0.00', 'vatDeductible@20 5.30 0.00', 'supplier/FDIVERS 0.00 31.80']);
    });

    it('met la TVA de plusieurs taux au compte général ; prend l’id sans numéro de commande', () => {
      const mixed = externalPurchaseEntry(order({
        orderNumber: undefined,
        items: [{ quantity: 1, label: 'Moule', inclTaxesPrice: 24.9, exclTaxesPrice: 20.75, vat: 20 }, { quantity: 1, label: 'Livre', inclTaxesPrice: 21.1, exclTaxesPrice: 20, vat: 5.5 }],
        vatAmount: 5.25, totals: { itemsInclTaxesPrice: 46, inclTaxesPrice: 46, exclTaxesPrice: 40.75 },
      }));
      expect(lines(mixed)).to.deep.equal(['purchasesSupplies 40.75 0.00', 'vatDeductible 5.25 0.00', 'supplier/FDIVERS 0.00 46.00']);
      expect(mixed!.pieceRef).to.equal('CL-65F0C0FFEE0000000000E001');
      expect(mixed!.label).to.equal('Achat en ligne Matériel Pâtissier Pro');
    });

    it('n’écrit rien pour un achat en ligne lié à un achat : l’achat est la pièce comptable', () => {
      expect(externalPurchaseEntry(order({ fk: { purchases: ['65f0c0ffee0000000000a001'] } }))).to.equal(null);
    });
  });

  describe('paiements', () => {
    const payment = (mode: PaymentMode, amount: number, source: Payment['source'] = 'purchase') => ({
      mode, amount, source, date: '2025-03-10T10:00:00.000Z', number: 3, numberFull: 'PA0003', metadata: { creationDate: '2025-03-11T08:00:00.000Z' },
    }) as Pick<Payment, 'mode' | 'amount' | 'date' | 'number' | 'numberFull' | 'metadata' | 'source'>;
    const paid = paidPurchaseLabel({ invoiceNumber: 'MV-0412', numberFull: '0000007', providerName: 'Moulin de la Vallée' });

    it('débite le fournisseur et crédite la banque (carte, virement, chèque…) ou la caisse (espèces)', () => {
      const transfer = paymentEntry(payment('transfer', 372.21), paid, mill);
      expect(transfer).to.deep.equal({
        journal: 'bank', date: '2025-03-10T10:00:00.000Z', pieceRef: 'RF-PA0003', pieceDate: '2025-03-10T10:00:00.000Z',
        label: 'Règlement Virement facture fournisseur MV-0412 Moulin de la Vallée', validatedAt: '2025-03-11T08:00:00.000Z',
        lines: [{ account: 'supplier', auxiliary: mill, debit: '372.21' }, { account: 'bank', credit: '372.21' }],
      });
      for (const mode of ['cb', 'check', 'debit', 'amex', 'paypal', 'nfc', 'unknown'] as const) {
        expect(paymentEntry(payment(mode, 10), paid, mill)!.journal, mode).to.equal('bank');
      }
      expect(lines(paymentEntry(payment('cash', 12.5), paid, mill))).to.deep.equal(['supplier/F65F0C0FFEE0000000000F00D 12.50 0.00', 'cash 0.00 12.50']);
      expect(paymentEntry(payment('cash', 12.5), paid, mill)!.journal).to.equal('cash');
    });

    it('écrit un remboursement à l’envers, une carte cadeau en avances versées, rien pour un avoir', () => {
      const refund = paymentEntry(payment('transfer', -40), paid, mill)!;
      expect(journalEntryProblem(refund)).to.equal(null);
      expect(lines(refund)).to.deep.equal(['supplier/F65F0C0FFEE0000000000F00D 0.00 40.00', 'bank 40.00 0.00']);
      expect(refund.label).to.equal('Remboursement Virement facture fournisseur MV-0412 Moulin de la Vallée');
      const gift = paymentEntry(payment('gift-card', 20, 'external-purchase'), paidOrderLabel({ shop: 'Matériel Pâtissier Pro', orderNumber: 'CMD-1' }), MISCELLANEOUS_SUPPLIERS)!;
      expect(gift.journal).to.equal('miscellaneous');
      expect(lines(gift)).to.deep.equal(['supplier/FDIVERS 20.00 0.00', 'supplierAdvances 0.00 20.00']);
      expect(gift.label).to.equal('Règlement Carte cadeau achat en ligne Matériel Pâtissier Pro CMD-1');
      // an online order's payments are numbered by their own counter: their own series code
      expect(gift.pieceRef).to.equal('RL-PA0003');
      expect([paymentEntry(payment('credit', 5), paid, mill), paymentEntry(payment('credit-compensation', 5), paid, mill)]).to.deep.equal([null, null]);
    });
  });
});
