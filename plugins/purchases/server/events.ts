/**
 * Business events of the « Achats » plugin, published on the bus after commit. The repository also
 * publishes `purchases.purchase|external-purchase.created|updated|deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const PURCHASE_IMPORTED = 'purchases.purchase.imported';
export const PURCHASE_PAID = 'purchases.purchase.paid';
export const PAYMENT_RECORDED = 'purchases.payment.recorded';

export const EVENTS: EventDefinition[] = [
  { name: PURCHASE_IMPORTED, description: 'Une facture (ou un avoir) reçue a été importée en achat. Charge utile : { _id, numberFull, invoiceNumber, creditNote, provider }.' },
  { name: PURCHASE_PAID, description: 'Un achat est devenu payé. Charge utile : { _id, numberFull }.' },
  { name: PAYMENT_RECORDED, description: 'Un paiement (ou un remboursement) d’achat ou d’achat en ligne a été enregistré. Charge utile : { _id, purchase | externalPurchase, amount, mode }.' },
];
