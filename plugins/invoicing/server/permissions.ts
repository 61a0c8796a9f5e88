/** Permissions of the « Facturation » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'invoicing.items.read';
export const MANAGE = 'invoicing.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Facturation', name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: 'Facturation', name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
