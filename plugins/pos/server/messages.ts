/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

export const FROZEN_VERIFICATION = 'Une vérification de caisse est définitive : elle ne peut être ni modifiée ni supprimée.';
export const FROZEN_MOVEMENT = 'Un mouvement d’espèces est définitif : enregistrez un mouvement inverse pour le corriger.';
export const FROZEN_RECEIPT = 'Un ticket de caisse émis est définitif : corrigez-le par un ticket d’annulation ou de remboursement.';
export const FROZEN_CLOSING = 'Un ticket X ou Z est définitif : il ne peut être ni modifié ni supprimé.';
export const FROZEN_ARCHIVE = 'Une archive de caisse est définitive : elle ne peut être ni modifiée ni supprimée.';
export const FROZEN_EVENT = 'Le journal des événements de la caisse est inaltérable.';

export const ALREADY_OPEN = 'Cette caisse est déjà ouverte : clôturez-la avant de l’ouvrir à nouveau.';
export const NOT_OPEN = 'Cette caisse est fermée : ouvrez-la d’abord.';
export const LOCKED = 'Cette caisse est verrouillée : déverrouillez-la pour l’utiliser.';
export const OPEN_NOT_DELETABLE = 'Cette caisse est ouverte : clôturez-la avant de la supprimer.';
export const USED_NOT_DELETABLE = 'Cette caisse a déjà été ouverte : elle ne peut plus être supprimée (ses vérifications et son journal sont conservés). Verrouillez-la plutôt.';
export const OPEN_NO_COUNTING_CHANGE = 'Cette caisse est ouverte : le mode de comptage des espèces ne peut changer qu’une fois la caisse clôturée.';
export const MORE_THAN_COUNTED = 'Le fond de caisse laissé pour la prochaine ouverture ne peut pas dépasser ce qui a été compté.';
export const ZERO_MOVEMENT = 'Le montant d’un mouvement d’espèces ne peut pas être nul.';
export const NOT_ENOUGH_CASH = 'La caisse ne contient pas assez d’espèces (ou pas ces billets et pièces) pour cette sortie.';

/** A frequency that is none of the four (spec §8; README « Archives » says why both texts). */
export const invalidFrequency = (value: unknown) =>
  `Fréquence d’archive invalide${typeof value === 'string' ? ` : « ${value} »` : ''}. Choisissez daily (quotidienne), monthly (mensuelle), yearly (annuelle) ou fiscal-yearly (exercice comptable).`;

export const NEGATIVE_SALE = 'Un ticket de vente ne peut pas avoir un total négatif : faites un remboursement du ticket concerné.';
export const REFUND_OF_REFUND = 'Un ticket de remboursement ne se rembourse pas.';
export const ALREADY_INVOICED = (numberFull: string) => `Ce ticket a déjà été transformé en facture (${numberFull}) : une vente ne se facture qu’une fois.`;
export const REFUND_NOT_INVOICED = 'Un ticket de remboursement ne devient pas une facture.';
export const REFUNDED_NOT_INVOICED = 'Ce ticket a été remboursé (en tout ou en partie) : il ne peut plus devenir une facture.';
export const SEND_NO_SMTP = 'Enregistrez d’abord les paramètres du serveur d’envoi de l’entreprise (Entreprise › E-mails).';

export const X_NOT_OPEN = 'Cette caisse est fermée : un ticket X se tire pendant que la caisse est ouverte.';
export const PERIOD_NOT_OVER = (period: string, end: string) => `La période ${period} n’est pas terminée (elle finit le ${end}) : archivez-la ensuite.`;
export const ALREADY_ARCHIVED = (period: string, numberFull: string) => `La période ${period} est déjà archivée (archive ${numberFull}) : une période ne s’archive qu’une fois.`;
export const REGISTER_STILL_OPEN = (numberFull: string, name: string) => `La caisse ${numberFull} (${name}) est encore ouverte depuis cette période : clôturez-la (ticket Z) avant d’archiver.`;
export const LOWER_LEVEL_MISSING = (level: string, periods: string[]) => `Archivez d’abord ${level} : ${periods.slice(0, 5).join(', ')}${periods.length > 5 ? ` (et ${periods.length - 5} autres)` : ''}.`;
export const EXPORT_BROKEN_CHAIN = (message: string) => `L’export est refusé : la vérification d’intégrité a échoué (${message}). L’échec est inscrit au journal des événements.`;

export const NO_SIGNING_KEY = 'Cette entreprise n’a encore fait aucun export signé : elle n’a pas de clé de signature à vérifier.';
export const EXPORT_FILE_MISSING = 'Joignez le fichier d’export (.zip) à vérifier.';
