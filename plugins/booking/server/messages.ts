/** The French sentences of « Réservations », in one place so that tests and clients quote them exactly. */
export const NOT_AVAILABLE = 'Ce créneau n’est plus disponible.';
export const BAD_SLOTS = 'Durée invalide pour cette salle.';
export const BAD_QUANTITY = 'Quantités invalides pour cette salle.';
export const UNKNOWN_MODE = 'Mode de réservation inconnu pour cette salle.';
export const NO_HOURS = 'Cette salle utilise les horaires de son établissement : choisissez-en un.';
export const BAD_HOURS = 'Horaires invalides : la fin doit être après le début, le même jour.';
export const NOT_PUBLIC = 'Cette salle ne se réserve pas en ligne.';
export const ALREADY_CANCELLED = 'Cette réservation est déjà annulée.';
export const NOT_LIVE = 'Cette réservation est annulée ou n’est plus valable : elle ne peut plus être modifiée.';
export const UNKNOWN_CANCEL_KEY = 'Lien d’annulation inconnu ou déjà utilisé.';
export const ALREADY_INVOICED = 'Cette réservation a déjà une facture.';
export const ALREADY_QUOTED = 'Cette réservation a déjà un devis.';
export const BAD_PERIOD = 'Période invalide : « from » et « to » sont des dates ISO 8601, « to » après « from », 62 jours au plus.';
export const DUPLICATE_UUID = 'Deux ressources ou deux modes portent le même identifiant.';
export const COMPANY_REQUIRED = 'En-tête AT-Company manquant : indiquez l’entreprise.';
