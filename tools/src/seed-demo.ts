/**
 * `npm run seed-demo`: boots the kernel (migrations included) on the configured database and asks
 * for the French demo company explicitly — whatever the engine, NODE_ENV or COMPTOIR_DEMO, and even
 * when the database has other users: the demo account (« Administrateur » of « Boulangerie Martin
 * SARL », no global role) is created if it is not there, then every plugin adds its missing
 * examples. Running it twice changes nothing the second time. Where `npm start` makes no demo, it
 * says that the next start will disable the account (its password is public); a demo account whose
 * password no longer opens it is left as it is, and its password is not printed.
 */
import { createKernel, loadConfig } from '@comptoir/server';
import { runCli } from './cli.ts';
import { seedDemo } from './seed.ts';
import { DEMO_COMPANY, DEMO_LOGIN } from './demo-company.ts';
import { describeDatabase } from './plugin-set.ts';
import { decideDemo } from '../../server/src/platform/services/first-start/demo-policy.ts';
import { engineOf } from '../../server/src/db/connect.ts';

await runCli('Données de démonstration impossibles', async () => {
  // the kernel's info lines (one per plugin) are noise for a one-shot command
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const kernel = await createKernel({ config });
  try {
    const demo = await seedDemo(kernel);
    console.log(`Base : ${describeDatabase(config)}`);
    if (demo.created) {
      console.log(`Entreprise de démonstration créée : « ${DEMO_COMPANY.name} » (${demo.companyId}).`);
    } else {
      console.log(`Entreprise de démonstration déjà présente : « ${DEMO_COMPANY.name} » (${demo.companyId ?? 'le compte de démonstration n’en fait plus partie'}), rien n’a été modifié.`);
    }
    if (!demo.publicPassword) {
      // disabled by a start where no demo is made, or its password changed: never print a password that does not open it
      console.log(`Connexion : ${DEMO_LOGIN.email} n’a plus le mot de passe public (compte désactivé ou mot de passe changé) ; un administrateur peut lui en donner un nouveau.`);
    } else {
      console.log(`Connexion : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password} (rôle Administrateur de « ${DEMO_COMPANY.name} »)`);
    }
    // what the next `npm start` will do with it (demo-policy.ts): a server without a demo disables it
    const next = decideDemo({
      explicit: false, setting: config.demo, engine: engineOf(kernel.db), production: config.production,
      adminConfigured: config.adminEmail !== null, emptyDatabase: false, demoExists: true,
    });
    if (demo.publicPassword && next.action === 'retire') {
      console.log('Attention : ce mot de passe est public ; sur ce serveur (NODE_ENV=production, MySQL/MariaDB, COMPTOIR_ADMIN_EMAIL ou COMPTOIR_DEMO=0), '
        + '`npm start` désactivera ce compte à son prochain démarrage, sauf avec COMPTOIR_DEMO=1.');
    }
  } finally {
    await kernel.stop();
  }
  return 0;
});
