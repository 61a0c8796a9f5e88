/**
 * The codes a Factur-X 1.09 EN 16931 invoice is written with, in one place: the profile, the
 * UN/CEFACT namespaces, the document type codes (UNTDID 1001), the VAT categories (UNCL 5305, their
 * exemption reasons are the engine's: `@comptoir/sdk/commerce`), the
 * payment means (UNTDID 4461), the note subjects (UNTDID 4451) and the identifier schemes (ISO 6523).
 * The README's « Factur-X » section explains each choice.
 */
import type { PaymentMode } from '@comptoir/schemas';

/** BT-24: the EN 16931 profile of Factur-X 1.09 (the guideline of the akretion and FNFE samples). */
export const GUIDELINE_EN16931 = 'urn:cen.eu:en16931:2017';
/** What the PDF/A-3 container writes in its XMP metadata (`fx:ConformanceLevel`). */
export const CONFORMANCE_LEVEL = 'EN 16931' as const;
/**
 * `fx:DocumentType` of the XMP: Factur-X 1.0 defines INVOICE for every invoice document (ORDER…
 * are Order-X's); a credit note is told apart by its type code 381 in the XML, as Akretion's
 * factur-x library writes it.
 */
export const FACTURX_DOCUMENT_TYPE = 'INVOICE' as const;
/** The attachment name Factur-X requires inside the PDF. */
export const FACTURX_FILE_NAME = 'factur-x.xml' as const;

export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** BT-3 (UNTDID 1001): invoice, credit note, corrective invoice (« facture rectificative »). */
export const DOCUMENT_TYPE = { invoice: '380', creditNote: '381', corrective: '384' } as const;
export type DocumentKind = keyof typeof DOCUMENT_TYPE;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE)[DocumentKind];

/**
 * BT-23, the French « cadre de facturation » (CIUS-FR, rule BR-FR-08): B1 goods, S1 services,
 * M1 both; the `1` is a plain invoice to be paid (2 would be « already paid », 4 « after a deposit »).
 */
export const BUSINESS_PROCESS = { good: 'B1', service: 'S1', mixed: 'M1' } as const;

/** BT-5 and the currencyID of BT-110: every Comptoir amount is in euros. */
export const CURRENCY = 'EUR';
/** BT-130, UN/ECE Recommendation 20 « one » (C62): lines have no unit of measure in Comptoir. */
export const UNIT_ONE = 'C62';
/** BT-2, BT-9, BT-26: dates as yyyymmdd. */
export const DATE_FORMAT = '102';

/**
 * BT-118 / BT-151 (UNCL 5305): the categories of `@comptoir/schemas` (S, Z, E, AE, K, G, O, L, M;
 * README « VAT categories »). O is written without rate (BR-O-05, BR-O-06, BR-O-07, BR-48).
 */
export type { VatCategory } from '@comptoir/schemas';
export const OUT_OF_SCOPE = 'O';


/** ISO 6523 ICD: SIREN (BT-30, « 0002 », as CIUS-FR requires) and SIRET (BT-29, « 0009 »). */
export const SCHEME_SIREN = '0002';
export const SCHEME_SIRET = '0009';
/** BT-31 (VAT number) and BT-32 (tax registration: the SIREN of a company without a VAT number). */
export const SCHEME_VAT = 'VA';
export const SCHEME_FISCAL = 'FC';
/** BT-34 / BT-49 electronic address scheme (EAS) « EM »: an e-mail address. */
export const SCHEME_EMAIL = 'EM';

/** BT-21 (UNTDID 4451): the subject of each note. PMD, PMT and AAB are required by CIUS-FR (BR-FR-05). */
export const NOTE_SUBJECT = {
  general: 'AAI',
  regulatory: 'REG',
  tax: 'TXD',
  penalties: 'PMD',
  recoveryIndemnity: 'PMT',
  discount: 'AAB',
} as const;

/**
 * BT-81 (UNTDID 4461) for each Comptoir payment mode. A transfer needs the payee's IBAN for 30
 * (rule BR-61); without one it is 42, « payment to bank account ».
 */
export const PAYMENT_MEANS: Record<PaymentMode, string> = {
  cash: '10',
  check: '20',
  transfer: '30',
  cb: '48',
  nfc: '48',
  amex: '54',
  debit: '49',
  paypal: '68',
  credit: '97',
  'credit-compensation': '97',
  'gift-card': '1',
  unknown: '1',
};
export const TRANSFER_WITHOUT_IBAN = '42';
