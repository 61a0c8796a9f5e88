/**
 * A kernel in a process of its own, for multi-process tests (test/integration/realtime-redis.test.ts):
 * configured by its environment like `npm start` (DATA_DIR, DATABASE_URL, REDIS_URL, …), only the
 * kernel plugin, listening on a free port of 127.0.0.1. Prints `LISTENING <url>` once ready; stops
 * cleanly on SIGTERM.
 */
import { createKernel, loadConfig } from '@comptoir/server';

const kernel = await createKernel({ config: loadConfig(process.env), pluginDirs: [] });
const { url } = await kernel.listen(0, '127.0.0.1');
process.stdout.write(`LISTENING ${url}\n`);
process.on('SIGTERM', () => {
  void kernel.stop().finally(() => process.exit(0));
});
