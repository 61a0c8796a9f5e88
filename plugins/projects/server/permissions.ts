/**
 * Permissions of « Projets », granted through company roles. They open the screens and the routes;
 * what a person may do on one project (submit, validate) is the project's rights (README « Rights »).
 */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see projects, their items, comments and working time */
export const READ = 'projects.items.read';
/** submit and work on items within the project's rights, comment, record working time, interventions */
export const WRITE = 'projects.items.write';
/** create and edit projects, teams and rights; holds every right on every project */
export const MANAGE = 'projects.projects.manage';
/** turn working time into invoice lines */
export const INVOICE = 'projects.working-times.invoice';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Projets', name: 'Consulter les projets', mode: 'company' },
  { sysName: WRITE, category: 'Projets', name: 'Participer aux projets', description: 'Proposer des idées et des incidents selon les droits du projet, commenter, saisir son temps, noter les interventions.', mode: 'company' },
  { sysName: MANAGE, category: 'Projets', name: 'Gérer les projets', description: 'Créer et modifier les projets, les équipes et les droits ; tous les droits sur chaque projet.', mode: 'company' },
  { sysName: INVOICE, category: 'Projets', name: 'Facturer le temps passé', description: 'Transformer le temps passé en lignes de facture pour un client.', mode: 'company' },
];
