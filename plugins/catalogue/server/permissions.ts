/** Permissions of the « Catalogue » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'catalogue.items.read';
export const MANAGE = 'catalogue.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Catalogue', name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: 'Catalogue', name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
