/**
 * Reads a Cross Industry Invoice back with fast-xml-parser (namespaces dropped, every value kept as
 * text) into plain data, so that the tests check what was written, not what was meant.
 */
import { Decimal } from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';

const REPEATED = new Set([
  'IncludedNote', 'IncludedSupplyChainTradeLineItem', 'ApplicableTradeTax', 'SpecifiedTradeAllowanceCharge',
  'SpecifiedTaxRegistration', 'GlobalID', 'InvoiceReferencedDocument', 'SpecifiedTradeSettlementPaymentMeans', 'TaxTotalAmount',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
});

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;

/** The text of an element that may carry attributes. */
const txt = (n: Node): string | undefined => (n === undefined ? undefined : typeof n === 'object' ? n['#text'] : String(n));
const dec = (n: Node): Decimal | undefined => (txt(n) === undefined ? undefined : new Decimal(txt(n)!));
const list = (n: Node): Node[] => (n === undefined ? [] : Array.isArray(n) ? n : [n]);

export interface PartyRead {
  name?: string;
  siren?: string;
  sirenScheme?: string;
  siret?: string;
  vat?: string;
  fiscal?: string;
  country?: string;
  postcode?: string;
  city?: string;
  line1?: string;
  /** BT-34 / BT-49 and its scheme (0225 directory address, EM e-mail) */
  endpoint?: string;
  endpointScheme?: string;
  contactPerson?: string;
}

function party(p: Node): PartyRead {
  if (!p) return {};
  const regs = list(p.SpecifiedTaxRegistration).map((r) => r.ID);
  const reg = (scheme: string) => txt(regs.find((id) => id['@schemeID'] === scheme));
  return {
    name: txt(p.Name),
    siren: txt(p.SpecifiedLegalOrganization?.ID),
    sirenScheme: p.SpecifiedLegalOrganization?.ID?.['@schemeID'],
    siret: txt(list(p.GlobalID).find((g) => g['@schemeID'] === '0009')),
    vat: reg('VA'),
    fiscal: reg('FC'),
    country: txt(p.PostalTradeAddress?.CountryID),
    postcode: txt(p.PostalTradeAddress?.PostcodeCode),
    city: txt(p.PostalTradeAddress?.CityName),
    line1: txt(p.PostalTradeAddress?.LineOne),
    endpoint: txt(p.URIUniversalCommunication?.URIID),
    endpointScheme: p.URIUniversalCommunication?.URIID?.['@schemeID'],
    contactPerson: txt(p.DefinedTradeContact?.PersonName),
  };
}

export function readCii(xml: string) {
  const root = parser.parse(xml).CrossIndustryInvoice;
  const doc = root.ExchangedDocument;
  const tx = root.SupplyChainTradeTransaction;
  const agreement = tx.ApplicableHeaderTradeAgreement;
  const settlement = tx.ApplicableHeaderTradeSettlement;
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
  const amountTexts: string[] = [];
  const amount = (n: Node): Decimal | undefined => {
    const t = txt(n);
    if (t !== undefined) amountTexts.push(t);
    return dec(n);
  };
  const lines = list(tx.IncludedSupplyChainTradeLineItem).map((l) => ({
    id: txt(l.AssociatedDocumentLineDocument?.LineID),
    name: txt(l.SpecifiedTradeProduct?.Name),
    description: txt(l.SpecifiedTradeProduct?.Description),
    sellerId: txt(l.SpecifiedTradeProduct?.SellerAssignedID),
    price: dec(l.SpecifiedLineTradeAgreement?.NetPriceProductTradePrice?.ChargeAmount),
    quantity: dec(l.SpecifiedLineTradeDelivery?.BilledQuantity),
    unitCode: l.SpecifiedLineTradeDelivery?.BilledQuantity?.['@unitCode'],
    category: txt(list(l.SpecifiedLineTradeSettlement?.ApplicableTradeTax)[0]?.CategoryCode),
    rate: dec(list(l.SpecifiedLineTradeSettlement?.ApplicableTradeTax)[0]?.RateApplicablePercent),
    net: amount(l.SpecifiedLineTradeSettlement?.SpecifiedTradeSettlementLineMonetarySummation?.LineTotalAmount),
  }));
  const taxes = list(settlement.ApplicableTradeTax).map((t) => ({
    tax: amount(t.CalculatedAmount),
    basis: amount(t.BasisAmount),
    category: txt(t.CategoryCode),
    rate: dec(t.RateApplicablePercent),
    exemptionReason: txt(t.ExemptionReason),
    exemptionCode: txt(t.ExemptionReasonCode),
  }));
  const allowanceCharges = list(settlement.SpecifiedTradeAllowanceCharge).map((a) => ({
    charge: txt(a.ChargeIndicator?.Indicator) === 'true',
    amount: amount(a.ActualAmount),
    reason: txt(a.Reason),
    category: txt(a.CategoryTradeTax?.CategoryCode),
    rate: dec(a.CategoryTradeTax?.RateApplicablePercent),
  }));
  const taxTotal = list(sums.TaxTotalAmount)[0];
  const means = list(settlement.SpecifiedTradeSettlementPaymentMeans)[0];
  const preceding = list(settlement.InvoiceReferencedDocument).map((r) => ({
    number: txt(r.IssuerAssignedID), date: txt(r.FormattedIssueDateTime?.DateTimeString),
  }));
  return {
    businessProcess: txt(root.ExchangedDocumentContext?.BusinessProcessSpecifiedDocumentContextParameter?.ID),
    guideline: txt(root.ExchangedDocumentContext?.GuidelineSpecifiedDocumentContextParameter?.ID),
    number: txt(doc.ID),
    typeCode: txt(doc.TypeCode),
    issueDate: txt(doc.IssueDateTime?.DateTimeString),
    notes: list(doc.IncludedNote).map((n) => ({ content: txt(n.Content) ?? '', subject: txt(n.SubjectCode) })),
    lines,
    seller: party(agreement.SellerTradeParty),
    sellerDescription: txt(agreement.SellerTradeParty?.Description),
    buyer: party(agreement.BuyerTradeParty),
    shipTo: tx.ApplicableHeaderTradeDelivery?.ShipToTradeParty ? party(tx.ApplicableHeaderTradeDelivery.ShipToTradeParty) : undefined,
    currency: txt(settlement.InvoiceCurrencyCode),
    paymentReference: txt(settlement.PaymentReference),
    paymentMeans: means ? { code: txt(means.TypeCode), information: txt(means.Information), iban: txt(means.PayeePartyCreditorFinancialAccount?.IBANID) } : undefined,
    taxes,
    allowanceCharges,
    terms: { description: txt(settlement.SpecifiedTradePaymentTerms?.Description), dueDate: txt(settlement.SpecifiedTradePaymentTerms?.DueDateDateTime?.DateTimeString) },
    totals: {
      lines: amount(sums.LineTotalAmount),
      charges: amount(sums.ChargeTotalAmount),
      allowances: amount(sums.AllowanceTotalAmount),
      taxBasis: amount(sums.TaxBasisTotalAmount),
      tax: amount(taxTotal),
      taxCurrency: taxTotal?.['@currencyID'] as string | undefined,
      grand: amount(sums.GrandTotalAmount),
      paid: amount(sums.TotalPrepaidAmount),
      due: amount(sums.DuePayableAmount),
    },
    preceding,
    amountTexts,
  };
}

export type CiiRead = ReturnType<typeof readCii>;
