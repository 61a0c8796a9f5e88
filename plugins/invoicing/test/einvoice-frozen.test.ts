/**
 * The frozen e-invoice (invoicing README « Factur-X », Frozen e-invoice), on SQLite and MariaDB:
 * emission produces the XML and the Factur-X PDF once, after its commit, stores them and keeps
 * their SHA-256; every later download serves the same bytes — after payments, a refund, the end of
 * the fiscal year, changes of the company and of the customer — and so does the sending. A render
 * that fails leaves the e-invoice « à produire », produced on first use; ten first downloads at once
 * store one e-invoice; a stored file changed or removed is reported by « Intégrité », naming the
 * invoice; a draft's PDF stays a live preview.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { TEST_ADMIN } from '@comptoir/sdk/testing';
import {
  API, bootKernel, createCustomer, createDraft, emit, emitted, makeEligible, pay, setNumbering, updateCompany,
} from './support.ts';
import { fetchBytes, pdfText } from '../../../test/support/pdf.ts';
import { fetchFec } from './fec-support.ts';
import { readCii } from './support/cii-read.ts';
import { associatedFile, xmpFields } from './support/facturx-pdf.ts';
import { requireXmllint, validateEn16931 } from './support/xmllint.ts';
import { renderSeam, renderEInvoice } from '../server/services/einvoice/einvoice-render.ts';
import { loadInvoiceRecords } from '../server/services/invoice-records.ts';

interface FileStorage {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Downloads { pdf: Buffer; facturX: Buffer; xml: Buffer }

describe('invoicing : facture électronique figée à l’émission', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let http: TestHttp;
  let firm: string;
  let now = new Date('2026-12-20T10:00:00.000Z');
  /** moves the clock (and signs in again: the session follows the clock) */
  const at = async (iso: string) => {
    now = new Date(iso);
    http = k.http.as((await k.login(TEST_ADMIN.email, TEST_ADMIN.password)).token);
  };
  const storage = (): FileStorage => k.kernel.container.resolve('storage');
  const folder = () => `${k.admin.companyId}/plugin-invoicing/`;
  /** the stored names of an invoice's e-invoice files */
  const storedOf = async (id: string): Promise<string[]> => {
    const names: string[] = [];
    for await (const key of storage().list(`${folder()}einvoice-${id}-`)) names.push(key.slice(folder().length));
    return names.sort();
  };
  const rowsOf = (id: string) => k.db('invoicing_einvoices').where({ fk_invoice: id });

  async function downloads(id: string): Promise<Downloads> {
    const get = async (what: string) => {
      const res = await fetchBytes(http, `${API}/invoices/${id}/${what}`);
      expect(res.status, `${what}: ${res.bytes.toString('utf8').slice(0, 300)}`).to.equal(200);
      return res.bytes;
    };
    return { pdf: await get('pdf'), facturX: await get('facturx'), xml: await get('xml') };
  }

  function expectSame(later: Downloads, first: Downloads, when: string): void {
    expect(sha256(later.xml), `XML ${when}`).to.equal(sha256(first.xml));
    expect(sha256(later.facturX), `Factur-X ${when}`).to.equal(sha256(first.facturX));
    expect(sha256(later.pdf), `PDF ${when}`).to.equal(sha256(first.pdf));
  }

  before(async function () {
    requireXmllint(this);
    k = await bootKernel({ now: () => now });
    http = k.http;
    await makeEligible(k);
    await setNumbering(k, 'invoice', { prefix: 'F-2026-' });
    await updateCompany(k, { fiscalYears: [{ name: 'Exercice 2026', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T23:59:59.999Z' }] });
    firm = (await createCustomer(http, {
      company: 'Café du Port SAS', vatNumber: 'FR40303265045', email: 'compta@cafeduport.fr',
      addresses: [{ address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', invoicing: true, delivery: true }],
    }))._id;
  });
  afterEach(() => { renderSeam.beforeRender = null; });
  after(async () => { await k?.stop(); });

  it('fige le XML et le PDF à l’émission : mêmes octets après paiements, remboursement, fin d’exercice et changements de l’entreprise et du client', async () => {
    const invoice = await emitted(http, {
      items: [{ labelPrimary: 'Pièce montée', quantity: 1, vat: 5.5, exclTaxesPrice: 100 }, { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 20 }],
      fk: { receiverCustomer: firm },
    });
    // produced by the emission: its state, its files and their SHA-256
    const state = (await http.get(`${API}/invoices/${invoice._id}/einvoice`)).body;
    expect(state).to.deep.include({ invoice: invoice._id, status: 'produced', facturX: true, missing: [], renderedAt: now.toISOString() });
    const first = await downloads(invoice._id);
    expect(state.pdf).to.deep.equal({ fileName: `Facture-${invoice.numberFull}.pdf`, sha256: sha256(first.pdf), size: first.pdf.length });
    expect(state.xml).to.deep.equal({ fileName: `Facture-${invoice.numberFull}-factur-x.xml`, sha256: sha256(first.xml), size: first.xml.length });
    // one PDF: /pdf and /facturx serve the same stored Factur-X, its embedded XML is /xml
    expect(first.pdf.equals(first.facturX)).to.equal(true);
    expect((await associatedFile(first.facturX)).bytes.equals(first.xml)).to.equal(true);
    // the stored files are those bytes, named by their SHA-256
    expect(await storedOf(invoice._id)).to.deep.equal([
      `einvoice-${invoice._id}-${sha256(first.pdf)}.pdf`, `einvoice-${invoice._id}-${sha256(first.xml)}.xml`,
    ].sort());
    expect((await storage().get(`${folder()}einvoice-${invoice._id}-${sha256(first.xml)}.xml`))!.equals(first.xml)).to.equal(true);
    // dated by the emission, as emitted: nothing paid, the total due, valid
    expect((await xmpFields(first.facturX))['xmp:CreateDate']).to.equal('2026-12-20T10:00:00Z');
    const cii = readCii(first.xml.toString('utf8'));
    expect([cii.totals.paid!.toFixed(2), cii.totals.due!.toFixed(2)]).to.deep.equal(['0.00', '129.50']);
    expect(validateEn16931({ first: first.xml.toString('utf8') }).valid.first).to.equal(true);
    expect((await pdfText(first.pdf)).text).to.contain('Net à payer 129,50 €');

    await at('2026-12-21T09:00:00.000Z');
    expect((await pay(http, invoice._id, 10, 'cb')).status).to.equal('partially_paid');
    expectSame(await downloads(invoice._id), first, 'after a 10 € payment');
    expect((await pay(http, invoice._id, -5, 'cb')).paidAmount).to.equal(5);
    expectSame(await downloads(invoice._id), first, 'after a refund');
    expect((await pay(http, invoice._id, 124.5, 'transfer')).status).to.equal('paid');
    expectSame(await downloads(invoice._id), first, 'once paid');

    await updateCompany(k, {
      name: 'Boulangerie Martin & Fils SARL', brandName: 'Chez Martin', email: 'bonjour@martin-et-fils.fr',
      address: { address: '1 avenue Foch', city: 'Lyon', zipCode: '69006', country: 'France', delivery: true, invoicing: true },
    }, http);
    const customer = (await http.get(`/api/contacts/customers/${firm}`)).body;
    expect((await http.put(`/api/contacts/customers/${firm}`, {
      email: 'factures@cafeduport.fr',
      addresses: [{ ...customer.addresses[0], address: '9 rue de Siam' }],
    })).status).to.equal(200);
    expectSame(await downloads(invoice._id), first, 'after the company and the customer changed');

    // the year is over: 2027 begins, its fiscal year is added, 2026's FEC is closed
    await at('2027-01-10T09:00:00.000Z');
    await updateCompany(k, { fiscalYears: [
      { name: 'Exercice 2026', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T23:59:59.999Z' },
      { name: 'Exercice 2027', startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-12-31T23:59:59.999Z' },
    ] }, http);
    const fec = await fetchFec(http, '2026');
    expect([fec.status, fec.headers.get('x-fec-closed')]).to.deep.equal([200, 'true']);
    expectSame(await downloads(invoice._id), first, 'after the year-end');

    // the same files, the same record: nothing was produced again
    expect(await rowsOf(invoice._id)).to.have.length(1);
    expect((await storedOf(invoice._id))).to.have.length(2);
    // the payments live apart: the invoice's status and its payments list
    const now2027 = (await http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect([now2027.status, now2027.paidAmount, now2027.unpaidAmount]).to.deep.equal(['paid', 129.5, 0]);
    const payments = (await http.get(`${API}/payments`, { query: { filters: { 'fk.invoice': { mode: 'eq', value: invoice._id } } } })).body;
    expect(payments.data.map((p: { amount: number }) => p.amount)).to.have.members([10, -5, 124.5]);
    await at('2026-12-22T09:00:00.000Z');
  });

  it('rend le même octet pour octet à chaque fois (dates de l’émission, pas d’identifiant au hasard)', async () => {
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    const stored = await downloads(invoice._id);
    await at('2026-12-23T15:30:00.000Z');
    const again = await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const one = await renderEInvoice(ctx, await loadInvoiceRecords(ctx, invoice._id));
      const two = await renderEInvoice(ctx, await loadInvoiceRecords(ctx, invoice._id));
      return [one, two];
    }, 'invoicing');
    for (const rendered of again) {
      expect(rendered.pdf.equals(stored.pdf)).to.equal(true);
      expect(rendered.xml!.equals(stored.xml)).to.equal(true);
    }
  });

  it('un avoir émis sur une facture en partie payée : sa compensation fait partie de l’avoir émis, le remboursement suivant non', async () => {
    const source = await emitted(http, { items: [{ labelPrimary: 'Buffet', quantity: 1, vat: 20, exclTaxesPrice: 100 }], fk: { receiverCustomer: firm } });
    await pay(http, source._id, 20, 'cb');
    const draft = (await http.post(`${API}/invoices/${source._id}/credit`)).body as Invoice;
    const credit = await emit(http, draft._id);
    const first = await downloads(credit._id);
    const read = (xml: Buffer) => readCii(xml.toString('utf8'));
    expect(read(first.xml).typeCode).to.equal('381');
    // compensated at its emission: 100 € deducted from the invoice's unpaid amount, 20 € left to refund
    expect([read(first.xml).totals.paid!.toFixed(2), read(first.xml).totals.due!.toFixed(2)]).to.deep.equal(['100.00', '20.00']);
    expect((await pdfText(first.pdf)).text).to.contain('Reste à rembourser 20,00 €');
    // the refund recorded afterwards lives apart
    expect((await pay(http, credit._id, -20, 'transfer')).status).to.equal('paid');
    expectSame(await downloads(credit._id), first, 'after the refund of the credit note');
    // the source's e-invoice, as emitted before its payment and the credit note: the whole total due
    const sourceXml = read((await downloads(source._id)).xml);
    expect([sourceXml.totals.paid!.toFixed(2), sourceXml.totals.due!.toFixed(2)]).to.deep.equal(['0.00', '120.00']);
  });

  it('un rendu qui échoue laisse la facture émise et sa facture électronique « à produire » ; le premier téléchargement la produit', async () => {
    let failures = 0;
    renderSeam.beforeRender = () => { failures += 1; renderSeam.beforeRender = null; throw new Error('rendu impossible (test)'); };
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    // rendered after the answer, in the background (README « Frozen e-invoice », When)
    await k.kernel.background.idle();
    expect(failures).to.equal(1);
    expect(invoice.numberFull).to.match(/^F-2026-/);
    expect((await http.get(`${API}/invoices/${invoice._id}/einvoice`)).body).to.deep.equal({ invoice: invoice._id, status: 'pending' });
    expect(await rowsOf(invoice._id)).to.have.length(0);
    expect(await storedOf(invoice._id)).to.deep.equal([]);
    // the chains are whole: nothing is broken, only still to produce
    expect((await http.get(`${API}/integrity`)).body).to.include({ valid: true });

    const first = await downloads(invoice._id);
    const state = (await http.get(`${API}/invoices/${invoice._id}/einvoice`)).body;
    expect(state).to.deep.include({ status: 'produced', facturX: true });
    expect(state.pdf.sha256).to.equal(sha256(first.pdf));
    expect(await rowsOf(invoice._id)).to.have.length(1);
    // dated by the emission all the same
    expect((await xmpFields(first.pdf))['xmp:CreateDate']).to.equal(`${invoice.date.slice(0, 19)}Z`);
  });

  it('le rendu ne tient pas le verrou de numérotation : une autre facture est émise pendant le rendu de la précédente (MariaDB)', async function () {
    // SQLite has one connection for the whole process: any transaction, the render's too, waits for the one before
    if (!process.env.DATABASE_URL) this.skip();
    const next = await createDraft(http, { fk: { receiverCustomer: firm } });
    let during: Invoice | null = null;
    renderSeam.beforeRender = async () => {
      renderSeam.beforeRender = null;
      const res = await http.post(`${API}/invoices/${next._id}/emit`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      during = res.body as Invoice;
    };
    const first = await emitted(http, { fk: { receiverCustomer: firm } });
    // its render, after the answer, emits the next invoice from inside
    await k.kernel.background.idle();
    expect(during, 'emitted while the previous invoice was being rendered').to.not.equal(null);
    expect(during!.number).to.equal(first.number! + 1);
    for (const id of [first._id, next._id]) expect((await http.get(`${API}/invoices/${id}/einvoice`)).body.status).to.equal('produced');
    expect((await http.get(`${API}/integrity`)).body).to.include({ valid: true });
  });

  it('« Produire maintenant » (POST /invoices/:id/einvoice) après un échec ; une fois produite, elle ne change plus', async () => {
    renderSeam.beforeRender = () => { renderSeam.beforeRender = null; throw new Error('rendu impossible (test)'); };
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    await k.kernel.background.idle();
    const produced = await http.post(`${API}/invoices/${invoice._id}/einvoice`);
    expect(produced.status, JSON.stringify(produced.body)).to.equal(200);
    expect(produced.body).to.deep.include({ status: 'produced', facturX: true });
    const again = await http.post(`${API}/invoices/${invoice._id}/einvoice`);
    expect(again.body).to.deep.equal(produced.body);
    expect((await downloads(invoice._id)).xml.toString('utf8')).to.contain(invoice.numberFull!);
  });

  it('dix premiers téléchargements simultanés stockent une seule facture électronique, et servent les mêmes octets', async () => {
    renderSeam.beforeRender = () => { renderSeam.beforeRender = null; throw new Error('rendu impossible (test)'); };
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    await k.kernel.background.idle();
    expect(await rowsOf(invoice._id)).to.have.length(0);
    const paths = Array.from({ length: 10 }, (_, i) => `${API}/invoices/${invoice._id}/${['facturx', 'pdf'][i % 2]}`);
    // every download renders before any stores: each found it « à produire », nine lose the race
    let started = 0;
    let release!: () => void;
    const all = new Promise<void>((resolve) => { release = resolve; });
    renderSeam.beforeRender = () => { started += 1; if (started === paths.length) release(); return all; };
    const answers = await Promise.all(paths.map((p) => fetchBytes(http, p)));
    expect(started).to.equal(paths.length);
    for (const a of answers) expect(a.status, a.bytes.toString('utf8').slice(0, 300)).to.equal(200);
    expect(new Set(answers.map((a) => sha256(a.bytes))).size).to.equal(1);
    const rows = await rowsOf(invoice._id);
    expect(rows).to.have.length(1);
    expect(rows[0].pdfSha256).to.equal(sha256(answers[0].bytes));
    expect(await storedOf(invoice._id)).to.deep.equal([
      `einvoice-${invoice._id}-${rows[0].pdfSha256}.pdf`, `einvoice-${invoice._id}-${rows[0].xmlSha256}.xml`,
    ].sort());
  });

  it('une facture émise avant les factures figées est produite au premier téléchargement, telle qu’émise (sans ses paiements)', async () => {
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    const produced = await downloads(invoice._id);
    // as an invoice of before: no record, no files
    for (const name of await storedOf(invoice._id)) await storage().remove(folder() + name);
    await rowsOf(invoice._id).del();
    await pay(http, invoice._id, 3, 'cash');
    expect((await http.get(`${API}/invoices/${invoice._id}/einvoice`)).body.status).to.equal('pending');
    const lazily = await downloads(invoice._id);
    expectSame(lazily, produced, 'produced on first download');
    expect(readCii(lazily.xml.toString('utf8')).totals.paid!.toFixed(2)).to.equal('0.00');
  });

  it('« Intégrité » signale un fichier modifié ou disparu en nommant la facture ; le téléchargement refuse de le servir', async () => {
    const invoice = await emitted(http, { fk: { receiverCustomer: firm } });
    const { pdf, xml } = await downloads(invoice._id);
    const pdfKey = `${folder()}einvoice-${invoice._id}-${sha256(pdf)}.pdf`;
    const xmlKey = `${folder()}einvoice-${invoice._id}-${sha256(xml)}.xml`;
    expect((await http.get(`${API}/integrity`)).body).to.include({ valid: true });

    // one byte of the PDF changed on the storage
    const changed = Buffer.from(pdf);
    changed[changed.length - 10] ^= 0x01;
    await storage().put(pdfKey, changed);
    try {
      expect((await http.get(`${API}/integrity`)).body).to.deep.equal({
        valid: false, checked: (await http.get(`${API}/integrity`)).body.checked,
        firstBroken: { kind: 'einvoice-pdf', _id: invoice._id, number: invoice.numberFull },
      });
      const kernel = (await http.get('/api/kernel/integrity')).body;
      const invoices = kernel.chains.find((c: { id: string }) => c.id === 'invoicing.invoices');
      expect(invoices).to.deep.include({ valid: false });
      expect(invoices.firstBroken).to.include({ kind: 'einvoice-pdf', _id: invoice._id, reason: 'file-altered' });
      expect(invoices.firstBroken.message).to.equal(`le PDF de la facture ${invoice.numberFull} a été modifié : son fichier ne correspond plus à l’empreinte SHA-256 enregistrée quand il a été produit`);
      expect(kernel.chains.find((c: { id: string }) => c.id === 'invoicing.payments')).to.deep.include({ valid: true });
      const refused = await http.get(`${API}/invoices/${invoice._id}/pdf`);
      expect(refused.status).to.equal(409);
      expect(refused.body.message).to.equal(`Le PDF de la facture ${invoice.numberFull} a été modifié depuis sa production : il ne correspond plus à son empreinte SHA-256 enregistrée et n’est pas servi. Voyez Comptabilité › Intégrité.`);
    } finally {
      await storage().put(pdfKey, pdf);
    }
    expect((await http.get(`${API}/integrity`)).body).to.include({ valid: true });

    // the XML gone
    await storage().remove(xmlKey);
    try {
      const kernel = (await http.get('/api/kernel/integrity')).body;
      const invoices = kernel.chains.find((c: { id: string }) => c.id === 'invoicing.invoices');
      expect(invoices.firstBroken).to.include({ kind: 'einvoice-xml', _id: invoice._id, reason: 'file-missing' });
      expect(invoices.firstBroken.message).to.equal(`le XML Factur-X de la facture ${invoice.numberFull} a disparu du stockage des fichiers : il ne peut plus être vérifié`);
      const refused = await http.get(`${API}/invoices/${invoice._id}/xml`);
      expect(refused.status).to.equal(409);
      expect(refused.body.message).to.contain(`Le XML Factur-X de la facture ${invoice.numberFull} est introuvable`);
    } finally {
      await storage().put(xmlKey, xml);
    }
    expect((await http.get('/api/kernel/integrity')).body.valid).to.equal(true);
  });

  it('une facture sans Factur-X possible fige son PDF simple ; un brouillon reste un aperçu, jamais stocké', async () => {
    const nowhere = await createCustomer(http, {
      company: 'Client Lointain SARL', addresses: [{ address: '1 rue Haute', zipCode: '1000', city: 'Nulle Part', country: 'Bretagne', invoicing: true, delivery: true }],
    });
    const invoice = await emitted(http, { fk: { receiverCustomer: nowhere._id } });
    const state = (await http.get(`${API}/invoices/${invoice._id}/einvoice`)).body;
    expect(state).to.deep.include({ status: 'produced', facturX: false, xml: null });
    expect(state.missing).to.deep.equal([{ field: 'receiver.invoicingAddress.country', label: 'le pays du client (« Bretagne » n’est pas un pays reconnu)' }]);
    const pdf = await fetchBytes(http, `${API}/invoices/${invoice._id}/pdf`);
    expect(sha256(pdf.bytes)).to.equal(state.pdf.sha256);
    await pay(http, invoice._id, 1, 'cash');
    expect(sha256((await fetchBytes(http, `${API}/invoices/${invoice._id}/pdf`)).bytes)).to.equal(state.pdf.sha256);
    const facturX = await http.get(`${API}/invoices/${invoice._id}/facturx`);
    expect(facturX.status).to.equal(409);
    expect(facturX.body.message).to.equal('Impossible de produire la facture électronique Factur-X (EN 16931) : il manque le pays du client (« Bretagne » n’est pas un pays reconnu).');
    expect(await storedOf(invoice._id)).to.deep.equal([`einvoice-${invoice._id}-${state.pdf.sha256}.pdf`]);

    const draft = await createDraft(http, { fk: { receiverCustomer: firm } });
    const preview = await fetchBytes(http, `${API}/invoices/${draft._id}/pdf`);
    expect(preview.status).to.equal(200);
    expect((await pdfText(preview.bytes)).text).to.contain('BROUILLON');
    expect(await rowsOf(draft._id)).to.have.length(0);
    expect(await storedOf(draft._id)).to.deep.equal([]);
    for (const res of [await http.get(`${API}/invoices/${draft._id}/einvoice`), await http.post(`${API}/invoices/${draft._id}/einvoice`)]) {
      expect(res.status).to.equal(409);
      expect(res.body.message).to.equal('Une facture brouillon n’a pas de facture électronique : émettez-la d’abord.');
    }
    expect((await http.get(`${API}/invoices/0123456789abcdef01234567/einvoice`)).status).to.equal(404);
    expect((await http.post(`${API}/invoices/pas-un-id/einvoice`)).status).to.equal(400);
  });
});
