/** Permissions of the « Caisse » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see registers, their verifications and the event log */
export const READ = 'pos.cash-registers.read';
/** open, close, move cash, print (the person at the till) */
export const OPERATE = 'pos.cash-registers.operate';
/** create, edit, lock and delete registers and print servers */
export const MANAGE = 'pos.cash-registers.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Caisse', name: 'Consulter les caisses', mode: 'company' },
  { sysName: OPERATE, category: 'Caisse', name: 'Tenir la caisse', description: 'Ouvrir et clôturer une caisse, enregistrer les entrées et sorties d’espèces, imprimer.', mode: 'company' },
  { sysName: MANAGE, category: 'Caisse', name: 'Gérer les caisses', description: 'Créer, modifier, verrouiller et supprimer les caisses et les serveurs d’impression.', mode: 'company' },
];
