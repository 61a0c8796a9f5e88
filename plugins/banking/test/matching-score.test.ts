/**
 * The score of a match (README « Matching », Score), as plain functions: each reason, the sign
 * and the date window, and the right document found among 1 000 that share amounts and names.
 */
import { expect } from 'chai';
import { DocumentIndex, fit, rank, squeeze, type MatchDocument } from '../server/services/matching/score.ts';

const doc = (over: Partial<MatchDocument> = {}): MatchDocument => ({
  type: 'invoice', id: 'a'.repeat(24), number: 'FA-2026-0042', references: ['FA-2026-0042'], name: 'Boulangerie Martin SARL',
  labels: [], date: '2026-11-02T09:00:00.000Z', total: 120, unpaid: 120, bankAmount: '120', ...over,
});
const op = (amount: number, label: string, dateOperation = '2026-11-10T12:00:00.000Z', matchedAmount = 0) => ({ amount, label, dateOperation, matchedAmount });

describe('banking: matching score', () => {
  it('squeezes labels: letters and digits, upper case, no accents', () => {
    expect(squeeze('Fact. n° FA-2026/0042 — Crème')).to.equal('FACTNFA20260042CREME');
  });

  it('the amount, the number, the name, the date: each its reason and its points', () => {
    expect(fit(op(120, 'VIR FA 2026 0042'), doc())).to.deep.equal({
      score: 100, reasons: ['Montant égal au reste à payer (120,00 €)', 'Numéro « FA-2026-0042 » trouvé dans le libellé', '8 jour(s) après le document'],
    });
    expect(fit(op(120, 'VIR BOULANGERIE MARTIN'), doc())!.score).to.equal(80);
    expect(fit(op(120, 'VIR BOULANGERIE MARTIN'), doc())!.reasons).to.include('Nom « Boulangerie Martin SARL » trouvé dans le libellé');
    expect(fit(op(120, 'VIR MARTIN'), doc())!.score).to.equal(60);
    expect(fit(op(120, 'PAIEMENT DIVERS', '2027-01-20T12:00:00.000Z'), doc())).to.deep.equal({ score: 55, reasons: ['Montant égal au reste à payer (120,00 €)', '79 jours après le document'] });
    expect(fit(op(120, 'PAIEMENT DIVERS', '2027-06-20T12:00:00.000Z'), doc())).to.deep.equal({ score: 50, reasons: ['Montant égal au reste à payer (120,00 €)'] });
    expect(fit(op(50, 'VIR BOULANGERIE MARTIN'), doc())!.reasons[0]).to.equal('Paiement partiel : 50,00 € sur 120,00 € restant à payer');
    expect(fit(op(500, 'VIR FA20260042'), doc())!.reasons[0]).to.equal('L’opération (500,00 €) couvre le reste à payer (120,00 €) et plus');
    expect(fit(op(120, 'VIR LBM PARIS'), doc({ labels: ['LBM PARIS'] }))!.reasons).to.include('Libellé de virement « LBM PARIS » du client trouvé');
  });

  it('never: the wrong sign, already matched, too long before the document, or only a partial amount', () => {
    expect(fit(op(-120, 'FA-2026-0042'), doc())).to.equal(null);
    expect(fit(op(120, 'FA-2026-0042', undefined, 120), doc())).to.equal(null);
    expect(fit(op(120, 'FA-2026-0042', '2026-10-20T12:00:00.000Z'), doc())).to.equal(null);
    expect(fit(op(50, 'PAIEMENT'), doc())).to.equal(null);
    expect(fit(op(-84.4, 'PRLV MS-88412'), doc({ type: 'purchase', references: ['MS-88412'], bankAmount: '-84.4', unpaid: 84.4 }))!.score).to.equal(100);
    // exact amounts: 0.1 + 0.2 is 0.3
    expect(fit(op(0.3, 'X', undefined, 0), doc({ bankAmount: '0.3', references: [], name: '' }))!.score).to.equal(60);
  });

  it('finds the right invoice among 1 000 sharing amounts and customers', () => {
    const names = ['Dupont SARL', 'Traiteur Lebon', 'Café des Arts', 'Garage Martin', 'Hôtel du Parc'];
    const docs: MatchDocument[] = Array.from({ length: 1000 }, (_, i) => doc({
      id: i.toString(16).padStart(24, '0'), number: `F${String(i + 1).padStart(7, '0')}`, references: [`F${String(i + 1).padStart(7, '0')}`],
      name: names[i % 5], labels: i % 5 === 1 ? ['LEBON TRAIT'] : [], bankAmount: String(100 + (i % 20)), unpaid: 100 + (i % 20),
      date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00.000Z`,
    }));
    const byNumber = rank(op(113, 'VIR SEPA DUPONT REF F0000634'), docs);
    expect(byNumber[0].doc.number).to.equal('F0000634');
    expect(byNumber[0].fit.score).to.be.greaterThan(byNumber[1].fit.score);
    // Lebon's invoices of 106 €: i % 5 === 1 and i % 20 === 6 → i = 6, 26, 46… ; the oldest first among equals
    const byLabel = rank(op(106, 'VIR LEBON TRAIT OCTOBRE', '2026-11-05T12:00:00.000Z'), docs, 100);
    expect(byLabel[0].doc.name).to.equal('Traiteur Lebon');
    expect(byLabel[0].doc.bankAmount).to.equal('106');
    expect(byLabel.filter((r) => r.fit.score === byLabel[0].fit.score).every((r) => r.doc.name === 'Traiteur Lebon')).to.equal(true);
    expect(rank(op(999, 'RIEN'), docs)).to.deep.equal([]);
    // the index finds what scoring every document finds, for each kind of label
    const index = new DocumentIndex(docs);
    for (const o of [op(113, 'VIR SEPA DUPONT REF F0000634'), op(106, 'VIR LEBON TRAIT OCTOBRE', '2026-11-05T12:00:00.000Z'), op(50, 'CAFE DES ARTS F0000003 F0000008'),
      op(119, 'PAIEMENT'), op(-119, 'F0000020'), op(300, 'HOTEL DU PARC')]) {
      expect(rank(o, index, 100), o.label).to.deep.equal(rank(o, docs, 100));
    }
  });
});
