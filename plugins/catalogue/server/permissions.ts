/** Permissions of the « Catalogue » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'catalogue.items.read';
export const MANAGE = 'catalogue.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Catalogue', name: 'Consulter le catalogue', mode: 'company' },
  { sysName: MANAGE, category: 'Catalogue', name: 'Gérer le catalogue', description: 'Créer, modifier et supprimer les articles du catalogue.', mode: 'company' },
];
