/**
 * Writes the whole CrossIndustryInvoice from the model: the context (BT-23, BT-24), the header
 * (BT-1, BT-3, BT-2, notes), the lines, then the agreement (parties), the delivery and the
 * settlement, in the order of the Factur-X 1.09 EN16931 XSD.
 */
import { create } from 'xmlbuilder2';
import { DATE_FORMAT, GUIDELINE_EN16931, NS } from './codes.ts';
import { day102 } from './format.ts';
import { writeLine } from './write-lines.ts';
import { leaf, writeAddress, writeParty, type XMLBuilder } from './write-parties.ts';
import { writeSettlement } from './write-settlement.ts';
import type { CiiModel } from './types.ts';

function writeHeader(root: XMLBuilder, m: CiiModel): void {
  const context = root.ele('rsm:ExchangedDocumentContext');
  context.ele('ram:BusinessProcessSpecifiedDocumentContextParameter').ele('ram:ID').txt(m.businessProcess);
  context.ele('ram:GuidelineSpecifiedDocumentContextParameter').ele('ram:ID').txt(GUIDELINE_EN16931);

  const doc = root.ele('rsm:ExchangedDocument');
  doc.ele('ram:ID').txt(m.number);
  doc.ele('ram:TypeCode').txt(m.typeCode);
  doc.ele('ram:IssueDateTime').ele('udt:DateTimeString', { format: DATE_FORMAT }).txt(day102(m.issueDate));
  for (const note of m.notes) {
    const el = doc.ele('ram:IncludedNote');
    el.ele('ram:Content').txt(note.content);
    el.ele('ram:SubjectCode').txt(note.subject);
  }
}

function writeDelivery(parent: XMLBuilder, m: CiiModel): void {
  const delivery = parent.ele('ram:ApplicableHeaderTradeDelivery');
  if (m.shipTo) {
    const party = delivery.ele('ram:ShipToTradeParty');
    leaf(party, 'ram:Name', m.shipTo.name);
    writeAddress(party, m.shipTo.address);
  }
  if (m.deliveryDate) {
    delivery.ele('ram:ActualDeliverySupplyChainEvent').ele('ram:OccurrenceDateTime')
      .ele('udt:DateTimeString', { format: DATE_FORMAT }).txt(day102(m.deliveryDate));
  }
}

/** The UTF-8 XML text, indented (people open it in an editor; the bytes are the same on every run). */
export function writeCii(m: CiiModel): string {
  // characters XML 1.0 cannot carry (control characters, lone surrogates) are dropped
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const root = doc.ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:qdt': NS.qdt, 'xmlns:ram': NS.ram, 'xmlns:udt': NS.udt,
  });
  writeHeader(root, m);
  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  for (const line of m.lines) writeLine(transaction, line);
  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  writeParty(agreement, 'ram:SellerTradeParty', m.seller);
  writeParty(agreement, 'ram:BuyerTradeParty', m.buyer);
  writeDelivery(transaction, m);
  writeSettlement(transaction, m);
  return doc.end({ prettyPrint: true }) + '\n';
}
