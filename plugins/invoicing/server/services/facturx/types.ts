/**
 * What the Cross Industry Invoice is built from (plain data: the stored invoice and what the route
 * reads around it) and the intermediate model it is written from. Amounts in the model are
 * decimals already oriented for the document type: a credit note (381) carries positive amounts,
 * its sign being the type code's (EN 16931: « a credit note reverses the amounts »).
 */
import type { Decimal } from 'decimal.js';
import type { Invoice } from '../../../schemas/index.ts';
import type { PaymentMode } from '@comptoir/schemas';
import type { CalendarDay, VatReason } from '@comptoir/sdk/commerce';
import type { DocumentKind, DocumentTypeCode, VatCategory } from './codes.ts';

/** What the stored invoice does not hold and the CII can carry. Everything is optional. */
export interface FacturXContext {
  /** the invoice a credit note or a corrective invoice refers to (BT-25, BT-26) */
  sourceInvoice?: { numberFull: string; date: string } | null;
  /** the issuing company now (the sender snapshot has no e-mail, trade name nor bank account) */
  seller?: { email?: string; brandName?: string; iban?: string; bic?: string };
  /** what the customer record adds to the receiver snapshot (the Customer has no SIRET field yet) */
  buyer?: { email?: string; siret?: string; siren?: string };
  /** the payments recorded on the invoice, for the payment means (BG-16) */
  payments?: { mode: PaymentMode | string; amount: number; date: string }[];
}

export type FacturXInvoice = Pick<Invoice,
  'numberFull' | 'date' | 'subjectToVAT' | 'exclTaxesPrice' | 'inclTaxesPrice' | 'vatAmount' | 'vatDetails' | 'items'
  | 'vatCalculationMethod' | 'sender' | 'receiver' | 'paidAmount' | 'unpaidAmount' | 'freeData' | 'comment'
  | 'invoiceComment' | 'headerTitle' | 'headerMessage' | 'itemsTypeForDeclaration' | 'userName' | 'fk' | 'deliveryDate'>;

/** Something the CII cannot be made without: `field` is the invoice path, `label` French. */
export interface MissingField {
  field: string;
  label: string;
}

export interface CiiAddress {
  postcode?: string;
  line1?: string;
  line2?: string;
  city?: string;
  country: string;
}

export interface CiiParty {
  siret?: string;
  name: string;
  /** BT-33 seller additional legal information */
  description?: string;
  siren?: string;
  tradingName?: string;
  contact?: { person?: string; phone?: string; email?: string };
  address: CiiAddress;
  /** BT-34 / BT-49: the electronic address and its scheme (0225 directory address, EM e-mail) */
  endpoint?: { id: string; scheme: string };
  vatNumber?: string;
  /** BT-32, scheme FC */
  fiscalId?: string;
}

export interface CiiLine {
  id: string;
  name: string;
  description?: string;
  sellerId?: string;
  quantity: Decimal;
  netPrice: Decimal;
  category: VatCategory;
  rate: Decimal;
  /** why no VAT (the line's; the breakdown carries it, BT-120/121) */
  exemptionReason?: VatReason;
  netAmount: Decimal;
}

export interface CiiTax {
  category: VatCategory;
  rate: Decimal;
  basis: Decimal;
  tax: Decimal;
  exemptionReason?: string;
  exemptionCode?: string;
}

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface CiiAllowanceCharge {
  charge: boolean;
  amount: Decimal;
  reason: string;
  category: VatCategory;
  rate: Decimal;
}

export interface CiiTotals {
  lines: Decimal;
  allowances: Decimal;
  charges: Decimal;
  taxBasis: Decimal;
  tax: Decimal;
  grand: Decimal;
  paid: Decimal;
  due: Decimal;
}

export interface CiiNote {
  content: string;
  subject: string;
}

export interface CiiModel {
  kind: DocumentKind;
  typeCode: DocumentTypeCode;
  businessProcess: string;
  number: string;
  issueDate: CalendarDay;
  notes: CiiNote[];
  lines: CiiLine[];
  seller: CiiParty;
  buyer: CiiParty;
  shipTo?: { name: string; address: CiiAddress };
  paymentReference: string;
  paymentMeans?: { code: string; information: string; iban?: string; bic?: string };
  taxes: CiiTax[];
  allowanceCharges: CiiAllowanceCharge[];
  paymentTerms: { description: string; dueDate?: CalendarDay };
  /** BT-72, the day of the delivery or of the service: the invoice's own when it has none (documents/operation.ts); written on every e-invoice (BR-IC-12 wants it with an intra-community supply) */
  deliveryDate: CalendarDay;
  /** BT-8, `5` (the invoice's date): the seller pays the VAT on debits (`vatOnDebitsApplies`) */
  vatPointCode?: string;
  totals: CiiTotals;
  precedingInvoice?: { number: string; date: CalendarDay };
}
