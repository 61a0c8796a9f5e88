/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

export const PURCHASE_HAS_PAYMENTS = 'Cet achat a des paiements enregistrés : il ne peut pas être supprimé. Un paiement est définitif : enregistrez plutôt un remboursement.';
export const EXTERNAL_HAS_PAYMENTS = 'Cet achat en ligne a des paiements enregistrés : il ne peut pas être supprimé. Un paiement est définitif : enregistrez plutôt un remboursement.';
export const UNKNOWN_ITEM = 'Article introuvable : une ligne désigne un article qui n’est pas dans le catalogue de cette entreprise.';
export const UNKNOWN_PROVIDER = 'Fournisseur introuvable : « fk.provider » ne désigne aucun fournisseur de cette entreprise.';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** « 1 234,50 € » with ordinary spaces, as the messages are also read in logs and tests */
const euros = (amount: number) => EUROS.format(amount).replace(/[\u202f\u00a0]/g, ' ');

/**
 * An edit bringing the total below what was already paid, without `confirmOverpayment` (409): the
 * rule of payments (« trop-payé ») applied to the edit of a purchase or an order.
 */
export const totalBelowPaid = (r: { excess: number; total: number; paid: number }, what: 'purchase' | 'order') =>
  `Le nouveau total ${what === 'purchase' ? 'de cet achat' : 'de cet achat en ligne'} (${euros(r.total)}) est inférieur à ce qui a déjà été payé (${euros(r.paid)}) : confirmez le trop-payé de ${euros(r.excess)} pour l’enregistrer quand même, ou enregistrez d’abord le remboursement du fournisseur.`;

export const invalidInstant = (field: string, value: string) =>
  `Date invalide : « ${field} » vaut « ${value} », qui n’est pas un instant lisible (AAAA-MM-JJThh:mm:ssZ attendu).`;

// payments of purchases (services/payments/payments.ts), worded as invoicing words its own payments
export const FROZEN_PAYMENT = 'Un paiement enregistré ne peut plus être modifié ni supprimé : enregistrez un paiement de sens inverse.';
export const ZERO_PAYMENT = 'Le montant d’un paiement ne peut pas être nul.';
export const amountTooLarge = (field: string) =>
  `Montant hors limites : « ${field} » doit rester entre −1 000 000 000 € et 1 000 000 000 €.`;
export const notCents = (field: string) => `Le montant « ${field} » doit être en euros et centimes (2 décimales au plus).`;
/** A payment above what remains to pay, without `confirmOverpayment` (409). */
export const overpayment = (excess: number, remaining: number) =>
  `Ce paiement dépasse de ${euros(excess)} le reste à payer (${euros(remaining)}) : confirmez le trop-payé pour l’enregistrer quand même.`;
/** A refund above what was paid (409): never lifted by a confirmation. */
export const refundAbovePaid = (amount: number, paid: number) =>
  `Impossible d’enregistrer un remboursement de ${euros(amount)} : seuls ${euros(paid)} ont été payés.`;
