/**
 * Factur-X (FNFE-MPE / FeRD, version 1.0): the CII XML embedded in the PDF/A-3 as `factur-x.xml`
 * with AFRelationship /Alternative (listed in the catalog's /AF and in its /Names EmbeddedFiles,
 * MIME text/xml), and the XMP metadata declaring it: the PDF/A extension schema describing the
 * `fx` properties, then their values. The XMP is the one the Factur-X specification and the
 * reference implementation (Akretion's factur-x library) write.
 */
import type { Pdf } from './layout.ts';
import { FACTURX_FILE_NAME, type CONFORMANCE_LEVEL, type FACTURX_DOCUMENT_TYPE } from '../facturx/codes.ts';

export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_VERSION = '1.0';

export interface FacturXOptions {
  /** the CII XML (EN 16931 profile) */
  xml: string;
  /** INVOICE, credit notes included (their type code 381 is in the XML) */
  documentType: typeof FACTURX_DOCUMENT_TYPE;
  conformanceLevel: typeof CONFORMANCE_LEVEL;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const property = (name: string, description: string) => `
          <rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;

/** The rdf:Description blocks appended to the document's XMP packet. */
export function facturXXmp(options: FacturXOptions): string {
  return `
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property('DocumentFileName', 'name of the embedded XML invoice file')}${property('DocumentType', 'INVOICE')}${property('Version', 'The actual version of the Factur-X XML schema')}${property('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
      <fx:DocumentType>${escapeXml(options.documentType)}</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
      <fx:Version>${FACTURX_VERSION}</fx:Version>
      <fx:ConformanceLevel>${escapeXml(options.conformanceLevel)}</fx:ConformanceLevel>
    </rdf:Description>`;
}

/** pdfkit 0.20 takes `relationship` (the file spec's /AFRelationship); @types/pdfkit lags behind. */
type AttachmentOptions = NonNullable<Parameters<Pdf['file']>[1]> & { relationship?: 'Alternative' | 'Data' | 'Source' | 'Supplement' | 'Unspecified' };

/** Embeds the XML and declares it; call before `doc.end()`. */
export function embedFacturX(doc: Pdf, options: FacturXOptions, now: Date): void {
  const attachment: AttachmentOptions = {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice',
    creationDate: now,
    modifiedDate: now,
  };
  doc.file(Buffer.from(options.xml, 'utf8'), attachment);
  doc.appendXML(facturXXmp(options));
}
