/**
 * `npm start` (start.ts): builds the browser side that is stale (the shell and the plugin remotes,
 * see build-clients.ts), boots the kernel (embedded SQLite under ./data unless DATABASE_URL is
 * set) offering the French demo company — the first start seeds it only where the demo policy
 * allows it (server/src/platform/services/first-start/demo-policy.ts) — and prints the address, the database,
 * which case of the first start applied, and the plugins. Everything is served on one port.
 * SIGINT/SIGTERM stop it cleanly (exit code 0); any failure, at start or later, is one French line
 * on stderr (a safe stack for the unexpected: no statement, no bound value) and exit code 1.
 */
import { createKernel, loadConfig, type Kernel } from '@comptoir/server';
import { buildClients, discoverTargets } from './build-clients.ts';
import { describeFailure } from './cli.ts';
import { DEMO_SEED } from './demo-company.ts';
import { firstStartLines } from './first-start-summary.ts';
import { describeDatabase } from './plugin-set.ts';

/** `build: false` is the same start on a checkout already built (the multi-process tests). */
export async function startComptoir(options: { build: boolean }): Promise<Kernel | null> {
  const fatal = (e: unknown) => {
    console.error(describeFailure('Comptoir s’est arrêté', e));
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  try {
    const config = loadConfig();
    if (options.build) {
      // a remote that fails to build is reported and skipped: the kernel and the other screens still start
      const builds = await buildClients(discoverTargets(), { log: (line) => console.log(line) });
      if (builds.some((b) => b.status === 'failed')) console.error('Attention : une partie de l’interface n’a pas pu être construite (voir ci-dessus).');
    }
    const kernel = await createKernel({ config, demo: DEMO_SEED });
    const { url } = await kernel.listen();
    console.log(`\nComptoir est prêt : ${url}  (démarrage en ${kernel.bootMs} ms)`);
    console.log(`Base : ${describeDatabase(config)}`);
    for (const line of firstStartLines(kernel.firstStart)) console.log(line);
    console.log(`Plugins : ${kernel.plugins.map((p) => `${p.manifest.id}@${p.manifest.version}`).join(', ')}\n`);
    const shutdown = async () => { await kernel.stop(); process.exit(0); };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    return kernel;
  } catch (e) {
    console.error(describeFailure('Démarrage impossible', e));
    process.exit(1);
  }
}
