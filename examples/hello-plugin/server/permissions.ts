/** Permissions of the « Bonjour » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'hello.people.read';
export const MANAGE = 'hello.people.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Bonjour', name: 'Consulter les personnes à saluer', mode: 'company' },
  { sysName: MANAGE, category: 'Bonjour', name: 'Saluer et gérer les personnes', description: 'Ajouter, modifier, supprimer des personnes et leur dire bonjour.', mode: 'company' },
];
