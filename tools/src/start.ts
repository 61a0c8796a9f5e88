/**
 * `npm start`: boots the kernel (embedded SQLite under ./data unless DATABASE_URL is set), seeds
 * the French demo company, and prints the address and the demo login.
 */
import { createKernel, loadConfig, ConfigError } from '@comptoir/server';
import { seedDemo } from './seed.ts';
import { DEMO_LOGIN } from './demo-company.ts';

try {
  const config = loadConfig();
  const kernel = await createKernel({ config });
  const demo = await seedDemo(kernel);
  const { url } = await kernel.listen();
  console.log(`\nComptoir est prêt : ${url}  (démarrage en ${kernel.bootMs} ms)`);
  console.log(`Base : ${config.databaseUrl ? 'MySQL/MariaDB' : `SQLite (${config.dataDir})`}`);
  console.log(`Connexion de démonstration : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}${demo.created ? ' (créée)' : ''}`);
  console.log(`Plugins : ${kernel.plugins.map((p) => `${p.manifest.id}@${p.manifest.version}`).join(', ')}\n`);
  const shutdown = async () => { await kernel.stop(); process.exit(0); };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (e) {
  if (e instanceof ConfigError || (e as Error).name === 'PluginError' || (e as Error).name === 'MigrationError') {
    console.error(`Démarrage impossible : ${(e as Error).message}`);
    process.exit(1);
  }
  throw e;
}
