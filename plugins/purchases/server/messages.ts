/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

export const PURCHASE_HAS_PAYMENTS = 'Cet achat a des paiements enregistrés : il ne peut pas être supprimé. Un paiement est définitif : enregistrez plutôt un remboursement.';
export const EXTERNAL_HAS_PAYMENTS = 'Cet achat en ligne a des paiements enregistrés : il ne peut pas être supprimé. Un paiement est définitif : enregistrez plutôt un remboursement.';
export const UNKNOWN_ITEM = 'Article introuvable : une ligne désigne un article qui n’est pas dans le catalogue de cette entreprise.';
export const UNKNOWN_PROVIDER = 'Fournisseur introuvable : « fk.provider » ne désigne aucun fournisseur de cette entreprise.';

export const invalidInstant = (field: string, value: string) =>
  `Date invalide : « ${field} » vaut « ${value} », qui n’est pas un instant lisible (AAAA-MM-JJThh:mm:ssZ attendu).`;
