/** The plugin's rules as plain functions, without HTTP: statuses (README « Decisions », Status), VAT recovery, links, import helpers. */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { recoverableVat } from '@comptoir/sdk/commerce';
import { externalPurchaseFigures, linkChanges, purchaseFigures } from '../server/services/common/rules.ts';
import { unitPrice } from '../server/services/import/cii-lines.ts';
import { legalNumbers, profileOf } from '../server/services/import/cii-to-purchase.ts';
import { normalizeName, normalizeVat, sirenOfVat } from '../server/services/import/provider-match.ts';
import { decodeContent } from '../server/services/import/import-service.ts';

const doc = (total: number, vatAmount = 0, vatRecoveryPercent = 100) => ({ inclTaxesPrice: total, vatAmount, vatRecoveryPercent });
const pays = (...amounts: number[]) => amounts.map((amount) => ({ amount }));

describe('purchases : règles', () => {
  describe('statut d’un achat (README « Decisions », Status)', () => {
    const rows: [string, number, number[], { status: string; paidAmount: number; unpaidAmount: number }][] = [
      ['sans paiement : émis, payé 0, reste le TTC', 120, [], { status: 'emitted', paidAmount: 0, unpaidAmount: 120 }],
      ['sans paiement et total nul : émis aussi (pas « payé » comme une facture)', 0, [], { status: 'emitted', paidAmount: 0, unpaidAmount: 0 }],
      ['payé en entier', 120, [120], { status: 'paid', paidAmount: 120, unpaidAmount: 0 }],
      ['payé en deux fois', 120, [70, 50], { status: 'paid', paidAmount: 120, unpaidAmount: 0 }],
      ['payé en partie', 120, [50], { status: 'partially_paid', paidAmount: 50, unpaidAmount: 70 }],
      ['payé puis remboursé en entier', 120, [120, -120], { status: 'refund', paidAmount: 0, unpaidAmount: 120 }],
      // never « paid » with something left to pay (issue 11)
      ['payé, remboursé en partie : il reste à payer, partiellement payé', 120, [120, -20], { status: 'partially_paid', paidAmount: 100, unpaidAmount: 20 }],
      ['payé trop : payé, reste négatif', 120, [150], { status: 'paid', paidAmount: 150, unpaidAmount: -30 }],
      ['seulement un remboursement : émis', 120, [-10], { status: 'emitted', paidAmount: -10, unpaidAmount: 130 }],
      ['avoir sans paiement : émis', -50, [], { status: 'emitted', paidAmount: 0, unpaidAmount: -50 }],
      ['avoir remboursé par le fournisseur', -50, [-50], { status: 'paid', paidAmount: -50, unpaidAmount: 0 }],
      ['avoir remboursé en partie', -50, [-20], { status: 'partially_paid', paidAmount: -20, unpaidAmount: -30 }],
    ];
    for (const [label, total, amounts, expected] of rows) {
      it(label, () => {
        expect(purchaseFigures(doc(total), pays(...amounts))).to.include(expected);
      });
    }
  });

  it('compte la TVA déductible au pourcentage de récupération, au centime', () => {
    expect(recoverableVat(20, 100)).to.equal(20);
    expect(recoverableVat(10.01, 50)).to.equal(5.01);
    expect(recoverableVat(0.33, 80)).to.equal(0.26);
    expect(recoverableVat(-4.9, 100)).to.equal(-4.9);
    expect(recoverableVat(12, 0)).to.equal(0);
    expect(recoverableVat(12, '')).to.equal(null);
    expect(purchaseFigures(doc(120, 20, 50), []).recoverableVatAmount).to.equal(10);
  });

  it('achat en ligne : seuls le payé et le restant sont recalculés, livraison comprise', () => {
    const f = externalPurchaseFigures({ inclTaxesPrice: 41.9, vatAmount: 6.98 }, { inclTaxesDeliveryPrice: 6.9 }, pays(30));
    expect(f).to.deep.equal({
      vatAmount: 6.98,
      totals: { itemsInclTaxesPrice: 41.9, inclTaxesPrice: 48.8, exclTaxesPrice: 41.82 },
      paidAmount: 30, unpaidAmount: 18.8,
    });
    expect(f).to.not.have.property('status');
    // the VAT the shop states wins over the lines'
    expect(externalPurchaseFigures({ inclTaxesPrice: 12, vatAmount: 2 }, { vatAmount: 2.5 }, []).vatAmount).to.equal(2.5);
    expect(externalPurchaseFigures({ inclTaxesPrice: 12, vatAmount: 2 }, { vatAmount: null }, pays(12, -2))).to.include({ paidAmount: 10, unpaidAmount: 2 });
  });

  it('dit quels liens sont ajoutés et retirés', () => {
    expect(linkChanges(['a', 'b'], ['b', 'c', 'c'])).to.deep.equal({ added: ['c'], removed: ['a'] });
    expect(linkChanges([], [])).to.deep.equal({ added: [], removed: [] });
  });

  describe('import', () => {
    it('garde quantité et prix net quand ils font le montant de la ligne, sinon recalcule le prix unitaire', () => {
      const d = (v: string) => new Decimal(v);
      expect(unitPrice(d('3'), d('10'), d('30'))).to.deep.include({ adjusted: false });
      const adjusted = unitPrice(d('5'), d('4.10'), d('20.48'))!;
      expect(adjusted.adjusted).to.equal(true);
      expect(adjusted.unit.toString()).to.equal('4.096');
      expect(unitPrice(d('3'), d('3.33'), d('10.01'))!.unit.toString()).to.equal('3.3367');
      const whole = unitPrice(d('30000'), d('0.0003'), d('10.01'), 'KGM')!;
      // no unit price of 4 decimals makes 10,01 € of 30 000: one line of the amount, the quantity told
      expect(whole.quantity.toString()).to.equal('1');
      expect(whole.unit.toString()).to.equal('10.01');
      expect(whole.quantityNote).to.equal('Quantité facturée : 30000 (KGM)');
      expect(unitPrice(d('2'), null, null)).to.equal(null);
    });

    it('nomme le profil Factur-X d’après l’identifiant de spécification (BT-24)', () => {
      expect(profileOf('urn:factur-x.eu:1p0:minimum')).to.equal('MINIMUM');
      expect(profileOf('urn:factur-x.eu:1p0:basicwl')).to.equal('BASIC WL');
      expect(profileOf('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic')).to.equal('BASIC');
      expect(profileOf('urn:cen.eu:en16931:2017')).to.equal('EN 16931');
      expect(profileOf('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')).to.equal('EXTENDED');
      expect(profileOf(undefined)).to.equal('inconnu');
    });

    it('lit SIRET et SIREN, numéros de TVA et noms comme les gens les tapent', () => {
      expect(legalNumbers({ legalId: '99999999800010', legalScheme: '0002' })).to.deep.equal({ siret: '99999999800010', siren: '999999998' });
      expect(legalNumbers({ legalId: '123456782', legalScheme: '0002' })).to.deep.equal({ siren: '123456782' });
      expect(legalNumbers({ legalId: 'HRB 12345', legalScheme: '0002' })).to.deep.equal({});
      expect(legalNumbers({ legalId: '12345678200011', legalScheme: '0009' })).to.deep.equal({});
      expect(normalizeVat('fr 32 123.456-789')).to.equal('FR32123456789');
      expect(sirenOfVat('FR32123456789')).to.equal('123456789');
      expect(sirenOfVat('DE123456789')).to.equal(undefined);
      expect(normalizeName('  Moulin de la Vallée, S.A.R.L. ')).to.equal('moulin de la vallee s a r l');
      expect(normalizeName('MOULIN DE LA VALLÉE')).to.equal('moulin de la vallee');
      expect(normalizeName('Crème & Cie')).to.equal('creme cie');
    });

    it('lit le contenu en base64 et refuse le reste en nommant « content »', () => {
      expect(Buffer.from(decodeContent('PHg+\nPC94Pg==')).toString()).to.equal('<x></x>');
      expect(Buffer.from(decodeContent('data:application/pdf;base64,JVBERg==')).toString()).to.equal('%PDF');
      for (const bad of ['pas du base64 !', 'abc', '====']) {
        expect(() => decodeContent(bad), bad).to.throw().with.property('status', 400);
      }
    });
  });
});
