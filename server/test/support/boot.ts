/** Boots the real kernel on a given throwaway database, with chosen plugin folders. */
import path from 'node:path';
import { createKernel, loadConfig, type Kernel } from '../../src/index.ts';
import type { ThrowawayDatabase } from '@comptoir/sdk/testing';

export const FIXTURES = path.join(import.meta.dirname, '../fixtures/plugins');
export const fixture = (name: string) => path.join(FIXTURES, name);

export async function bootOn(database: ThrowawayDatabase, plugins: string[], env: Record<string, string> = {}): Promise<Kernel> {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    COMPTOIR_ADMIN_EMAIL: 'admin@comptoir.test',
    COMPTOIR_ADMIN_PASSWORD: 'motdepasse-admin-1',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  return createKernel({ config, pluginDirs: plugins });
}
