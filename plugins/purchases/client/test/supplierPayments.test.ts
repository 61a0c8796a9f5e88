/** « Paiements fournisseurs » : ses mots (sens, documents) sur les règles de liste du kit. */
import { expect } from 'chai';
import { paymentsFiltersOfQuery, paymentsQueryFromParams } from '@comptoir/sdk/ui';
import { DIRECTION_OPTIONS, SOURCE_FROM_URL, SOURCE_OPTIONS } from '../src/payments/supplierPayments.ts';

const day = (suffix: string) => (d: string) => `${d}${suffix}`;

describe('purchases (écrans) : paiements fournisseurs', () => {
  it('propose les décaissements d’abord, chaque sens dit ce qu’il est pour un fournisseur', () => {
    expect(DIRECTION_OPTIONS).to.deep.equal([
      { value: '', label: 'Tous les sens' },
      { value: 'decaissement', label: 'Décaissements (paiements)' },
      { value: 'encaissement', label: 'Encaissements (remboursements)' },
      { value: 'compensation', label: 'Compensations' },
    ]);
  });

  it('lit « document » dans l’adresse et le filtre sur la source du paiement', () => {
    for (const { value } of SOURCE_OPTIONS.filter((o) => o.value)) expect(SOURCE_FROM_URL).to.have.property(value);
    const q = paymentsQueryFromParams(new URLSearchParams('sens=decaissement&document=achat-en-ligne&du=2026-02-01'), SOURCE_FROM_URL);
    expect(paymentsFiltersOfQuery(q, day('T00'), day('T24'), SOURCE_FROM_URL)).to.deep.equal({
      direction: { mode: 'eq', value: 'out' },
      source: { mode: 'eq', value: 'external-purchase' },
      date: { mode: 'between', valueIsDate: true, startDate: '2026-02-01T00' },
    });
    expect(paymentsQueryFromParams(new URLSearchParams('document=facture'), SOURCE_FROM_URL).document).to.equal('');
  });
});
