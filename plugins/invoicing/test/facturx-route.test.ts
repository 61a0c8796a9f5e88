/**
 * `GET /api/invoicing/invoices/:id/xml` on the real kernel and database: the Factur-X EN 16931 XML
 * of emitted invoices, credit notes and corrective invoices, valid against the XSD (xmllint) and
 * the business rules, with the stored totals; the same bytes on SQLite and MariaDB (a reference
 * file both engines are compared with); French 409s for drafts and missing data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import {
  API, ELIGIBLE_COMPANY, bootKernel, createCustomer, createDraft, emit, emitted, makeEligible, otherCompany, pay, setNumbering, updateCompany,
} from './support.ts';
import { readCii, type CiiRead } from './support/cii-read.ts';
import { ciiViolations } from './support/cii-rules.ts';
import { requireXmllint, validateEn16931 } from './support/xmllint.ts';
import { fatalSchematronFailures, requireSaxon } from './support/schematron.ts';

const REFERENCE = path.resolve(import.meta.dirname, 'fixtures/facturx/F-2026-0001.xml');

const FOUR_RATES = [
  { labelPrimary: 'Pièce montée « Croquembouche » & décor 🎂', labelSecondary: '40 choux, nougatine', reference: 'PM-40', quantity: 1, vat: 5.5, inclTaxesPrice: 189.9, type: 'good' },
  { labelPrimary: 'Service à table', quantity: 3, vat: 20, exclTaxesPrice: 45.5 },
  { labelPrimary: 'Boissons chaudes', quantity: 24, vat: 10, inclTaxesPrice: 2.2, type: 'good' },
  { labelPrimary: 'Programme imprimé', quantity: 30, vat: 2.1, inclTaxesPrice: 0.99, type: 'good' },
];

describe('invoicing : facture électronique Factur-X (GET /invoices/:id/xml)', function () {
  let k: TestKernel;
  let firm: { _id: string };
  let person: { _id: string };
  const clock = new Date('2026-04-02T09:00:00.000Z');

  before(async function () {
    requireXmllint(this);
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
    await updateCompany(k, { brandName: 'Aux Délices d’Anne', email: 'contact@boulangerie-martin.fr' });
    await setNumbering(k, 'invoice', { prefix: 'F-2026-', minDigits: 4 });
    firm = await createCustomer(k.http, {
      company: 'Café du Port SAS', civ: 'Mme', firstname: 'Anne', name: 'Lefèvre', email: 'compta@cafeduport.fr', vatNumber: 'FR40 303 265 045',
      addresses: [
        { name: 'Siège', address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', invoicing: true, delivery: false },
        { name: 'Salle des fêtes', address: '1 place de la Liberté', zipCode: '29200', city: 'Brest', country: 'France', invoicing: false, delivery: true },
      ],
    });
    person = await createCustomer(k.http, {
      firstname: 'Jean', name: 'Dupont', telMobile: '06 12 34 56 78',
      addresses: [{ address: '8 rue des Lilas', zipCode: '69003', city: 'Lyon', country: 'France' }],
    });
  });
  after(async () => { await k?.stop(); });

  async function xmlOf(id: string, http: TestHttp = k.http): Promise<{ xml: string; read: CiiRead }> {
    const res = await http.get(`${API}/invoices/${id}/xml`);
    expect(res.status, String(res.body)).to.equal(200);
    const xml = res.body as string;
    const read = readCii(xml);
    expect(ciiViolations(read)).to.deep.equal([]);
    const { valid, output } = validateEn16931({ [id]: xml });
    expect(valid[id], output).to.equal(true);
    return { xml, read };
  }

  /** The XML totals are the stored ones (a credit note's with the opposite sign). */
  function expectStoredTotals(read: CiiRead, invoice: Invoice): void {
    const sign = read.typeCode === '381' ? -1 : 1;
    const t = read.totals;
    // `|| 0`: a stored 0 is never −0
    expect([t.taxBasis, t.tax, t.grand, t.paid, t.due].map((v) => v!.times(sign).toNumber() || 0))
      .to.deep.equal([invoice.exclTaxesPrice, invoice.vatAmount, invoice.inclTaxesPrice, invoice.paidAmount, invoice.unpaidAmount]);
    expect(read.taxes.filter((x) => x.category !== 'E').map((x) => [x.rate!.toNumber(), x.basis!.times(sign).toNumber() || 0, x.tax!.times(sign).toNumber() || 0]))
      .to.deep.equal(invoice.vatDetails.map((v) => [v.vat, v.totalExclTaxes, v.amount]));
  }

  it('répond le XML d’une facture émise (application/xml, Facture-<numéro>-factur-x.xml), identique octet pour octet sur SQLite et MariaDB', async () => {
    const invoice = await emitted(k.http, { items: FOUR_RATES, fk: { receiverCustomer: firm._id }, comment: 'Livraison le samedi 4 avril, 14 h.' });
    expect(invoice.numberFull).to.equal('F-2026-0001');
    // paid after its emission: the e-invoice stays as emitted (invoicing README « Factur-X », Frozen e-invoice)
    await pay(k.http, invoice._id, 100, 'cb');

    const res = await k.http.get(`${API}/invoices/${invoice._id}/xml`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename="Facture-F-2026-0001-factur-x.xml"');

    const { xml, read } = await xmlOf(invoice._id);
    expect(read).to.deep.include({ number: 'F-2026-0001', typeCode: '380', issueDate: '20260402', businessProcess: 'M1' });
    expectStoredTotals(read, invoice);
    expect(read.seller).to.deep.include({ name: 'Boulangerie Martin SARL', siren: '123456782', siret: '12345678200010', vat: 'FR11123456782', endpoint: '123456782', endpointScheme: '0225', country: 'FR' });
    expect(read.buyer).to.deep.include({ name: 'Café du Port SAS', contactPerson: 'Mme Anne Lefèvre', vat: 'FR40303265045', siren: '303265045', endpoint: '303265045', endpointScheme: '0225', line1: '3 quai de la Douane' });
    expect(read.shipTo).to.deep.include({ name: 'Salle des fêtes', line1: '1 place de la Liberté' });
    // BT-72: no delivery day of its own, the invoice's date stands for it (the delivery element is never empty)
    expect(read.deliveryDate).to.equal('20260402');
    // neither the payment nor its means: BT-113 0, BT-115 the total, no BG-16 (the company gave no bank account)
    expect(read.paymentMeans).to.equal(undefined);
    expect([read.totals.paid!.toFixed(2), read.totals.due!.toFixed(2)]).to.deep.equal(['0.00', '436.20']);

    // the reference was written by this test on SQLite; MariaDB must give the same bytes
    if (!fs.existsSync(REFERENCE) && process.env.FACTURX_WRITE_REFERENCE) fs.writeFileSync(REFERENCE, xml);
    expect(xml).to.equal(fs.readFileSync(REFERENCE, 'utf8'));
  });

  it('un avoir total puis un avoir partiel : 381 en montants positifs, la facture d’origine (numéro, date)', async () => {
    const source = await emitted(k.http, { items: FOUR_RATES, fk: { receiverCustomer: firm._id } });
    const creditRes = await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [source.items[1].uuid] });
    expect(creditRes.status).to.equal(201);
    const partial = await emit(k.http, creditRes.body._id);
    const partialXml = await xmlOf(partial._id);
    expect(partialXml.read).to.deep.include({ typeCode: '381' });
    expect(partialXml.read.preceding).to.deep.equal([{ number: source.numberFull, date: '20260402' }]);
    expect(partialXml.read.lines.map((l) => [l.name, l.quantity!.toFixed(2), l.net!.toFixed(2)])).to.deep.equal([['Service à table', '3.00', '136.50']]);
    // emitting the credit note settled it against the source (credit compensation)
    const settledPartial = (await k.http.get(`${API}/invoices/${partial._id}`)).body as Invoice;
    expectStoredTotals(partialXml.read, settledPartial);
    expect(partialXml.read.totals.paid!.toFixed(2)).to.equal('163.80');

    const restRes = await k.http.post(`${API}/invoices/${source._id}/credit`);
    const rest = await emit(k.http, restRes.body._id);
    const restXml = await xmlOf(rest._id);
    expect(restXml.read.typeCode).to.equal('381');
    expect(restXml.read.lines).to.have.length(3);
    expectStoredTotals(restXml.read, (await k.http.get(`${API}/invoices/${rest._id}`)).body);
  });

  it('une facture corrective : 384, la facture corrigée en BT-25 / BT-26, le message « annule et remplace »', async () => {
    const source = await emitted(k.http, { items: FOUR_RATES, fk: { receiverCustomer: person._id } });
    const res = await k.http.post(`${API}/invoices/${source._id}/corrective`);
    expect(res.status).to.equal(201);
    const corrective = await emit(k.http, res.body._id);
    const { read } = await xmlOf(corrective._id);
    expect(read.typeCode).to.equal('384');
    expect(read.preceding).to.deep.equal([{ number: source.numberFull, date: '20260402' }]);
    expect(read.notes[0].content).to.equal(`Facture corrective : Cette facture annule et remplace la facture n° ${source.numberFull} du 02/04/2026.`);
    expect(read.buyer).to.deep.include({ name: 'Jean Dupont', contactPerson: undefined });
    expect(read.notes.find((n) => n.subject === 'PMT')!.content).to.contain('client non professionnel');
    expectStoredTotals(read, corrective);
  });

  it('les deux méthodes de calcul de la TVA donnent un XML juste et les totaux enregistrés', async () => {
    const items = [1, 2, 3, 4, 5].map((i) => ({ labelPrimary: `Baguette ${i}`, quantity: i, vat: 5.5, inclTaxesPrice: 1.1 }));
    for (const vatCalculationMethod of ['rounded-total', 'rounded-lines']) {
      const invoice = await emitted(k.http, { items, vatCalculationMethod, fk: { receiverCustomer: person._id } });
      const { read } = await xmlOf(invoice._id);
      expectStoredTotals(read, invoice);
      expect(read.allowanceCharges.length, vatCalculationMethod).to.equal(vatCalculationMethod === 'rounded-total' ? 1 : 0);
    }
  });

  it('une entreprise non assujettie à la TVA (sans numéro de TVA) : catégorie E, VATEX-FR-FRANCHISE, SIREN en identifiant fiscal', async () => {
    const http = await otherCompany(k, 'Atelier Rivière EI');
    await updateCompany(k, { ...ELIGIBLE_COMPANY, name: 'Atelier Rivière EI', status: 'EI', subjectToVAT: false, vatNumber: '', siren: '987654324', siret: '98765432400019' }, http);
    const customer = await createCustomer(http, { company: 'Mairie de Brest', addresses: [{ address: '2 rue Frézier', zipCode: '29200', city: 'Brest' }] });
    const invoice = await emitted(http, { items: FOUR_RATES, fk: { receiverCustomer: customer._id } });
    expect(invoice.subjectToVAT).to.equal(false);
    const { read } = await xmlOf(invoice._id, http);
    expect(read.taxes.map((x) => [x.category, x.exemptionCode, x.tax!.toFixed(2)])).to.deep.equal([['E', 'VATEX-FR-FRANCHISE', '0.00']]);
    expect(read.seller).to.deep.include({ vat: undefined, fiscal: '987654324', siren: '987654324' });
    expect(read.totals.grand!.toNumber()).to.equal(invoice.inclTaxesPrice);
    expectStoredTotals(read, invoice);
    // another company's invoice is not found from here
    expect((await k.http.get(`${API}/invoices/${invoice._id}/xml`)).status).to.equal(404);
  });

  it('écrit les identifiants de l’annuaire (issue 13) : SIREN de l’acheteur (BT-47, 0002), adresses électroniques 0225 (BT-34, BT-49), IBAN (BG-16), RCS (BT-33), délai du client (BT-20) ; valide XSD et Schematrons', async function () {
    requireSaxon(this);
    this.timeout(120000);
    const http = await otherCompany(k, 'Pâtisserie Rivière SAS');
    await updateCompany(k, {
      ...ELIGIBLE_COMPANY, name: 'Pâtisserie Rivière SAS', siren: '552 100 554', siret: '552 100 554 00013', vatNumber: 'fr 96 552100554',
      rcs: 'rcs lyon b 552100554', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrpp xxx', paymentTermsDays: 45,
    }, http);
    const buyer = await createCustomer(http, {
      company: 'Hôtel du Parc SA', email: 'compta@hotel-du-parc.example', siren: '303265045', siret: '30326504500011', electronicAddress: '303265045_ACHATS',
      vatNumber: 'FR40303265045', paymentTermsDays: 20,
    });
    const invoice = await emitted(http, { items: FOUR_RATES, fk: { receiverCustomer: buyer._id } });
    expect(invoice.sender).to.deep.include({ rcs: 'Lyon B 552 100 554', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', paymentTermsDays: 45 });
    expect(invoice.receiver).to.deep.include({ siren: '303265045', electronicAddress: '303265045_ACHATS', paymentTermsDays: 20 });
    const { xml, read } = await xmlOf(invoice._id, http);
    expect(read.seller).to.deep.include({ siren: '552100554', sirenScheme: '0002', endpoint: '552100554', endpointScheme: '0225' });
    expect(read.sellerDescription).to.equal('SARL au capital de 10\u00a0000,00\u00a0€ – RCS Lyon B 552 100 554 – Code NAF : 1071C');
    expect(read.buyer).to.deep.include({ siren: '303265045', sirenScheme: '0002', siret: '30326504500011', endpoint: '303265045_ACHATS', endpointScheme: '0225' });
    expect(read.paymentMeans).to.deep.equal({ code: '30', information: 'Virement', iban: 'FR7630006000011234567890189' });
    expect(xml).to.contain('<ram:BICID>AGRIFRPPXXX</ram:BICID>');
    // the customer's 20 days, not the company's 45: 2 April + 20 days
    expect(read.terms).to.deep.equal({ description: 'Paiement à 20 jours : au plus tard le 22/04/2026.', dueDate: '20260422' });
    expect(await fatalSchematronFailures(xml)).to.deep.equal([]);

    // a customer without directory address: its SIREN (from the SIRET), every company's default address in the directory
    const other = await createCustomer(http, { company: 'Café Bellecour SARL', email: 'cafe@bellecour.example', siret: '55210055400013' });
    const second = await xmlOf((await emitted(http, { items: FOUR_RATES, fk: { receiverCustomer: other._id } }))._id, http);
    expect(second.read.buyer).to.deep.include({ siren: '552100554', endpoint: '552100554', endpointScheme: '0225' });
    expect(second.read.terms.description).to.equal('Paiement à 45 jours : au plus tard le 17/05/2026.');
    expect(await fatalSchematronFailures(second.xml)).to.deep.equal([]);
  });

  it('refuse en français : un brouillon (409), un pays inconnu du client (409 nommant le champ) ; 404, 400', async () => {
    const draft = await createDraft(k.http, { fk: { receiverCustomer: firm._id } });
    const res = await k.http.get(`${API}/invoices/${draft._id}/xml`);
    expect(res.status).to.equal(409);
    expect(res.body).to.include({ code: 'CONFLICT', message: 'Une facture brouillon n’a pas de facture électronique : émettez-la d’abord.' });

    // emission refuses a buyer without address (L441-9); a country no one knows is still emitted, and has no XML
    const elsewhere = await createCustomer(k.http, {
      company: 'Client d’Ailleurs SARL', addresses: [{ address: '1 rue du Port', zipCode: '29200', city: 'Brest', country: 'Bretagne' }],
    });
    const invoice = await emitted(k.http, { fk: { receiverCustomer: elsewhere._id } });
    const missing = await k.http.get(`${API}/invoices/${invoice._id}/xml`);
    expect(missing.status).to.equal(409);
    expect(missing.body.message).to.equal('Impossible de produire la facture électronique Factur-X (EN 16931) : il manque le pays du client (« Bretagne » n’est pas un pays reconnu).');
    expect(missing.body.details).to.deep.equal([{ field: 'receiver.invoicingAddress.country', message: 'le pays du client (« Bretagne » n’est pas un pays reconnu)' }]);

    expect((await k.http.get(`${API}/invoices/0123456789abcdef01234567/xml`)).status).to.equal(404);
    expect((await k.http.get(`${API}/invoices/pas-un-id/xml`)).status).to.equal(400);
  });
});
