/**
 * The entities of « Projets » (README « Entities »). Schemas are in schemas/; columns in
 * migrations/20261205100000_projects.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import {
  Intervention, Project, ProjectComment, ProjectItem, ProjectUserSettings, ProjectWorkingTime, Team, type ItemStatus,
} from '../schemas/index.ts';
import { INVOICED_FROZEN } from './messages.ts';

export const PLUGIN_ID = 'projects';

export const Projects = defineEntity({
  plugin: PLUGIN_ID, name: 'projects', table: 'projects_projects', schema: Project, companyScoped: true, label: 'projet',
  references: { 'fk.owner': 'kernel.users', 'fk.teams': 'projects.teams' },
});

export const Teams = defineEntity({
  plugin: PLUGIN_ID, name: 'teams', table: 'projects_teams', schema: Team, companyScoped: true, label: 'équipe', feminine: true,
  references: { 'fk.users': 'kernel.users', 'fk.projects': { entity: 'projects.projects', blocksDeletion: false } },
});

export const UserSettings = defineEntity({
  plugin: PLUGIN_ID, name: 'user-settings', table: 'projects_user_settings', schema: ProjectUserSettings, companyScoped: true,
  label: 'droit sur un projet',
  references: { 'fk.project': 'projects.projects', 'fk.user': 'kernel.users', 'fk.team': 'projects.teams' },
});

/** The board's column, from the flags (README « Status »). */
export function itemStatus(doc: { archived?: boolean; validated?: boolean; accepted?: boolean }): ItemStatus {
  if (doc.archived) return 'archived';
  if (doc.validated) return 'validated';
  if (doc.accepted) return 'accepted';
  return 'submitted';
}

export const Items = defineEntity({
  plugin: PLUGIN_ID, name: 'items', table: 'projects_items', schema: ProjectItem, companyScoped: true,
  label: 'idée ou incident', feminine: true,
  references: {
    'fk.project': 'projects.projects', 'fk.owner': 'kernel.users',
    'fk.followers': 'kernel.users', 'fk.workers': 'kernel.users', 'fk.desiredHelpers': 'kernel.users',
  },
  derive: (doc) => ({ status: itemStatus(doc) }),
});

export const WorkingTimes = defineEntity({
  plugin: PLUGIN_ID, name: 'working-times', table: 'projects_working_times', schema: ProjectWorkingTime, companyScoped: true,
  label: 'temps passé',
  /** invoiced: its line is on an invoice (README « Invoicing ») */
  frozen: (doc) => (doc.fk.invoice ? INVOICED_FROZEN : null),
  references: {
    'fk.project': 'projects.projects', 'fk.user': 'kernel.users', 'fk.item': 'projects.items',
    'fk.invoice': { entity: 'invoicing.invoices', blocksDeletion: false },
  },
});

export const Comments = defineEntity({
  plugin: PLUGIN_ID, name: 'comments', table: 'projects_comments', schema: ProjectComment, companyScoped: true, label: 'commentaire',
  references: {
    'fk.project': 'projects.projects', 'fk.item': 'projects.items', 'fk.user': 'kernel.users',
    'fk.desiredHelpers': 'kernel.users', 'fk.customers': { entity: 'contacts.customers', blocksDeletion: false },
  },
});

export const Interventions = defineEntity({
  plugin: PLUGIN_ID, name: 'interventions', table: 'projects_interventions', schema: Intervention, companyScoped: true,
  label: 'intervention', feminine: true,
  references: {
    'fk.customer': { entity: 'contacts.customers', blocksDeletion: false },
    'fk.provider': { entity: 'contacts.providers', blocksDeletion: false },
    'fk.project': 'projects.projects',
  },
});
