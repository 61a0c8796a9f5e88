/**
 * Every printed invoice adds up and says what its e-invoice says (issue 13 items 3 and 5; README
 * « Documents: PDF and sending », Totals that add up; « Document rules »). Each PDF is read back
 * by position (test/support/printed-check.ts): the columns of the lines (rounding adjustments
 * included) and of the VAT details add up to the printed totals, which are the XML's; unit prices
 * have every decimal of BT-146; the penalty, indemnity, discount, VAT-option mentions, the payment
 * terms, the nature of the operation, the delivery day and address are the XML's.
 *
 * First a seeded random set without HTTP (both VAT methods, the French rates and 0 %, discounts,
 * unit prices with 3 or 4 decimals, large quantities, credit notes, corrective invoices, private
 * and professional customers, delivery days and addresses, VAT on debits, companies not subject to
 * VAT, the company's own conditions contradicting the legal mentions); then documents emitted
 * through the API, whose frozen Factur-X PDF is checked against their XML (SQLite, and MariaDB
 * with DATABASE_URL). The same random set's XML is checked by the XSD and the three Schematrons in
 * `einvoice-validation.test.ts`.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { buildFacturXXml } from '../server/services/facturx/index.ts';
import { documentFromInvoice } from '../server/services/pdf/model.ts';
import { renderDocumentPdf } from '../server/services/pdf/index.ts';
import { SENDER, seeded, storedInvoice } from './support/facturx-invoices.ts';
import { DEMO_CONDITIONS, pick, randomCases, type Case } from './support/random-documents.ts';
import { checkPrinted, type PrintedSummary } from './support/printed-check.ts';
import { readCii } from './support/cii-read.ts';
import type { CallContext } from '@comptoir/sdk';
import plugin from '../server/index.ts';
import { DEMO_COMPANY } from '../../../tools/src/demo-company.ts';
import { API, ELIGIBLE_COMPANY, bootKernel, createCustomer, emit, emitted, makeEligible, otherCompany, setNumbering, updateCompany } from './support.ts';
import { fetchBytes } from '../../../test/support/pdf.ts';

const COMPANY = { name: SENDER.name, email: 'contact@boulangerie-martin.fr' } as never;

async function printedAndXml(c: Case): Promise<PrintedSummary> {
  const xml = buildFacturXXml(c.invoice, { sourceInvoice: c.source ?? null, buyer: c.buyer });
  const pdf = await renderDocumentPdf(documentFromInvoice(c.invoice, { company: COMPANY, source: c.source ?? null }), { now: new Date(c.invoice.date) });
  return checkPrinted(pdf, xml, c.what);
}

describe('invoicing : documents imprimés qui s’additionnent et disent ce que dit le XML', function () {
  this.timeout(180_000);

  it('un lot tiré au hasard (graine fixe) : chaque colonne s’additionne, montants et mentions du XML', async () => {
    const cases = randomCases(110);
    const seen: PrintedSummary[] = [];
    for (const c of cases) seen.push(await printedAndXml(c));
    // the set covers what it claims to
    const count = (f: (s: PrintedSummary) => boolean) => seen.filter(f).length;
    expect(count((s) => s.adjustments > 0), 'documents avec écart d’arrondi').to.be.greaterThan(10);
    expect(count((s) => s.typeCode === '381'), 'avoirs').to.be.greaterThan(8);
    expect(count((s) => s.typeCode === '384'), 'factures correctives').to.be.greaterThan(4);
    expect(count((s) => !s.subjectToVAT), 'entreprises non assujetties').to.be.greaterThan(5);
    expect(count((s) => !s.professional), 'particuliers').to.be.greaterThan(20);
    expect(count((s) => s.pages > 1), 'documents sur plusieurs pages').to.be.greaterThan(0);
    for (const category of ['S', 'E', 'K', 'AE', 'G', 'O']) expect(count((s) => s.categories.includes(category)), `catégorie ${category}`).to.be.greaterThan(0);
    expect(count((s) => s.adjustments > 0 && s.categories.some((c) => c !== 'S')), 'écarts hors catégorie S').to.be.greaterThan(0);
    expect(cases.filter((c) => (c.invoice.sender as { vatOnDebits?: boolean }).vatOnDebits).length).to.be.greaterThan(10);
  });

  it('une facture de 40 lignes sur plusieurs pages : en-tête du tableau répété, colonnes additionnées d’une page à l’autre', async () => {
    const rand = seeded(7);
    const items = Array.from({ length: 40 }, (_, i) => ({ labelPrimary: `Article ${i + 1}`, labelSecondary: i % 3 ? undefined : 'Détail', quantity: pick(rand, [1, 3, 7, 0.5]), vat: pick(rand, [5.5, 10, 20]), inclTaxesPrice: pick(rand, [1.1, 2.35, 0.99, 13.7]) }));
    const summary = await printedAndXml({ what: 'F-40-lignes', invoice: storedInvoice({ items, numberFull: 'F-2026-0000040' }) as Invoice, buyer: {} });
    expect(summary.pages).to.be.greaterThan(1);
    expect(summary.lines).to.equal(40);
    expect(summary.adjustments).to.be.greaterThan(0);
  });
});

describe('invoicing : documents émis, PDF figé et XML, par l’API', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let firm: string;
  let person: string;
  const clock = new Date('2026-04-02T09:00:00.000Z');

  before(async () => {
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
    await updateCompany(k, { invoiceFreeData: DEMO_CONDITIONS });
    await setNumbering(k, 'invoice', { prefix: 'F-2026-' });
    firm = (await createCustomer(k.http, {
      company: 'Hôtel du Parc', vatNumber: 'FR40303265045',
      addresses: [
        { address: '1 place Bellecour', zipCode: '69002', city: 'Lyon', country: 'France', delivery: false, invoicing: true },
        { name: 'Cuisines', address: '5 rue Mercière', zipCode: '69002', city: 'Lyon', country: 'France', delivery: true, invoicing: false },
      ],
    }))._id;
    person = (await createCustomer(k.http, {
      firstname: 'Claire', name: 'Dubois', addresses: [{ address: '8 rue des Lilas', zipCode: '69003', city: 'Lyon', country: 'France', delivery: true, invoicing: true }],
    }))._id;
  });
  after(async () => { await k?.stop(); });

  async function frozen(id: string): Promise<PrintedSummary> {
    const pdf = await fetchBytes(k.http, `${API}/invoices/${id}/pdf`);
    expect(pdf.status).to.equal(200);
    const xml = await k.http.get(`${API}/invoices/${id}/xml`);
    expect(xml.status).to.equal(200);
    return checkPrinted(pdf.bytes, xml.body as string, id);
  }

  it('une facture « rounded-total » à écart d’arrondi, livrée ailleurs un autre jour, son avoir et sa facture corrective', async () => {
    // 7 × 1,10 € and 3 × 1,35 € TTC at 5,5 %: lines 7,29 € + 3,84 € HT, base round2(11,75 ÷ 1,055) = 11,14 €: an adjustment of −0,01 €
    const invoice = await emitted(k.http, {
      fk: { receiverCustomer: firm }, deliveryDate: '2026-03-30',
      items: [
        { labelPrimary: 'Baguette', quantity: 7, vat: 5.5, inclTaxesPrice: 1.1, type: 'good' },
        { labelPrimary: 'Croissant', quantity: 3, vat: 5.5, inclTaxesPrice: 1.35, type: 'good' },
        { labelPrimary: 'Farine au kilo', quantity: 250, vat: 5.5, exclTaxesPrice: 0.1234, type: 'good' },
        { labelPrimary: 'Livraison', quantity: 1, vat: 20, inclTaxesPrice: 18, type: 'service' },
      ],
    });
    expect(invoice.deliveryDate).to.equal('2026-03-30');
    const summary = await frozen(invoice._id);
    expect(summary).to.deep.include({ lines: 4, professional: true, typeCode: '380' });
    expect(summary.adjustments).to.be.greaterThan(0);

    const credit = await emit(k.http, (await k.http.post(`${API}/invoices/${invoice._id}/credit`)).body._id);
    expect(credit.deliveryDate, 'un avoir porte la date de livraison de la facture').to.equal('2026-03-30');
    expect(await frozen(credit._id)).to.deep.include({ typeCode: '381' });
    const corrective = await emit(k.http, (await k.http.post(`${API}/invoices/${invoice._id}/corrective`)).body._id);
    expect(corrective.deliveryDate).to.equal('2026-03-30');
    expect(await frozen(corrective._id)).to.deep.include({ typeCode: '384' });
    const duplicate = (await k.http.post(`${API}/invoices/${invoice._id}/duplicate`)).body as Invoice;
    expect(duplicate.deliveryDate, 'une copie livre une autre fois').to.equal(undefined);
  });

  it('un particulier, en « rounded-lines » : intérêts au taux légal, pas de 40 €, les conditions de l’entreprise ne les contredisent pas', async () => {
    const invoice = await emitted(k.http, {
      fk: { receiverCustomer: person }, vatCalculationMethod: 'rounded-lines',
      items: [{ labelPrimary: 'Cours de pâtisserie', quantity: 7, vat: 20, exclTaxesPrice: 0.33 }, { labelPrimary: 'Gâteau', quantity: 1, vat: 5.5, exclTaxesPrice: 23.45, type: 'good' }],
    });
    expect(await frozen(invoice._id)).to.deep.include({ professional: false, adjustments: 0 });
    const xml = (await k.http.get(`${API}/invoices/${invoice._id}/xml`)).body as string;
    expect(xml).to.not.contain('trois fois');
    // no delivery day of its own: the invoice's date stands for it
    expect(readCii(xml).deliveryDate).to.equal('20260402');
  });

  it('les documents de démonstration, avec les mentions des factures de l’entreprise de démonstration, avant et après correction', async () => {
    for (const conditions of [DEMO_CONDITIONS, DEMO_COMPANY.invoiceFreeData]) {
      const other = await otherCompany(k, `Démo ${conditions.length}`);
      await updateCompany(k, { ...ELIGIBLE_COMPANY, invoiceFreeData: conditions }, other);
      await k.kernel.asSystem(other.company!, (ctx: CallContext) => plugin.seedDemo!(ctx), 'invoicing');
      const invoices = ((await other.get(`${API}/invoices`, { query: { pagination: { quantity: 50 } } })).body.data as Invoice[]).filter((i) => i.numberFull);
      expect(invoices.length).to.be.greaterThan(5);
      const delivered: string[] = [];
      for (const invoice of invoices) {
        const pdf = await fetchBytes(other, `${API}/invoices/${invoice._id}/pdf`);
        const xml = await other.get(`${API}/invoices/${invoice._id}/xml`);
        expect(xml.status, `${invoice.numberFull} : ${JSON.stringify(xml.body)}`).to.equal(200);
        await checkPrinted(pdf.bytes, xml.body as string, `démo ${invoice.numberFull}`);
        if (invoice.deliveryDate) delivered.push(invoice.deliveryDate);
      }
      expect(delivered, 'des livraisons datées').to.have.length(2);
    }
  });

  it('la date de livraison : un jour AAAA-MM-JJ entre 2000 et 2099, effacée par null ; 400 en français sinon, rien d’écrit', async () => {
    const draft = (await k.http.post(`${API}/invoices`, { fk: { receiverCustomer: firm }, deliveryDate: '2026-03-31', items: [{ labelPrimary: 'Pain', quantity: 1, vat: 5.5, inclTaxesPrice: 2 }] })).body as Invoice;
    expect(draft.deliveryDate).to.equal('2026-03-31');
    for (const bad of ['31/03/2026', '2026-02-30', '1999-12-31', '2026-03-31T10:00:00.000Z', 20260331]) {
      const res = await k.http.put(`${API}/invoices/${draft._id}`, { deliveryDate: bad });
      expect(res.status, String(bad)).to.equal(400);
      expect(res.body.message, String(bad)).to.match(/deliveryDate|livraison/);
    }
    expect(((await k.http.get(`${API}/invoices/${draft._id}`)).body as Invoice).deliveryDate).to.equal('2026-03-31');
    const cleared = await k.http.put(`${API}/invoices/${draft._id}`, { deliveryDate: null });
    expect(cleared.status).to.equal(200);
    expect((cleared.body as Invoice).deliveryDate).to.equal(undefined);
    const created = await k.http.post(`${API}/invoices`, { deliveryDate: '1970-01-01', items: [] });
    expect(created.status).to.equal(400);
    expect(created.body.message).to.contain('Date de livraison ou d’exécution invalide');
  });
});
