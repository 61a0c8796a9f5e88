/**
 * `npm run seed-demo`: boots the kernel (migrations included) on the configured database and asks
 * for the French demo company explicitly — whatever the engine, NODE_ENV or COMPTOIR_DEMO, and even
 * when the database has other users: the demo account (« Administrateur » of « Boulangerie Martin
 * SARL », no global role) is created if it is not there, then every plugin adds its missing
 * examples. Running it twice changes nothing the second time. Outside a trial installation it
 * says that the password is public.
 */
import { createKernel, loadConfig } from '@comptoir/server';
import { runCli } from './cli.ts';
import { seedDemo } from './seed.ts';
import { DEMO_COMPANY, DEMO_LOGIN } from './demo-company.ts';
import { describeDatabase } from './plugin-set.ts';

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
    console.log(`Connexion : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password} (rôle Administrateur de « ${DEMO_COMPANY.name} »)`);
    if (config.production || config.databaseUrl) {
      console.log('Attention : ce mot de passe est public ; changez-le, ou supprimez ce compte, sur un serveur accessible à d’autres.');
    }
  } finally {
    await kernel.stop();
  }
  return 0;
});
