/** Permissions of the « Réservations » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'booking.items.read';
export const MANAGE = 'booking.items.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Réservations', name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: 'Réservations', name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
