/**
 * The `kernel` plugin: platform entities (users, sessions, roles, companies, settings, activities)
 * and their routes. Built in, always first; every other plugin depends on it implicitly.
 */
import { definePlugin, exportsOf, kernelServices, type PluginManifest } from '@comptoir/sdk';
import serverPkg from '../../package.json' with { type: 'json' };
import { KERNEL_ENTITIES } from '../entities/platform.ts';
import { KERNEL_PERMISSIONS } from './permissions.ts';
import { platform } from './migrations/20261121000000_platform.ts';
import { companyInvoicingDetails } from './migrations/20261201100000_company_invoicing_details.ts';
import { establishments as establishmentsMigration } from './migrations/20261122170000_establishments.ts';
import { establishments } from './services/establishments/establishments.ts';
import { notifier } from '../notifications/notifier.ts';
import { NOTIFICATION_EVENT, NOTIFICATIONS_CLEARED_EVENT, NOTIFICATIONS_READ_EVENT } from '../realtime/events.ts';
import { notifications as notificationsMigration } from './migrations/20261124110000_notifications.ts';
import { KERNEL_PUSH_NOTIFICATIONS } from '../notifications/push-notification-catalogue.ts';
import { numbering } from './services/companies/numbering.ts';
import { companyDirectory } from './services/companies/company-directory.ts';
import { mailQueue } from './migrations/20261122171000_mail_queue.ts';
import { mailQueueObject } from './migrations/20261125100000_mail_queue_object.ts';
import { mailer } from './services/companies/mailer.ts';
import { MAIL_QUEUED_EVENT } from '../mail/mailer.ts';
import { groups as groupsMigration } from './migrations/20261124140000_groups.ts';
import { groups } from './services/groups/groups.ts';
import { backups as backupsMigration } from './migrations/20261124140100_backups.ts';
import { invitations as invitationsMigration } from './migrations/20261124100000_invitations.ts';
import { files as filesMigration } from './migrations/20261124130000_files.ts';
import { ATTACHMENTS_RELEASED_EVENT } from './services/files/attachment-release.ts';
import { userProps as userPropsMigration } from './migrations/20261124120000_user_props.ts';
import { syncIndexes, USER_PROPS_CHANGED } from './services/user-props/user-props.ts';
import { forgetGroup } from './services/files/files.ts';
import { storedFiles } from './services/files/stored-files.ts';
import { backgroundService } from './services/background.ts';
import { seedDemo } from './seed.ts';
import { routes } from './routes/index.ts';
import { jobRuns } from './migrations/20261125120500_job_runs.ts';
import { throttle as throttleMigration } from './migrations/20261127090000_throttle.ts';
import { throttleSlots } from './migrations/20261127110000_throttle_slots.ts';
import { timeOfDayObjects } from './migrations/20261127100000_time_of_day_objects.ts';
import { contribute, dashboardWidgets, firstSteps, integrityChains, recordLinks } from '@comptoir/sdk';
import { PLATFORM_FIRST_STEPS } from './services/dashboard/first-steps.ts';

export const kernelManifest: PluginManifest = {
  id: 'kernel',
  version: serverPkg.version,
  sdk: '*',
  dependsOn: {},
  menu: [
    { label: 'Entreprise', path: '/entreprise', icon: 'building', permission: 'kernel.companies.manage', order: 900 },
    { label: 'Utilisateurs', path: '/utilisateurs', icon: 'users', permission: 'kernel.users.read', order: 910 },
    { label: 'Rôles', path: '/roles', icon: 'shield', permission: 'kernel.roles.manage', order: 920 },
    { label: 'Mes sessions', path: '/sessions', icon: 'key', order: 930 },
    { label: 'Propriétés personnalisées', path: '/proprietes', icon: 'list-details', permission: 'kernel.user-props.manage', order: 925 },
  ],
  client: null,
  server: 'built-in',
  dir: import.meta.dirname,
};

export default definePlugin({
  id: 'kernel',
  entities: KERNEL_ENTITIES,
  migrations: [
    platform,
    establishmentsMigration,
    mailQueue,
    invitationsMigration,
    notificationsMigration,
    userPropsMigration,
    filesMigration,
    groupsMigration,
    backupsMigration,
    mailQueueObject,
    jobRuns,
    throttleMigration,
    timeOfDayObjects,
    throttleSlots,
    companyInvoicingDetails,
  ],
  permissions: KERNEL_PERMISSIONS,
  pushNotifications: KERNEL_PUSH_NOTIFICATIONS,
  events: [
    { name: 'kernel.user.created', description: 'Un compte utilisateur a été créé.' },
    { name: 'kernel.company.created', description: 'Une entreprise a été créée.' },
    { name: 'kernel.session.created', description: 'Une session a été ouverte.' },
    { name: NOTIFICATION_EVENT, description: 'Des notifications ont été envoyées (après validation de la transaction).' },
    { name: NOTIFICATIONS_CLEARED_EVENT, description: 'Des notifications ont été supprimées (par leur destinataire, ou pour tous par un choix).' },
    { name: NOTIFICATIONS_READ_EVENT, description: 'Des notifications ont été marquées lues ou non lues.' },
    { name: MAIL_QUEUED_EVENT, description: 'Des e-mails ont été mis en file d’envoi (après validation de la transaction).' },
    { name: 'kernel.group.deleted', description: 'Un groupe a été supprimé : les éléments qui le portaient (fk.groups) doivent l’oublier.' },
    { name: ATTACHMENTS_RELEASED_EVENT, description: 'Des pièces jointes ont été abandonnées ; leurs octets sont effacés du stockage (après validation de la transaction).' },
    { name: USER_PROPS_CHANGED, description: 'Une propriété personnalisée a été créée, modifiée ou supprimée (payload { pluginIdentifier }).' },
  ],
  /**
   * the home page's widgets and first-run steps (sdk/src/dashboard.ts), and the hash chains
   * verified together at /api/kernel/integrity (sdk/src/integrity-chains.ts), and the links between
   * records of different plugins, served at /api/kernel/links (sdk/src/record-links.ts), contributed by any plugin
   */
  extensionPoints: [dashboardWidgets, firstSteps, integrityChains, recordLinks],
  contributions: PLATFORM_FIRST_STEPS.map((s) => contribute(firstSteps, s)),
  services: {
    notifier, numbering, companies: companyDirectory, establishments, mailer, groups, storedFiles,
    background: backgroundService,
  },
  /** for every plugin, typed by `kernelServices` of the SDK */
  exports: exportsOf(kernelServices),
  routes,
  // indexes of user properties: made after the definition's commit (MariaDB DDL commits), and at
  // boot; Files filed in a deleted group are filed nowhere
  subscriptions: [
    { event: USER_PROPS_CHANGED, handler: (e, ctx) => syncIndexes(ctx, (e.payload as { pluginIdentifier: string }).pluginIdentifier) },
    { event: 'kernel.group.deleted', handler: async (e, ctx) => { await forgetGroup(ctx, (e.payload as { _id: string })._id); } },
  ],
  // the platform screens of the demo company: establishment, customer groups and property, welcome, invitation
  seedDemo,
  async onBoot(boot) {
    await boot.asSystem(null, (ctx) => syncIndexes(ctx));
  },
});
