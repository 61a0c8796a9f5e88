/**
 * The real kernel with the plugins the invoicing plugin depends on (contacts, catalogue,
 * invoicing), booted as production boots it, logs kept in memory (../kernel.ts), and the company
 * made able to invoice (spec §5) through the API, as its owner would fill the company screen.
 */
import path from 'node:path';
import { pino } from 'pino';
import { createKernel, loadConfig } from '../../../server/src/index.ts';
import { BENCH_ADMIN, captureLogs, type BootedKernel } from '../kernel.ts';
import type { BenchDatabase } from '../database.ts';

const PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((p) => path.join(import.meta.dirname, '..', '..', '..', 'plugins', p));

export async function bootWithPlugins(database: BenchDatabase): Promise<BootedKernel> {
  const level = (process.env.LOG_LEVEL || 'warn') as 'warn';
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: level,
    COMPTOIR_ADMIN_EMAIL: BENCH_ADMIN.email,
    COMPTOIR_ADMIN_PASSWORD: BENCH_ADMIN.password,
    COMPTOIR_LOGIN_ATTEMPTS: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const { capture, stream } = captureLogs();
  const logger = pino({ level: config.logLevel, base: undefined }, stream);
  const started = performance.now();
  const kernel = await createKernel({ config, logger, pluginDirs: PLUGINS });
  const { url } = await kernel.listen(0, '127.0.0.1');
  return { kernel, url, bootMs: performance.now() - started, logs: capture };
}

/** What spec §5 asks of a company before it invoices, and its invoice numbering (« FA-0000001 »). */
export const INVOICING_COMPANY = {
  name: 'Boulangerie Martin SARL',
  brandName: 'Au Bon Pain de Lyon',
  subjectToVAT: true,
  capital: 10000,
  siren: '123456789',
  siret: '12345678900017',
  naf: '1071C',
  rm: '123 456 789 RM 69',
  vatNumber: 'FR32123456789',
  status: 'SARL',
  email: 'contact@boulangerie-martin.fr',
  telBusiness: '04 78 00 00 00',
  address: {
    name: 'Siège', address: '12 rue de la République', zipCode: '69002', city: 'Lyon', country: 'France',
    delivery: true, invoicing: true,
  },
  invoiceFreeData: 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
} as const;

export async function putJson<T = any>(url: string, payload: unknown, headers: Record<string, string> = {}) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const send = () => fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload) });
  // a kept-alive connection may have been closed by the server while the data set was written
  const res = await send().catch(send);
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* text */ }
  return { status: res.status, body: body as T };
}

