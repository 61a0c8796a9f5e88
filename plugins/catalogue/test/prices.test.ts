/** The price rule of a catalogue item, without HTTP or database. */
import { expect } from 'chai';
import { HttpError } from '@comptoir/sdk';
import { completePrices } from '../server/services/items/prices.ts';

describe('catalogue : règle des prix HT / TTC', () => {
  const stored = { vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 12 };

  it('à la création, calcule le TTC depuis le HT et le HT depuis le TTC', () => {
    expect(completePrices(null, { vat: 20, exclTaxesPrice: 10 })).to.deep.equal({ vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 12 });
    expect(completePrices(null, { vat: 5.5, exclTaxesPrice: 0.83 })).to.deep.equal({ vat: 5.5, exclTaxesPrice: 0.83, inclTaxesPrice: 0.88 });
    expect(completePrices(null, { vat: 20, inclTaxesPrice: 9.99 })).to.deep.equal({ vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 });
    expect(completePrices(null, { vat: 2.1, inclTaxesPrice: 1 })).to.deep.equal({ vat: 2.1, exclTaxesPrice: 0.98, inclTaxesPrice: 1 });
  });

  it('prend 20 % quand le taux n’est pas donné, et 0 pour les deux prix quand aucun ne l’est', () => {
    expect(completePrices(null, { exclTaxesPrice: 100 })).to.deep.equal({ vat: 20, exclTaxesPrice: 100, inclTaxesPrice: 120 });
    expect(completePrices(null, {})).to.deep.equal({ vat: 20, exclTaxesPrice: 0, inclTaxesPrice: 0 });
  });

  it('garde les deux prix envoyés s’ils se correspondent dans un sens ou dans l’autre', () => {
    // 9,99 TTC → 8,325 → 8,33 HT ; mais 8,33 × 1,2 = 9,996 → 10,00 : le prix de rayon 9,99 est gardé
    expect(completePrices(null, { vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 })).to.deep.equal({ vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 });
    expect(completePrices(null, { vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 10 })).to.deep.equal({ vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 10 });
  });

  it('refuse deux prix qui ne se correspondent pas (400, en français, sur inclTaxesPrice)', () => {
    let error: HttpError | null = null;
    try { completePrices(null, { vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 13 }); } catch (e) { error = e as HttpError; }
    expect(error).to.be.instanceOf(HttpError);
    expect(error!.status).to.equal(400);
    expect(error!.message).to.equal('Les prix ne correspondent pas : 10,00 € HT à 20 % de TVA font 12,00 € TTC, pas 13,00 €. Envoyez un seul des deux prix : l’autre est calculé.');
    expect(error!.details[0].field).to.equal('inclTaxesPrice');
  });

  it('en modification, recalcule l’autre prix au taux enregistré ou au nouveau taux', () => {
    expect(completePrices(stored, { exclTaxesPrice: 20 })).to.deep.equal({ vat: 20, exclTaxesPrice: 20, inclTaxesPrice: 24 });
    expect(completePrices(stored, { inclTaxesPrice: 11 })).to.deep.equal({ vat: 20, exclTaxesPrice: 9.17, inclTaxesPrice: 11 });
    expect(completePrices(stored, { vat: 10, inclTaxesPrice: 11 })).to.deep.equal({ vat: 10, exclTaxesPrice: 10, inclTaxesPrice: 11 });
  });

  it('un changement de taux seul garde le HT et recalcule le TTC ; sinon rien ne change', () => {
    expect(completePrices(stored, { vat: 5.5 })).to.deep.equal({ vat: 5.5, exclTaxesPrice: 10, inclTaxesPrice: 10.55 });
    expect(completePrices(stored, { vat: 20 })).to.deep.equal({});
    expect(completePrices(stored, {})).to.deep.equal({});
  });
});
