import { expect } from 'chai';
import { missingInvoicingFields, PAYMENT_MODE_LABELS, PAYMENT_MODES, type EligibilityCompanyLike } from '../src/commerce/index.ts';

const complete = (): EligibilityCompanyLike => ({
  name: 'Comptoir SARL', telBusiness: '0102030405', telMobile: '0602030405', email: 'contact@comptoir.fr',
  address: { address: '1 rue de la Paix', city: 'Paris', zipCode: '75002' },
  naf: '6201Z', rm: 'RM 123', siret: '12345678900012', siren: '123456789', subjectToVAT: true, vatNumber: 'FR12123456789',
});

describe('commerce — invoicing eligibility (commerce README « Rules »)', () => {
  it('a complete company misses nothing', () => {
    expect(missingInvoicingFields(complete())).to.deep.equal([]);
  });

  const cases: [string, (c: EligibilityCompanyLike) => void, string][] = [
    ['name', (c) => { delete c.name; }, 'nom'],
    ['both phones', (c) => { delete c.telBusiness; delete c.telMobile; }, 'téléphone professionnel ou mobile'],
    ['email', (c) => { c.email = '  '; }, 'adresse e-mail'],
    ['address line', (c) => { delete c.address!.address; }, 'adresse'],
    ['city', (c) => { delete c.address!.city; }, 'ville'],
    ['zip code', (c) => { c.address!.zipCode = ''; }, 'code postal'],
    ['both NAF and RM', (c) => { delete c.naf; delete c.rm; }, 'code NAF ou numéro RM'],
    ['SIRET', (c) => { delete c.siret; }, 'SIRET'],
    ['SIREN', (c) => { delete c.siren; }, 'SIREN'],
    ['VAT number when subject to VAT', (c) => { delete c.vatNumber; }, 'numéro de TVA intracommunautaire'],
  ];
  for (const [what, remove, label] of cases) {
    it(`missing ${what} → « ${label} »`, () => {
      const company = complete();
      remove(company);
      expect(missingInvoicingFields(company)).to.deep.equal([label]);
    });
  }

  it('NAF or RM: either one suffices', () => {
    expect(missingInvoicingFields({ ...complete(), naf: undefined })).to.deep.equal([]);
    expect(missingInvoicingFields({ ...complete(), rm: undefined })).to.deep.equal([]);
  });

  it('business or mobile phone: either one suffices', () => {
    expect(missingInvoicingFields({ ...complete(), telBusiness: undefined })).to.deep.equal([]);
    expect(missingInvoicingFields({ ...complete(), telMobile: '' })).to.deep.equal([]);
  });

  it('the VAT number is required only when subject to VAT (true by default)', () => {
    expect(missingInvoicingFields({ ...complete(), subjectToVAT: false, vatNumber: undefined })).to.deep.equal([]);
    expect(missingInvoicingFields({ ...complete(), subjectToVAT: undefined, vatNumber: undefined })).to.deep.equal(['numéro de TVA intracommunautaire']);
  });

  it('an empty company misses everything, in the « Eligibility » order', () => {
    expect(missingInvoicingFields({})).to.deep.equal([
      'nom', 'téléphone professionnel ou mobile', 'adresse e-mail', 'adresse', 'ville', 'code postal',
      'code NAF ou numéro RM', 'SIRET', 'SIREN', 'numéro de TVA intracommunautaire',
    ]);
  });
});

describe('commerce — payment modes (commerce README « Rules »)', () => {
  it('twelve modes with the French labels verbatim', () => {
    expect(PAYMENT_MODES).to.deep.equal(['amex', 'cash', 'cb', 'check', 'debit', 'gift-card', 'paypal', 'transfer', 'nfc', 'unknown', 'credit', 'credit-compensation']);
    expect(PAYMENT_MODE_LABELS).to.deep.equal({
      amex: 'American Express', cash: 'Espèces', cb: 'Carte bancaire', check: 'Chèque', debit: 'Prélèvement',
      'gift-card': 'Carte cadeau', paypal: 'PayPal', transfer: 'Virement', nfc: 'Sans contact', unknown: 'inconnu',
      credit: "Crédit d'avoir", 'credit-compensation': "Compensation d'avoir",
    });
  });
});
