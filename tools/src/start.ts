/**
 * `npm start`: builds the browser side that is stale (the shell and the plugin remotes, see
 * build-clients.ts), boots the kernel (embedded SQLite under ./data unless DATABASE_URL is set),
 * seeds the French demo company, and prints the address and the demo login. Everything is served
 * on one port.
 */
import { createKernel, loadConfig, ConfigError } from '@comptoir/server';
import { seedDemo } from './seed.ts';
import { DEMO_LOGIN } from './demo-company.ts';
import { buildClients, discoverTargets } from './build-clients.ts';

try {
  const config = loadConfig();
  // a remote that fails to build is reported and skipped: the kernel and the other screens still start
  const builds = await buildClients(discoverTargets(), { log: (line) => console.log(line) });
  if (builds.some((b) => b.status === 'failed')) console.error('Attention : une partie de l’interface n’a pas pu être construite (voir ci-dessus).');
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
