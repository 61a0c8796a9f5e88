/** The import routes: preview (nothing written) and import (one transaction) of the shared samples. */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { countRows, memberWith, pluginDir, requireSamples, sample, secondCompany } from './support.ts';

const CONTACTS = '/api/contacts/contacts';
const PREVIEW = `${CONTACTS}/import/preview`;
const IMPORT = `${CONTACTS}/import`;

interface Row { row: number; contact: { displayName: string } | null; duplicates: unknown[]; duplicateReason: string | null; warnings: string[]; skipReason: string | null }

describe('contacts : import vCard et CSV', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async function () {
    requireSamples(this);
    k = await createTestKernel({ plugins: [pluginDir] });
  });
  after(async () => { await k?.stop(); });

  it('prévisualise le fichier français sans rien enregistrer', async () => {
    const before = await countRows(k, 'contacts_contacts');
    const res = await k.http.post(PREVIEW, { format: 'vcard', content: sample('comptoir-fr-contacts.vcf') });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.summary).to.deep.equal({ total: 3, importable: 3, duplicates: 0, skipped: 0 });
    expect(res.body.rows.map((r: Row) => r.contact?.displayName)).to.deep.equal(['Céline Lefèvre', 'François Œhmichen', 'Garage du Centre']);
    expect(res.body.rows[0].contact.events).to.deep.equal([{ date: '1979-04-23', type: 'birthday' }]);
    expect(res.body.rows[1].source.gender).to.equal('male');
    expect(await countRows(k, 'contacts_contacts')).to.equal(before);
  });

  it('importe le vCard 3.0/4.0, puis signale en doublons les mêmes fiches du CSV', async () => {
    const imported = await k.http.post(IMPORT, { format: 'vcard', content: sample('comptoir-fr-contacts.vcf') });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
    expect(imported.body.created).to.equal(3);
    expect(imported.body.ids).to.have.length(3);
    expect(imported.body.skipped).to.deep.equal([]);
    const celine = await k.http.get(`${CONTACTS}/${imported.body.ids[0]}`);
    expect(celine.body).to.include({ displayName: 'Céline Lefèvre', prefix: 'Mme', service: 'Vente', job: 'Gérante' });
    expect(celine.body.phoneNumbers.map((p: { type: string }) => p.type)).to.deep.equal(['mobile', 'work', 'fax']);
    expect(celine.body.addresses[1]).to.include({ type: 'home', address: '3 allée des Cèdres', address2: 'Bât. B', zipCode: '69100', city: 'Villeurbanne' });

    const preview = await k.http.post(PREVIEW, { format: 'csv', content: sample('comptoir-fr-contacts.csv') });
    expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
    const rows: Row[] = preview.body.rows;
    expect(rows.map((r) => r.duplicates.length > 0)).to.deep.equal([true, true, true, false, false]);
    expect(rows[0].duplicateReason).to.equal('Doublon de « Céline Lefèvre », déjà enregistré (e-mail celine@boulangerie-lefevre.fr, e-mail celine.lefevre@example.fr, téléphone +33 6 12 34 56 78, téléphone 04 78 12 34 56).');
    // +33 1 45 67 89 00 in the CSV, tel:+33-1-45-67-89-00 in the vCard
    expect(rows[1].duplicates).to.deep.equal([
      { on: 'email', value: 'francois@oehmichen-conseil.fr', contactId: imported.body.ids[1], contactName: 'François Œhmichen' },
      { on: 'phone', value: '+33 1 45 67 89 00', contactId: imported.body.ids[1], contactName: 'François Œhmichen' },
    ]);
    expect(rows[3].warnings).to.deep.equal(['E-mail ignoré (format invalide) : « jean.dupont-at-example.fr ».']);
    expect(rows[4].skipReason).to.equal('Ligne vide.');
    expect(preview.body.summary).to.deep.equal({ total: 5, importable: 1, duplicates: 3, skipped: 1 });

    const csv = await k.http.post(IMPORT, { format: 'csv', content: sample('comptoir-fr-contacts.csv') });
    expect(csv.body.created).to.equal(1);
    expect(csv.body.skipped.map((s: { row: number }) => s.row)).to.deep.equal([1, 2, 3, 5]);
    expect(csv.body.skipped[3]).to.deep.equal({ row: 5, reason: 'Ligne vide.' });
    expect((await k.http.get(`${CONTACTS}/${csv.body.ids[0]}`)).body).to.include({ displayName: 'Jean Dupont' });
  });

  it('crée aussi les doublons quand on le demande (skipDuplicates: false)', async () => {
    const before = await countRows(k, 'contacts_contacts');
    const res = await k.http.post(IMPORT, { format: 'vcard', content: sample('comptoir-fr-contacts.vcf'), skipDuplicates: false });
    expect(res.body.created).to.equal(3);
    expect(await countRows(k, 'contacts_contacts')).to.equal(before + 3);
  });

  it('signale les doublons à l’intérieur du fichier', async () => {
    const card = (fn: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${fn}\r\nN:${fn};;;;\r\nTEL;TYPE=CELL:07 98 76 54 32\r\nEND:VCARD\r\n`;
    const res = await k.http.post(PREVIEW, { format: 'vcard', content: card('Premier') + card('Second') });
    expect(res.body.rows[0].duplicates).to.deep.equal([]);
    expect(res.body.rows[1].duplicateReason).to.equal('Doublon de la fiche n° 1 du fichier (téléphone 07 98 76 54 32).');
    const done = await k.http.post(IMPORT, { format: 'vcard', content: card('Premier') + card('Second') });
    expect(done.body.created).to.equal(1);
    expect(done.body.skipped).to.deep.equal([{ row: 2, reason: 'Doublon de la fiche n° 1 du fichier (téléphone 07 98 76 54 32).' }]);
  });

  it('importe le vCard 4.0 d’ical.js et la vCard 2.1 d’Outlook', async () => {
    const v4 = await k.http.post(IMPORT, { format: 'vcard', content: sample('icaljs-vcard4.vcf') });
    expect(v4.body.created).to.equal(1);
    const stevenson = (await k.http.get(`${CONTACTS}/${v4.body.ids[0]}`)).body;
    expect(stevenson).to.include({ displayName: 'John Stevenson', secondFirstname: 'Philip Paul', prefix: 'Dr.', nickname: 'Boss', job: 'Research Scientist' });
    expect(stevenson.events).to.deep.equal([{ date: '--02-03', type: 'birthday' }]);
    const v21 = await k.http.post(IMPORT, { format: 'vcard', content: sample('ezvcard-John_Doe_MS_OUTLOOK.vcf') });
    expect(v21.body.created).to.equal(1);
    expect((await k.http.get(`${CONTACTS}/${v21.body.ids[0]}`)).body.emails).to.deep.equal([{ email: 'john.doe@ibm.cm', type: 'home' }]);
  });

  it('rapporte une fiche illisible sans empêcher les autres', async () => {
    const content = 'BEGIN:VCARD\nVERSION:3.0\nFN:Lisible Un\nN:Un;Lisible;;;\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nceci n’est pas une ligne vCard\nEND:VCARD\n';
    const res = await k.http.post(IMPORT, { format: 'vcard', content });
    expect(res.body.created).to.equal(1);
    expect(res.body.skipped).to.have.length(1);
    expect(res.body.skipped[0].row).to.equal(2);
    expect(res.body.skipped[0].reason).to.match(/^Fiche vCard illisible : /);
  });

  it('refuse une mauvaise requête (400, en français) sans rien créer', async () => {
    const before = await countRows(k, 'contacts_contacts');
    const bad: [unknown, RegExp][] = [
      [{ format: 'xls', content: 'x' }, /format/],
      [{ format: 'vcard' }, /content/],
      [{ format: 'vcard', content: '' }, /content/],
      [{ format: 'vcard', content: 'rien de vCard ici' }, /Aucune fiche vCard/],
      [{ format: 'csv', content: 'a,b\n1,2\n' }, /Aucune colonne reconnue/],
      [{ format: 'csv', content: 'First Name,Notes\nMarie,"sans fin\n' }, /Fichier CSV illisible/],
      [{ format: 'vcard', content: 'BEGIN:VCARD\nFN:x\nEND:VCARD\n', skipDuplicates: 'oui' }, /skipDuplicates/],
    ];
    for (const [body, message] of bad) {
      const res = await k.http.post(IMPORT, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.message, JSON.stringify(res.body)).to.match(message);
    }
    expect(await countRows(k, 'contacts_contacts')).to.equal(before);
  });

  it('demande la permission de gérer les contacts', async () => {
    const reader = await memberWith(k, ['contacts.contacts.read']);
    const res = await reader.post(PREVIEW, { format: 'vcard', content: sample('icaljs-vcard3.vcf') });
    expect(res.status).to.equal(403);
    expect((await reader.post(IMPORT, { format: 'vcard', content: sample('icaljs-vcard3.vcf') })).status).to.equal(403);
  });

  it('ne compte pas les contacts d’une autre entreprise comme doublons', async () => {
    const b = await secondCompany(k, 'Fromagerie B');
    const res = await b.post(PREVIEW, { format: 'vcard', content: sample('comptoir-fr-contacts.vcf') });
    expect(res.body.summary).to.deep.equal({ total: 3, importable: 3, duplicates: 0, skipped: 0 });
    const done = await b.post(IMPORT, { format: 'csv', content: sample('comptoir-fr-contacts.csv') });
    expect(done.body.created).to.equal(4);
    expect((await b.get(CONTACTS)).body.count).to.equal(4);
  });

  it('publie contacts.contact.imported après l’import', async () => {
    const seen: { count: number; format: string }[] = [];
    const off = k.kernel.events.on('contacts.contact.imported', (e: { payload: { count: number; format: string } }) => { seen.push(e.payload); });
    try {
      await k.http.post(IMPORT, { format: 'vcard', content: sample('vobject-vcard40_multilang.vcf') });
      for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen).to.have.length(1);
      expect(seen[0]).to.include({ count: 1, format: 'vcard' });
    } finally { off(); }
  });
});
