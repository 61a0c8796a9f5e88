/** Projects, teams and rights settings (README « Routes »). Thin: parse, call a service, answer. */
import { crudRoutes, inputSchemaOf, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { Projects, Teams, UserSettings } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { ProjectsService, UserSettingsService } from '../services/projects/projects.ts';

const ProjectInput = inputSchemaOf(Projects);
const SettingInput = inputSchemaOf(UserSettings);

export const projectRoutes: RouteDefinition[] = [
  ...crudRoutes(Projects, { read: READ, write: MANAGE, only: ['list', 'get', 'update'] }),
  ...serviceRoutes<ProjectsService>('projects', (call) => [
    call('create', { method: 'POST', path: '/projects', permission: MANAGE, body: ProjectInput, status: 201, summary: 'Créer un projet' }),
    call('remove', { method: 'DELETE', path: '/projects/:id', permission: MANAGE, summary: 'Supprimer un projet sans idée, incident ni temps passé' }),
    call('rights', { method: 'GET', path: '/projects/:id/rights', permission: READ, summary: 'Mes droits sur ce projet' }),
  ]),
  ...crudRoutes(Teams, { read: READ, write: MANAGE }),
  ...crudRoutes(UserSettings, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...serviceRoutes<UserSettingsService>('userSettings', (call) => [
    call('create', { method: 'POST', path: '/user-settings', permission: MANAGE, body: SettingInput, status: 201, summary: 'Donner des droits sur un projet à un utilisateur ou une équipe' }),
    call('update', { method: 'PUT', path: '/user-settings/:id', permission: MANAGE, body: SettingInput, summary: 'Modifier des droits sur un projet' }),
  ]),
];

