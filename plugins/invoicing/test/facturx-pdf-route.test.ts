/**
 * `GET /api/invoicing/invoices/:id/facturx` on the real kernel and database: the invoice's PDF/A-3b
 * with its CII XML embedded. The embedded `factur-x.xml` is extracted with pdf-lib, validated with
 * xmllint against the EN16931 XSD and the business rules, and compared with `GET …/xml`; the PDF
 * text still carries every legal mention — for an invoice, a credit note, a private customer and a
 * company not subject to VAT. French 409s for a draft and for missing data.
 */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import {
  API, ELIGIBLE_COMPANY, bootKernel, createCustomer, createDraft, emit, emitted, makeEligible, otherCompany, setNumbering, updateCompany,
} from './support.ts';
import { fetchBytes, pdfText } from '../../../test/support/pdf.ts';
import { readCii, type CiiRead } from './support/cii-read.ts';
import { ciiViolations } from './support/cii-rules.ts';
import { associatedFile, xmpFields } from './support/facturx-pdf.ts';
import { requireXmllint, validateEn16931 } from './support/xmllint.ts';

const LINES = [
  { labelPrimary: 'Pièce montée', quantity: 1, vat: 5.5, exclTaxesPrice: 1234.5, type: 'good' },
  { labelPrimary: 'Atelier pâtisserie', quantity: 2, vat: 20, exclTaxesPrice: 100 },
];
const ADDRESS = { address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', invoicing: true, delivery: true };

interface Served { pdf: Buffer; text: string; xml: string; read: CiiRead; fx: Record<string, unknown>; disposition: string | null }

describe('invoicing : Factur-X PDF/A-3 (GET /invoices/:id/facturx)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let firm: string;
  let person: string;
  const clock = new Date('2026-11-24T09:00:00.000Z');

  before(async function () {
    requireXmllint(this);
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
    await setNumbering(k, 'invoice', { prefix: 'F-2026-' });
    firm = (await createCustomer(k.http, { company: 'Café du Port SAS', vatNumber: 'FR40303265045', email: 'compta@cafeduport.fr', addresses: [ADDRESS] }))._id;
    person = (await createCustomer(k.http, { firstname: 'Jean', name: 'Dupont', addresses: [{ ...ADDRESS, address: '8 rue des Lilas' }] }))._id;
  });
  after(async () => { await k?.stop(); });

  /** The served Factur-X, its embedded XML valid (XSD and rules) and equal to what `/xml` answers. */
  async function served(id: string, http: TestHttp = k.http): Promise<Served> {
    const res = await fetchBytes(http, `${API}/invoices/${id}/facturx`);
    expect(res.status, res.bytes.toString('utf8').slice(0, 300)).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
    const embedded = await associatedFile(res.bytes);
    expect(embedded.name).to.equal('factur-x.xml');
    const xml = embedded.bytes.toString('utf8');
    const { valid, output } = validateEn16931({ [id]: xml });
    expect(valid[id], output).to.equal(true);
    const read = readCii(xml);
    expect(ciiViolations(read)).to.deep.equal([]);
    const alone = await fetchBytes(http, `${API}/invoices/${id}/xml`);
    expect(alone.bytes.equals(embedded.bytes), 'the embedded XML is the /xml one, byte for byte').to.equal(true);
    const fx = await xmpFields(res.bytes);
    expect(fx).to.include({ 'fx:DocumentType': 'INVOICE', 'fx:DocumentFileName': 'factur-x.xml', 'fx:ConformanceLevel': 'EN 16931', 'pdfaid:conformance': 'B' });
    return { pdf: res.bytes, text: (await pdfText(res.bytes)).text, xml, read, fx, disposition: res.headers.get('content-disposition') };
  }

  it('une facture : le PDF/A-3 de la facture avec son XML valide embarqué, et toutes les mentions légales', async () => {
    const invoice = await emitted(k.http, { items: LINES, fk: { receiverCustomer: firm } });
    const { text, read, disposition } = await served(invoice._id);
    expect(disposition).to.equal(`inline; filename="Facture-${invoice.numberFull}.pdf"`);
    expect(read).to.deep.include({ number: invoice.numberFull, typeCode: '380' });
    expect(read.terms).to.deep.equal({ description: 'Paiement à 30 jours : au plus tard le 24/12/2026.', dueDate: '20261224' });
    for (const s of [
      `Numéro : ${invoice.numberFull}`, 'Boulangerie Martin SARL', 'SARL au capital de 10 000,00 €', 'SIRET : 12345678200010', 'SIREN : 123456782',
      'Code NAF : 1071C', 'TVA intracommunautaire : FR11123456782', 'Café du Port SAS', 'Échéance : 24/12/2026', 'Total TTC 1 542,40 €',
      'Paiement à 30 jours : au plus tard le 24/12/2026.', 'Pas d’escompte pour paiement anticipé.',
      'majoré de 10 points de pourcentage (art. L441-10 du Code de commerce).',
      'indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce).',
    ]) expect(text).to.contain(s);
    // the same sentences in the XML notes
    const notes = read.notes.map((n) => n.content.replace(/\s+/g, ' '));
    for (const subject of ['PMD', 'PMT', 'AAB']) {
      expect(text).to.contain(read.notes.find((n) => n.subject === subject)!.content.replace(/\s+/g, ' '));
    }
    expect(notes).to.include('SARL au capital de 10 000,00 € – Code NAF : 1071C');

    const saved = await fetchBytes(k.http, `${API}/invoices/${invoice._id}/facturx?download=1`);
    expect(saved.headers.get('content-disposition')).to.equal(`attachment; filename="Facture-${invoice.numberFull}.pdf"`);
  });

  it('un avoir : 381 dans le XML, déclaré INVOICE dans le XMP, la facture d’origine, le titre « AVOIR »', async () => {
    const source = await emitted(k.http, { items: LINES, fk: { receiverCustomer: firm } });
    const draft = (await k.http.post(`${API}/invoices/${source._id}/credit`)).body as Invoice;
    const credit = await emit(k.http, draft._id);
    const { text, read, disposition } = await served(credit._id);
    expect(disposition).to.equal(`inline; filename="Avoir-${credit.numberFull}.pdf"`);
    expect(read.typeCode).to.equal('381');
    expect(read.preceding).to.deep.equal([{ number: source.numberFull, date: '20261124' }]);
    expect(text).to.contain('AVOIR');
    expect(text).to.contain(`Avoir sur la facture n° ${source.numberFull} du 24/11/2026`);
    expect(text).to.contain('Total TTC -1 542,40 €');
    const xmlName = (await fetchBytes(k.http, `${API}/invoices/${credit._id}/xml`)).headers.get('content-disposition');
    expect(xmlName).to.equal(`attachment; filename="Avoir-${credit.numberFull}-factur-x.xml"`);
  });

  it('un particulier : intérêts au taux légal et indemnité « sans objet », mêmes textes au PDF et dans le XML', async () => {
    const invoice = await emitted(k.http, { items: LINES, fk: { receiverCustomer: person } });
    const { text, read } = await served(invoice._id);
    const pmd = read.notes.find((n) => n.subject === 'PMD')!.content;
    const pmt = read.notes.find((n) => n.subject === 'PMT')!.content;
    expect(pmd).to.equal('En cas de retard de paiement, des intérêts au taux légal sont dus (art. 1231-6 du Code civil).');
    expect(pmt).to.equal('Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel).');
    expect(text).to.contain(pmd);
    expect(text).to.contain(pmt);
    expect(text).to.not.contain('recouvrement de 40');
    expect(text).to.not.contain('Banque centrale européenne');
  });

  it('une entreprise non assujettie à la TVA : catégorie E, « TVA non applicable, art. 293 B du CGI. » au PDF et en note TXD', async () => {
    const http = await otherCompany(k, 'Atelier Rivière EI');
    await updateCompany(k, { ...ELIGIBLE_COMPANY, name: 'Atelier Rivière EI', status: 'EI', capital: 0, subjectToVAT: false, vatNumber: '', siren: '987654324', siret: '98765432400019' }, http);
    const customer = await createCustomer(http, { company: 'Mairie de Brest', addresses: [ADDRESS] });
    const invoice = await emitted(http, { items: [{ labelPrimary: 'Cours de cuisine', quantity: 3, exclTaxesPrice: 45 }], fk: { receiverCustomer: customer._id } });
    const { text, read } = await served(invoice._id, http);
    expect(read.taxes.map((t) => [t.category, t.exemptionCode])).to.deep.equal([['E', 'VATEX-FR-FRANCHISE']]);
    expect(read.notes.find((n) => n.subject === 'TXD')!.content).to.equal('TVA non applicable, art. 293 B du CGI.');
    expect(text).to.contain('TVA non applicable, art. 293 B du CGI.');
    expect(text).to.contain('Total 135,00 €');
    expect(text).to.contain('SIRET : 98765432400019');
    expect((await fetchBytes(k.http, `${API}/invoices/${invoice._id}/facturx`)).status).to.equal(404);
  });

  it('refuse en français : un brouillon (409), une facture dont il manque des données (409 avec la liste) ; 404, 400', async () => {
    const draft = await createDraft(k.http, { fk: { receiverCustomer: firm } });
    let res = await k.http.get(`${API}/invoices/${draft._id}/facturx`);
    expect(res.status).to.equal(409);
    expect(res.body).to.include({ code: 'CONFLICT', message: 'Une facture brouillon n’a pas de facture électronique : émettez-la d’abord.' });

    const nowhere = await createCustomer(k.http, { company: 'Client Sans Adresse SARL', addresses: [{ address: '1 rue Haute', zipCode: '1000', city: 'Nulle Part', country: 'Bretagne', invoicing: true, delivery: true }] });
    const invoice = await emitted(k.http, { fk: { receiverCustomer: nowhere._id } });
    res = await k.http.get(`${API}/invoices/${invoice._id}/facturx`);
    expect(res.status).to.equal(409);
    expect(res.body.message).to.equal('Impossible de produire la facture électronique Factur-X (EN 16931) : il manque le pays du client (« Bretagne » n’est pas un pays reconnu).');
    expect(res.body.details).to.deep.equal([{ field: 'receiver.invoicingAddress.country', message: 'le pays du client (« Bretagne » n’est pas un pays reconnu)' }]);
    // the plain PDF is still there
    expect((await fetchBytes(k.http, `${API}/invoices/${invoice._id}/pdf`)).status).to.equal(200);

    expect((await k.http.get(`${API}/invoices/0123456789abcdef01234567/facturx`)).status).to.equal(404);
    expect((await k.http.get(`${API}/invoices/pas-un-id/facturx`)).status).to.equal(400);
    expect((await k.http.get(`${API}/invoices/${invoice._id}/facturx`, { query: { download: 'oui' } })).status).to.equal(400);
  });
});
