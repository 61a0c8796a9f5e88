/** « Paiements fournisseurs » : ses filtres lus dans l’adresse, envoyés à l’API, et le montant signé. */
import { expect } from 'chai';
import { cashAmount, filtersOfQuery, paramsOfQuery, queryFromParams, sortOfQuery } from '../src/payments/supplierPayments.ts';

const day = (suffix: string) => (d: string) => `${d}${suffix}`;

describe('purchases (écrans) : paiements fournisseurs', () => {
  it('lit les filtres de l’adresse et écarte ce qui est inconnu', () => {
    const q = queryFromParams(new URLSearchParams('sens=decaissement&mode=transfer&document=achat&du=2026-01-01&au=2026-01-31&page=3&tri=date'));
    expect(q).to.deep.equal({ sens: 'decaissement', mode: 'transfer', document: 'achat', du: '2026-01-01', au: '2026-01-31', tri: 'date', page: 3 });
    expect(queryFromParams(new URLSearchParams('sens=nimporte&mode=troc&document=x&du=hier&page=-2&tri=montant')))
      .to.deep.equal({ sens: '', mode: '', document: '', du: '', au: '', tri: '', page: 1 });
  });

  it('réécrit l’adresse sans les valeurs vides ni la page 1', () => {
    const q = queryFromParams(new URLSearchParams('sens=encaissement'));
    expect(paramsOfQuery(q)).to.deep.equal({ sens: 'encaissement' });
    expect(paramsOfQuery({ ...q, page: 2, tri: 'date' })).to.deep.equal({ sens: 'encaissement', tri: 'date', page: '2' });
  });

  it('envoie des filtres sur les colonnes du serveur (sens, mode, source, période)', () => {
    const q = queryFromParams(new URLSearchParams('sens=decaissement&mode=check&document=achat-en-ligne&du=2026-02-01'));
    expect(filtersOfQuery(q, day('T00'), day('T24'))).to.deep.equal({
      direction: { mode: 'eq', value: 'out' },
      mode: { mode: 'eq', value: 'check' },
      source: { mode: 'eq', value: 'external-purchase' },
      date: { mode: 'between', valueIsDate: true, startDate: '2026-02-01T00' },
    });
    expect(filtersOfQuery(queryFromParams(new URLSearchParams()), day(''), day(''))).to.deep.equal({});
    expect(sortOfQuery(q)).to.deep.equal({ field: 'date', ascending: false });
  });

  it('montre un paiement au fournisseur en sortie (−), son remboursement en entrée (+)', () => {
    expect(cashAmount({ amount: 30, direction: 'out' })).to.equal(-30);
    expect(cashAmount({ amount: -12.5, direction: 'in' })).to.equal(12.5);
    expect(cashAmount({ amount: 5, direction: 'none' })).to.equal(5);
  });
});
