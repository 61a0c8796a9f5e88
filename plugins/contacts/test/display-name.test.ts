/** Display names (contacts README « Entities »), as plain functions. */
import { expect } from 'chai';
import { contactDisplayName, providerDisplayName, UNIDENTIFIABLE_CONTACT } from '../schemas/index.ts';
import { customerDisplayName } from '@comptoir/schemas';

describe('contacts : noms affichés', () => {
  describe('client et fournisseur', () => {
    it('donne « société (prénom nom) » quand il y a les deux', () => {
      expect(customerDisplayName({ company: 'Boulangerie Martin', firstname: 'Céline', name: 'Lefèvre' })).to.equal('Boulangerie Martin (Céline Lefèvre)');
    });
    it('donne le nom personnel seul sans société', () => {
      expect(customerDisplayName({ firstname: 'Céline', name: 'Lefèvre' })).to.equal('Céline Lefèvre');
      expect(customerDisplayName({ name: 'Lefèvre' })).to.equal('Lefèvre');
      expect(customerDisplayName({ firstname: 'Céline', company: '  ' })).to.equal('Céline');
    });
    it('donne la société seule sans nom personnel, et rien sans rien', () => {
      expect(customerDisplayName({ company: 'Garage du Centre' })).to.equal('Garage du Centre');
      expect(customerDisplayName({ company: 'Garage du Centre', firstname: '', name: null })).to.equal('Garage du Centre');
      expect(customerDisplayName({})).to.equal('');
    });
    it('nettoie les espaces', () => {
      expect(customerDisplayName({ company: '  SARL  Dupont ', firstname: ' Jean ', name: 'Dupont  ' })).to.equal('SARL Dupont (Jean Dupont)');
    });
    it('applique la même règle aux fournisseurs', () => {
      expect(providerDisplayName({ company: 'Moulins Bourgeois', firstname: 'Paul', name: 'Roy' })).to.equal('Moulins Bourgeois (Paul Roy)');
    });
  });

  describe('contact', () => {
    const full = { alias: 'Céline de la boulangerie', firstname: 'Céline', name: 'Lefèvre', nickname: 'Cél', company: 'Boulangerie Lefèvre' };
    it('préfère l’alias', () => {
      expect(contactDisplayName(full)).to.equal('Céline de la boulangerie');
    });
    it('sinon prénom et nom, ou l’un des deux', () => {
      expect(contactDisplayName({ ...full, alias: '' })).to.equal('Céline Lefèvre');
      expect(contactDisplayName({ ...full, alias: undefined, firstname: undefined })).to.equal('Lefèvre');
      expect(contactDisplayName({ ...full, alias: ' ', name: '' })).to.equal('Céline');
    });
    it('sinon le surnom, puis la société', () => {
      expect(contactDisplayName({ nickname: 'Cél', company: 'Boulangerie Lefèvre' })).to.equal('Cél');
      expect(contactDisplayName({ company: 'Boulangerie Lefèvre' })).to.equal('Boulangerie Lefèvre');
    });
    it('sinon « (pas identifiable) » (contacts README « Entities », display names)', () => {
      expect(UNIDENTIFIABLE_CONTACT).to.equal('(pas identifiable)');
      expect(contactDisplayName({})).to.equal('(pas identifiable)');
      expect(contactDisplayName({ alias: '  ', firstname: '', name: null, nickname: undefined, company: ' ' })).to.equal('(pas identifiable)');
    });
  });
});
