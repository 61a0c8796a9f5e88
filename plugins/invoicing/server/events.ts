/**
 * Business events of the « Facturation » plugin, published on the bus after commit. The repository
 * also publishes `invoicing.invoice|quotation|payment.created|updated|deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const INVOICE_EMITTED = 'invoicing.invoice.emitted';
export const INVOICE_PAID = 'invoicing.invoice.paid';
export const INVOICE_CREDITED = 'invoicing.invoice.credited';
export const PAYMENT_RECORDED = 'invoicing.payment.recorded';
export const QUOTATION_INVOICED = 'invoicing.quotation.invoiced';

export const EVENTS: EventDefinition[] = [
  { name: INVOICE_EMITTED, description: 'Une facture (ou un avoir) a été émise : numérotée, chaînée et figée. Charge utile : { _id, numberFull, inclTaxesPrice, creditNote }.' },
  { name: INVOICE_PAID, description: 'Une facture est devenue payée. Charge utile : { _id, numberFull }.' },
  { name: INVOICE_CREDITED, description: 'Un avoir a été préparé sur une facture émise. Charge utile : { _id (la facture), creditInvoiceId, items }.' },
  { name: PAYMENT_RECORDED, description: 'Un paiement (ou un remboursement) a été enregistré. Charge utile : { _id, invoice, amount, mode }.' },
  { name: QUOTATION_INVOICED, description: 'Un devis a été transformé en facture. Charge utile : { _id, invoiceId }.' },
];
