/**
 * The company's logo on its documents: uploaded by POST /api/kernel/company/logo (PNG or JPEG
 * only, judged on the content), printed top-left on invoices, Factur-X invoices and quotations as
 * one image XObject of the prepared size, opaque (no soft mask: PDF/A); without a logo, no image
 * at all. A refused upload stores nothing and leaves the company as it was.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Attachment, Company } from '@comptoir/schemas';
import type { Invoice } from '../schemas/index.ts';
import { API, bootKernel, createCustomer, emitted, makeEligible, otherCompany } from './support.ts';
import { fetchBytes } from '../../../test/support/pdf.ts';
import { associatedFile, xmpFields } from './support/facturx-pdf.ts';
import { senderOf, storedFiles, upload } from '../../../test/support/upload.ts';
import { PDF_DOC } from '../../../test/support/images.ts';

const LOGO = '/api/kernel/company/logo';

interface ImageXObject { width: number; height: number; smask: boolean; colorSpace: string; bits: number }

/** Every image XObject of the PDF. */
async function images(pdf: Buffer): Promise<ImageXObject[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const out: ImageXObject[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const n = (key: string) => (object.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    out.push({
      width: n('Width'), height: n('Height'), bits: n('BitsPerComponent'),
      smask: object.dict.has(PDFName.of('SMask')), colorSpace: String(object.dict.get(PDFName.of('ColorSpace'))),
    });
  }
  return out;
}

describe('invoicing : le logo de l’entreprise sur ses documents', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let invoice: Invoice;
  let customerId: string;
  let quotationId: string;

  before(async () => {
    k = await bootKernel({ now: () => new Date('2026-11-24T09:00:00.000Z') });
    await makeEligible(k);
    const customer = await createCustomer(k.http, {
      company: 'Café du Port SAS', vatNumber: 'FR40303265045',
      addresses: [{ address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', invoicing: true, delivery: true }],
    });
    customerId = customer._id;
    invoice = await emitted(k.http, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Pain', quantity: 10, vat: 5.5, inclTaxesPrice: 1.3 }] });
    const quotation = await k.http.post(`${API}/quotations`, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Tarte', quantity: 1, vat: 5.5, inclTaxesPrice: 21 }] });
    expect(quotation.status, JSON.stringify(quotation.body)).to.equal(201);
    quotationId = quotation.body._id;
  });
  after(async () => { await k?.stop(); });

  const pdfOf = async (path: string) => {
    const res = await fetchBytes(k.http, path);
    expect(res.status, res.bytes.toString('utf8').slice(0, 300)).to.equal(200);
    return res.bytes;
  };
  const company = async () => (await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body as Company;
  const logoOf = (c: Company) => c.attachments.filter((a: Attachment) => a.tags.includes('logo'));

  it('prints no image without a logo', async () => {
    expect(await images(await pdfOf(`${API}/invoices/${invoice._id}/pdf`))).to.deep.equal([]);
    expect(await images(await pdfOf(`${API}/invoices/${invoice._id}/facturx`))).to.deep.equal([]);
  });

  it('prints the uploaded logo once, opaque, at its size, on invoices, Factur-X invoices and quotations', async () => {
    // a half-transparent PNG, as logos often are: flattened for PDF/A
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();
    const res = await upload(senderOf(k), [{ name: 'logo.png', type: 'image/png', data: png }], {}, LOGO);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body._id).to.equal(k.admin.companyId);
    const [logo] = logoOf(res.body);
    expect(logo).to.deep.include({ folder: k.admin.companyId, subfolder: 'logo', mime: 'image/png', tags: ['logo'], name: 'logo.png' });
    const expected = { width: 400, height: 300, smask: false, colorSpace: '/DeviceRGB', bits: 8 };
    // an invoice emitted before keeps its PDF as emitted, without the logo (invoicing README « Factur-X », Frozen e-invoice)
    expect(await images(await pdfOf(`${API}/invoices/${invoice._id}/pdf`))).to.deep.equal([]);
    const after = await emitted(k.http, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Pain', quantity: 10, vat: 5.5, inclTaxesPrice: 1.3 }] });
    expect(await images(await pdfOf(`${API}/invoices/${after._id}/pdf`))).to.deep.equal([expected]);
    expect(await images(await pdfOf(`${API}/quotations/${quotationId}/pdf`))).to.deep.equal([expected]);
    const facturX = await pdfOf(`${API}/invoices/${after._id}/facturx`);
    expect(await images(facturX)).to.deep.equal([expected]);
    // still a PDF/A-3 Factur-X with its XML
    expect((await associatedFile(facturX)).name).to.equal('factur-x.xml');
    expect(await xmpFields(facturX)).to.include({ 'pdfaid:part': '3', 'pdfaid:conformance': 'B' });
  });

  it('replaces the logo (the previous bytes go) and scales a large photo down, aspect ratio kept', async () => {
    const previous = logoOf(await company())[0];
    const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
    const res = await upload(senderOf(k), [{ name: 'boutique.jpg', type: 'image/jpeg', data: jpeg }], {}, LOGO);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(logoOf(res.body).map((a) => a.mime)).to.deep.equal(['image/jpeg']);
    expect(storedFiles(k).filter((f) => f.includes(previous.filename))).to.deep.equal([]);
    // at most 900 × 360 pixels: 2000 × 1500 becomes 480 × 360 (on an invoice emitted with it)
    const latest = await emitted(k.http, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Pain', quantity: 10, vat: 5.5, inclTaxesPrice: 1.3 }] });
    const [image] = await images(await pdfOf(`${API}/invoices/${latest._id}/pdf`));
    expect(image).to.deep.include({ width: 480, height: 360, smask: false });
  });

  it('refuses a file that is not a PNG or JPEG image, in French, and stores nothing', async () => {
    const disk = storedFiles(k);
    const before = (await company()).attachments;
    const pdf = await upload(senderOf(k), [{ name: 'logo.pdf', type: 'application/pdf', data: PDF_DOC }], {}, LOGO);
    expect(pdf.status).to.equal(400);
    expect(pdf.body.message).to.equal('Le fichier « logo.pdf » n’est pas une image PNG ou JPEG : envoyez une image PNG ou JPEG.');
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c87828' } }).gif().toBuffer();
    expect((await upload(senderOf(k), [{ name: 'logo.gif', type: 'image/gif', data: gif }], {}, LOGO)).status).to.equal(400);
    // a PNG name on other bytes: judged on the content
    const fake = await upload(senderOf(k), [{ name: 'logo.png', type: 'image/png', data: PDF_DOC }], {}, LOGO);
    expect(fake.status).to.be.within(400, 499);
    expect((await company()).attachments).to.deep.equal(before);
    expect(storedFiles(k)).to.deep.equal(disk);
  });

  it('removes the logo: the documents are printed without an image again', async () => {
    const res = await k.http.delete(LOGO);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(logoOf(res.body)).to.deep.equal([]);
    const later = await emitted(k.http, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Pain', quantity: 10, vat: 5.5, inclTaxesPrice: 1.3 }] });
    expect(await images(await pdfOf(`${API}/invoices/${later._id}/pdf`))).to.deep.equal([]);
    expect(await images(await pdfOf(`${API}/quotations/${quotationId}/pdf`))).to.deep.equal([]);
  });

  it('never prints bytes stored for another company, even when the attachments list written by PUT names them', async () => {
    const other = await otherCompany(k, 'Voisin SARL');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1e5ac8' } }).png().toBuffer();
    const theirs = await upload({ url: k.url, token: k.admin.token, company: other.company }, [{ name: 'voisin.png', type: 'image/png', data: png }], {}, LOGO);
    expect(theirs.status, JSON.stringify(theirs.body)).to.equal(200);
    const [foreign] = logoOf(theirs.body);
    const put = await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { attachments: [foreign] });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    expect(await images(await pdfOf(`${API}/quotations/${quotationId}/pdf`))).to.deep.equal([]);
  });
});
