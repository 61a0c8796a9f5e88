/**
 * Business events of the « Facturation » plugin, published on the bus after commit. The repository
 * also publishes `invoicing.invoice|quotation|payment.created|updated|deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const INVOICE_EMITTED = 'invoicing.invoice.emitted';
export const INVOICE_PAID = 'invoicing.invoice.paid';
export const INVOICE_CREDITED = 'invoicing.invoice.credited';
export const INVOICE_REPLACED = 'invoicing.invoice.replaced';
export const PAYMENT_RECORDED = 'invoicing.payment.recorded';
export const QUOTATION_INVOICED = 'invoicing.quotation.invoiced';
export const INVOICE_SENT = 'invoicing.invoice.sent';
export const QUOTATION_SENT = 'invoicing.quotation.sent';
/** published by recurring invoice templates; listened to here to send the invoice when asked */
export const INVOICE_GENERATED = 'invoicing.invoice.generated';

export const EVENTS: EventDefinition[] = [
  { name: INVOICE_EMITTED, description: 'Une facture (ou un avoir) a été émise : numérotée, chaînée et figée. Charge utile : { _id, numberFull, inclTaxesPrice, creditNote }.' },
  { name: INVOICE_PAID, description: 'Une facture est devenue payée. Charge utile : { _id, numberFull }.' },
  { name: INVOICE_CREDITED, description: 'Un avoir a été préparé sur une facture émise. Charge utile : { _id (la facture), creditInvoiceId, items }.' },
  { name: INVOICE_REPLACED, description: 'Une facture a été annulée et remplacée par l’émission de sa facture corrective (ce qu’elle devait est compensé). Charge utile : { _id (la facture remplacée), numberFull, correctiveId, correctiveNumberFull }.' },
  { name: PAYMENT_RECORDED, description: 'Un paiement (ou un remboursement) a été enregistré. Charge utile : { _id, invoice, amount, mode }.' },
  { name: INVOICE_GENERATED, description: 'Une facture a été faite par un modèle de facture récurrente (brouillon, ou émise). Charge utile : { _id, templateId, autoSendByEmail } ; l’envoi par e-mail d’une facture émise quand autoSendByEmail est vrai revient à qui s’y abonne.' },
  { name: QUOTATION_INVOICED, description: 'Un devis a été transformé en facture. Charge utile : { _id, invoiceId }.' },
  { name: INVOICE_SENT, description: 'Une facture a été mise en file d’envoi par e-mail (l’activité emailSent suit la livraison). Charge utile : { _id, mail, to }.' },
  { name: QUOTATION_SENT, description: 'Un devis a été mis en file d’envoi par e-mail. Charge utile : { _id, mail, to }.' },
];
