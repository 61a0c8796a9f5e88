/** Permissions of the « Questionnaires » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'surveys.items.read';
export const MANAGE = 'surveys.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Questionnaires', name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: 'Questionnaires', name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
