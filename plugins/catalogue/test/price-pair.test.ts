/** The live incl./excl. conversion of the item form (client/src/items/pricePair.ts, itemForm.ts), without a browser. */
import { expect } from 'chai';
import { completePrices } from '../server/services/items/prices.ts';
import { changeVat, formatPrice, parsePrice, tidyPrice, typeExcl, typeIncl, type PricePair } from '../client/src/items/pricePair.ts';
import { EMPTY_ITEM, bodyOf, validateItem } from '../client/src/items/itemForm.ts';

describe('catalogue : formulaire, paire de prix convertie à la frappe', () => {
  const start: PricePair = { vat: '20', exclTaxesPrice: '', inclTaxesPrice: '', priceSource: 'excl' };

  it('saisir le HT calcule le TTC, saisir le TTC calcule le HT, à la française', () => {
    expect(typeExcl(start, '10,5')).to.deep.equal({ vat: '20', exclTaxesPrice: '10,5', inclTaxesPrice: '12,60', priceSource: 'excl' });
    expect(typeIncl({ ...start, vat: '5.5' }, '0,88')).to.deep.equal({ vat: '5.5', exclTaxesPrice: '0,83', inclTaxesPrice: '0,88', priceSource: 'incl' });
    expect(typeExcl(start, '10,').inclTaxesPrice).to.equal('12,00');
    expect(typeExcl(start, 'abc').inclTaxesPrice).to.equal('');
    expect(typeExcl(typeExcl(start, '5'), '').inclTaxesPrice).to.equal('');
  });

  it('un nouveau taux recalcule le prix qui n’a pas été saisi', () => {
    const byIncl = typeIncl(start, '9,99');
    expect(byIncl.exclTaxesPrice).to.equal('8,33');
    expect(changeVat(byIncl, '5.5')).to.deep.include({ inclTaxesPrice: '9,99', exclTaxesPrice: '9,47' }); // 9,99 / 1,055 = 9,469
    expect(changeVat(typeExcl(start, '100'), '2.1')).to.deep.include({ exclTaxesPrice: '100', inclTaxesPrice: '102,10' });
  });

  it('la paire envoyée est gardée telle quelle par le serveur', () => {
    for (const pair of [typeIncl(start, '9,99'), typeExcl({ ...start, vat: '5.5' }, '0,83'), typeIncl({ ...start, vat: '2.1' }, '1')]) {
      const body = bodyOf({ ...EMPTY_ITEM, ...pair, name: 'Article' }, 'create');
      const kept = completePrices(null, body);
      expect(kept).to.deep.equal({ vat: body.vat, exclTaxesPrice: body.exclTaxesPrice, inclTaxesPrice: body.inclTaxesPrice });
    }
  });

  it('un prix saisi s’écrit en euros une fois le champ quitté : 12,6 devient 12,60 (issue 12)', () => {
    expect(tidyPrice('12,6')).to.equal('12,60');
    expect(tidyPrice('58.8')).to.equal('58,80');
    expect(tidyPrice('3')).to.equal('3,00');
    expect(tidyPrice('0,0125')).to.equal('0,0125');
    expect(tidyPrice('')).to.equal('');
    expect(tidyPrice('abc')).to.equal('abc');
    expect(tidyPrice('1,23456')).to.equal('1,23456');
  });

  it('formate et lit les montants', () => {
    expect(formatPrice(12.6)).to.equal('12,60');
    expect(formatPrice(0.0125)).to.equal('0,0125');
    expect(formatPrice(3)).to.equal('3,00');
    expect(formatPrice(null)).to.equal('');
    expect(parsePrice(' 1 234,5 ')).to.deep.equal({ value: 1234.5 });
    expect(parsePrice('')).to.deep.equal({ value: null });
    expect(parsePrice('douze').error).to.be.a('string');
    expect(parsePrice('1,23456').error).to.equal('Quatre décimales au plus');
  });

  it('le corps laisse de côté les textes vides à la création et les envoie vides en modification', () => {
    const values = { ...EMPTY_ITEM, name: '  Tisane  ', keywords: ' ', exclTaxesPrice: '2', inclTaxesPrice: '2,11', vat: '5.5' };
    expect(bodyOf(values, 'create')).to.deep.equal({
      // `enabled` is never sent: archiving and restoring are the article's own actions
      name: 'Tisane', type: 'good', vat: 5.5, priceIfNotSubjectToVat: 'includeTaxes', exclTaxesPrice: 2, inclTaxesPrice: 2.11,
    });
    expect(bodyOf(values, 'update')).to.include({ keywords: '', seoTitle: '' });
    expect(validateItem({ ...values, name: ' ' }).name).to.equal('Le nom est obligatoire');
    expect(validateItem({ ...values, inclTaxesPrice: 'x' }).inclTaxesPrice).to.be.a('string');
  });
});
