/** @comptoir/server: the kernel. */
export { createKernel, type Kernel, type KernelOptions } from './app/kernel.ts';
export { loadConfig, ConfigError, type Config } from './config.ts';
export { PluginError } from './plugins/manifest.ts';
export { MigrationError } from './db/migrate.ts';
