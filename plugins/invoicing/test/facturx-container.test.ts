/**
 * The Factur-X container of `renderDocumentPdf(document, { facturX })`, read back with pdf-lib: a
 * real EN 16931 CII invoice of testdata embedded byte for byte as `factur-x.xml` (/AFRelationship
 * /Alternative, in the catalog's /AF and /Names EmbeddedFiles, MIME text/xml, dated), the XMP
 * packet (well-formed; PDF/A-3b identification; Factur-X extension schema and values), the sRGB
 * output intent, every font embedded, the info dictionary consistent with the XMP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from 'pdf-lib';
import { facturXXmp, renderDocumentPdf, type PdfDocument } from '../server/services/pdf/index.ts';
import { pdfText } from '../../../test/support/pdf.ts';
import { associatedFile, pdfText as text, xmpFields } from './support/facturx-pdf.ts';

// the shared test data beside the checkout, or where COMPTOIR_TESTDATA_DIR says (a worktree)
const SAMPLES = path.join(process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/testdata'), 'facturx/samples');
const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));

const DOCUMENT: PdfDocument = {
  kind: 'invoice', title: 'Facture', numberFull: 'F-2026-0000042', date: '2026-11-24T09:00:00.000Z',
  dueDate: '2026-12-24T09:00:00.000Z', expirationDate: null,
  sender: {
    name: 'Roux & Fils <Boulangerie>', status: 'SARL', capital: 10000, siret: '12345678200010', siren: '123456782', naf: '1071C', vatNumber: 'FR11123456782',
    address: { address: '12 rue de la République', zipCode: '69002', city: 'Lyon', country: 'France', delivery: true, invoicing: true },
  },
  senderEmail: 'contact@roux.example',
  receiver: { company: 'Hôtel du Parc' },
  subjectToVAT: true,
  vatCalculationMethod: 'rounded-total',
  items: [{ uuid: 'l1', quantity: 2, vat: 20, labelPrimary: 'Atelier pâtisserie', exclTaxesPrice: 100, inclTaxesPrice: 120, type: 'service' }],
  categories: [{ vatCategory: 'S' }],
  vatDetails: [{ vat: 20, totalExclTaxes: 200, totalInclTaxes: 240, amount: 40, vatCategory: 'S' }],
  exclTaxesPrice: 200, vatAmount: 40, inclTaxesPrice: 240,
  settlement: { paidAmount: 0, unpaidAmount: 240, payments: [] },
  headerMessage: null, freeData: null, comment: null, sourceInvoice: null, professional: true, vatOnDebits: false,
  operation: { nature: 'service', deliveryDay: '2026-11-24', deliveryAddress: null },
};

describe('invoicing : conteneur Factur-X (PDF/A-3b)', function () {
  this.timeout(30_000);
  const xmlBytes = sample('akretion-factur-x-en16931.xml');
  const now = new Date('2026-11-24T10:00:00.000Z');
  let bytes: Buffer;
  let pdf: PDFDocument;

  before(async () => {
    bytes = await renderDocumentPdf(DOCUMENT, {
      now, facturX: { xml: xmlBytes.toString('utf8'), documentType: 'INVOICE', conformanceLevel: 'EN 16931' },
    });
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  });

  const catalog = () => pdf.catalog;
  const lookupDict = (d: PDFDict, key: string) => d.lookup(PDFName.of(key), PDFDict);

  it('embarque le XML octet pour octet sous « factur-x.xml », relation /Alternative, type text/xml, listé dans /AF et /Names', async () => {
    const names = lookupDict(lookupDict(catalog(), 'Names'), 'EmbeddedFiles').lookup(PDFName.of('Names'), PDFArray);
    expect(names.size()).to.equal(2);
    expect(text(names.lookup(0))).to.equal('factur-x.xml');
    const spec = names.lookup(1, PDFDict);
    expect(text(spec.lookup(PDFName.of('Type')))).to.equal('Filespec');
    expect(text(spec.lookup(PDFName.of('AFRelationship')))).to.equal('Alternative');
    expect(text(spec.lookup(PDFName.of('F')))).to.equal('factur-x.xml');
    expect(text(spec.lookup(PDFName.of('UF')))).to.equal('factur-x.xml');

    const stream = lookupDict(spec, 'EF').lookup(PDFName.of('F'), PDFStream) as PDFRawStream;
    expect(text(stream.dict.lookup(PDFName.of('Type')))).to.equal('EmbeddedFile');
    expect(text(stream.dict.lookup(PDFName.of('Subtype')))).to.equal('text/xml');
    const embedded = Buffer.from(decodePDFRawStream(stream).decode());
    expect(embedded.equals(xmlBytes)).to.equal(true);
    const params = lookupDict(stream.dict, 'Params');
    expect(params.lookup(PDFName.of('Size'))!.toString()).to.equal(String(xmlBytes.length));
    expect(text(params.lookup(PDFName.of('ModDate')))).to.match(/^D:20261124100000/);

    // the catalog's associated files point at the same file specification
    const af = catalog().lookup(PDFName.of('AF'), PDFArray);
    expect(af.size()).to.equal(1);
    expect(af.get(0).toString()).to.equal(names.get(1).toString());
  });

  it('déclare PDF/A-3b et Factur-X EN 16931 dans un XMP bien formé, cohérent avec le dictionnaire d’information', async () => {
    const fields = await xmpFields(pdf);
    const field = (name: string) => fields[name];
    expect(String(field('pdfaid:part'))).to.equal('3');
    expect(field('pdfaid:conformance')).to.equal('B');
    expect(field('fx:DocumentType')).to.equal('INVOICE');
    expect(field('fx:DocumentFileName')).to.equal('factur-x.xml');
    expect(String(field('fx:Version'))).to.equal('1.0');
    expect(field('fx:ConformanceLevel')).to.equal('EN 16931');
    expect(fields['@_xmlns:fx']).to.equal('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    // the extension schema describes the four fx properties
    const schema = JSON.stringify(field('pdfaExtension:schemas'));
    expect(schema).to.contain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    for (const p of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) expect(schema).to.contain(`"pdfaProperty:name":"${p}"`);
    // the title is the same in the info dictionary and in the XMP (markup characters kept out of both)
    expect(pdf.getTitle()).to.equal('Facture F-2026-0000042');
    expect(pdf.getAuthor()).to.equal('Roux et Fils Boulangerie');
    expect(JSON.stringify(field('dc:title'))).to.contain('Facture F-2026-0000042');
    expect(pdf.getKeywords()).to.equal('Factur-X');
  });

  it('a l’intention de sortie sRGB, toutes ses polices embarquées, et reste la même facture lisible', async () => {
    const intents = catalog().lookup(PDFName.of('OutputIntents'), PDFArray);
    const intent = intents.lookup(0, PDFDict);
    expect(text(intent.lookup(PDFName.of('S')))).to.equal('GTS_PDFA1');
    expect(text(intent.lookup(PDFName.of('OutputConditionIdentifier')))).to.equal('sRGB IEC61966-2.1');
    expect(intent.lookup(PDFName.of('DestOutputProfile'))).to.be.instanceOf(PDFRawStream);

    const objects = pdf.context.enumerateIndirectObjects().map(([, o]) => (o instanceof PDFDict ? o : o instanceof PDFRawStream ? o.dict : null));
    const ofType = (t: string) => objects.filter((d): d is PDFDict => !!d && d.lookup(PDFName.of('Type')) === PDFName.of(t));
    const fonts = ofType('Font');
    expect(fonts.length).to.be.greaterThan(0);
    expect(fonts.filter((f) => f.lookup(PDFName.of('Subtype')) === PDFName.of('Type1')), 'no standard (unembedded) font').to.have.length(0);
    const descriptors = ofType('FontDescriptor');
    expect(descriptors.length).to.be.greaterThan(0);
    for (const d of descriptors) expect(d.lookup(PDFName.of('FontFile2')), text(d.lookup(PDFName.of('FontName')))).to.be.instanceOf(PDFRawStream);

    expect(bytes.subarray(0, 8).toString('latin1')).to.equal('%PDF-1.7');
    const printed = (await pdfText(bytes)).text;
    expect(printed).to.contain('Numéro : F-2026-0000042');
    expect(printed).to.contain('Total TTC 240,00 €');
  });

  it('écrit le type de document INVOICE et le nom factur-x.xml dans le XMP ; refuse un brouillon', async () => {
    const xmp = facturXXmp({ xml: '', documentType: 'INVOICE', conformanceLevel: 'EN 16931' });
    expect(xmp).to.contain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).to.contain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    let error: Error | null = null;
    try {
      await renderDocumentPdf({ ...DOCUMENT, numberFull: null }, { facturX: { xml: '<x/>', documentType: 'INVOICE', conformanceLevel: 'EN 16931' } });
    } catch (e) { error = e as Error; }
    expect(error?.message).to.match(/draft/);
  });

  it('un avoir embarque de même l’exemple FNFE de type 381, déclaré INVOICE (Factur-X 1.0 : le type 381 est dans le XML)', async () => {
    const credit = sample('fnfe-Avoir_FR_type381_EN16931.xml');
    const out = await renderDocumentPdf({ ...DOCUMENT, kind: 'creditNote', title: 'Avoir', inclTaxesPrice: -240 }, {
      facturX: { xml: credit.toString('utf8'), documentType: 'INVOICE', conformanceLevel: 'EN 16931' },
    });
    const embedded = await associatedFile(out);
    expect(embedded.name).to.equal('factur-x.xml');
    expect(embedded.bytes.equals(credit)).to.equal(true);
    expect((await xmpFields(out))['fx:DocumentType']).to.equal('INVOICE');
  });
});
