/** Permissions of « Questionnaires », granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see surveys, their answers and statistics, export them */
export const READ = 'surveys.surveys.read';
/** create and edit surveys, delete answers */
export const MANAGE = 'surveys.surveys.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Questionnaires', name: 'Consulter les questionnaires', description: 'Voir les questionnaires, leurs réponses et leurs statistiques ; les exporter.', mode: 'company' },
  { sysName: MANAGE, category: 'Questionnaires', name: 'Gérer les questionnaires', description: 'Créer et modifier les questionnaires, supprimer des réponses.', mode: 'company' },
];
