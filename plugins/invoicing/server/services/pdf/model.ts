/**
 * What a printed document shows, as plain data: `documentFromInvoice` and `documentFromQuotation`
 * turn the stored records (plus what the route loads beside them: payments, the credited invoice,
 * the company for a draft) into a `PdfDocument`, which the layout draws without reading anything.
 */
import {
  CORRECTIVE_INVOICE_TITLE, PAYMENT_MODE_LABELS, legacyVatCategory, senderFromCompany, type PaymentMode, type VatCategoryChoice,
} from '@comptoir/sdk/commerce';
import { isCreditNote, isDraftInvoice, type Invoice, type Quotation } from '../../../schemas/index.ts';
import type { Address, Company, LineItem, Payment, Receiver, Sender, VatCalculationMethod, VatDetail } from '@comptoir/schemas';
import { companyConditions, dueDateOf, isProfessionalCustomer, paymentTermsDaysOf } from '../document-terms.ts';
import { deliveryDayOf, differentDeliveryAddress, operationNature, vatOnDebitsApplies, type OperationNature } from '../documents/operation.ts';
import { lineCategories, saleParties } from '../documents/vat-categories.ts';

export const DOCUMENT_KINDS = ['invoice', 'creditNote', 'corrective', 'quotation'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The title printed for each kind when the document has no `headerTitle` of its own. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  invoice: 'Facture',
  creditNote: 'Avoir',
  corrective: 'Facture corrective',
  quotation: 'Devis',
};

export interface PdfPayment { date: string; label: string; amount: number }

/** What an invoice says of the operation it bills (documents/operation.ts): the XML says the same. */
export interface PdfOperation {
  nature: OperationNature;
  /** 'YYYY-MM-DD': the document's `deliveryDate`, else its date (BT-72) */
  deliveryDay: string;
  /** the receiver's delivery address when it is not the invoicing one (BG-13) */
  deliveryAddress: Address | null;
}

export interface PdfDocument {
  kind: DocumentKind;
  /** « Facture », « Avoir », « Facture corrective », « Devis », or the document's `headerTitle` */
  title: string;
  /** null for an invoice draft: it is printed « BROUILLON — sans valeur », never numbered */
  numberFull: string | null;
  date: string;
  /** invoices (not credit notes): the Paris calendar day, 'YYYY-MM-DD' (`dueDateOf`) */
  dueDate: string | null;
  /** the term `dueDate` is counted with (`paymentTermsDaysOf`; 30 when absent) */
  paymentTermsDays?: number;
  /** quotations: « Devis valable jusqu’au … » */
  expirationDate: string | null;
  /** the frozen snapshot of an emitted document (the company's current identity for a draft) */
  sender: Sender;
  /** contact e-mail of the company (not part of the frozen snapshot) */
  senderEmail: string | null;
  receiver: Receiver | null;
  subjectToVAT: boolean;
  /** how the totals were computed: what a line's « Total TTC » is (documents/printed-totals.ts) */
  vatCalculationMethod: VatCalculationMethod;
  items: LineItem[];
  /** each line's VAT category and reason (README « VAT categories »), in the order of `items` */
  categories: VatCategoryChoice[];
  /** with their category (a document of before issue 13: the one its rate says) */
  vatDetails: VatDetail[];
  exclTaxesPrice: number;
  vatAmount: number;
  inclTaxesPrice: number;
  /** invoices: what was paid, and what is still due */
  settlement: { paidAmount: number; unpaidAmount: number; payments: PdfPayment[] } | null;
  headerMessage: string | null;
  /**
   * the company's conditions as printed: an invoice's `freeData` without what a legal mention says
   * (`companyConditions`, the XML's AAI note); a quotation's as written
   */
  freeData: string | null;
  /** the customer owes the commercial penalties and the 40 € indemnity (`isProfessionalCustomer`, as the XML) */
  professional: boolean;
  /** invoices, credit notes and corrective invoices; null for a quotation */
  operation: PdfOperation | null;
  /** « Option pour le paiement de la TVA d’après les débits » (`vatOnDebitsApplies`) */
  vatOnDebits: boolean;
  comment: string | null;
  /** the invoice a credit note or a corrective invoice refers to */
  sourceInvoice: { numberFull: string; date: string } | null;
  /** a credit note's reason, printed « Motif : … » unless the header message already says it */
  creditReason?: string | null;
  /**
   * the company's logo, printed top-left (`kernel.companies.logo()`: PNG, no transparency); none:
   * the layout is the one without logo. The company's current logo, not a snapshot: a logo is no
   * legal mention, and a reprinted invoice shows the company as it is now.
   */
  logo?: PdfLogo | null;
}

/** An image ready to embed: 8-bit RGB PNG bytes and their size in pixels. */
export interface PdfLogo { data: Buffer; width: number; height: number }

const text = (v: string | undefined | null) => (v && v.trim() ? v : null);

export function invoiceKind(invoice: Pick<Invoice, 'inclTaxesPrice' | 'headerTitle' | 'fk'>): DocumentKind {
  if (isCreditNote(invoice)) return 'creditNote';
  if (invoice.fk?.sourceInvoice && invoice.headerTitle === CORRECTIVE_INVOICE_TITLE) return 'corrective';
  return 'invoice';
}

export function paymentLabel(mode: string): string {
  return PAYMENT_MODE_LABELS[mode as PaymentMode] ?? mode;
}

/** The details with their category: those of a document computed before issue 13 have none, their rate says it. */
const categorizedDetails = (doc: Pick<Invoice, 'vatDetails' | 'subjectToVAT'>): VatDetail[] =>
  doc.vatDetails.map((d) => (d.vatCategory ? d : { ...d, vatCategory: legacyVatCategory(doc.subjectToVAT, d.vat).vatCategory }));

export interface InvoiceExtras {
  /** the active company: the sender of a draft, and the contact e-mail */
  company: Company;
  payments?: Pick<Payment, 'date' | 'mode' | 'amount'>[];
  source?: Pick<Invoice, 'numberFull' | 'date'> | null;
}

export function documentFromInvoice(invoice: Invoice, extras: InvoiceExtras): PdfDocument {
  const kind = invoiceKind(invoice);
  const draft = isDraftInvoice(invoice);
  const payments = [...(extras.payments ?? [])]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((p) => ({ date: p.date, label: paymentLabel(p.mode), amount: p.amount }));
  const sender = draft || !invoice.sender ? (senderFromCompany(extras.company) as Sender) : invoice.sender;
  const nature = operationNature(invoice);
  const paymentTermsDays = paymentTermsDaysOf({ receiver: invoice.receiver, sender });
  return {
    kind,
    title: text(invoice.headerTitle) ?? DOCUMENT_TITLES[kind],
    numberFull: draft ? null : invoice.numberFull!,
    date: invoice.date,
    dueDate: kind === 'creditNote' ? null : dueDateOf(invoice.date, paymentTermsDays),
    paymentTermsDays,
    expirationDate: null,
    sender,
    senderEmail: text(extras.company.email),
    receiver: invoice.receiver ?? null,
    subjectToVAT: invoice.subjectToVAT,
    vatCalculationMethod: invoice.vatCalculationMethod,
    items: invoice.items,
    categories: lineCategories({ ...invoice, frozen: !draft }, saleParties(sender, invoice.receiver)),
    vatDetails: categorizedDetails(invoice),
    exclTaxesPrice: invoice.exclTaxesPrice,
    vatAmount: invoice.vatAmount,
    inclTaxesPrice: invoice.inclTaxesPrice,
    settlement: draft ? null : { paidAmount: invoice.paidAmount, unpaidAmount: invoice.unpaidAmount, payments },
    headerMessage: text(invoice.headerMessage),
    freeData: companyConditions(invoice.freeData),
    professional: isProfessionalCustomer(invoice.receiver),
    operation: { nature, deliveryDay: deliveryDayOf(invoice), deliveryAddress: differentDeliveryAddress(invoice.receiver) },
    vatOnDebits: vatOnDebitsApplies({ subjectToVAT: invoice.subjectToVAT, sender, nature }),
    comment: text(invoice.comment),
    sourceInvoice: extras.source?.numberFull ? { numberFull: extras.source.numberFull, date: extras.source.date } : null,
    creditReason: kind === 'creditNote' ? text(invoice.creditReason) : null,
  };
}

export function documentFromQuotation(quotation: Quotation, company: Company): PdfDocument {
  const sender = quotation.sender ?? (senderFromCompany(company) as Sender);
  return {
    kind: 'quotation',
    title: DOCUMENT_TITLES.quotation,
    numberFull: quotation.numberFull ?? null,
    date: quotation.date,
    dueDate: null,
    expirationDate: quotation.expirationDate,
    sender,
    senderEmail: text(company.email),
    receiver: quotation.receiver ?? null,
    subjectToVAT: quotation.subjectToVAT,
    vatCalculationMethod: quotation.vatCalculationMethod,
    items: quotation.items,
    categories: lineCategories({ ...quotation, frozen: false }, saleParties(sender, quotation.receiver)),
    vatDetails: categorizedDetails(quotation),
    exclTaxesPrice: quotation.exclTaxesPrice,
    vatAmount: quotation.vatAmount,
    inclTaxesPrice: quotation.inclTaxesPrice,
    settlement: null,
    headerMessage: null,
    freeData: text(quotation.freeData),
    professional: isProfessionalCustomer(quotation.receiver),
    operation: null,
    vatOnDebits: false,
    comment: text(quotation.comment),
    sourceInvoice: null,
    creditReason: null,
  };
}

type Named = Pick<PdfDocument, 'kind' | 'numberFull'>;

/** « Facture-F-2026-0000042 », « Avoir-… », « Facture-corrective-… », « Devis-… », « Facture-brouillon » for a draft. */
function baseName(doc: Named): string {
  const base = DOCUMENT_TITLES[doc.kind].replace(/\s+/g, '-');
  const number = doc.numberFull ? doc.numberFull.replace(/[^\p{L}\p{N}._-]+/gu, '-') : 'brouillon';
  return `${base}-${number}`;
}

/** « Facture-F-2026-0000042.pdf » (the Factur-X PDF has the same name: it is the same document). */
export const pdfFileName = (doc: Named): string => `${baseName(doc)}.pdf`;

/** « Facture-F-2026-0000042-factur-x.xml », the CII XML alone. */
export const xmlFileName = (doc: Named): string => `${baseName(doc)}-factur-x.xml`;
