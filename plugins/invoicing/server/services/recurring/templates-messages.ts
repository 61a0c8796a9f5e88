/** The French sentences and limits of recurring invoices, in one place so that tests quote them. */

/** the kernel's collection of customer groups (`kernel.groups`) */
export const CUSTOMER_GROUPS = 'contacts.customers';
/** a recurring invoice repeats at most once an hour: a pattern firing every minute is a typing error */
export const MIN_RULE_GAP_MS = 3600_000;
/** upcoming runs: span asked at most, occurrences answered at most */
export const MAX_UPCOMING_DAYS = 367;
export const MAX_UPCOMING = 1000;

export const ruleProblem = (i: number, problem: string) => `Règle ${i + 1} : ${problem}.`;
export const ruleTooFrequent = (i: number, cron: string) =>
  `Règle ${i + 1} : une facture récurrente se répète au plus une fois par heure (« ${cron} » est plus fréquent).`;
export const duplicateIdentifier = (identifier: string) =>
  `Deux règles portent l’identifiant « ${identifier} » : chaque règle d’un modèle a le sien.`;
export const blankName = () => 'Le nom du modèle est obligatoire.';
export const UNKNOWN_TEMPLATE_CUSTOMER = 'Client introuvable.';
export const UNKNOWN_GROUP = 'Groupe introuvable.';
export const notCustomerGroup = (name: string) => `Le groupe « ${name} » n’est pas un groupe de clients.`;
export const unknownRule = (identifier: string) => `Ce modèle n’a pas de règle « ${identifier} ».`;
export const notAnOccurrence = (occurrence: string, identifier: string) =>
  `« ${occurrence} » n’est pas une date passée de la règle « ${identifier} » : choisissez une exécution de l’historique.`;
export const invalidInstantParam = (name: string) => `Date invalide : « ${name} » doit être un instant lisible (AAAA-MM-JJThh:mm:ssZ).`;
export const upcomingSpan = () => `La période demandée va de « from » à « to », sur ${MAX_UPCOMING_DAYS} jours au plus.`;

/** why a customer got no invoice in a run */
export const SKIPPED_DELETED = 'Client supprimé depuis.';
export const SKIPPED_ARCHIVED = 'Client archivé.';
