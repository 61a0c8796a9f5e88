/**
 * The tables of « Projets » (issue 19, part 1): projects, teams, rights, items (their task lists a
 * JSON column), working times, comments, interventions. A snapshot: later changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = ['projects_projects', 'projects_teams', 'projects_user_settings', 'projects_items', 'projects_working_times', 'projects_comments', 'projects_interventions'];

export const projects: Migration = {
  name: '20261205100000_projects',
  async up(db) {
    await createEntityTable(db, 'projects_projects', {
      name: 'string', description: 'text', attachments: 'json',
      defaultCanSubmitIdeas: 'bool', defaultCanValidateIdeas: 'bool', defaultCanSubmitIssue: 'bool', defaultCanValidateIssue: 'bool',
      hourlyRate: 'money', vatRate: 'number', fk_owner: 'id', fk_teams: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'projects_teams', {
      name: 'string', description: 'text', attachments: 'json', fk_users: 'json', fk_projects: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'projects_user_settings', {
      order: 'int', canSubmitIdeas: 'bool', canValidateIdeas: 'bool', canSubmitIssue: 'bool', canValidateIssue: 'bool',
      fk_project: 'id', fk_user: 'id', fk_team: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_project', 'order']] });
    await createEntityTable(db, 'projects_items', {
      type: 'string', name: 'string', description: 'text', attachments: 'json', alert: 'bool', alertMessage: 'text',
      accepted: 'bool', archived: 'bool', validated: 'bool', helpRequired: 'bool', priority: 'string',
      deadLine: 'date', deadLineWithTime: 'bool', progress: 'int', autoProgressWithTasks: 'bool',
      lastActivity: 'date', lastActivityDescription: 'string', workingTime: 'int', taskLists: 'json', status: 'string',
      fk_project: 'id', fk_owner: 'id', fk_followers: 'json', fk_workers: 'json', fk_desiredHelpers: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_project', 'status', '_id'], ['fk_company', 'lastActivity', '_id'], ['fk_company', 'status', '_id']] });
    await createEntityTable(db, 'projects_working_times', {
      start: 'date', end: 'date', comment: 'text', starRate: 'int', minutes: 'int', runningUser: 'id',
      fk_project: 'id', fk_user: 'id', fk_item: 'id', fk_invoice: 'id',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'fk_user', 'start'], ['fk_company', 'fk_project', 'start'], ['fk_company', 'fk_item', 'start']],
      // one running timer per user: NULL once stopped, and NULLs never collide (SQLite and MariaDB)
      unique: [['fk_company', 'runningUser']],
    });
    await createEntityTable(db, 'projects_comments', {
      name: 'string', description: 'text', attachments: 'json', helpRequired: 'bool',
      fk_project: 'id', fk_item: 'id', fk_user: 'id', fk_desiredHelpers: 'json', fk_customers: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_item', '_id']] });
    await createEntityTable(db, 'projects_interventions', {
      kind: 'string', date: 'date', title: 'string', description: 'text', customerName: 'string', attachments: 'json',
      fk_customer: 'id', fk_provider: 'id', fk_project: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'fk_customer', 'date'], ['fk_company', 'fk_provider', 'date']] });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
