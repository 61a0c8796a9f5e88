/** The permissions of « Téléphonie ». */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = 'pbx.telephony.read';
export const MANAGE = 'pbx.telephony.manage';
/** the FastAGI bridge's access token: sends the steps of calls (`POST /api/pbx/incoming`) */
export const ROUTE_CALLS = 'pbx.calls.route';
/** a person answering calls records their choice before pick-up */
export const ANSWER = 'pbx.calls.answer';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Téléphonie', name: 'Voir la téléphonie (appels, listes, postes)' },
  { sysName: MANAGE, category: 'Téléphonie', name: 'Configurer la téléphonie (serveurs, postes, contextes, listes)' },
  { sysName: ROUTE_CALLS, category: 'Téléphonie', name: 'Acheminer les appels (passerelle FastAGI d’Asterisk)' },
  { sysName: ANSWER, category: 'Téléphonie', name: 'Répondre aux appels (choix avant décroché)' },
];
