/** Writes one IncludedSupplyChainTradeLineItem (BG-25) per invoice line, in XSD order. */
import { OUT_OF_SCOPE, UNIT_ONE } from './codes.ts';
import { amount, decimalText } from './format.ts';
import { leaf, type XMLBuilder } from './write-parties.ts';
import type { CiiLine } from './types.ts';

/** The line's VAT (BT-151, BT-152) and the header breakdown share this shape (TradeTaxType); O has no rate (BR-O-05). */
export function writeLineTax(parent: XMLBuilder, line: Pick<CiiLine, 'category' | 'rate'>): void {
  const tax = parent.ele('ram:ApplicableTradeTax');
  tax.ele('ram:TypeCode').txt('VAT');
  tax.ele('ram:CategoryCode').txt(line.category);
  if (line.category !== OUT_OF_SCOPE) tax.ele('ram:RateApplicablePercent').txt(decimalText(line.rate));
}

export function writeLine(parent: XMLBuilder, line: CiiLine): void {
  const item = parent.ele('ram:IncludedSupplyChainTradeLineItem');
  item.ele('ram:AssociatedDocumentLineDocument').ele('ram:LineID').txt(line.id);

  const product = item.ele('ram:SpecifiedTradeProduct');
  leaf(product, 'ram:SellerAssignedID', line.sellerId);
  product.ele('ram:Name').txt(line.name);
  leaf(product, 'ram:Description', line.description);

  item.ele('ram:SpecifiedLineTradeAgreement').ele('ram:NetPriceProductTradePrice').ele('ram:ChargeAmount').txt(decimalText(line.netPrice));
  item.ele('ram:SpecifiedLineTradeDelivery').ele('ram:BilledQuantity', { unitCode: UNIT_ONE }).txt(decimalText(line.quantity));

  const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
  writeLineTax(settlement, line);
  settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation').ele('ram:LineTotalAmount').txt(amount(line.netAmount));
}
