/** The French sentences of « Questionnaires », in one place so that tests and clients quote them exactly. */

export const SURVEY_CLOSED = 'Ce questionnaire ne reçoit plus de réponses.';
export const COMPANY_REQUIRED = 'En-tête AT-Company manquant : indiquez l’entreprise du questionnaire.';
export const NO_PAGES = 'Le questionnaire doit avoir une liste de pages (« pages ») ou de questions (« elements »).';
export const duplicateName = (name: string) => `Deux questions portent le même nom : « ${name} ».`;
export const questionWithoutName = (where: string) => `Une question sans nom (« name ») : ${where}.`;
export const unknownQuestion = (name: string) => `Réponse à une question inconnue : « ${name} ».`;
export const invalidAnswer = (title: string) => `Réponse invalide à la question « ${title} ».`;
export const requiredAnswer = (title: string) => `La question « ${title} » est obligatoire.`;
export const unknownListQuestion = (name: string) => `Question inconnue dans les colonnes de la liste : « ${name} ».`;
export const TOO_LARGE_ANSWERS = 'Réponses trop volumineuses (100 Ko au plus).';
export const TEST_MODE_NEEDS_MEMBER = 'Le mode test est réservé aux membres de l’entreprise.';
