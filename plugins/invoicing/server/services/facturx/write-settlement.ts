/**
 * Writes ApplicableHeaderTradeSettlement in XSD order: payment reference, currency, payment means,
 * VAT breakdown, document-level allowances and charges, payment terms, totals, preceding invoice.
 */
import { CURRENCY, DATE_FORMAT, OUT_OF_SCOPE } from './codes.ts';
import { amount, day102, decimalText } from './format.ts';
import { leaf, type XMLBuilder } from './write-parties.ts';
import type { CiiModel } from './types.ts';

function writeMeans(parent: XMLBuilder, means: NonNullable<CiiModel['paymentMeans']>): void {
  const el = parent.ele('ram:SpecifiedTradeSettlementPaymentMeans');
  el.ele('ram:TypeCode').txt(means.code);
  leaf(el, 'ram:Information', means.information);
  if (means.iban) el.ele('ram:PayeePartyCreditorFinancialAccount').ele('ram:IBANID').txt(means.iban);
  if (means.bic) el.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(means.bic);
}

function writeTaxes(parent: XMLBuilder, taxes: CiiModel['taxes']): void {
  for (const t of taxes) {
    const el = parent.ele('ram:ApplicableTradeTax');
    el.ele('ram:CalculatedAmount').txt(amount(t.tax));
    el.ele('ram:TypeCode').txt('VAT');
    leaf(el, 'ram:ExemptionReason', t.exemptionReason);
    el.ele('ram:BasisAmount').txt(amount(t.basis));
    el.ele('ram:CategoryCode').txt(t.category);
    leaf(el, 'ram:ExemptionReasonCode', t.exemptionCode);
    // outside the scope of VAT has no rate (BR-48, BR-O-06, BR-O-07)
    if (t.category !== OUT_OF_SCOPE) el.ele('ram:RateApplicablePercent').txt(decimalText(t.rate));
  }
}

function writeAllowanceCharges(parent: XMLBuilder, list: CiiModel['allowanceCharges']): void {
  for (const a of list) {
    const el = parent.ele('ram:SpecifiedTradeAllowanceCharge');
    el.ele('ram:ChargeIndicator').ele('udt:Indicator').txt(String(a.charge));
    el.ele('ram:ActualAmount').txt(amount(a.amount));
    el.ele('ram:Reason').txt(a.reason);
    const tax = el.ele('ram:CategoryTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    tax.ele('ram:CategoryCode').txt(a.category);
    if (a.category !== OUT_OF_SCOPE) tax.ele('ram:RateApplicablePercent').txt(decimalText(a.rate));
  }
}

function writeTotals(parent: XMLBuilder, m: CiiModel): void {
  const t = m.totals;
  const el = parent.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  el.ele('ram:LineTotalAmount').txt(amount(t.lines));
  if (m.allowanceCharges.some((a) => a.charge)) el.ele('ram:ChargeTotalAmount').txt(amount(t.charges));
  if (m.allowanceCharges.some((a) => !a.charge)) el.ele('ram:AllowanceTotalAmount').txt(amount(t.allowances));
  el.ele('ram:TaxBasisTotalAmount').txt(amount(t.taxBasis));
  el.ele('ram:TaxTotalAmount', { currencyID: CURRENCY }).txt(amount(t.tax));
  el.ele('ram:GrandTotalAmount').txt(amount(t.grand));
  el.ele('ram:TotalPrepaidAmount').txt(amount(t.paid));
  el.ele('ram:DuePayableAmount').txt(amount(t.due));
}

export function writeSettlement(parent: XMLBuilder, m: CiiModel): void {
  const el = parent.ele('ram:ApplicableHeaderTradeSettlement');
  el.ele('ram:PaymentReference').txt(m.paymentReference);
  el.ele('ram:InvoiceCurrencyCode').txt(CURRENCY);
  if (m.paymentMeans) writeMeans(el, m.paymentMeans);
  writeTaxes(el, m.taxes);
  writeAllowanceCharges(el, m.allowanceCharges);

  const terms = el.ele('ram:SpecifiedTradePaymentTerms');
  terms.ele('ram:Description').txt(m.paymentTerms.description);
  if (m.paymentTerms.dueDate) {
    terms.ele('ram:DueDateDateTime').ele('udt:DateTimeString', { format: DATE_FORMAT }).txt(day102(m.paymentTerms.dueDate));
  }

  writeTotals(el, m);
  if (m.precedingInvoice) {
    const ref = el.ele('ram:InvoiceReferencedDocument');
    ref.ele('ram:IssuerAssignedID').txt(m.precedingInvoice.number);
    ref.ele('ram:FormattedIssueDateTime').ele('qdt:DateTimeString', { format: DATE_FORMAT }).txt(day102(m.precedingInvoice.date));
  }
}
