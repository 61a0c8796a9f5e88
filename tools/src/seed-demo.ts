/**
 * `npm run seed-demo`: boots the kernel (migrations included) on the configured database, seeds the
 * French demo company and its user if they are not there yet, and stops. Running it twice changes
 * nothing the second time.
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
      console.log(`Entreprise de démonstration déjà présente : « ${DEMO_COMPANY.name} » (${demo.companyId}), rien n’a été modifié.`);
    }
    console.log(`Connexion : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  } finally {
    await kernel.stop();
  }
  return 0;
});
