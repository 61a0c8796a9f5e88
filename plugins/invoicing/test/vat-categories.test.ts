/**
 * VAT categories through the API (README « VAT categories »): the live computation of a sale with
 * its customer, drafts that keep only the categories chosen by hand, emission that freezes every
 * line's category and refuses, in French, what EN 16931 or French law would refuse (409 naming the
 * field), bodies refused (400) for what a line may not say, the PDF's legal wording, and invoices
 * emitted before categories existed, read as they were written, their hashes unchanged.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import { buildFacturXXml } from '../server/services/facturx/index.ts';
import { readCii } from './support/cii-read.ts';
import { fetchPdfText } from '../../../test/support/pdf.ts';
import { API, bootKernel, createCustomer, createDraft, emit, makeEligible, tableCounts } from './support.ts';

const GERMAN = {
  company: 'Bäckerei Schmidt GmbH', vatNumber: 'DE123456789',
  addresses: [{ address: 'Torstraße 12', zipCode: '10119', city: 'Berlin', country: 'Allemagne', invoicing: true, delivery: true }],
};
const FLOUR = { labelPrimary: 'Farine T65 (sac de 25 kg)', type: 'good', quantity: 40, vat: 5.5, exclTaxesPrice: 18.4 };
const TRAINING = { labelPrimary: 'Formation boulangerie', type: 'service', quantity: 1, vat: 20, exclTaxesPrice: 640 };

describe('invoicing : catégories de TVA par ligne (API)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let german: { _id: string };
  let germanNoVat: { _id: string };
  let french: { _id: string };
  let swiss: { _id: string };

  before(async () => {
    k = await bootKernel({ now: () => new Date('2026-04-02T09:00:00.000Z') });
    await makeEligible(k);
    german = await createCustomer(k.http, GERMAN);
    germanNoVat = await createCustomer(k.http, { ...GERMAN, company: 'Konditorei Weber', vatNumber: undefined });
    french = await createCustomer(k.http, {
      company: 'Café du Port SAS', vatNumber: 'FR40303265045',
      addresses: [{ address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', invoicing: true, delivery: true }],
    });
    swiss = await createCustomer(k.http, {
      company: 'Confiserie Zürich AG', addresses: [{ address: 'Bahnhofstrasse 1', zipCode: '8001', city: 'Zürich', country: 'Suisse', invoicing: true, delivery: true }],
    });
  });
  after(async () => { await k?.stop(); });

  it('/compute d’une vente : les catégories automatiques du client (K pour les biens, AE pour les services), taux 0, détail par catégorie', async () => {
    const res = await k.http.post(`${API}/compute`, { items: [FLOUR, TRAINING], fk: { receiverCustomer: german._id } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.items.map((l: Invoice['items'][number]) => [l.vatCategory, l.vat, l.inclTaxesPrice])).to.deep.equal([['K', 0, 18.4], ['AE', 0, 640]]);
    expect(res.body.vatDetails.map((d: Invoice['vatDetails'][number]) => [d.vatCategory, d.totalExclTaxes, d.vatExemptionReason?.code])).to.deep.equal([
      ['AE', 640, 'VATEX-EU-AE'], ['K', 736, 'VATEX-EU-IC'],
    ]);
    expect(res.body).to.include({ vatAmount: 0, inclTaxesPrice: 1376, subjectToVAT: true });
    // without a customer (a purchase's computation): categories as given, none chosen
    const plain = await k.http.post(`${API}/compute`, { items: [FLOUR] });
    expect(plain.body.items[0]).to.not.have.property('vatCategory');
    expect(plain.body.vatDetails).to.deep.equal([{ vat: 5.5, totalExclTaxes: 735.92, totalInclTaxes: 776.4, amount: 40.48 }]);
  });

  it('un brouillon garde seulement les catégories choisies ; l’émission fige celles de chaque ligne', async () => {
    const draft = await createDraft(k.http, { items: [FLOUR, TRAINING, { ...TRAINING, labelPrimary: 'Frais de dossier', exclTaxesPrice: 20, vatCategory: 'S' }], fk: { receiverCustomer: german._id } });
    expect(draft.items.map((l) => l.vatCategory)).to.deep.equal([undefined, undefined, 'S']);
    expect(draft.vatDetails.map((d) => d.vatCategory)).to.deep.equal(['AE', 'K', 'S']);
    const invoice = await emit(k.http, draft._id);
    expect(invoice.items.map((l) => [l.vatCategory, l.vatExemptionReason?.code, l.vat])).to.deep.equal([
      ['K', 'VATEX-EU-IC', 0], ['AE', 'VATEX-EU-AE', 0], ['S', undefined, 20],
    ]);
    expect(invoice).to.include({ exclTaxesPrice: 1396, vatAmount: 4, inclTaxesPrice: 1400 });
    // the hash covers the categories: they are part of the frozen lines
    expect(invoice.hash).to.equal(invoiceHash(null, invoice));

    const xml = (await k.http.get(`${API}/invoices/${invoice._id}/xml`)).body as string;
    const read = readCii(xml);
    expect(read.lines.map((l) => l.category)).to.deep.equal(['K', 'AE', 'S']);
    expect(read.buyer.vat).to.equal('DE123456789');

    const { text } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
    expect(text).to.include('K – Exonération de TVA, art. 262 ter I du CGI');
    expect(text).to.include('AE – Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE');
    expect(text).to.include('TVA intracommunautaire : DE123456789');
    expect(text).to.match(/0 % K/);
  });

  it('une catégorie choisie à la main est acceptée, avec son motif ; le PDF en imprime le texte', async () => {
    const draft = await createDraft(k.http, {
      fk: { receiverCustomer: french._id },
      items: [{ labelPrimary: 'Cours de pâtisserie', type: 'service', vat: 0, exclTaxesPrice: 45, vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4' } }],
    });
    expect(draft.items[0]).to.deep.include({ vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4', text: 'Exonération de TVA, art. 261-4 du CGI' } });
    const invoice = await emit(k.http, draft._id);
    const { text } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
    expect(text).to.include('E – Exonération de TVA, art. 261-4 du CGI');
  });

  it('refuse à l’émission (409, en français) une livraison intracommunautaire sans numéro de TVA du client, et n’émet rien', async () => {
    const draft = await createDraft(k.http, { fk: { receiverCustomer: germanNoVat._id }, items: [{ ...FLOUR, vatCategory: 'K' }] });
    const refused = await k.http.post(`${API}/invoices/${draft._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Impossible d’émettre la facture : il manque le numéro de TVA intracommunautaire du client '
      + '(code pays puis numéro), obligatoire en catégorie K (livraison intracommunautaire).');
    expect(refused.body.details).to.deep.equal([{ field: 'receiver.vatNumber', message: refused.body.details[0].message }]);
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).body).to.not.have.property('numberFull');
  });

  it('refuse à l’émission une exonération en France sans motif, et une facture hors champ (O) mêlée d’autres catégories', async () => {
    const zero = await createDraft(k.http, { fk: { receiverCustomer: french._id }, items: [{ labelPrimary: 'Don', vat: 0, exclTaxesPrice: 10 }] });
    expect(zero.vatDetails.map((d) => d.vatCategory)).to.deep.equal(['E']);
    const noReason = await k.http.post(`${API}/invoices/${zero._id}/emit`);
    expect(noReason.status).to.equal(409);
    expect(noReason.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['items.0.vatExemptionReason']);
    expect(noReason.body.message).to.include('il manque le motif d’exonération de la ligne 1 (catégorie E (exonérée de tva))');

    const mixed = await createDraft(k.http, { fk: { receiverCustomer: swiss._id }, items: [TRAINING, FLOUR] });
    expect(mixed.vatDetails.map((d) => d.vatCategory)).to.deep.equal(['G', 'O']);
    const refused = await k.http.post(`${API}/invoices/${mixed._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.include('une facture hors du champ de la TVA (catégorie O) ne peut pas porter d’autres catégories');
    // services alone outside the EU: O, emitted, the seller's VAT number printed but not in the XML (BR-O-02)
    const services = await createDraft(k.http, { fk: { receiverCustomer: swiss._id }, items: [TRAINING] });
    const o = await emit(k.http, services._id);
    expect(o.items[0]).to.include({ vatCategory: 'O', vat: 0 });
    const read = readCii((await k.http.get(`${API}/invoices/${o._id}/xml`)).body as string);
    expect([read.seller.vat, read.taxes[0].category, read.taxes[0].exemptionReason]).to.deep.equal([undefined, 'O', 'TVA non applicable, art. 259-1 du CGI']);
  });

  it('refuse (400, rien d’enregistré) ce qu’une ligne ne peut pas dire : un motif en catégorie S, une catégorie inconnue, K en franchise', async () => {
    const before = await tableCounts(k);
    const reason = await k.http.post(`${API}/invoices`, { items: [{ ...TRAINING, vatCategory: 'S', vatExemptionReason: { code: 'VATEX-EU-G' } }] });
    expect(reason.status).to.equal(400);
    expect(reason.body.message).to.equal('Ligne 1 : la catégorie S (tva française) n’a pas de motif d’exonération.');
    expect(reason.body.details[0].field).to.equal('items.0.vatExemptionReason');
    const unknown = await k.http.post(`${API}/invoices`, { items: [{ ...TRAINING, vatCategory: 'B' }] });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.details[0].field).to.match(/^items\.0\.vatCategory/);
    const code = await k.http.post(`${API}/invoices`, { items: [{ ...TRAINING, vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-293B' } }] });
    expect(code.status).to.equal(400);
    const franchise = await k.http.post(`${API}/invoices`, { subjectToVAT: false, items: [{ ...FLOUR, vatCategory: 'K' }] });
    expect(franchise.status).to.equal(400);
    expect(franchise.body.message).to.equal('Ligne 1 : une entreprise non assujettie à la TVA (franchise en base, art. 293 B du CGI) ne facture qu’en catégorie E, pas en K (livraison intracommunautaire).');
    expect(franchise.body.details[0].field).to.equal('items.0.vatCategory');
    expect(await tableCounts(k)).to.deep.equal(before);
  });

  it('une facture émise avant les catégories se lit comme alors (S, Z) : son empreinte et la chaîne restent valides', async () => {
    const draft = await createDraft(k.http, { fk: { receiverCustomer: french._id }, items: [FLOUR, { labelPrimary: 'Don', vat: 0, exclTaxesPrice: 10, vatCategory: 'E', vatExemptionReason: { text: 'Exonéré' } }] });
    const invoice = await emit(k.http, draft._id);
    // as an emission of before issue 13 stored it: no category anywhere, the 0 % line as it was
    const strip = <T extends object>(o: T) => { const { vatCategory: _c, vatExemptionReason: _r, ...rest } = o as Record<string, unknown>; return rest; };
    const legacy = { ...invoice, items: invoice.items.map(strip), vatDetails: invoice.vatDetails.map(strip) } as Invoice;
    const previous = await k.db('invoicing_invoices').where({ fk_company: k.admin.companyId, number: invoice.number! - 1 }).first();
    const hash = invoiceHash(previous?.hash ?? null, legacy);
    await k.db('invoicing_invoices').where('_id', invoice._id).update({ items: JSON.stringify(legacy.items), vatDetails: JSON.stringify(legacy.vatDetails), hash });
    await k.db('invoicing_chain_heads').where({ fk_company: k.admin.companyId, chain: 'invoice' }).update({ lastHash: hash });
    const integrity = (await k.http.get(`${API}/integrity`)).body;
    expect(integrity.valid, JSON.stringify(integrity)).to.equal(true);
    // its e-invoice, made again from the row as stored (the one frozen at its emission is a file apart)
    const stored = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(stored.hash).to.equal(hash);
    expect(stored.items.map((l) => l.vatCategory)).to.deep.equal([undefined, undefined]);
    const read = readCii(buildFacturXXml(stored));
    expect(read.lines.map((l) => l.category)).to.deep.equal(['S', 'Z']);
    expect(read.taxes.map((t) => [t.category, t.exemptionReason])).to.deep.equal([['Z', undefined], ['S', undefined]]);
  });
});
