/** Permissions of « Files de traitement », granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'process-queues.queues.read';
export const MANAGE = 'process-queues.queues.manage';
export const RUN = 'process-queues.runs.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Files de traitement', name: 'Consulter les files de traitement', mode: 'company' },
  { sysName: MANAGE, category: 'Files de traitement', name: 'Gérer les files de traitement', description: 'Créer, modifier, valider et supprimer les files et leurs nœuds.', mode: 'company' },
  { sysName: RUN, category: 'Files de traitement', name: 'Exécuter les files de traitement', description: 'Démarrer et reprendre une exécution d’une file (tests, simulations).', mode: 'company' },
];
