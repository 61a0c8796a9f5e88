/**
 * `createTestKernel({ plugins })` boots the real kernel with the given plugin folders on a
 * throwaway database (SQLite, or MySQL when DATABASE_URL is set) copied from a migrated template
 * (template.ts), listens on a free port and
 * answers an HTTP helper signed in as a server administrator with a company of their own.
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '../entity.ts';
import { throwawayDatabase } from './database.ts';
import { TestHttp } from './http.ts';
import { migratedDatabase } from './template.ts';

export { TestHttp, throwawayDatabase, migratedDatabase };
export type { TestResponse, RequestOptions } from './http.ts';
export type { ThrowawayDatabase } from './database.ts';
export { siteGet, type SiteResponse } from './site-get.ts';

/** The columns of the entities' schemas that their tables lack (a migration that forgot one): [] when complete. */
export async function missingColumns(db: Knex, entities: EntityDefinition[]): Promise<string[]> {
  const server = await import('@comptoir/server');
  return server.missingColumns(db, entities);
}

/**
 * A plugin's migrations undone and redone on a migrated database: every `down` in reverse order,
 * then every `up` in order. Answers the entities' tables still there after the downs and the
 * columns missing after the ups: both empty when the migrations round-trip.
 */
export async function migrationRoundTrip(
  db: Knex, entities: EntityDefinition[], migrations: { up(db: Knex): Promise<void>; down(db: Knex): Promise<void> }[],
): Promise<{ tablesLeft: string[]; missing: string[] }> {
  for (const m of [...migrations].reverse()) await m.down(db);
  const tablesLeft: string[] = [];
  for (const e of entities) if (await db.schema.hasTable(e.table)) tablesLeft.push(e.table);
  for (const m of migrations) await m.up(db);
  return { tablesLeft, missing: await missingColumns(db, entities) };
}

export const TEST_ADMIN = { email: 'admin@comptoir.test', password: 'motdepasse-admin-1' } as const;

export interface TestKernelOptions {
  /** plugin folders (absolute paths); the kernel plugin is always there */
  plugins?: string[];
  /** extra environment for the config (e.g. COMPTOIR_LOGIN_ATTEMPTS) */
  env?: Record<string, string>;
  /** a fixed clock */
  now?: () => Date;
}

export interface TestKernel {
  url: string;
  /** signed in as the administrator, in their company */
  http: TestHttp;
  /** unauthenticated */
  anonymous: TestHttp;
  admin: { token: string; userId: string; companyId: string };
  /** the kernel's database (assertions that nothing changed, tampering tests) */
  db: Knex;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kernel: any;
  login(email: string, password: string): Promise<{ token: string; userId: string; companyId: string | null }>;
  stop(): Promise<void>;
}

export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  // the server is an optional peer of the SDK: only tests load it
  const { createKernel, loadConfig } = await import('@comptoir/server');
  // already migrated for these plugins (a copy of a template): the boot finds nothing to apply
  const database = await migratedDatabase(options.plugins ?? []);
  const env: Record<string, string> = {
    DATA_DIR: database.dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    COMPTOIR_ADMIN_EMAIL: TEST_ADMIN.email,
    COMPTOIR_ADMIN_PASSWORD: TEST_ADMIN.password,
    COMPTOIR_LOGIN_ATTEMPTS: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  const clock = options.now ? { now: options.now } : undefined;
  let kernel;
  try {
    kernel = await createKernel({ config, pluginDirs: options.plugins ?? [], clock });
  } catch (e) {
    await database.drop();
    throw e;
  }
  const { url } = await kernel.listen(0, '127.0.0.1');
  const anonymous = new TestHttp(url);
  const login = async (email: string, password: string) => {
    const res = await anonymous.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token as string, userId: res.body.user._id as string, companyId: (res.body.company?._id ?? null) as string | null };
  };
  const admin = await login(TEST_ADMIN.email, TEST_ADMIN.password);
  return {
    url,
    http: new TestHttp(url, admin.token, admin.companyId),
    anonymous,
    admin: { token: admin.token, userId: admin.userId, companyId: admin.companyId! },
    db: kernel.db,
    kernel,
    login,
    async stop() {
      await kernel.stop();
      await database.drop();
    },
  };
}
