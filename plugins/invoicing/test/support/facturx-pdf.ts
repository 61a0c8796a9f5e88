/**
 * Reading a Factur-X PDF back with pdf-lib, as a receiver's software does: the file the catalog's
 * /AF associates with the document (`factur-x.xml`, its bytes decoded) and the fields of the XMP
 * packet (`fx:DocumentType`, `pdfaid:part`…).
 */
import { expect } from 'chai';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString, decodePDFRawStream } from 'pdf-lib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A PDF name or string as text. */
export const pdfText = (o: unknown): string => {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  if (o instanceof PDFName) return o.decodeText();
  throw new Error(`not a string: ${String(o)}`);
};

const load = (pdf: PDFDocument | Uint8Array) => (pdf instanceof PDFDocument ? Promise.resolve(pdf) : PDFDocument.load(pdf, { updateMetadata: false }));

export interface AssociatedFile { name: string; bytes: Buffer }

/** The files the catalog associates with the document (/AF), with their names and bytes; none for a plain PDF. */
export async function associatedFiles(pdf: PDFDocument | Uint8Array): Promise<AssociatedFile[]> {
  const doc = await load(pdf);
  const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  return Array.from({ length: af?.size() ?? 0 }, (_, i) => {
    const spec = af!.lookup(i, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream) as PDFRawStream;
    return { name: pdfText(spec.lookup(PDFName.of('UF'))), bytes: Buffer.from(decodePDFRawStream(stream).decode()) };
  });
}

/** The one associated file of a Factur-X. */
export async function associatedFile(pdf: PDFDocument | Uint8Array): Promise<AssociatedFile> {
  const files = await associatedFiles(pdf);
  expect(files, 'one associated file').to.have.length(1);
  return files[0];
}

/** The XMP packet, checked well-formed, as one record of every rdf:Description's fields. */
export async function xmpFields(pdf: PDFDocument | Uint8Array): Promise<Record<string, unknown>> {
  const doc = await load(pdf);
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'), PDFStream) as PDFRawStream;
  expect(pdfText(metadata.dict.lookup(PDFName.of('Subtype')))).to.equal('XML');
  const xmp = Buffer.from(metadata.getContents()).toString('utf8');
  const packet = xmp.slice(xmp.indexOf('<x:xmpmeta'), xmp.indexOf('</x:xmpmeta>') + '</x:xmpmeta>'.length);
  expect(XMLValidator.validate(packet), 'XMP well-formed').to.equal(true);
  const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: false, parseTagValue: false }).parse(packet);
  return Object.assign({}, ...[parsed['x:xmpmeta']['rdf:RDF']['rdf:Description']].flat());
}
