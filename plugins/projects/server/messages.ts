/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

const typeWord = (type: 'idea' | 'issue') => (type === 'idea' ? 'des idées' : 'des incidents');

export const cannotSubmit = (type: 'idea' | 'issue') => `Vous n’avez pas le droit de proposer ${typeWord(type)} sur ce projet.`;
export const cannotValidate = (type: 'idea' | 'issue') => `Vous n’avez pas le droit d’accepter ou de valider ${typeWord(type)} sur ce projet.`;
export const NAME_REQUIRED = 'Le nom est obligatoire.';
export const PROJECT_REQUIRED = 'Choisissez le projet.';
export const PROJECT_FIXED = 'Une idée ou un incident ne change pas de projet.';
export const TASK_NOT_FOUND = 'Tâche introuvable.';
export const LIST_NOT_FOUND = 'Liste de tâches introuvable.';
export const DUPLICATE_UUID = 'Deux listes ou deux tâches portent le même identifiant.';
export const SETTING_TARGET = 'Un droit s’applique soit à un utilisateur, soit à une équipe : choisissez l’un des deux.';
export const ALREADY_RUNNING = 'Un chronomètre est déjà en cours pour vous : arrêtez-le d’abord.';
export const NOTHING_RUNNING = 'Aucun chronomètre en cours.';
export const END_BEFORE_START = 'La fin doit être après le début.';
export const RUNNING_NOT_EDITABLE = 'Ce temps est en cours : arrêtez le chronomètre pour le modifier.';
export const NOT_YOUR_TIME = 'Ce temps a été saisi par une autre personne.';
export const INVOICED_FROZEN = 'Ce temps a déjà été facturé : il ne peut plus être modifié ni supprimé.';
export const ALREADY_INVOICED = 'Ce temps a déjà été facturé.';
export const RUNNING_NOT_INVOICEABLE = 'Ce temps est en cours : arrêtez le chronomètre avant de le facturer.';
export const NO_RATE = 'Ce projet n’a pas de taux horaire : indiquez-en un.';
export const NOT_A_DRAFT = 'Cette facture n’est plus un brouillon : choisissez un brouillon ou créez-en un.';
export const OTHER_CUSTOMER = 'Ce brouillon est adressé à un autre client.';
export const ITEM_OF_OTHER_PROJECT = 'Cette idée ou cet incident appartient à un autre projet.';
export const INTERVENTION_PARTY = 'Une intervention concerne un client ou un fournisseur : choisissez-en un.';
export const TITLE_REQUIRED = 'Le titre est obligatoire.';
