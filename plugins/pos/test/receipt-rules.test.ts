/** The receipts' rules as plain functions (README « Receipts », « Refunds », « FEC »): no kernel, no database. */
import { expect } from 'chai';
import { journalEntryProblem } from '@comptoir/sdk';
import type { LineItem } from '@comptoir/schemas';
import type { Receipt } from '../schemas/index.ts';
import { receiptLines } from '../server/services/receipts/lines.ts';
import { paymentsTotalProblem, receiptCash, refundPayments, settlePayments } from '../server/services/receipts/payments.ts';
import { refundable, refundLines } from '../server/services/receipts/refund-rules.ts';
import { receiptFlows } from '../server/services/receipts/cash-flows.ts';
import { receiptHash, receiptHashView } from '../server/services/receipts/hash.ts';
import { receiptEntry } from '../server/services/receipts/accounting.ts';
import { cash } from './support.ts';

const date = '2026-12-05T10:00:00.000Z';
const line = (uuid: string, quantity: number, inclTaxesPrice: number, vat = 5.5): LineItem =>
  ({ uuid, quantity, inclTaxesPrice, exclTaxesPrice: inclTaxesPrice, vat, labelPrimary: uuid, type: 'good' });

describe('pos : règles des tickets', () => {
  it('lignes : un article du catalogue donne libellé, prix TTC, taux et nature ; ce que la caisse tape l’emporte', () => {
    const articles = new Map([['a1', { _id: 'a1', name: 'Baguette', vat: 5.5, inclTaxesPrice: 1.3, exclTaxesPrice: 1.23, type: 'good' as const }]]);
    const ok = receiptLines([{ itemId: 'a1', quantity: 2 }, { itemId: 'a1', inclTaxesPrice: 1 }, { labelPrimary: 'Café', inclTaxesPrice: 2, vat: 10 }], articles);
    expect(ok).to.deep.equal({ lines: [
      { labelPrimary: 'Baguette', vat: 5.5, type: 'good', inclTaxesPrice: 1.3, itemId: 'a1', quantity: 2 },
      { labelPrimary: 'Baguette', vat: 5.5, type: 'good', itemId: 'a1', inclTaxesPrice: 1 },
      { labelPrimary: 'Café', inclTaxesPrice: 2, vat: 10 },
    ] });
    expect(receiptLines([{ itemId: 'zz' }], articles)).to.have.nested.property('problem.field', 'items.0.itemId');
    expect(receiptLines([{ labelPrimary: ' ', inclTaxesPrice: 1 }], articles)).to.have.nested.property('problem.field', 'items.0.labelPrimary');
  });

  it('paiements : le total au centime ; la monnaie du tiroir, pièces du client comprises ; missingCash', () => {
    expect(paymentsTotalProblem([{ amount: 0.1 }, { amount: 0.2 }], 0.3)).to.equal(null);
    expect(paymentsTotalProblem([{ amount: 1.001 }], 1.001)?.field).to.equal('payments.0.amount');
    const drawer = cash([1, 1], [0.2, 2]);
    const settled = settlePayments([{ mode: 'cash', amount: 1.6, cash: cash([2, 1]) }], drawer, { useCashDetails: true, date });
    if ('problem' in settled) throw new Error(settled.problem.message);
    expect(settled.payments[0]).to.deep.include({ cashPaid: 2, cashChange: 0.4, changeDetails: cash([0.2, 2]) });
    expect(settled.drawer).to.deep.equal(cash([2, 1], [1, 1]));
    expect(receiptCash(settled.payments).toNumber()).to.equal(1.6);
    // 0,50 of change from a drawer of one 1 € coin: impossible exactly
    const missing = settlePayments([{ mode: 'cash', amount: 1.5, cash: cash([2, 1]) }], cash([1, 1]), { useCashDetails: true, date });
    expect(missing).to.have.nested.property('problem.status', 409);
    const accepted = settlePayments([{ mode: 'cash', amount: 1.5, cash: cash([2, 1]) }], cash([1, 1]), { useCashDetails: true, acceptMissingCash: true, date });
    if ('problem' in accepted) throw new Error(accepted.problem.message);
    expect(accepted.missingCash).to.equal(true);
    expect(accepted.payments[0]).to.deep.include({ cashChange: 0, missingAmount: 0.5 });
    expect(receiptCash(accepted.payments).toNumber()).to.equal(2);
    // a register counting one amount: no breakdown, the amount only
    const custom = settlePayments([{ mode: 'cash', amount: 3 }, { mode: 'cb', amount: 1 }], { currency: 'euro', customAmount: 10 }, { useCashDetails: false, date });
    if ('problem' in custom) throw new Error(custom.problem.message);
    expect(custom.drawer).to.deep.equal({ currency: 'euro', customAmount: 13 });
    // an exact payment leaves the drawer counted by denomination
    const exact = settlePayments([{ mode: 'cash', amount: 2, cash: cash([2, 1]) }], cash([1, 1]), { useCashDetails: true, date });
    if ('problem' in exact) throw new Error(exact.problem.message);
    expect(exact.drawer).to.deep.equal(cash([2, 1], [1, 1]));
  });

  it('remboursement : espèces rendues pièce par pièce, jamais ce que le tiroir n’a pas', () => {
    const out = refundPayments([{ mode: 'cash', amount: 1.4 }, { mode: 'cb', amount: 2 }], cash([1, 1], [0.2, 3]), date);
    if ('problem' in out) throw new Error(out.problem.message);
    expect(out.payments.map((p) => p.amount)).to.deep.equal([-1.4, -2]);
    expect(out.payments[0].changeDetails).to.deep.equal(cash([1, 1], [0.2, 2]));
    expect(out.drawer).to.deep.equal(cash([0.2, 1]));
    expect(refundPayments([{ mode: 'cash', amount: 0.5 }], cash([1, 1]), date)).to.have.nested.property('problem.status', 409);
  });

  it('remboursement : jamais plus que vendu moins déjà remboursé, par ligne', () => {
    const items = [line('a', 4, 1.3), line('b', 1, 2.5)];
    const left = refundable(items, [{ refundedLines: [{ uuid: 'a', quantity: 1 }] }]);
    expect(left.get('a')!.toNumber()).to.equal(3);
    const all = refundLines(items, left);
    if ('problem' in all) throw new Error(all.problem.message);
    expect(all.lines.map((l) => [l.labelPrimary, l.quantity])).to.deep.equal([['a', -3], ['b', -1]]);
    expect(all.lines[0].uuid).to.not.equal('a');
    expect(refundLines(items, left, [{ uuid: 'a', quantity: 3.5 }])).to.have.nested.property('problem.field', 'lines.0.quantity');
    expect(refundLines(items, left, [{ uuid: 'b', quantity: 1 }, { uuid: 'b', quantity: 1 }])).to.have.nested.property('problem.field', 'lines.1.uuid');
    const none = refundable(items, [{ refundedLines: [{ uuid: 'a', quantity: 4 }, { uuid: 'b', quantity: 1 }] }]);
    expect(refundLines(items, none)).to.have.nested.property('problem.field', 'lines');
  });

  const receipt = (over: Partial<Receipt>): Receipt => ({
    _id: 'r1', number: 1, numberFull: '0000001', date, subjectToVAT: true, vatCalculationMethod: 'rounded-total',
    items: [line('a', 3, 1.3), { ...line('b', 1, 4, 20), type: 'service' }], exclTaxesPrice: 7.03, inclTaxesPrice: 7.9, vatAmount: 0.87,
    vatDetails: [{ vat: 5.5, totalExclTaxes: 3.7, totalInclTaxes: 3.9, amount: 0.2 }, { vat: 20, totalExclTaxes: 3.33, totalInclTaxes: 4, amount: 0.67 }],
    payments: [{ mode: 'cash', amount: 5, date, cashPaid: 5, cashChange: 0 }, { mode: 'gift-card', amount: 2.9, date }],
    refund: false, missingCash: false, cashRegisterNumber: '1',
    fk: { company: 'c', cashRegister: 'x' }, metadata: { creationDate: date, lastModificationDate: date },
    ...over,
  } as Receipt);

  it('flux d’espèces de la clôture : ventes (rendu déduit) et remboursements, chacun en un flux', () => {
    const flows = receiptFlows([
      receipt({}), receipt({ payments: [{ mode: 'cash', amount: 3, date, cashPaid: 10, cashChange: 7 }] }),
      receipt({ refund: true, payments: [{ mode: 'cash', amount: -2, date, cashChange: 2 }] }), receipt({ payments: [{ mode: 'cb', amount: 7.9, date }] }),
    ], date);
    expect(flows.map((f) => [f.type, f.amount, f.reason])).to.deep.equal([
      ['in', 8, 'Ventes en espèces, monnaie rendue déduite (2 tickets)'], ['out', 2, 'Remboursements en espèces (1 ticket)'],
    ]);
  });

  it('empreinte : les paiements en font partie, la facture liée plus tard non', () => {
    const r = receipt({});
    expect(receiptHash(null, r)).to.equal(receiptHash(null, receipt({ fk: { company: 'c', cashRegister: 'x', invoice: 'inv' } })));
    expect(receiptHash(null, r)).to.not.equal(receiptHash(null, receipt({ payments: [{ mode: 'cb', amount: 7.9, date }] })));
    expect(receiptHash('a'.repeat(64), r)).to.not.equal(receiptHash(null, r));
    expect(receiptHashView(r)).to.not.have.property('metadata');
  });

  it('FEC : une écriture équilibrée au journal de caisse ; un remboursement à l’envers', () => {
    const entry = receiptEntry(receipt({}));
    expect(entry).to.include({ journal: 'cash', pieceRef: 'TK-0000001' });
    expect(journalEntryProblem(entry)).to.equal(null);
    expect(entry.lines).to.deep.equal([
      { account: 'cash', debit: '5.00' }, { account: 'customerAdvances', debit: '2.90' },
      { account: 'salesGoods', credit: '3.70' }, { account: 'vatCollected', vatRate: 5.5, credit: '0.20' },
      { account: 'salesServices', credit: '3.33' }, { account: 'vatCollected', vatRate: 20, credit: '0.67' },
    ]);
    const back = receiptEntry(receipt({
      refund: true, inclTaxesPrice: -4, exclTaxesPrice: -3.33, vatAmount: -0.67, items: [{ ...line('b', -1, 4, 20), type: 'service' }],
      vatDetails: [{ vat: 20, totalExclTaxes: -3.33, totalInclTaxes: -4, amount: -0.67 }], payments: [{ mode: 'cb', amount: -4, date }],
    }));
    expect(journalEntryProblem(back)).to.equal(null);
    expect(back.lines).to.deep.equal([{ account: 'bank', credit: '4.00' }, { account: 'salesServices', debit: '3.33' }, { account: 'vatCollected', vatRate: 20, debit: '0.67' }]);
  });
});
