/**
 * The plain rules of the till (README « Cash », « Change », « Opening and closing », « Closing
 * totals », « Archives »), tested directly: no HTTP, no database.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import type { CashDetails } from '../schemas/index.ts';
import { EURO_DENOMINATIONS, addCash, cashProblem, cashTotal } from '../server/services/cash/cash-details.ts';
import { computeChange, exactChange } from '../server/services/cash/change.ts';
import { verificationFigures } from '../server/services/registers/verification.ts';
import { closingTotals, sumTotals, type ClosingReceipt } from '../server/services/closings/totals.ts';
import { INVALID_ARCHIVE_FREQUENCY, archiveCounter, archivePeriod, sourceLevel } from '../server/services/closings/archives.ts';

const cash = (...lines: [number, number][]): CashDetails => ({ currency: 'euro', details: lines.map(([unit, quantity]) => ({ unit, quantity })) });
/** every denomination, `n` of each */
const full = (n: number) => cash(...EURO_DENOMINATIONS.map((u) => [u, n] as [number, number]));

describe('pos : règles des espèces', function () {
  it('connaît les 15 coupures en euros, de la plus grande à la plus petite', () => {
    expect(EURO_DENOMINATIONS).to.deep.equal([500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01]);
  });

  it('totalise un comptage au centime près (pas d’addition de flottants)', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(cashTotal(cash([0.1, 1], [0.2, 1]))).to.equal(0.3);
    expect(cashTotal(cash([0.01, 3], [0.05, 7], [500, 2], [0.2, 9]))).to.equal(1002.18);
    expect(cashTotal({ customAmount: 123.45 })).to.equal(123.45);
    expect(cashTotal(cash())).to.equal(0);
  });

  it('refuse une coupure inconnue, une coupure en double, le détail et un montant ensemble, ni l’un ni l’autre', () => {
    expect(cashProblem(cash([3, 1]))?.field).to.equal('cash.details.0.unit');
    expect(cashProblem(cash([0.5, 1], [0.5, 2]))?.field).to.equal('cash.details.1.unit');
    expect(cashProblem({ details: [], customAmount: 2 })?.message).to.match(/pas les deux/);
    expect(cashProblem({})?.message).to.match(/détail des espèces/);
    expect(cashProblem({ customAmount: 1.234 })?.field).to.equal('cash.customAmount');
    expect(cashProblem({ customAmount: 10 }, 'cash', true)?.message).to.match(/par coupure/);
    expect(cashProblem(full(1))).to.equal(null);
  });

  it('ajoute et retire des espèces par coupure ; refuse de retirer ce qui n’y est pas', () => {
    expect(addCash(cash([10, 2], [1, 3]), cash([10, 1], [0.5, 2]), 1)).to.deep.equal(cash([10, 3], [1, 3], [0.5, 2]));
    expect(addCash(cash([10, 2], [1, 3]), cash([10, 2]), -1)).to.deep.equal(cash([1, 3]));
    expect(addCash(cash([10, 2]), cash([5, 1]), -1)).to.equal(null);
    // a custom amount on either side: only amounts are known
    expect(addCash(cash([10, 2]), { customAmount: 5.5 }, -1)).to.deep.equal({ currency: 'euro', customAmount: 14.5 });
    expect(addCash({ customAmount: 5 }, { customAmount: 5.01 }, -1)).to.equal(null);
  });
});

describe('pos : rendu de monnaie', function () {
  it('rend la monnaie de la plus grande coupure à la plus petite', () => {
    const change = computeChange(13.45, cash([20, 1]), full(5));
    expect(change).to.deep.equal({
      amount: 13.45, paid: 20, difference: 6.55, missingCash: false, missingAmount: 0,
      cashDetails: cash([5, 1], [1, 1], [0.5, 1], [0.05, 1]),
    });
  });

  it('montant exact : rien à rendre', () => {
    const change = computeChange(12.3, cash([10, 1], [2, 1], [0.2, 1], [0.1, 1]), full(1));
    expect(change).to.include({ amount: 12.3, paid: 12.3, difference: 0, missingCash: false });
    expect(change.cashDetails).to.equal(undefined);
  });

  it('plus de petites pièces : signale missingCash et ce qui manque', () => {
    // 20 € for 17,99 €: 2,01 € owed, no 1-cent coin, no 0,01 combination possible
    const register = cash([2, 3], [0.5, 1]);
    const change = computeChange(17.99, cash([20, 1]), register);
    expect(change.missingCash).to.equal(true);
    expect(change.difference).to.equal(2.01);
    expect(change.cashDetails).to.deep.equal(cash([2, 1]));
    expect(change.missingAmount).to.equal(0.01);
  });

  it('tiroir vide : rien ne peut être rendu', () => {
    const change = computeChange(5, cash([10, 1]), cash());
    // the 10 € note just received cannot be cut in two
    expect(change).to.include({ difference: 5, missingCash: true, missingAmount: 5 });
    expect(change.cashDetails).to.deep.equal(cash());
  });

  it('la plus grande coupure d’abord, sans échouer là où la gourmandise échouerait (0,06 € d’un tiroir de 0,05 + 3 × 0,02 : 3 × 0,02)', () => {
    const change = computeChange(0.04, cash([0.1, 1]), cash([0.05, 1], [0.02, 3]));
    expect(change.missingCash).to.equal(false);
    expect(change.cashDetails).to.deep.equal(cash([0.02, 3]));
    expect(exactChange(6, new Map([[5, 1], [2, 3]]))).to.deep.equal(new Map([[2, 3]]));
    expect(exactChange(7, new Map([[5, 1], [2, 3]]))).to.deep.equal(new Map([[5, 1], [2, 1]]));
    expect(exactChange(1, new Map([[5, 1], [2, 3]]))).to.equal(null);
  });

  it('les pièces du client entrent dans le tiroir avant le rendu', () => {
    // 11 € paid as 10 + 2 × 0,50 for 10,50 € with an empty drawer: one of the customer's coins comes back
    const change = computeChange(10.5, cash([10, 1], [0.5, 2]), cash());
    expect(change).to.include({ difference: 0.5, missingCash: false });
    expect(change.cashDetails).to.deep.equal(cash([0.5, 1]));
  });

  it('montant libre (client ou caisse) : pas de détail du rendu', () => {
    const custom = computeChange(7.2, { customAmount: 10 }, full(3));
    expect(custom).to.deep.equal({ amount: 7.2, paid: 10, difference: 2.8, missingCash: false, missingAmount: 0 });
    const customRegister = computeChange(7.2, cash([10, 1]), { customAmount: 50 });
    expect(customRegister.cashDetails).to.equal(undefined);
    expect(customRegister.difference).to.equal(2.8);
  });

  it('payé moins que dû : écart négatif, rien à rendre', () => {
    const change = computeChange(25, cash([20, 1]), full(2));
    expect(change).to.deep.equal({ amount: 25, paid: 20, difference: -5, missingCash: false, missingAmount: 0 });
  });

  it('rend de grosses sommes sans se perdre (500 € pour 0,01 €)', () => {
    const change = computeChange(0.01, cash([500, 1]), full(10));
    expect(change.missingCash).to.equal(false);
    expect(cashTotal(change.cashDetails)).to.equal(499.99);
    expect(change.cashDetails!.details![0]).to.deep.equal({ unit: 200, quantity: 2 });
  });
});

describe('pos : vérification de caisse', function () {
  it('attendu = compté à l’ouverture + entrées − sorties ; écart = réel − attendu', () => {
    const flows = [
      { type: 'in' as const, amount: 50, reason: 'Fond de caisse complété', date: '2026-11-27T08:00:00.000Z' },
      { type: 'out' as const, amount: 20.1, reason: 'Achat de timbres', date: '2026-11-27T10:00:00.000Z', userName: 'Martine' },
    ];
    const figures = verificationFigures(150.2, flows, cash([100, 1], [50, 1], [20, 1], [10, 1], [0.05, 1]));
    expect(figures).to.deep.equal({
      expectedAmount: 180.1, realAmount: 180.05, difference: -0.05,
      inOutDetails: [
        { type: 'in', amount: 50, reason: 'Fond de caisse complété', date: '2026-11-27T08:00:00.000Z' },
        { type: 'out', amount: 20.1, reason: 'Achat de timbres', date: '2026-11-27T10:00:00.000Z', userName: 'Martine' },
      ],
    });
    expect(verificationFigures(0, [], { customAmount: 12 }).difference).to.equal(12);
  });
});

const sale = (incl: number, excl: number, vat: number, quantity: number, payments: { mode: string; amount: number }[]): ClosingReceipt => ({
  inclTaxesPrice: incl, exclTaxesPrice: excl,
  vatDetails: [{ vat, totalInclTaxes: incl, totalExclTaxes: excl, amount: new Decimal(incl).minus(excl).toNumber() }],
  items: [{ vat, quantity: incl < 0 ? -quantity : quantity }], payments,
});

describe('pos : totaux des tickets X et Z', function () {
  const receipts: ClosingReceipt[] = [
    sale(12, 10, 20, 2, [{ mode: 'cash', amount: 12 }]),
    sale(5.5, 5.21, 5.5, 3, [{ mode: 'cb', amount: 3 }, { mode: 'cash', amount: 2.5 }]),
    {
      inclTaxesPrice: 17.5, exclTaxesPrice: 15.21,
      vatDetails: [{ vat: 5.5, totalInclTaxes: 5.5, totalExclTaxes: 5.21, amount: 0.29 }, { vat: 20, totalInclTaxes: 12, totalExclTaxes: 10, amount: 2 }],
      items: [{ vat: 5.5, quantity: 1 }, { vat: 20, quantity: 1 }, { quantity: 1 }], payments: [{ mode: 'cb', amount: 17.5 }],
    },
    sale(-12, -10, 20, 1, [{ mode: 'cash', amount: -12 }]),
  ];

  it('compte tickets, remboursements, paiements ; totaux TTC/HT ; par mode ; par taux avec articles vendus', () => {
    const t = closingTotals(receipts, -0.3);
    expect(t).to.deep.equal({
      ticketsCount: 3, refundTicketsCount: 1, paymentsCount: 4, refundPaymentsCount: 1,
      totalInclTaxes: 35, totalExclTaxes: 30.42, refundTotalInclTaxes: -12, refundTotalExclTaxes: -10,
      paymentsDetails: [
        { mode: 'cash', totalInclTaxesAmount: 14.5, transactionsCount: 2 },
        { mode: 'cb', totalInclTaxesAmount: 20.5, transactionsCount: 2 },
      ].sort((a, b) => (a.mode < b.mode ? -1 : 1)),
      refundPaymentsDetails: [{ mode: 'cash', totalInclTaxesAmount: -12, transactionsCount: 1 }],
      vatDetails: [
        { vat: 5.5, soldProducts: 4, amount: 0.58, exclTaxesAmount: 10.42, inclTaxesAmount: 11 },
        // the line without a rate counts at the default 20 %
        { vat: 20, soldProducts: 4, amount: 4, exclTaxesAmount: 20, inclTaxesAmount: 24 },
      ],
      refundVatDetails: [{ vat: 20, soldProducts: 1, amount: -2, exclTaxesAmount: -10, inclTaxesAmount: -12 }],
      difference: -0.3,
    });
  });

  it('additionne exactement, en dix-millièmes d’euro, même 10 000 fois 0,1 € ou des montants à 4 décimales ; arrondit au centime comme decimal.js', () => {
    const tenth: ClosingReceipt = { inclTaxesPrice: 0.1, exclTaxesPrice: 0.09, vatDetails: [{ vat: 10, totalExclTaxes: 0.09, totalInclTaxes: 0.1, amount: 0.01 }], items: [{ vat: 10, quantity: 0.25 }], payments: [{ mode: 'cb', amount: 0.1 }] };
    const t = closingTotals(Array.from({ length: 10_000 }, () => tenth));
    expect(t).to.include({ totalInclTaxes: 1000, totalExclTaxes: 900 });
    expect(t.vatDetails).to.deep.equal([{ vat: 10, soldProducts: 2500, amount: 100, exclTaxesAmount: 900, inclTaxesAmount: 1000 }]);
    expect(t.paymentsDetails).to.deep.equal([{ mode: 'cb', totalInclTaxesAmount: 1000, transactionsCount: 10_000 }]);
    // the same cent as decimal.js gives from the exact sum: 3 × 0,3335 = 1,0005 ; 2 × −0,0025 = −0,005 (half away from zero)
    const fine = (incl: number): ClosingReceipt => ({ inclTaxesPrice: incl, exclTaxesPrice: incl, vatDetails: [], items: [], payments: [{ mode: 'cb', amount: incl }] });
    expect(closingTotals([fine(0.3335), fine(0.3335), fine(0.3335)]).totalInclTaxes).to.equal(new Decimal('1.0005').toDecimalPlaces(2).toNumber());
    expect(closingTotals([fine(-0.0025), fine(-0.0025)]).refundTotalInclTaxes).to.equal(new Decimal('-0.005').toDecimalPlaces(2).toNumber());
    expect(closingTotals([], -0.015).difference).to.equal(new Decimal('-0.015').toDecimalPlaces(2).toNumber());
  });

  it('une journée vide donne des totaux à zéro', () => {
    const t = closingTotals([]);
    expect(t).to.include({ ticketsCount: 0, totalInclTaxes: 0, difference: 0 });
    expect(t.vatDetails).to.deep.equal([]);
  });

  it('un mois est la somme de ses jours, une année celle de ses mois : les mêmes totaux que depuis les tickets', () => {
    // 3 receipts per day, 30 days, in 3 months of 10 days
    const days = Array.from({ length: 30 }, (_, d) => closingTotals(receipts.slice(0, 3).map((r) => ({ ...r, inclTaxesPrice: r.inclTaxesPrice })), d % 2 ? 0.01 : -0.02));
    const months = [0, 1, 2].map((m) => sumTotals(days.slice(m * 10, m * 10 + 10)));
    const year = sumTotals(months);
    const direct = closingTotals(Array.from({ length: 30 }, () => receipts.slice(0, 3)).flat(), -0.15);
    expect(year).to.deep.equal(direct);
    expect(sumTotals(days)).to.deep.equal(direct);
    expect(year.ticketsCount).to.equal(90);
    expect(year.totalInclTaxes).to.equal(1050);
  });
});

describe('pos : archives', function () {
  it('chaque fréquence a son compteur ; une fréquence inconnue est l’erreur de la spécification, mot pour mot', () => {
    expect(archiveCounter('daily')).to.equal('archiveDaily');
    expect(archiveCounter('fiscal-yearly')).to.equal('archiveFiscalYearly');
    for (const bad of ['weekly', '', 'Daily', null, 3]) {
      expect(() => archiveCounter(bad)).to.throw(INVALID_ARCHIVE_FREQUENCY);
    }
    expect(INVALID_ARCHIVE_FREQUENCY).to.equal('Invalid Archive Frequency to determine the next document sequencial number');
  });

  it('périodes en jours de Paris : jour, mois, année, exercice', () => {
    // 23:30 UTC on 31 January is already 1 February in Paris
    expect(archivePeriod('daily', '2026-01-31T23:30:00.000Z')).to.deep.equal({
      firstDay: '2026-02-01', lastDay: '2026-02-01', startDate: '2026-01-31T23:00:00.000Z', endDate: '2026-02-01T23:00:00.000Z', period: '2026-02-01',
    });
    expect(archivePeriod('monthly', '2026-02-10')).to.include({ firstDay: '2026-02-01', lastDay: '2026-02-28', period: '2026-02' });
    expect(archivePeriod('monthly', '2026-12-10')).to.include({ firstDay: '2026-12-01', lastDay: '2026-12-31' });
    // summer time: the day starts at 22:00 UTC
    expect(archivePeriod('daily', '2026-07-14')).to.include({ startDate: '2026-07-13T22:00:00.000Z', endDate: '2026-07-14T22:00:00.000Z' });
    expect(archivePeriod('yearly', '2026-06-01')).to.include({ firstDay: '2026-01-01', lastDay: '2026-12-31', startDate: '2025-12-31T23:00:00.000Z' });
    expect(archivePeriod('fiscal-yearly', '2026-06-01', { start: '2025-10-01', end: '2026-09-30' })).to.include({ period: '2025-10-01/2026-09-30', endDate: '2026-09-30T22:00:00.000Z' });
    expect(() => archivePeriod('hourly', '2026-06-01')).to.throw(INVALID_ARCHIVE_FREQUENCY);
  });

  it('chaque niveau se calcule depuis celui du dessous', () => {
    expect(sourceLevel('daily')).to.equal('z-tickets');
    expect(sourceLevel('monthly')).to.equal('daily');
    expect(sourceLevel('yearly')).to.equal('monthly');
    expect(sourceLevel('fiscal-yearly')).to.equal('monthly');
    expect(sourceLevel('fiscal-yearly', false)).to.equal('daily');
  });
});
