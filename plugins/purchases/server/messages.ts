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
