/**
 * Identifiers written through the API (schemas README « Identifiers », issue 13): the company's and
 * a customer's are normalised (spaces out, capitals) and checked with their keys; a wrong one is a
 * French 400 naming the field, and changes nothing; a stored value that a write does not change is
 * not judged again (a company saved before the checks still works). SQLite and MariaDB alike.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((p) => path.resolve(import.meta.dirname, '../../plugins', p));
const CUSTOMERS = '/api/contacts/customers';

describe('identifiants : clés de contrôle à l’écriture (entreprise, clients)', function () {
  let k: TestKernel;
  const companyPath = () => `/api/kernel/companies/${k.admin.companyId}`;

  before(async function () { k = await createTestKernel({ plugins: PLUGINS }); });
  after(async function () { await k?.stop(); });

  it('enregistre les identifiants de l’entreprise normalisés, avec RCS, IBAN, BIC, TVA sur les débits et délai de paiement', async function () {
    const res = await k.http.put(companyPath(), {
      siren: '552 100 554', siret: '552 100 554 00013', vatNumber: 'fr 96 552 100 554', rcs: 'RCS lyon b 552100554',
      iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agri fr pp xxx', vatOnDebits: true, paymentTermsDays: 45,
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.include({
      siren: '552100554', siret: '55210055400013', vatNumber: 'FR96552100554', rcs: 'Lyon B 552 100 554',
      iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', vatOnDebits: true, paymentTermsDays: 45,
    });
    expect((await k.http.get(companyPath())).body).to.deep.include({ rcs: 'Lyon B 552 100 554', paymentTermsDays: 45 });
  });

  it('refuse (400, en français, nommant le champ) une clé fausse, un SIRET ou une TVA d’un autre SIREN, un délai hors limites', async function () {
    const before = (await k.http.get(companyPath())).body;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ siren: '552100555' }, 'siren', 'Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.'],
      [{ siret: '55210055400014' }, 'siret', 'Le SIRET n’est pas valide : sa clé de contrôle ne correspond pas.'],
      [{ siret: '30326504500011' }, 'siret', 'Le SIRET ne commence pas par le SIREN (552 100 554).'],
      [{ vatNumber: 'FR41552100554' }, 'vatNumber', 'Le numéro de TVA n’est pas valide : sa clé ne correspond pas au SIREN 552 100 554 (clé attendue : 96).'],
      [{ vatNumber: 'FR40303265045' }, 'vatNumber', 'Le numéro de TVA ne correspond pas au SIREN (552 100 554).'],
      [{ rcs: 'Lyon' }, 'rcs', 'Le RCS n’est pas valide : la ville du greffe puis le SIREN, par exemple « Lyon B 552 100 554 ».'],
      [{ iban: 'FR7730006000011234567890189' }, 'iban', 'L’IBAN n’est pas valide : sa clé de contrôle ne correspond pas.'],
      [{ bic: 'AGRIFR' }, 'bic', 'Le BIC n’est pas valide : 8 ou 11 caractères, la banque, le pays, la ville et l’agence (par exemple BNPAFRPPXXX).'],
    ];
    for (const [body, field, message] of cases) {
      const res = await k.http.put(companyPath(), body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.details, JSON.stringify(body)).to.deep.equal([{ field, message }]);
      expect(res.body.message).to.equal(`Entreprise invalide — « ${field} » : ${message.replace(/\.$/, '')}.`);
    }
    for (const paymentTermsDays of [61, -1, 30.5]) {
      const res = await k.http.put(companyPath(), { paymentTermsDays });
      expect(res.status).to.equal(400);
      expect(res.body.details[0].field).to.equal('paymentTermsDays');
    }
    // a new SIREN with the SIRET, VAT number and RCS of the old one: each named
    const moved = await k.http.put(companyPath(), { siren: '303265045' });
    expect(moved.status).to.equal(400);
    expect(moved.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['siret', 'vatNumber', 'rcs']);
    const after = (await k.http.get(companyPath())).body;
    expect({ ...after, metadata: undefined }).to.deep.equal({ ...before, metadata: undefined });
    // emptied: no value, nothing to check
    const cleared = await k.http.put(companyPath(), { iban: '', bic: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).to.equal(200);
    expect(cleared.body).to.include({ iban: '', bic: '' });
  });

  it('garde un identifiant stocké faux tant qu’une écriture ne le change pas (même renvoyé tel quel)', async function () {
    // as a company saved before the checks: the demo's SIREN whose key is wrong
    await k.db('kernel_companies').where({ _id: k.admin.companyId }).update({ siren: '123456789', siret: '12345678900017', vatNumber: 'FR32123456789' });
    const phone = await k.http.put(companyPath(), { telBusiness: '04 78 00 00 01' });
    expect(phone.status, JSON.stringify(phone.body)).to.equal(200);
    expect(phone.body).to.include({ siren: '123456789', telBusiness: '04 78 00 00 01' });
    // the legal form sends every field back: unchanged values pass
    const resent = await k.http.put(companyPath(), { siren: '123456789', siret: '12345678900017', vatNumber: 'FR32123456789', name: 'Boulangerie Martin' });
    expect(resent.status, JSON.stringify(resent.body)).to.equal(200);
    // changed, it is checked
    const typed = await k.http.put(companyPath(), { siren: '123 456 780' });
    expect(typed.status).to.equal(400);
    expect(typed.body.details).to.deep.equal([{ field: 'siren', message: 'Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.' }]);
    // an invoice number is still taken (every write validates the whole company, numbering included)
    const numbering = structuredClone((await k.http.get(companyPath())).body.numbering);
    numbering.invoice = { ...numbering.invoice, prefix: 'FA-' };
    expect((await k.http.put(companyPath(), { numbering })).status).to.equal(200);
  });

  it('enregistre les identifiants d’un client normalisés, son drapeau professionnel et son délai ; refuse une clé fausse en nommant le champ', async function () {
    const created = await k.http.post(CUSTOMERS, {
      company: 'Hôtel du Parc SA', siren: '303 265 045', siret: '303 265 045 00011', vatNumber: 'fr40 303265045',
      electronicAddress: ' 303265045_ACHATS ', professional: true, paymentTermsDays: 20,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.deep.include({
      siren: '303265045', siret: '30326504500011', vatNumber: 'FR40303265045', electronicAddress: '303265045_ACHATS', professional: true, paymentTermsDays: 20,
    });
    const plain = await k.http.post(CUSTOMERS, { firstname: 'Claire', name: 'Dubois' });
    expect(plain.body).to.deep.include({ professional: null, paymentTermsDays: null });

    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ siren: '303265046' }, 'siren', /^Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas\.$/],
      [{ siret: '3032650450001' }, 'siret', /^Le SIRET n’est pas valide : il compte 14 chiffres/],
      [{ vatNumber: 'DE12' }, 'vatNumber', /format des numéros de TVA « DE »/],
      [{ electronicAddress: 'factures@hotel.example' }, 'electronicAddress', /^L’adresse électronique n’est pas valide : le SIREN \(9 chiffres\)/],
      [{ electronicAddress: '552100554' }, 'electronicAddress', /^L’adresse électronique ne commence pas par le SIREN \(303 265 045\)\.$/],
      [{ paymentTermsDays: 90 }, 'paymentTermsDays', /60/],
    ];
    for (const [body, field, message] of cases) {
      const res = await k.http.put(`${CUSTOMERS}/${created.body._id}`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.details[0].field, JSON.stringify(body)).to.equal(field);
      expect(res.body.details[0].message, JSON.stringify(body)).to.match(message);
      // the term's bounds are the request's schema (« Requête invalide »), the keys the repository's (« Client invalide »)
      expect(res.body.message).to.match(/^(Client|Requête) invalide — « /);
    }
    const refused = await k.http.post(CUSTOMERS, { company: 'X', siren: '123456789' });
    expect(refused.status).to.equal(400);
    expect(refused.body.details).to.deep.equal([{ field: 'siren', message: 'Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.' }]);
    // another country's VAT number, by its format; back to derived, and to the company's term
    const back = await k.http.put(`${CUSTOMERS}/${created.body._id}`, { vatNumber: 'BE0403019261', professional: null, paymentTermsDays: null });
    expect(back.status, JSON.stringify(back.body)).to.equal(200);
    expect(back.body).to.deep.include({ vatNumber: 'BE0403019261', professional: null, paymentTermsDays: null });
  });
});
