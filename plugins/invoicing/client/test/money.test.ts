/**
 * The screens' rules of issue 11: list totals without drafts, credit notes, manual runs (the payments
 * list's directions and filters are the UI kit's: sdk/test/ui-commerce.test.ts).
 */
import { expect } from 'chai';
import { totalsQuery } from '../src/invoices/listTotals.ts';
import { creditNoteDraft, emittedMessage, isCreditNoteDraft } from '../src/invoices/creditNotes.ts';
import { runMessage } from '../src/recurring/runText.ts';
import { newDraft } from '../src/common/documentDraft.ts';

describe('facturation (écrans) : totaux, avoirs, « Lancer maintenant »', () => {
  it('les totaux de la liste demandent les seules factures numérotées, avec les filtres de la liste', () => {
    const q = totalsQuery({ status: { mode: 'eq', value: 'paid' } });
    expect(q.filters).to.deep.equal({ status: { mode: 'eq', value: 'paid' }, number: { mode: 'exists', value: true } });
    // with what corrective invoices reversed of the invoices they replace (replacement.test.ts)
    expect(q.aggregations!.map((a) => a.field)).to.deep.equal(['exclTaxesPrice', 'inclTaxesPrice', 'unpaidAmount', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice']);
    expect(totalsQuery(undefined).filters).to.deep.equal({ number: { mode: 'exists', value: true } });
  });

  it('un avoir se dit « émis », une facture « émise » ; un avoir seul commence par une ligne en quantité −1', () => {
    expect(emittedMessage({ numberFull: 'F-0000013', inclTaxesPrice: -25 })).to.equal('L’avoir F-0000013 est émis.');
    expect(emittedMessage({ numberFull: 'F-0000012', inclTaxesPrice: 120 })).to.equal('La facture F-0000012 est émise.');
    expect(isCreditNoteDraft({ creditReason: '  ' })).to.equal(false);
    expect(isCreditNoteDraft({ creditReason: 'Geste commercial' })).to.equal(true);
    expect(creditNoteDraft(newDraft()).lines.map((l) => l.quantity)).to.deep.equal([-1]);
  });

  it('« Lancer maintenant » nomme l’occurrence et le moment de son exécution (heure de Paris)', () => {
    expect(runMessage({ occurrence: '2026-03-01T07:00:00.000Z', invoiceCount: 3, metadata: { creationDate: '2026-03-10T09:00:00.000Z' } as never }))
      .to.equal('Occurrence du 01/03/2026 à 08:00 : 3 factures, exécution du 10/03/2026 à 10:00.');
    expect(runMessage({ occurrence: '2026-07-01T06:00:00.000Z', invoiceCount: 1, metadata: { creationDate: '2026-07-01T06:00:01.000Z' } as never }))
      .to.equal('Occurrence du 01/07/2026 à 08:00 : 1 facture, exécution du 01/07/2026 à 08:00.');
  });
});
