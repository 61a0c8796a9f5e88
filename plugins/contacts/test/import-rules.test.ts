/** The small rules of the import, without files: keys of e-mails and phones, dates, types, duplicates. */
import { expect } from 'chai';
import { emailKey, isEmail, normalizeDate, phoneDisplay, phoneKey, typeFromLabels, labelOf } from '../server/services/import/text.ts';
import { findDuplicates, duplicateReason } from '../server/services/import/duplicates.ts';
import { detectDelimiter, readCsv } from '../server/services/import/csv.ts';
import { decodeQuotedPrintable } from '../server/services/import/vcard21.ts';
import { toContact, unidentifiable } from '../server/services/import/to-contact.ts';

describe('contacts : règles de l’import', () => {
  it('compare les e-mails sans la casse ni mailto:', () => {
    expect(emailKey(' Celine@Boulangerie-Lefevre.FR ')).to.equal('celine@boulangerie-lefevre.fr');
    expect(emailKey('mailto:a@b.fr')).to.equal('a@b.fr');
    expect(isEmail('jean.dupont-at-example.fr')).to.equal(false);
    expect(isEmail('jean.dupont@example.fr')).to.equal(true);
  });

  it('ramène les numéros français à la forme nationale pour les comparer', () => {
    expect(phoneKey('+33 6 12 34 56 78')).to.equal('0612345678');
    expect(phoneKey('06 12 34 56 78')).to.equal('0612345678');
    expect(phoneKey('0033 (0)6 12 34 56 78')).to.equal('0612345678');
    expect(phoneKey('tel:+33-1-45-67-89-00')).to.equal('0145678900');
    expect(phoneKey('+1-418-656-9254;ext=102')).to.equal('+14186569254');
    expect(phoneKey('(905) 555-1234')).to.equal('9055551234');
    expect(phoneKey('3615')).to.equal(null);
  });

  it('affiche un numéro tel: sans son préfixe, l’extension en « poste »', () => {
    expect(phoneDisplay('tel:+1-418-656-9254;ext=102')).to.equal('+1-418-656-9254 poste 102');
    expect(phoneDisplay('tel:+33-1-45-67-89-00')).to.equal('+33-1-45-67-89-00');
  });

  it('lit les dates ISO, sans année, et jour/mois/année', () => {
    expect(normalizeDate('1979-04-23')).to.equal('1979-04-23');
    expect(normalizeDate('19800322')).to.equal('1980-03-22');
    expect(normalizeDate('1953-10-15T23:10:00Z')).to.equal('1953-10-15');
    expect(normalizeDate('--0203')).to.equal('--02-03');
    expect(normalizeDate('--08-15')).to.equal('--08-15');
    expect(normalizeDate('23/04/1979')).to.equal('1979-04-23');
    expect(normalizeDate('4/23/1979')).to.equal('1979-04-23');
    expect(normalizeDate('0/0/00')).to.equal(undefined);
    expect(normalizeDate('1979-02-30')).to.equal(undefined);
    expect(normalizeDate('bientôt')).to.equal(undefined);
  });

  it('décide du type d’après les étiquettes ; domicile par défaut (contacts README « Import »)', () => {
    expect(typeFromLabels('phone', ['CELL', 'VOICE', 'pref'])).to.deep.equal({ type: 'mobile' });
    expect(typeFromLabels('phone', ['WORK', 'FAX'])).to.deep.equal({ type: 'fax' });
    expect(typeFromLabels('phone', ['voice'])).to.deep.equal({ type: 'home' });
    expect(typeFromLabels('phone', ['_$!<AssistantPhone>!$_'])).to.deep.equal({ type: 'custom', customType: 'AssistantPhone' });
    expect(typeFromLabels('email', ['INTERNET'])).to.deep.equal({ type: 'home' });
    expect(typeFromLabels('email', ['* Work'])).to.deep.equal({ type: 'work' });
    expect(typeFromLabels('address', ['dom', 'home', 'postal', 'parcel'])).to.deep.equal({ type: 'home' });
    expect(labelOf('* Mobile')).to.deep.equal({ label: 'Mobile', primary: true });
  });

  it('décode le quoted-printable avec le jeu de caractères de la fiche', () => {
    expect(decodeQuotedPrintable('C=C3=A9line')).to.equal('Céline');
    expect(decodeQuotedPrintable('C=E9line', 'windows-1252')).to.equal('Céline');
    expect(decodeQuotedPrintable('ligne 1=0D=0Aligne 2')).to.equal('ligne 1\r\nligne 2');
  });

  it('repère le séparateur CSV de la ligne d’en-tête', () => {
    expect(detectDelimiter('First Name;Last Name;"E-mail 1 - Value"\nA;B;c@d.fr')).to.equal(';');
    expect(detectDelimiter('"Name, full",Given Name\n')).to.equal(',');
    expect(detectDelimiter('First Name\tLast Name\n')).to.equal('\t');
  });

  it('lit un export Outlook en point-virgule avec ses colonnes fixes', () => {
    const csv = [
      'Title;First Name;Last Name;Company;Job Title;E-mail Address;Mobile Phone;Business Fax;Business Street;Business City;Business Postal Code;Business Country/Region;Birthday;Colonne inconnue',
      'Mme;Inès;Moreau;Moreau SARL;Gérante;ines@moreau.fr;06 11 22 33 44;01 02 03 04 05;2 rue Neuve;Nantes;44000;France;23/04/1979;x',
    ].join('\r\n');
    const { rows, ignoredColumns } = readCsv(csv);
    expect(ignoredColumns).to.deep.equal(['Colonne inconnue']);
    expect(rows[0].source).to.deep.include({ prefix: 'Mme', firstName: 'Inès', lastName: 'Moreau', organizationName: 'Moreau SARL', organizationTitle: 'Gérante', birthday: '1979-04-23' });
    expect(rows[0].source!.emails).to.deep.equal([{ type: 'home', value: 'ines@moreau.fr' }]);
    expect(rows[0].source!.phones).to.deep.equal([{ type: 'mobile', value: '06 11 22 33 44' }, { type: 'fax', value: '01 02 03 04 05' }]);
    expect(rows[0].source!.addresses).to.deep.equal([{ type: 'work', street: '2 rue Neuve', city: 'Nantes', postalCode: '44000', country: 'France' }]);
  });

  it('lit l’ancien format Google (Type/Value) et les valeurs multiples « ::: »', () => {
    const csv = 'Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value\n'
      + 'Paul Roy,Paul,Roy,* Work,paul@roy.fr ::: p.roy@gmail.com,Mobile,06 99 88 77 66\n';
    const { rows } = readCsv(csv);
    expect(rows[0].source).to.deep.include({ fullName: 'Paul Roy', firstName: 'Paul', lastName: 'Roy' });
    expect(rows[0].source!.emails).to.deep.equal([{ type: 'work', value: 'paul@roy.fr' }, { type: 'work', value: 'p.roy@gmail.com' }]);
  });

  it('refuse un CSV sans en-tête reconnu (400, en français)', () => {
    expect(() => readCsv('a,b,c\n1,2,3\n')).to.throw('Aucune colonne reconnue').with.property('status', 400);
  });

  it('garde le nom complet comme nom quand la fiche n’a ni prénom ni nom', () => {
    const c = toContact({ fullName: 'Maître Girard', emails: [], phones: [], addresses: [] });
    expect(c).to.include({ name: 'Maître Girard', displayName: 'Maître Girard' });
    const garage = toContact({ fullName: 'Garage du Centre', organizationName: 'Garage du Centre', emails: [], phones: [], addresses: [] });
    expect(garage.name).to.equal(undefined);
    expect(garage.company).to.equal('Garage du Centre');
    expect(unidentifiable(toContact({ emails: [], phones: [], addresses: [], notes: 'rien' }))).to.equal(true);
  });

  it('signale les doublons face aux contacts existants et aux lignes précédentes', () => {
    const rows = [
      { row: 1, contact: { emails: [{ email: 'A@x.fr', type: 'home' }], phoneNumbers: [] } },
      { row: 2, contact: { emails: [], phoneNumbers: [{ value: '+33 6 12 34 56 78', type: 'mobile' }] } },
      null,
      { row: 4, contact: { emails: [{ email: 'a@x.fr', type: 'work' }], phoneNumbers: [{ value: '07 00 00 00 01', type: 'home' }] } },
      { row: 5, contact: { emails: [{ email: 'neuf@x.fr', type: 'work' }], phoneNumbers: [] } },
    ];
    const existing = [{ _id: 'c1', displayName: 'Céline Lefèvre', emails: [], phoneNumbers: [{ value: '06 12 34 56 78' }] }];
    const found = findDuplicates(rows, existing);
    expect(found[0]).to.deep.equal([]);
    expect(found[1]).to.deep.equal([{ on: 'phone', value: '+33 6 12 34 56 78', contactId: 'c1', contactName: 'Céline Lefèvre' }]);
    expect(found[2]).to.deep.equal([]);
    expect(found[3]).to.deep.equal([{ on: 'email', value: 'a@x.fr', row: 1 }]);
    expect(found[4]).to.deep.equal([]);
    expect(duplicateReason(found[1])).to.equal('Doublon de « Céline Lefèvre », déjà enregistré (téléphone +33 6 12 34 56 78).');
    expect(duplicateReason(found[3])).to.equal('Doublon de la fiche n° 1 du fichier (e-mail a@x.fr).');
  });
});
