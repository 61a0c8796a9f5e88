/** The customer form's invoicing fields: the checks said before sending, and the body sent. */
import { expect } from 'chai';
import { partyBody, partyValues, validateParty } from '../src/parties/partyValues.ts';
import type { Party } from '../src/api.ts';

describe('contacts (écrans) : identifiants de facturation d’un client', () => {
  const stored = { siren: '123456789', vatNumber: 'FR32123456789', addresses: [], bankTransferLabels: [] } as unknown as Party;

  it('dit avant l’envoi ce que le serveur refuserait, sans juger une valeur enregistrée inchangée', () => {
    const v = partyValues(stored);
    // saved before the checks: wrong keys, left as they are
    expect(validateParty({ ...v, name: 'Dupont' }, stored, true)).to.deep.equal({});
    expect(validateParty({ ...v, name: 'Dupont', siren: '123 456 780' }, stored, true)).to.deep.equal({
      siren: 'Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.',
    });
    const fresh = { ...partyValues(), company: 'Hôtel du Parc SA', siren: '303 265 045', siret: '552 100 554 00013', electronicAddress: '303265045_ACHATS' };
    expect(validateParty(fresh, undefined, true)).to.deep.equal({ siret: 'Le SIRET ne commence pas par le SIREN (303 265 045).' });
    expect(validateParty({ ...fresh, siret: '', paymentTermsDays: 75 }, undefined, true)).to.have.property('paymentTermsDays')
      .that.matches(/de 0 à 60 jours/);
    // a provider's VAT number is not checked
    expect(validateParty({ ...partyValues(), company: 'Moulin', vatNumber: 'FR00' }, undefined, false)).to.deep.equal({});
  });

  it('envoie le drapeau professionnel et le délai d’un client (null : selon sa fiche, celui de l’entreprise)', () => {
    const v = { ...partyValues(), company: 'Hôtel du Parc SA', siren: ' 303265045 ', professional: 'no' as const, paymentTermsDays: 20 };
    expect(partyBody(v, { update: false, withOrigin: true, customer: true })).to.deep.include({ siren: '303265045', professional: false, paymentTermsDays: 20 });
    const auto = partyBody({ ...v, professional: 'auto', paymentTermsDays: '' }, { update: true, withOrigin: true, customer: true });
    expect(auto).to.deep.include({ professional: null, paymentTermsDays: null, siret: '', electronicAddress: '' });
    expect(partyBody(v, { update: false, withOrigin: false })).to.not.have.any.keys('siren', 'professional', 'paymentTermsDays');
  });
});
