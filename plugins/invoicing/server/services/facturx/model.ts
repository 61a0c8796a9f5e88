/**
 * From an emitted invoice (and what the route read around it) to the model the XML is written
 * from, with the list of what is missing for a valid EN 16931 invoice. One pass does both, so the
 * 409 names exactly what the writer would have lacked.
 */
import { calendarDay, text } from './format.ts';
import { businessProcess, ciiLines, documentKind, signOf, typeCodeOf } from './lines.ts';
import { notes } from './notes.ts';
import { isProfessionalCustomer } from '../document-terms.ts';
import { deliveryDayOf, operationNature, vatOnDebitsApplies } from '../documents/operation.ts';
import { buyer, seller, shipTo } from './parties.ts';
import { paymentMeans, paymentTerms } from './payment.ts';
import { ciiTotals, totalsBroken } from './totals.ts';
import { VAT_POINT_INVOICE_DATE } from './codes.ts';
import { vatBreakdown } from './vat-breakdown.ts';
import type { CiiLine, CiiModel, CiiParty, FacturXContext, FacturXInvoice, MissingField } from './types.ts';

/**
 * What the lines' categories ask of the parties (README « VAT categories », Factur-X): K and AE the
 * buyer's VAT number (BR-IC-02, BR-AE-02); O neither the seller's nor the buyer's (BR-O-02: an
 * operation outside the scope of VAT names no VAT number; the PDF still prints the seller's); K a
 * deliver-to country (BR-IC-11): the buyer's address stands for it. The delivery date BR-IC-12
 * also wants is written on every e-invoice (BT-72, `deliveryDayOf`: « Document rules », The operation).
 */
function categoryRequirements(lines: CiiLine[], seller: CiiParty, buyer: CiiParty, missing: MissingField[]): { shipTo: boolean } {
  const categories = new Set(lines.map((l) => l.category));
  if ((categories.has('K') || categories.has('AE')) && !buyer.vatNumber) {
    missing.push({ field: 'receiver.vatNumber', label: 'le numéro de TVA intracommunautaire du client (livraison intracommunautaire ou autoliquidation)' });
  }
  if (categories.has('O')) {
    seller.vatNumber = undefined;
    buyer.vatNumber = undefined;
  }
  return { shipTo: categories.has('K') };
}

export interface Prepared {
  model: CiiModel;
  missing: MissingField[];
}

export function prepareCii(invoice: FacturXInvoice, context: FacturXContext = {}): Prepared {
  const missing: MissingField[] = [];
  const number = text(invoice.numberFull);
  if (!number) missing.push({ field: 'numberFull', label: 'le numéro de la facture (elle n’est pas émise)' });
  const kind = documentKind(invoice);
  const sign = signOf(kind);
  const source = context.sourceInvoice ?? undefined;
  // BR-FR-CO-04 / BR-FR-CO-05: a corrective invoice or a credit note names the invoice it corrects
  if (kind !== 'invoice' && !(source && text(source.numberFull) && source.date)) {
    missing.push({ field: 'fk.sourceInvoice', label: 'le numéro et la date de la facture d’origine' });
  }

  const lines = ciiLines(invoice, sign, missing);
  if (lines.length === 0) missing.push({ field: 'items', label: 'au moins une ligne' });
  const { taxes, allowanceCharges } = vatBreakdown(invoice, lines, sign);
  const totals = ciiTotals(invoice, lines, taxes, allowanceCharges, sign);
  const broken = totalsBroken(totals, taxes);
  if (broken.length > 0) {
    // the engine's totals always add up: this is a row changed outside the application
    throw new Error(`Montants incohérents sur la facture ${number ?? '(sans numéro)'} : ${broken.join(', ')}.`);
  }

  const sellerParty = seller(invoice, context, missing);
  const buyerParty = buyer(invoice, context, missing);
  const vatOnDebits = vatOnDebitsApplies({ subjectToVAT: invoice.subjectToVAT, sender: invoice.sender, nature: operationNature(invoice) });
  const vat = categoryRequirements(lines, sellerParty, buyerParty, missing);
  const model: CiiModel = {
    kind,
    typeCode: typeCodeOf(kind),
    businessProcess: businessProcess(invoice),
    number: number ?? '',
    issueDate: calendarDay(invoice.date),
    notes: notes(invoice, { professional: isProfessionalCustomer(invoice.receiver, context.buyer), vatOnDebits }),
    lines,
    seller: sellerParty,
    buyer: buyerParty,
    shipTo: shipTo(invoice, buyerParty.name, missing) ?? (vat.shipTo ? { name: buyerParty.name, address: buyerParty.address } : undefined),
    paymentReference: number ?? '',
    paymentMeans: paymentMeans(context, invoice.sender),
    taxes,
    allowanceCharges,
    paymentTerms: paymentTerms(invoice, kind === 'creditNote', source),
    deliveryDate: calendarDay(deliveryDayOf(invoice)),
    vatPointCode: vatOnDebits ? VAT_POINT_INVOICE_DATE : undefined,
    totals,
    precedingInvoice: kind !== 'invoice' && source?.numberFull && source.date
      ? { number: source.numberFull, date: calendarDay(source.date) }
      : undefined,
  };
  return { model, missing };
}
