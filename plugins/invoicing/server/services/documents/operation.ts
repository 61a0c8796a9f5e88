/**
 * What an invoice says of the operation it bills, alike on paper and in the e-invoice (README
 * « Document rules », The operation): its nature (goods, services or both: the PDF's « Nature de
 * l’opération », the XML's BT-23), the day of the delivery or of the service (the PDF's « Date de
 * livraison / d’exécution », the XML's BT-72), the delivery address when it is not the invoicing
 * one (the PDF's « Adresse de livraison », the XML's BG-13) and the seller's option for paying the
 * VAT on debits (a mention on paper, a TXD note and BT-8 in the XML).
 */
import { frenchDate, isoDay, parisDay } from '@comptoir/sdk/commerce';
import type { Address, LineItem, Receiver, Sender } from '@comptoir/schemas';

export const OPERATION_NATURES = ['good', 'service', 'mixed'] as const;
export type OperationNature = (typeof OPERATION_NATURES)[number];

const NATURE_WORDING: Record<OperationNature, string> = {
  good: 'livraison de biens',
  service: 'prestation de services',
  mixed: 'mixte (livraison de biens et prestation de services)',
};

/**
 * The nature of the operation: the one the document declares (`itemsTypeForDeclaration`), else the
 * one its lines' types tell (a line without type is a service, the spec's default), mixed when both.
 */
export function operationNature(doc: { itemsTypeForDeclaration?: string | null; items: Pick<LineItem, 'type'>[] }): OperationNature {
  const declared = doc.itemsTypeForDeclaration;
  if (declared === 'good' || declared === 'service' || declared === 'mixed') return declared;
  const types = new Set(doc.items.map((l) => l.type ?? 'service'));
  if (types.size > 1) return 'mixed';
  return types.has('good') ? 'good' : 'service';
}

/** « Nature de l’opération : prestation de services » */
export const natureText = (nature: OperationNature): string => `Nature de l’opération : ${NATURE_WORDING[nature]}`;

/**
 * The day of the delivery or of the service, 'YYYY-MM-DD': the document's `deliveryDate` when it
 * has one, else the Paris calendar day of its date — the invoice date stands for the delivery, as
 * for the due date (« Document rules »).
 */
export function deliveryDayOf(doc: { deliveryDate?: string | null; date: string }): string {
  if (doc.deliveryDate) return doc.deliveryDate;
  const d = parisDay(doc.date);
  if (!d) throw new Error(`Date illisible : « ${doc.date} »`);
  return isoDay(d);
}

/** « Date de livraison / d’exécution : 24/11/2026 » */
export const deliveryDayText = (day: string): string => `Date de livraison / d’exécution : ${frenchDate(day)}`;

const blank = (v: string | undefined) => (v ?? '').trim();
const ADDRESS_KEYS = ['address', 'address2', 'zipCode', 'city', 'country'] as const;

/** Two addresses are the same place when their street, zip code, city and country read the same. */
export const sameAddress = (a: Partial<Address>, b: Partial<Address>): boolean =>
  ADDRESS_KEYS.every((k) => blank(a[k]) === blank(b[k]));

/**
 * The delivery address to print and to write (BG-13): the receiver's delivery address when it has
 * an invoicing address that is another place; null otherwise (the goods go where the invoice goes).
 */
export function differentDeliveryAddress(receiver: Pick<Receiver, 'invoicingAddress' | 'deliveryAddress'> | null | undefined): Address | null {
  const delivery = receiver?.deliveryAddress;
  if (!delivery || !receiver?.invoicingAddress || sameAddress(delivery, receiver.invoicingAddress)) return null;
  return delivery;
}

/** « Option pour le paiement de la TVA d’après les débits. » (CGI art. 269, 2, c; art. 242 nonies A). */
export const VAT_ON_DEBITS_MENTION = 'Option pour le paiement de la TVA d’après les débits.';

/**
 * Whether a document says the seller pays its VAT on debits: the company opted (`vatOnDebits`,
 * snapshotted in the sender), the document bears VAT, and it bills services — the option concerns
 * services only, goods' VAT is always due at their delivery.
 */
export function vatOnDebitsApplies(doc: {
  subjectToVAT: boolean; sender?: Pick<Sender, 'name'> & { vatOnDebits?: boolean } | null; nature: OperationNature;
}): boolean {
  return doc.subjectToVAT && doc.sender?.vatOnDebits === true && doc.nature !== 'good';
}
