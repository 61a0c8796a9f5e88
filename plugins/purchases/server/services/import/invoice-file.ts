/**
 * What an imported file is, by its content (never its name): a PDF carrying a Factur-X / ZUGFeRD /
 * XRechnung XML (read with pdf-lib from the PDF's embedded files: the `EmbeddedFiles` name tree and
 * the PDF/A-3 `AF` list), or a bare XML. Anything else is refused with a French reason.
 */
import {
  PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString, decodePDFRawStream, type PDFObject,
} from 'pdf-lib';
import { refuse } from './refusals.ts';

/** The names the Factur-X 1.0, ZUGFeRD 2.x and XRechnung specifications give the embedded invoice. */
const INVOICE_ATTACHMENTS = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

export interface InvoiceXml {
  /** « Factur-X (PDF, factur-x.xml) » or « XML » */
  format: string;
  xml: string;
}

interface Embedded { name: string; bytes: Uint8Array }

const nameOf = (spec: PDFDict): string => {
  for (const key of ['UF', 'F']) {
    const value = spec.lookup(PDFName.of(key));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  }
  return '';
};

function fileOf(spec: PDFDict): Embedded | null {
  const ef = spec.lookup(PDFName.of('EF'));
  if (!(ef instanceof PDFDict)) return null;
  const stream = ef.lookup(PDFName.of('F')) ?? ef.lookup(PDFName.of('UF'));
  if (!(stream instanceof PDFRawStream)) return null;
  return { name: nameOf(spec), bytes: decodePDFRawStream(stream).decode() };
}

/** The file specifications of the document: its name tree (Names, Kids) and its associated files. */
function fileSpecs(doc: PDFDocument): PDFDict[] {
  const found = new Map<string, PDFDict>();
  const add = (o: PDFObject | undefined) => {
    const spec = o instanceof PDFRef ? doc.context.lookup(o) : o;
    if (spec instanceof PDFDict) found.set(o instanceof PDFRef ? o.toString() : `#${found.size}`, spec);
  };
  const seen = new Set<PDFDict>();
  const walk = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || seen.has(node) || depth > 16) return;
    seen.add(node);
    const names = node.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) add(names.get(i));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i), depth + 1);
  };
  const names = doc.catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict) walk(names.lookup(PDFName.of('EmbeddedFiles')), 0);
  const af = doc.catalog.lookup(PDFName.of('AF'));
  if (af instanceof PDFArray) for (let i = 0; i < af.size(); i++) add(af.get(i));
  return [...found.values()];
}

async function xmlOfPdf(bytes: Uint8Array): Promise<InvoiceXml> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    throw refuse('Ce PDF est illisible ou endommagé : il ne peut pas être importé.');
  }
  if (doc.isEncrypted) throw refuse('Ce PDF est chiffré (protégé par un mot de passe) : sa facture électronique ne peut pas être lue.');
  let files: Embedded[];
  try {
    files = fileSpecs(doc).map(fileOf).filter((f): f is Embedded => f !== null);
  } catch {
    throw refuse('Les fichiers joints à ce PDF sont illisibles : il ne peut pas être importé.');
  }
  const invoice = files.find((f) => INVOICE_ATTACHMENTS.includes(f.name.toLowerCase()));
  if (!invoice) {
    const others = files.map((f) => `« ${f.name || 'sans nom'} »`).join(', ');
    throw refuse(files.length
      ? `Ce PDF n’est pas une facture Factur-X : il ne contient pas de fichier factur-x.xml (fichiers joints : ${others}).`
      : 'Ce PDF ne contient aucune facture électronique (pas de fichier factur-x.xml joint) : ce n’est pas un PDF Factur-X. Importez le fichier XML de la facture, ou saisissez l’achat à la main.');
  }
  return { format: `Factur-X (PDF, ${invoice.name})`, xml: decodeXml(invoice.bytes) };
}

/** XML bytes as text: the encoding its declaration names (UTF-8 by default), without a BOM. */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const label = head.match(/<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/)?.[1] ?? 'utf-8';
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw refuse(`Ce fichier XML annonce un encodage inconnu (« ${label} ») : il ne peut pas être lu.`);
  }
  try {
    return decoder.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw refuse(`Ce fichier XML n’est pas du texte ${label.toUpperCase()} valide : il ne peut pas être lu.`);
  }
}

/** The invoice XML of an imported file: from a Factur-X PDF, or the file itself when it is XML. */
export async function invoiceXmlOf(bytes: Uint8Array): Promise<InvoiceXml> {
  if (bytes.length === 0) throw refuse('Le fichier est vide.');
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, 64)).replace(/^(\uFEFF|ï»¿|\s)+/, '');
  if (start.startsWith('<')) return { format: 'XML (CII)', xml: decodeXml(bytes) };
  // a PDF's header may follow a few bytes of garbage (the specification tolerates up to 1 024)
  if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) return xmlOfPdf(bytes);
  throw refuse('Ce fichier n’est ni un PDF ni un fichier XML : importez le PDF Factur-X ou le fichier XML (CII) de la facture.');
}
