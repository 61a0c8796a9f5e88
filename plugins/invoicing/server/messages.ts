/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

export const FROZEN_INVOICE = 'Une facture émise ne peut plus être modifiée ni supprimée : corrigez-la par un avoir ou une facture corrective.';
export const FROZEN_PAYMENT = 'Un paiement enregistré ne peut plus être modifié ni supprimé : enregistrez un paiement de sens inverse.';
export const FROZEN_QUOTATION = 'Un devis facturé ne peut plus être modifié ni supprimé.';

export const missingCompanyFields = (labels: string[]) =>
  `Impossible d’émettre la facture : il manque à l’entreprise ${labels.join(', ')}.`;

/** L441-9 of the Code de commerce: an invoice names its buyer and the buyer's address. */
export const missingReceiverFieldsMessage = (labels: string[]) =>
  `Impossible d’émettre la facture : il manque ${labels.join(' et ')} (art. L441-9 du Code de commerce). `
  + 'Complétez la fiche du client puis choisissez-le à nouveau sur la facture.';

export const ALREADY_EMITTED = 'Cette facture est déjà émise.';
export const NO_LINES = 'Impossible d’émettre une facture sans ligne : ajoutez au moins une ligne.';
export const DRAFT_NO_PAYMENT = 'Une facture brouillon ne peut pas recevoir de paiement : émettez-la d’abord.';
export const ZERO_PAYMENT = 'Le montant d’un paiement ne peut pas être nul.';
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** « 1 234,50 € » with ordinary spaces, as the messages are also read in logs and tests */
export const euros = (amount: number) => EUROS.format(amount).replace(/[\u202f\u00a0]/g, ' ');
/** What a payment is recorded on, for the wording of its refusals. */
export type PaidDocument = 'invoice' | 'creditNote' | 'purchase';
/** A payment above what remains to pay, without `confirmOverpayment` (409). */
export const overpayment = (excess: number, remaining: number, on: PaidDocument) => on === 'creditNote'
  ? `Ce remboursement dépasse de ${euros(excess)} ce qui reste à rembourser sur cet avoir (${euros(remaining)}) : confirmez le dépassement pour l’enregistrer quand même.`
  : `Ce paiement dépasse de ${euros(excess)} le reste à payer (${euros(remaining)}) : confirmez le ${on === 'purchase' ? 'trop-payé' : 'trop-perçu'} pour l’enregistrer quand même.`;
/** A refund above what was paid (409): never lifted by a confirmation. */
export const refundAbovePaid = (amount: number, paid: number, on: PaidDocument) => on === 'creditNote'
  ? `Impossible de reprendre ${euros(amount)} sur cet avoir : seuls ${euros(paid)} ont été remboursés.`
  : `Impossible d’enregistrer un remboursement de ${euros(amount)} : seuls ${euros(paid)} ont été payés.`;
/**
 * A refund above the money the customer paid for an invoice, less what was already paid back on it
 * and on its credit notes (409, `cashRefundRefusal`): never lifted by a confirmation.
 */
export const refundAboveReceived = (r: { amount: number; received: number; refunded: number; available: number }, numberFull?: string) =>
  `Impossible de rembourser ${euros(r.amount)} : le client a versé ${euros(r.received)} pour la facture${numberFull ? ` ${numberFull}` : ''} et ${euros(r.refunded)} lui ont déjà été remboursés (facture et avoirs) ; au plus ${euros(r.available)} peuvent encore lui être remboursés.`;
/** An invoice (no credit reason) whose total is negative: at save (400) and at emission (409). */
export const negativeInvoice = (total: number) =>
  `Le total d’une facture ne peut pas être négatif (${euros(total)}) : pour rembourser un client, faites un avoir depuis la facture concernée (« Faire un avoir »), ou un avoir seul en indiquant son motif. Une ligne de remise reste possible tant que le total reste positif ou nul.`;
/** A credit note draft whose total is positive (400 at save, 409 at emission). */
export const positiveCreditNote = (total: number) =>
  `Le total d’un avoir doit être négatif (il vaut ${euros(total)}) : saisissez ses lignes en quantités négatives, par exemple −1 × 50,00 €.`;
export const EMPTY_CREDIT_NOTE = 'Un avoir à 0,00 € ne rembourse rien : saisissez ses lignes en quantités négatives avant de l’émettre.';
export const CREDIT_ONLY_EMITTED = 'Seule une facture émise peut faire l’objet d’un avoir.';
export const CREDIT_OF_CREDIT = 'Un avoir ne peut pas lui-même faire l’objet d’un avoir.';
export const NOTHING_LEFT_TO_CREDIT = 'Toutes les lignes de cette facture ont déjà fait l’objet d’un avoir.';
export const alreadyCredited = (label: string) => `La ligne « ${label} » a déjà fait l’objet d’un avoir.`;
export const unknownLine = (uuid: string) => `Ligne inconnue sur cette facture : « ${uuid} ».`;
/** A credit note made from an invoice whose customer or receiver an edit would change (409). */
export const CREDIT_DRAFT_PARTIES = 'Un avoir fait depuis une facture s’adresse au client de cette facture : son client et son destinataire ne peuvent pas être modifiés. Pour un autre client, supprimez ce brouillon et faites un avoir depuis la bonne facture, ou un avoir seul.';
/** An edit that would blank the reason of a credit note made from an invoice (409). */
export const CREDIT_DRAFT_STAYS_CREDIT = 'Un avoir fait depuis une facture reste un avoir : son motif ne peut pas être effacé. Supprimez le brouillon si l’avoir n’a plus lieu d’être.';
/** A corrective invoice draft given a credit reason (409): credit notes of an invoice come from « Faire un avoir ». */
export const CORRECTIVE_NOT_CREDIT = 'Une facture corrective ne peut pas devenir un avoir : faites l’avoir depuis la facture concernée (« Faire un avoir »).';
/**
 * A credit note made from an invoice whose total goes beyond what may still be credited on it (400
 * at save, 409 at emission): the invoice's total less its credit notes already emitted.
 */
export const creditAboveRemainder = (total: number, remainder: number, numberFull?: string) =>
  `Cet avoir de ${euros(Math.abs(total))} dépasse ce qui reste à créditer sur la facture${numberFull ? ` ${numberFull}` : ''} : ${euros(remainder)} (son total moins ses avoirs déjà émis). Réduisez ses lignes.`;
export const CORRECTIVE_ONLY_EMITTED = 'Seule une facture émise peut être corrigée par une facture corrective.';
/**
 * A corrective invoice « annule et remplace » only an invoice the customer has paid nothing on (409
 * at `POST …/corrective` and at the corrective's emission; README « Corrective invoice »).
 */
export const correctiveOfPaidInvoice = (numberFull: string, received: number) =>
  `La facture ${numberFull} a déjà reçu ${euros(received)} de paiements : une facture corrective ne peut plus l’annuler et la remplacer. Faites un avoir de cette facture (« Créer un avoir »), puis une nouvelle facture.`;
/** A second corrective of an invoice already replaced (409): the corrective is what is corrected now. */
export const alreadyReplaced = (numberFull: string, correctiveNumber: string) =>
  `La facture ${numberFull} est déjà annulée et remplacée par la facture corrective ${correctiveNumber} : pour la corriger encore, faites une facture corrective de la facture ${correctiveNumber}.`;
/** A payment or a refund on a replaced invoice (409): it is owed no more, its corrective is. */
export const replacedNoPayment = (numberFull: string, correctiveNumber: string) =>
  `La facture ${numberFull} est annulée et remplacée par la facture corrective ${correctiveNumber} : elle n’est plus due. Enregistrez le paiement sur la facture ${correctiveNumber}.`;
/** A credit note of a replaced invoice (409, at `POST …/credit` and at the credit note's emission). */
export const replacedNoCredit = (numberFull: string, correctiveNumber: string) =>
  `La facture ${numberFull} est annulée et remplacée par la facture corrective ${correctiveNumber} : faites l’avoir sur la facture ${correctiveNumber}.`;
export const QUOTATION_ALREADY_INVOICED = 'Ce devis a déjà été facturé.';
export const QUOTATION_REFUSED = 'Un devis refusé ne peut pas être facturé : repassez-le en « Accepté » d’abord.';
export const RECEIVER_BOTH = 'Un devis s’adresse à un client ou à une entreprise, pas aux deux.';
export const UNKNOWN_CUSTOMER = 'Client introuvable.';
export const UNKNOWN_COMPANY = 'Entreprise destinataire introuvable.';
export const CREDIT_NOTE_TITLE = 'Avoir';
export const amountTooLarge = (field: string) =>
  `Montant hors limites : « ${field} » doit rester entre −1 000 000 000 € et 1 000 000 000 €.`;
export const tooManyDecimals = (line: number, what: string, value: string, max: number) =>
  `Ligne ${line} : ${what} ${value} a trop de décimales (${max} au plus, comme la facture électronique l’exige).`;
export const invalidInstant = (field: string, value: string) =>
  `Date invalide : « ${field} » vaut « ${value} », qui n’est pas un instant lisible (AAAA-MM-JJThh:mm:ssZ attendu).`;
export const invalidDeliveryDate = (value: string) =>
  `Date de livraison ou d’exécution invalide : « ${value} » doit être un jour entre 2000 et 2099 (AAAA-MM-JJ).`;

export const SEND_DRAFT = 'Une facture brouillon ne peut pas être envoyée : émettez-la d’abord.';
export const SEND_NO_SMTP = 'Enregistrez d’abord les paramètres du serveur d’envoi de l’entreprise (Entreprise › E-mails).';
export const sendNoRecipient = (kind: 'invoices' | 'quotations') => kind === 'invoices'
  ? 'Aucun destinataire : le client n’a pas d’adresse e-mail et aucun de ses contacts n’est destinataire des factures. Saisissez une adresse.'
  : 'Aucun destinataire : le client n’a pas d’adresse e-mail et aucun de ses contacts n’est destinataire des devis. Saisissez une adresse.';
/** The answer of « Envoyer » when the invoice went without its Factur-X (shown on screen, the mail is queued). */
export const sentWithoutFacturX = (labels: string[]) =>
  `Facture envoyée en PDF simple, sans sa facture électronique Factur-X : il manque ${labels.join(', ')}. Complétez la fiche du client ou les paramètres de l’entreprise pour les prochaines factures.`;

/** The frozen e-invoice (services/einvoice/): a stored file that no longer matches its SHA-256, or that is gone (409 on download). */
const EINVOICE_FILES = { pdf: 'Le PDF', xml: 'Le XML Factur-X' } as const;
export const einvoiceFileAltered = (numberFull: string, file: 'pdf' | 'xml') =>
  `${EINVOICE_FILES[file]} de la facture ${numberFull} a été modifié depuis sa production : il ne correspond plus à son empreinte SHA-256 enregistrée et n’est pas servi. Voyez Comptabilité › Intégrité.`;
export const einvoiceFileMissing = (numberFull: string, file: 'pdf' | 'xml') =>
  `${EINVOICE_FILES[file]} de la facture ${numberFull} est introuvable dans le stockage des fichiers. Voyez Comptabilité › Intégrité.`;

/** `invoicing.drafts.appendLines` (lines from another plugin: « Projets » working time) */
export const NOT_AN_INVOICE_DRAFT = 'Seul un brouillon de facture peut recevoir ces lignes (pas un avoir).';
export const OTHER_CUSTOMER_DRAFT = 'Ce brouillon est adressé à un autre client.';
