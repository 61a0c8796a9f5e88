/** @comptoir/server: the kernel. */
export { createKernel, type Kernel, type KernelOptions } from './app/kernel.ts';
export { loadConfig, ConfigError, type Config } from './config.ts';
export { PluginError } from './plugins/manifest.ts';
export { MigrationError } from './db/migrate.ts';
/** for plugins' tests: a database handle, and the columns a migration forgot */
export { openDatabase } from './db/connect.ts';
export { missingColumns } from './db/table-check.ts';
export { FirstStartError, type DemoOutcome, type DemoRequest, type FirstStartReport } from './app/first-start.ts';
export { DEMO_LOGIN } from './platform/services/first-start/demo-account.ts';
export type { DemoSkipReason } from './platform/services/first-start/demo-policy.ts';
export { safeMessage, safeStack, serializeError } from './app/safe-error.ts';
/** for tests: what a boot with these plugin folders migrates, without booting (a template database) */
export { migratePluginDirs } from './app/migrate-plugins.ts';
/** for tests that write rows as the repository stores them (a day of receipts seeded fast) */
export { encodeRow } from './db/record-codec.ts';
export { newId } from './util/ids.ts';
