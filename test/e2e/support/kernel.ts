/** The kernel the browser tests talk to: a throwaway database, the demo company, a loopback port. */
import type { Page } from 'playwright-core';
import { createKernel, loadConfig, type Kernel } from '@comptoir/server';
import type { ThrowawayDatabase } from '@comptoir/sdk/testing';
import { seedDemo } from '../../../tools/src/seed.ts';
import { DEMO_LOGIN } from '../../../tools/src/demo-company.ts';

/** Boots with `env` (e.g. COMPTOIR_PLUGINS_PATH) on `port` (0: any); seeding twice changes nothing. */
export async function bootDemoKernel(db: ThrowawayDatabase, env: Record<string, string> = {}, port = 0): Promise<{ kernel: Kernel; url: string }> {
  const config = loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...(db.url ? { DATABASE_URL: db.url } : {}), ...env });
  const kernel = await createKernel({ config });
  await seedDemo(kernel);
  const { url } = await kernel.listen(port, '127.0.0.1');
  return { kernel, url };
}

/** Signs the demo user in through the login page and waits for the side menu. */
export async function signInAsDemo(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Adresse e-mail').fill(DEMO_LOGIN.email);
  await page.getByLabel('Mot de passe').fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Accueil' }).waitFor();
}
