/** Permissions of « Pourboires », granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'tip-jar.tips.read';
export const MANAGE = 'tip-jar.tips.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Pourboires', name: 'Consulter les pourboires', mode: 'company' },
  { sysName: MANAGE, category: 'Pourboires', name: 'Enregistrer les pourboires', mode: 'company' },
];
