/** `POST /compute`: totals and VAT details of a body, both VAT methods, nothing stored. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, tableCounts, updateCompany } from './support.ts';

/** Three rates, prices given excl. or incl., quantities that make the two methods differ. */
const items = [
  { labelPrimary: 'Croissant', quantity: 7, vat: 5.5, inclTaxesPrice: 1.15 },
  { labelPrimary: 'Café', quantity: 3, vat: 10, exclTaxesPrice: 1.37 },
  { labelPrimary: 'Jus', quantity: 3, vat: 10, inclTaxesPrice: 2.95 },
  { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 4.99 },
  { labelPrimary: 'Emballage', quantity: 3, vat: 20, exclTaxesPrice: 0.333 },
];

describe('invoicing : calcul des totaux', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('arrondit le total par taux (rounded-total) : HT déduit du TTC de chaque taux', async () => {
    const before = await tableCounts(k);
    const res = await k.http.post(`${API}/compute`, { items, vatCalculationMethod: 'rounded-total' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    // unit incl.: croissant 1.15; café 1.37 × 1.1 = 1.507 → 1.51; jus 2.95; livraison 5.988 → 5.99; emballage 0.3996 → 0.40
    expect(res.body.items.map((l: { inclTaxesPrice: number }) => l.inclTaxesPrice)).to.deep.equal([1.15, 1.51, 2.95, 5.99, 0.4]);
    expect(res.body.items.map((l: { exclTaxesPrice: number }) => l.exclTaxesPrice)).to.deep.equal([1.09, 1.37, 2.68, 4.99, 0.333]);
    expect(res.body.vatDetails).to.deep.equal([
      // 7 × 1.15 = 8.05 ; 8.05 / 1.055 = 7.6303… → 7.63
      { vat: 5.5, totalExclTaxes: 7.63, totalInclTaxes: 8.05, amount: 0.42 },
      // 3 × 1.51 + 3 × 2.95 = 13.38 ; / 1.1 = 12.1636… → 12.16
      { vat: 10, totalExclTaxes: 12.16, totalInclTaxes: 13.38, amount: 1.22 },
      // 5.99 + 3 × 0.40 = 7.19 ; / 1.2 = 5.9916… → 5.99
      { vat: 20, totalExclTaxes: 5.99, totalInclTaxes: 7.19, amount: 1.2 },
    ]);
    expect(res.body).to.include({ exclTaxesPrice: 25.78, inclTaxesPrice: 28.62, vatAmount: 2.84 });
    expect(await tableCounts(k)).to.deep.equal(before);
  });

  it('arrondit chaque ligne d’abord (rounded-lines) : HT de ligne puis TVA de ligne', async () => {
    const res = await k.http.post(`${API}/compute`, { items, vatCalculationMethod: 'rounded-lines' });
    expect(res.status).to.equal(200);
    expect(res.body.vatDetails).to.deep.equal([
      // 7 × 1.09 = 7.63 ; TVA 0.41965 → 0.42
      { vat: 5.5, totalExclTaxes: 7.63, totalInclTaxes: 8.05, amount: 0.42 },
      // 3 × 1.37 = 4.11 (TVA 0.411 → 0.41) ; 3 × 2.68 = 8.04 (TVA 0.804 → 0.80)
      { vat: 10, totalExclTaxes: 12.15, totalInclTaxes: 13.36, amount: 1.21 },
      // 4.99 (TVA 0.998 → 1.00) ; 3 × 0.333 = 0.999 → 1.00 (TVA 0.20)
      { vat: 20, totalExclTaxes: 5.99, totalInclTaxes: 7.19, amount: 1.2 },
    ]);
    expect(res.body).to.include({ exclTaxesPrice: 25.77, inclTaxesPrice: 28.6, vatAmount: 2.83 });
  });

  it('prend la méthode et l’assujettissement de l’entreprise quand le corps ne les donne pas', async () => {
    await updateCompany(k, { vatCalculationMethod: 'rounded-lines' });
    expect((await k.http.post(`${API}/compute`, { items })).body.inclTaxesPrice).to.equal(28.6);
    await updateCompany(k, { subjectToVAT: false });
    const exempt = (await k.http.post(`${API}/compute`, { items })).body;
    expect(exempt).to.include({ exclTaxesPrice: 25.77, inclTaxesPrice: 25.77, vatAmount: 0 });
    expect(exempt.vatDetails).to.deep.equal([]);
    // the body wins over the company
    const subject = (await k.http.post(`${API}/compute`, { items, subjectToVAT: true, vatCalculationMethod: 'rounded-total' })).body;
    expect(subject.inclTaxesPrice).to.equal(28.62);
  });

  it('garde une ligne incomplète sans la compter et refuse un corps qui n’est pas un document', async () => {
    const res = await k.http.post(`${API}/compute`, {
      subjectToVAT: true,
      items: [{ labelPrimary: 'En cours de saisie', vat: 20, exclTaxesPrice: null }, { labelPrimary: 'Pain', vat: 5.5, inclTaxesPrice: 2.11 }],
    });
    expect(res.status).to.equal(200);
    expect(res.body.items).to.have.length(2);
    expect(res.body.inclTaxesPrice).to.equal(2.11);
    expect((await k.http.post(`${API}/compute`, {})).status).to.equal(400);
    expect((await k.http.post(`${API}/compute`, { items: [{ quantity: 'beaucoup' }] })).status).to.equal(400);
  });
});
