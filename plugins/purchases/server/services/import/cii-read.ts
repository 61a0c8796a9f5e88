/**
 * Reads a Cross Industry Invoice (UN/CEFACT CII D16B, the XML of Factur-X and ZUGFeRD 2.x) into
 * plain data, with fast-xml-parser. Amounts stay decimal strings (the engine parses them); dates
 * `YYYYMMDD` (format 102) become `YYYY-MM-DD`. What the file lacks is left undefined: the
 * conversion (cii-to-purchase.ts) says so in the report. Refusals are French 400s naming `content`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { refuse } from './refusals.ts';

export interface CiiAddress { line1?: string; line2?: string; line3?: string; zipCode?: string; city?: string; country?: string }

export interface CiiParty {
  name?: string;
  /** legal registration (BT-30): a SIRET or SIREN with scheme 0002 for French companies */
  legalId?: string;
  legalScheme?: string;
  vatNumber?: string;
  address?: CiiAddress;
  email?: string;
  phone?: string;
}

export interface CiiAllowanceCharge {
  /** true: a charge (frais), false: an allowance (remise) */
  charge: boolean;
  amount?: string;
  reason?: string;
  vatRate?: string;
  vatCategory?: string;
}

export interface CiiLine {
  id?: string;
  name?: string;
  description?: string;
  sellerRef?: string;
  quantity?: string;
  unitCode?: string;
  /** net unit price (BT-146) for `basisQuantity` units */
  netPrice?: string;
  basisQuantity?: string;
  /** net line amount (BT-131): quantity × net price, line allowances and charges included */
  lineTotal?: string;
  vatRate?: string;
  vatCategory?: string;
  allowancesCharges: CiiAllowanceCharge[];
}

export interface CiiTax { rate?: string; category?: string; basis?: string; amount?: string; exemptionReason?: string }

export interface CiiTotals {
  lineTotal?: string; chargeTotal?: string; allowanceTotal?: string; taxBasis?: string; taxTotal?: string;
  rounding?: string; grandTotal?: string; prepaid?: string; duePayable?: string;
}

export interface CiiInvoice {
  /** BT-24, e.g. urn:cen.eu:en16931:2017 */
  guideline?: string;
  /** BT-3: 380 invoice, 381 credit note, 384 corrected invoice… */
  typeCode?: string;
  number?: string;
  issueDate?: string;
  dueDate?: string;
  paymentTerms?: string;
  currency?: string;
  notes: string[];
  seller: CiiParty;
  buyer: CiiParty;
  orderReference?: string;
  contractReference?: string;
  precedingInvoice?: { number?: string; date?: string };
  lines: CiiLine[];
  allowancesCharges: CiiAllowanceCharge[];
  taxes: CiiTax[];
  totals: CiiTotals;
}

/** Every element is a list of nodes; a leaf's text is `#text`, attributes `@name`. */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // every element as a list: one way to walk a document whose repetitions vary by profile
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

function children(node: Node | undefined, name: string): Node[] {
  const value = node?.[name];
  return Array.isArray(value) ? value as Node[] : [];
}

/** The first node along a path (first of each level). */
function at(node: Node | undefined, ...path: string[]): Node | undefined {
  let current = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** Every node at the end of a path. */
function all(node: Node | undefined, ...path: string[]): Node[] {
  let level: Node[] = node ? [node] : [];
  for (const name of path) level = level.flatMap((n) => children(n, name));
  return level;
}

const text = (node: Node | undefined): string | undefined => {
  const value = node?.['#text'];
  const s = typeof value === 'string' ? value.trim() : undefined;
  return s ? s : undefined;
};
const textAt = (node: Node | undefined, ...path: string[]) => text(at(node, ...path));
const attr = (node: Node | undefined, name: string) => (typeof node?.[`@${name}`] === 'string' ? node[`@${name}`] as string : undefined);

/** `YYYYMMDD` (format 102, the only one EN 16931 allows) as `YYYY-MM-DD`; anything else undefined. */
export function ciiDate(node: Node | undefined): string | undefined {
  const s = textAt(node, 'DateTimeString');
  const m = s?.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const day = new Date(`${iso}T12:00:00Z`);
  // 20260231 is not a day
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** BT-34: an e-mail only when its scheme says so (EM); otherwise a routing identifier. */
function electronicAddress(node: Node | undefined): string | undefined {
  const uri = at(node, 'URIUniversalCommunication', 'URIID');
  return attr(uri, 'schemeID') === 'EM' ? text(uri) : undefined;
}

function party(node: Node | undefined): CiiParty {
  const legal = at(node, 'SpecifiedLegalOrganization', 'ID');
  const registrations = all(node, 'SpecifiedTaxRegistration', 'ID');
  const vat = registrations.find((r) => attr(r, 'schemeID') === 'VA') ?? undefined;
  const address = at(node, 'PostalTradeAddress');
  return {
    name: textAt(node, 'Name'),
    legalId: text(legal),
    legalScheme: attr(legal, 'schemeID'),
    vatNumber: text(vat),
    address: address && {
      line1: textAt(address, 'LineOne'), line2: textAt(address, 'LineTwo'), line3: textAt(address, 'LineThree'),
      zipCode: textAt(address, 'PostcodeCode'), city: textAt(address, 'CityName'), country: textAt(address, 'CountryID'),
    },
    email: textAt(node, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID') ?? electronicAddress(node),
    phone: textAt(node, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber'),
  };
}

function allowanceCharge(node: Node): CiiAllowanceCharge {
  return {
    charge: textAt(node, 'ChargeIndicator', 'Indicator') === 'true',
    amount: textAt(node, 'ActualAmount'),
    reason: textAt(node, 'Reason'),
    vatRate: textAt(node, 'CategoryTradeTax', 'RateApplicablePercent'),
    vatCategory: textAt(node, 'CategoryTradeTax', 'CategoryCode'),
  };
}

function line(node: Node): CiiLine {
  const product = at(node, 'SpecifiedTradeProduct');
  const net = at(node, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
  const quantity = at(node, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const settlement = at(node, 'SpecifiedLineTradeSettlement');
  return {
    id: textAt(node, 'AssociatedDocumentLineDocument', 'LineID'),
    name: textAt(product, 'Name'),
    description: textAt(product, 'Description'),
    sellerRef: textAt(product, 'SellerAssignedID'),
    quantity: text(quantity),
    unitCode: attr(quantity, 'unitCode'),
    netPrice: textAt(net, 'ChargeAmount'),
    basisQuantity: textAt(net, 'BasisQuantity'),
    lineTotal: textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
    vatRate: textAt(settlement, 'ApplicableTradeTax', 'RateApplicablePercent'),
    vatCategory: textAt(settlement, 'ApplicableTradeTax', 'CategoryCode'),
    allowancesCharges: all(settlement, 'SpecifiedTradeAllowanceCharge').map(allowanceCharge),
  };
}

/** The tax total in the invoice's currency: BT-110 may be given twice (BT-111 in the VAT currency). */
function taxTotal(summation: Node | undefined, currency: string | undefined): string | undefined {
  const totals = all(summation, 'TaxTotalAmount');
  const own = totals.find((t) => !currency || !attr(t, 'currencyID') || attr(t, 'currencyID') === currency);
  return text(own ?? totals[0]);
}

/** Well-formed XML whose root is a CrossIndustryInvoice, read; anything else refused with a French reason. */
export function readCii(xml: string): CiiInvoice {
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096)) || /<!ENTITY/i.test(xml)) {
    if (/<!DOCTYPE\s+html/i.test(xml.slice(0, 4096))) throw refuse('Ce fichier est une page HTML, pas une facture : importez le PDF Factur-X ou le fichier XML (CII) reçu du fournisseur.');
    throw refuse('Ce fichier XML déclare une DTD (<!DOCTYPE> ou <!ENTITY>) : une facture CII n’en a pas, il est refusé.');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw refuse(`Ce fichier XML est mal formé (ligne ${valid.err.line}, colonne ${valid.err.col}) : ce n’est pas une facture lisible.`);
  }
  const doc = parser.parse(xml) as Node;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootName === 'html' || rootName === 'HTML') throw refuse('Ce fichier est une page HTML, pas une facture : importez le PDF Factur-X ou le fichier XML (CII) reçu du fournisseur.');
  if (rootName === 'Invoice' || rootName === 'CreditNote') {
    throw refuse(`Ce fichier est une facture UBL (élément « ${rootName} ») : seules les factures CII (Factur-X, ZUGFeRD) sont lues pour l’instant.`);
  }
  if (rootName !== 'CrossIndustryInvoice') {
    throw refuse(`Ce fichier XML n’est pas une facture CII : son élément racine est « ${rootName ?? '(aucun)'} » au lieu de « CrossIndustryInvoice ».`);
  }
  const root = at(doc, rootName);
  const document = at(root, 'ExchangedDocument');
  const transaction = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const terms = at(settlement, 'SpecifiedTradePaymentTerms');
  const preceding = at(settlement, 'InvoiceReferencedDocument');
  return {
    guideline: textAt(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    typeCode: textAt(document, 'TypeCode'),
    number: textAt(document, 'ID'),
    issueDate: ciiDate(at(document, 'IssueDateTime')),
    dueDate: ciiDate(at(terms, 'DueDateDateTime')),
    paymentTerms: textAt(terms, 'Description'),
    currency,
    notes: all(document, 'IncludedNote', 'Content').map(text).filter((s): s is string => !!s),
    seller: party(at(agreement, 'SellerTradeParty')),
    buyer: party(at(agreement, 'BuyerTradeParty')),
    orderReference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    contractReference: textAt(agreement, 'ContractReferencedDocument', 'IssuerAssignedID'),
    precedingInvoice: preceding && { number: textAt(preceding, 'IssuerAssignedID'), date: ciiDate(at(preceding, 'FormattedIssueDateTime')) },
    lines: all(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
    allowancesCharges: all(settlement, 'SpecifiedTradeAllowanceCharge').map(allowanceCharge),
    taxes: all(settlement, 'ApplicableTradeTax').map((t) => ({
      rate: textAt(t, 'RateApplicablePercent'), category: textAt(t, 'CategoryCode'), basis: textAt(t, 'BasisAmount'),
      amount: textAt(t, 'CalculatedAmount'), exemptionReason: textAt(t, 'ExemptionReason'),
    })),
    totals: {
      lineTotal: textAt(summation, 'LineTotalAmount'), chargeTotal: textAt(summation, 'ChargeTotalAmount'),
      allowanceTotal: textAt(summation, 'AllowanceTotalAmount'), taxBasis: textAt(summation, 'TaxBasisTotalAmount'),
      taxTotal: taxTotal(summation, currency), rounding: textAt(summation, 'RoundingAmount'),
      grandTotal: textAt(summation, 'GrandTotalAmount'), prepaid: textAt(summation, 'TotalPrepaidAmount'),
      duePayable: textAt(summation, 'DuePayableAmount'),
    },
  };
}
