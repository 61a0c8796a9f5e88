/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

export const FROZEN_INVOICE = 'Une facture émise ne peut plus être modifiée ni supprimée : corrigez-la par un avoir ou une facture corrective.';
export const FROZEN_PAYMENT = 'Un paiement enregistré ne peut plus être modifié ni supprimé : enregistrez un paiement de sens inverse.';
export const FROZEN_QUOTATION = 'Un devis facturé ne peut plus être modifié ni supprimé.';

export const missingCompanyFields = (labels: string[]) =>
  `Impossible d’émettre la facture : il manque à l’entreprise ${labels.join(', ')}.`;

export const ALREADY_EMITTED = 'Cette facture est déjà émise.';
export const NO_LINES = 'Impossible d’émettre une facture sans ligne : ajoutez au moins une ligne.';
export const DRAFT_NO_PAYMENT = 'Une facture brouillon ne peut pas recevoir de paiement : émettez-la d’abord.';
export const ZERO_PAYMENT = 'Le montant d’un paiement ne peut pas être nul.';
export const CREDIT_ONLY_EMITTED = 'Seule une facture émise peut faire l’objet d’un avoir.';
export const CREDIT_OF_CREDIT = 'Un avoir ne peut pas lui-même faire l’objet d’un avoir.';
export const NOTHING_LEFT_TO_CREDIT = 'Toutes les lignes de cette facture ont déjà fait l’objet d’un avoir.';
export const alreadyCredited = (label: string) => `La ligne « ${label} » a déjà fait l’objet d’un avoir.`;
export const unknownLine = (uuid: string) => `Ligne inconnue sur cette facture : « ${uuid} ».`;
export const CORRECTIVE_ONLY_EMITTED = 'Seule une facture émise peut être corrigée par une facture corrective.';
export const QUOTATION_ALREADY_INVOICED = 'Ce devis a déjà été facturé.';
export const QUOTATION_REFUSED = 'Un devis refusé ne peut pas être facturé : repassez-le en « Accepté » d’abord.';
export const RECEIVER_BOTH = 'Un devis s’adresse à un client ou à une entreprise, pas aux deux.';
export const UNKNOWN_CUSTOMER = 'Client introuvable.';
export const UNKNOWN_COMPANY = 'Entreprise destinataire introuvable.';
export const CREDIT_NOTE_TITLE = 'Avoir';
export const amountTooLarge = (field: string) =>
  `Montant hors limites : « ${field} » doit rester entre −1 000 000 000 € et 1 000 000 000 €.`;
export const invalidInstant = (field: string, value: string) =>
  `Date invalide : « ${field} » vaut « ${value} », qui n’est pas un instant lisible (AAAA-MM-JJThh:mm:ssZ attendu).`;

export const SEND_DRAFT = 'Une facture brouillon ne peut pas être envoyée : émettez-la d’abord.';
export const SEND_NO_SMTP = 'Enregistrez d’abord les paramètres du serveur d’envoi de l’entreprise (Entreprise › E-mails).';
export const sendNoRecipient = (kind: 'invoices' | 'quotations') => kind === 'invoices'
  ? 'Aucun destinataire : le client n’a pas d’adresse e-mail et aucun de ses contacts n’est destinataire des factures. Saisissez une adresse.'
  : 'Aucun destinataire : le client n’a pas d’adresse e-mail et aucun de ses contacts n’est destinataire des devis. Saisissez une adresse.';
/** The answer of « Envoyer » when the invoice went without its Factur-X (shown on screen, the mail is queued). */
export const sentWithoutFacturX = (labels: string[]) =>
  `Facture envoyée en PDF simple, sans sa facture électronique Factur-X : il manque ${labels.join(', ')}. Complétez la fiche du client ou les paramètres de l’entreprise pour les prochaines factures.`;
