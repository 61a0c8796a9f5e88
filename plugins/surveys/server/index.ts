/**
 * The « Questionnaires » plugin (issue 19, part 2), declared as data: surveys, their answers and
 * the counters of their statistics; public answer routes; a website block; a kind of
 * notification. Nothing is registered by side effect.
 */
import { definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { surveysServices } from '../contract.ts';
import { Counters, PLUGIN_ID, Results, Surveys } from './entities.ts';
import { PERMISSIONS, READ } from './permissions.ts';
import { EVENTS, NOTICE_RESULT } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { surveys } from './migrations/20261128002434_surveys.ts';
import { blockContributions } from './services/public/block.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Surveys, Results, Counters],
  migrations: [surveys],
  permissions: PERMISSIONS,
  events: EVENTS,
  pushNotifications: [
    { sysName: NOTICE_RESULT, category: 'Questionnaires', name: 'Nouvelle réponse à un questionnaire', description: 'Pour les questionnaires dont vous êtes l’auteur et qui l’ont demandé.', permissions: [READ] },
  ],
  /** checked against the contract: each exported service has the type other plugins are promised */
  services: SERVICES satisfies ServicesFor<typeof surveysServices>,
  exports: exportsOf(surveysServices),
  routes,
  /** the « Questionnaire » block of the websites (services/public/block.ts) */
  contributions: [...blockContributions],
  seedDemo,
});
