/**
 * The `kernel` plugin: platform entities (users, sessions, roles, companies, settings, activities)
 * and their routes. Built in, always first; every other plugin depends on it implicitly.
 */
import { definePlugin, type PluginManifest } from '@comptoir/sdk';
import serverPkg from '../../package.json' with { type: 'json' };
import { KERNEL_ENTITIES } from './entities.ts';
import { KERNEL_PERMISSIONS } from './permissions.ts';
import { platform } from './migrations/20261121000000_platform.ts';
import { authRoutes } from './routes/auth.ts';
import { companyRoutes } from './routes/companies.ts';
import { userRoutes } from './routes/users.ts';
import { roleRoutes } from './routes/roles.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { platformRoutes } from './routes/platform.ts';
import { profileRoutes } from './routes/profile.ts';
import { establishmentRoutes } from './routes/establishments.ts';
import { establishments as establishmentsMigration } from './migrations/20261122170000_establishments.ts';
import { establishments } from './services/establishments.ts';
import { bootstrap } from './services/bootstrap.ts';
import { notifier, NOTIFICATION_EVENT } from '../realtime/notifier.ts';
import { numbering } from './services/numbering.ts';
import { companyDirectory } from './services/company-directory.ts';
import { mailQueue } from './migrations/20261122171000_mail_queue.ts';
import { mailer } from './services/mailer.ts';
import { MAIL_QUEUED_EVENT } from '../mail/mailer.ts';

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
  ],
  client: null,
  server: 'built-in',
  dir: import.meta.dirname,
};

export default definePlugin({
  id: 'kernel',
  entities: KERNEL_ENTITIES,
  migrations: [platform, establishmentsMigration, mailQueue],
  permissions: KERNEL_PERMISSIONS,
  events: [
    { name: 'kernel.user.created', description: 'Un compte utilisateur a été créé.' },
    { name: 'kernel.company.created', description: 'Une entreprise a été créée.' },
    { name: 'kernel.session.created', description: 'Une session a été ouverte.' },
    { name: NOTIFICATION_EVENT, description: 'Des notifications ont été envoyées en direct (après validation de la transaction).' },
    { name: MAIL_QUEUED_EVENT, description: 'Des e-mails ont été mis en file d’envoi (après validation de la transaction).' },
  ],
  services: { notifier, numbering, companies: companyDirectory, establishments, mailer },
  /** `kernel.notifier`, `kernel.numbering`, `kernel.companies`, `kernel.establishments`, `kernel.mailer` for every plugin */
  exports: ['notifier', 'numbering', 'companies', 'establishments', 'mailer'],
  routes: [...authRoutes, ...companyRoutes, ...userRoutes, ...roleRoutes, ...sessionRoutes, ...platformRoutes, ...profileRoutes, ...establishmentRoutes],
  onBoot: (boot) => boot.asSystem(null, bootstrap),
});
