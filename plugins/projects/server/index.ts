/**
 * The « Projets » plugin (issue 19, part 1), declared as data: projects, teams and rights, ideas and
 * issues with their task lists and progress, working time and its timer, comments and help
 * requests, interventions; its home-page widget and its kinds of notifications. Nothing is
 * registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { Comments, Interventions, Items, PLUGIN_ID, Projects, Teams, UserSettings, WorkingTimes } from './entities.ts';
import { PERMISSIONS, READ } from './permissions.ts';
import { EVENTS, NOTICE_ACTIVITY, NOTICE_HELP } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { projects } from './migrations/20261205100000_projects.ts';
import { dashboardContributions } from './services/dashboard/my-tasks.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Projects, Teams, UserSettings, Items, WorkingTimes, Comments, Interventions],
  migrations: [projects],
  permissions: PERMISSIONS,
  events: EVENTS,
  pushNotifications: [
    { sysName: NOTICE_ACTIVITY, category: 'Projets', name: 'Activité des idées et incidents suivis', description: 'Changement de colonne, avancement, nouveau commentaire.', permissions: [READ] },
    { sysName: NOTICE_HELP, category: 'Projets', name: 'Demandes d’aide', description: 'Quelqu’un vous demande de l’aide sur une idée ou un incident.', permissions: [READ] },
  ],
  services: SERVICES,
  routes,
  /** « Mes tâches » on the home page (services/dashboard/) */
  contributions: [...dashboardContributions],
  seedDemo,
});
