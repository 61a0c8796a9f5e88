/** Permissions of the « Contacts » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'contacts.items.read';
export const MANAGE = 'contacts.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Contacts', name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: 'Contacts', name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
