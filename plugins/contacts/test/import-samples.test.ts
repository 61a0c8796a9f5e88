/**
 * Every sample of the shared test data (testdata/vcard, see its SOURCES.md) read by the pure
 * readers and mapped to contacts: names, e-mails, phone types, addresses, birthdays.
 */
import { expect } from 'chai';
import { readVcards } from '../server/services/import/vcard.ts';
import { readCsv } from '../server/services/import/csv.ts';
import { previewImport } from '../server/services/import/preview.ts';
import { toContact } from '../server/services/import/to-contact.ts';
import type { ContactImport } from '../schemas/index.ts';
import { requireSamples, sample, sampleFiles } from './support.ts';

/** The only card of a one-card sample. */
function only(file: string): ContactImport {
  const rows = readVcards(sample(file));
  expect(rows).to.have.length(1);
  expect(rows[0].skipReason, rows[0].skipReason).to.equal(undefined);
  return rows[0].source!;
}

describe('contacts : import des échantillons partagés', function () {
  before(function () { requireSamples(this); });

  it('a un test pour chaque échantillon du dossier', () => {
    const covered = [
      'comptoir-fr-contacts.csv', 'comptoir-fr-contacts.vcf', 'ezvcard-John_Doe_GMAIL.vcf', 'ezvcard-John_Doe_IPHONE.vcf',
      'ezvcard-John_Doe_MS_OUTLOOK.vcf', 'ezvcard-gmail-single2.vcf', 'ezvcard-rfc6350-example.vcf', 'icaljs-vcard3.vcf',
      'icaljs-vcard4.vcf', 'vobject-vcard40_full.vcf', 'vobject-vcard40_multilang.vcf',
    ];
    expect(sampleFiles()).to.deep.equal(covered);
  });

  describe('comptoir-fr-contacts.vcf (3.0 et 4.0, accents)', () => {
    let rows: ReturnType<typeof readVcards>;
    before(() => { rows = readVcards(sample('comptoir-fr-contacts.vcf')); });

    it('lit les trois fiches', () => {
      expect(rows.map((r) => r.row)).to.deep.equal([1, 2, 3]);
      expect(rows.every((r) => r.skipReason === undefined && r.warnings.length === 0)).to.equal(true);
    });

    it('Céline Lefèvre (3.0) : noms, société, types, adresses, anniversaire, note', () => {
      const s = rows[0].source!;
      expect(s).to.deep.include({
        fullName: 'Céline Lefèvre', firstName: 'Céline', middleName: 'Marie', lastName: 'Lefèvre', prefix: 'Mme',
        nickname: 'Céline', organizationName: 'Boulangerie Lefèvre & Fils', organizationDepartment: 'Vente',
        organizationTitle: 'Gérante', birthday: '1979-04-23',
        notes: 'Cliente fidèle, commande le vendredi.\nPréfère être appelée le matin.',
      });
      expect(s.phones).to.deep.equal([
        { type: 'mobile', value: '+33 6 12 34 56 78' },
        { type: 'work', value: '04 78 12 34 56' },
        { type: 'fax', value: '04 78 12 34 57' },
      ]);
      expect(s.emails).to.deep.equal([
        { type: 'work', value: 'celine@boulangerie-lefevre.fr' },
        { type: 'home', value: 'celine.lefevre@example.fr' },
      ]);
      expect(s.addresses).to.deep.equal([
        { type: 'work', street: '12 rue de la République', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', postalCode: '69002', country: 'France' },
        { type: 'home', street: '3 allée des Cèdres', extended: 'Bât. B', city: 'Villeurbanne', postalCode: '69100', country: 'France' },
      ]);
      expect(s.website).to.deep.equal({ type: 'home', value: 'https://boulangerie-lefevre.example.fr' });
    });

    it('François Œhmichen (4.0) : tel: URI, anniversaire sans année, note repliée', () => {
      const s = rows[1].source!;
      expect(s).to.deep.include({ firstName: 'François', lastName: 'Œhmichen', prefix: 'M.', gender: 'male', birthday: '--08-15', organizationName: 'Œhmichen Conseil' });
      expect(s.phones).to.deep.equal([{ type: 'home', value: '+33-1-45-67-89-00' }]);
      expect(s.emails).to.deep.equal([{ type: 'work', value: 'francois@oehmichen-conseil.fr' }]);
      expect(s.notes).to.equal('Un rendez-vous par trimestre pour la clôture des comptes, de préférence en fin de mois et jamais pendant les congés d\'été.');
    });

    it('Garage du Centre : une société sans nom personnel', () => {
      const c = toContact(rows[2].source!);
      expect(c).to.include({ company: 'Garage du Centre', displayName: 'Garage du Centre' });
      expect(c.name).to.equal(undefined);
      expect(c.emails).to.deep.equal([{ email: 'contact@garage-centre.example.fr', type: 'home' }]);
      expect(c.addresses).to.deep.equal([{ type: 'work', address: '1 place Darcy', zipCode: '21000', city: 'Dijon', country: 'France', delivery: true, invoicing: true }]);
    });
  });

  describe('comptoir-fr-contacts.csv (Google, virgules, guillemets)', () => {
    let rows: ReturnType<typeof readCsv>['rows'];
    let ignoredColumns: string[];
    before(() => ({ rows, ignoredColumns } = readCsv(sample('comptoir-fr-contacts.csv'))));

    it('lit les cinq lignes et toutes les colonnes', () => {
      expect(rows).to.have.length(5);
      expect(ignoredColumns).to.deep.equal([]);
    });

    it('Céline : deux e-mails, mobile et bureau, adresse de travail, anniversaire', () => {
      const s = rows[0].source!;
      expect(s).to.deep.include({ firstName: 'Céline', middleName: 'Marie', lastName: 'Lefèvre', birthday: '1979-04-23', notes: 'Cliente fidèle, commande le vendredi.', organizationName: 'Boulangerie Lefèvre & Fils' });
      expect(s.emails).to.deep.equal([{ type: 'work', value: 'celine@boulangerie-lefevre.fr' }, { type: 'home', value: 'celine.lefevre@example.fr' }]);
      expect(s.phones).to.deep.equal([{ type: 'mobile', value: '+33 6 12 34 56 78' }, { type: 'work', value: '04 78 12 34 56' }]);
      expect(s.addresses).to.deep.equal([{ type: 'work', street: '12 rue de la République', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', postalCode: '69002', country: 'France' }]);
    });

    it('François : anniversaire sans année ; le garage : société seule', () => {
      expect(rows[1].source).to.deep.include({ firstName: 'François', lastName: 'Œhmichen', birthday: '--08-15' });
      expect(toContact(rows[2].source!).displayName).to.equal('Garage du Centre');
    });

    it('Jean Dupont : l’e-mail mal formé est écarté avec un avertissement, le reste est gardé', () => {
      expect(rows[3].warnings).to.deep.equal(['E-mail ignoré (format invalide) : « jean.dupont-at-example.fr ».']);
      expect(rows[3].source!.emails).to.deep.equal([]);
      expect(rows[3].source!.phones).to.deep.equal([{ type: 'mobile', value: '06 00 00 00 00' }]);
    });

    it('la ligne vide est ignorée avec sa raison', () => {
      expect(rows[4]).to.deep.include({ row: 5, source: null, skipReason: 'Ligne vide.' });
    });
  });

  it('ezvcard-John_Doe_GMAIL.vcf : export Gmail, adresse entière dans la partie « étendue »', () => {
    const s = only('ezvcard-John_Doe_GMAIL.vcf');
    expect(s).to.deep.include({ firstName: 'John', middleName: 'Richter, James', lastName: 'Doe', prefix: 'Mr.', suffix: 'Sr.', birthday: '1980-03-22', organizationName: 'IBM', organizationTitle: 'Money Counter' });
    expect(s.emails).to.deep.equal([{ type: 'home', value: 'john.doe@ibm.com' }]);
    expect(s.phones).to.deep.equal([{ type: 'mobile', value: '905-555-1234' }, { type: 'home', value: '905-666-1234' }]);
    expect(s.addresses).to.deep.equal([{ type: 'home', street: 'Crescent moon drive', extended: '555-asd, Nice Area, Albaney, New York 12345, United States of America' }]);
    expect(s.website).to.deep.equal({ type: 'work', value: 'http://www.ibm.com' });
    expect(s.notes).to.match(/^THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND/);
    expect(s.notes).to.match(/SUBSTITUTE GOODS OR SERVICES; LOSS OF USE/);
    expect(s.notes).to.match(/\nFavotire Color: Blue$/);
  });

  it('ezvcard-John_Doe_IPHONE.vcf : fins de ligne CR CR LF, groupes Apple, photo intégrée écartée', () => {
    const rows = readVcards(sample('ezvcard-John_Doe_IPHONE.vcf'));
    const s = rows[0].source!;
    expect(s).to.deep.include({ firstName: 'John', middleName: 'Richter James', lastName: 'Doe', nickname: 'Johny', birthday: '2012-06-06', organizationName: 'IBM', organizationDepartment: 'Accounting' });
    expect(s.photo).to.equal(undefined);
    expect(s.emails).to.deep.equal([{ type: 'home', value: 'john.doe@ibm.com' }]);
    // 7 numbers: the preferred mobile first, 4 kept
    expect(s.phones).to.deep.equal([
      { type: 'mobile', value: '905-555-1234' }, { type: 'home', value: '905-666-1234' },
      { type: 'work', value: '905-777-1234' }, { type: 'fax', value: '905-888-1234' },
    ]);
    expect(rows[0].warnings).to.deep.equal(['3 téléphones ignorés (4 au plus).']);
    expect(s.addresses).to.deep.equal([
      { type: 'home', street: 'Silicon Alley 5', city: 'New York', region: 'New York', postalCode: '12345', country: 'United States of America' },
      { type: 'work', street: 'Street4', extended: 'Building 6, Floor 8', city: 'New York', postalCode: '12345', country: 'USA' },
    ]);
  });

  it('ezvcard-John_Doe_MS_OUTLOOK.vcf : vCard 2.1 lue (paramètres nus, quoted-printable)', () => {
    const s = only('ezvcard-John_Doe_MS_OUTLOOK.vcf');
    expect(s).to.deep.include({ firstName: 'John', middleName: 'Richter James', lastName: 'Doe', prefix: 'Mr.', suffix: 'Sr.', nickname: 'Johny', birthday: '1980-03-22', organizationName: 'IBM', organizationDepartment: 'Accounting', organizationTitle: 'Money Counter' });
    expect(s.emails).to.deep.equal([{ type: 'home', value: 'john.doe@ibm.cm' }]);
    expect(s.phones).to.deep.equal([{ type: 'work', value: '(905) 555-1234' }, { type: 'home', value: '(905) 666-1234' }]);
    expect(s.addresses).to.deep.equal([
      { type: 'work', street: 'Cresent moon drive', city: 'Albaney', region: 'New York', postalCode: '12345', country: 'United States of America' },
      { type: 'home', street: 'Silicon Alley 5', city: 'New York', region: 'New York', postalCode: '12345', country: 'United States of America' },
    ]);
    expect(s.notes).to.match(/WARRANTIES, INCLUDING, BUT NOT LIMITED TO/);
    expect(s.website).to.deep.equal({ type: 'work', value: 'http://www.ibm.com' });
  });

  it('ezvcard-gmail-single2.vcf : beaucoup de valeurs typées, plafonnées à 4/4/2', () => {
    const rows = readVcards(sample('ezvcard-gmail-single2.vcf'));
    const s = rows[0].source!;
    expect(s).to.deep.include({ firstName: 'VCard', lastName: 'Test', nickname: 'TheNickname', birthday: '1912-06-23', organizationName: 'TheCompany', organizationTitle: 'TheJobTitle' });
    expect(s.emails.map((e) => e.value)).to.deep.equal(['email@example.com', 'homeemail@example.com', 'workemail@example.com', 'otheremail@example.com']);
    expect(s.emails.map((e) => e.type)).to.deep.equal(['home', 'home', 'work', 'home']);
    expect(s.phones.map((p) => [p.type, p.value])).to.deep.equal([['home', '5555551111'], ['home', '5555551112'], ['work', '5555551113'], ['home', '5555551114']]);
    expect(s.addresses.map((a) => a.street)).to.deep.equal(['111 Main St', '112 Main St']);
    expect(rows[0].warnings).to.deep.equal(['1 e-mail ignoré (4 au plus).', '7 téléphones ignorés (4 au plus).', '3 adresses ignorées (2 au plus).']);
    expect(s.notes).to.equal('note line 1\nnote line 2\nCustomField: field value');
    expect(s.website).to.deep.equal({ type: 'home', value: 'http://www.example1.com' });
  });

  it('ezvcard-rfc6350-example.vcf : 4.0, extension de poste, anniversaire --0203, adresse au Québec', () => {
    const s = only('ezvcard-rfc6350-example.vcf');
    expect(s).to.deep.include({ firstName: 'Simon', lastName: 'Perreault', suffix: 'ing. jr, M.Sc.', birthday: '--02-03', gender: 'male', organizationName: 'Viagenie' });
    expect(s.phones).to.deep.equal([{ type: 'work', value: '+1-418-656-9254 poste 102' }, { type: 'mobile', value: '+1-418-262-6501' }]);
    expect(s.emails).to.deep.equal([{ type: 'work', value: 'simon.perreault@viagenie.ca' }]);
    expect(s.addresses).to.deep.equal([{ type: 'work', street: '2875 Laurier', extended: 'Suite D2-630', city: 'Quebec', region: 'QC', postalCode: 'G1V 2M2', country: 'Canada' }]);
  });

  it('icaljs-vcard3.vcf : plusieurs N et BDAY (le premier compte), e-mail préféré en tête, photo par adresse', () => {
    const s = only('icaljs-vcard3.vcf');
    expect(s).to.deep.include({
      fullName: 'Mr. John Q. Public, Esq.', firstName: 'John', middleName: 'Quinlan', lastName: 'Public', prefix: 'Mr.', suffix: 'Esq.',
      nickname: 'Robbie', birthday: '1996-04-15', photo: 'http://www.abc.com/pub/photos/jqpublic.gif',
      organizationName: 'ABC, Inc.', organizationDepartment: 'North American Division, Marketing', organizationTitle: 'Director, Research and Development',
    });
    expect(s.emails.map((e) => e.value)).to.deep.equal(['jane_doe@abc.com', 'jqpublic@xyz.dom1.com', 'jdoe@isp.net']);
    expect(s.phones).to.deep.equal([{ type: 'work', value: '+1-213-555-1234' }]);
    expect(s.addresses).to.deep.equal([{ type: 'home', street: '123 Main Street', city: 'Any Town', region: 'CA', postalCode: '91921-1234' }]);
  });

  it('icaljs-vcard4.vcf : catalogue RFC 6350, boîte postale en complément', () => {
    const s = only('icaljs-vcard4.vcf');
    expect(s).to.deep.include({ fullName: 'J. Doe', firstName: 'John', middleName: 'Philip Paul', lastName: 'Stevenson', prefix: 'Dr.', suffix: 'Jr., M.D., A.C.P.', nickname: 'Boss', birthday: '--02-03', gender: 'male', organizationTitle: 'Research Scientist' });
    expect(s.emails).to.deep.equal([{ type: 'work', value: 'jqpublic@xyz.example.com' }]);
    expect(s.phones).to.deep.equal([{ type: 'home', value: '+33-01-23-45-67' }]);
    expect(s.addresses).to.deep.equal([{ type: 'work', street: 'street', extended: 'apt, pobox', city: 'city', region: 'state', postalCode: 'zipcode', country: 'country' }]);
  });

  it('vobject-vcard40_full.vcf : adresse et e-mail préférés (PREF=1) en premier', () => {
    const s = only('vobject-vcard40_full.vcf');
    expect(s).to.deep.include({ fullName: 'Dr. John Q. Public, III', firstName: 'John', lastName: 'Public', suffix: 'III', nickname: 'Johnny', birthday: '1985-04-15', organizationName: 'Example Corp.', organizationTitle: 'CEO' });
    expect(s.emails).to.deep.equal([{ type: 'home', value: 'johnny@personal.example.org' }, { type: 'work', value: 'john.public@example.com' }]);
    expect(s.phones).to.deep.equal([{ type: 'home', value: '+1-555-555-5555' }, { type: 'mobile', value: '+1-555-123-4567' }]);
    expect(s.addresses.map((a) => [a.type, a.street, a.city])).to.deep.equal([['home', '456 Oak Lane', 'Somewhere'], ['work', '123 Main Street', 'Any Town']]);
    expect(toContact(s).events).to.deep.equal([{ date: '1985-04-15', type: 'birthday' }]);
  });

  it('vobject-vcard40_multilang.vcf : la première forme (ALTID) est gardée', () => {
    const s = only('vobject-vcard40_multilang.vcf');
    expect(s).to.deep.include({ fullName: 'Yamada Taro', firstName: 'Taro', lastName: 'Yamada' });
    expect(toContact(s).displayName).to.equal('Taro Yamada');
  });

  it('chaque fiche de chaque échantillon donne un contact valide ou une raison de l’écarter', () => {
    for (const file of sampleFiles()) {
      const preview = previewImport(file.endsWith('.csv') ? 'csv' : 'vcard', sample(file), []);
      expect(preview.rows.length, file).to.be.greaterThan(0);
      for (const r of preview.rows) {
        expect(!!r.contact !== !!r.skipReason, `${file} n° ${r.row}`).to.equal(true);
        if (r.contact) expect(r.contact.displayName, `${file} n° ${r.row}`).to.not.equal('(pas identifiable)');
      }
    }
  });
});
