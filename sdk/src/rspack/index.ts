/**
 * `@comptoir/sdk/rspack`: the build side of the client plugins. One shared list of singletons
 * (`SHARED_SINGLETONS`) for the shell and the remotes, and the complete remote configuration
 * (`pluginRemoteConfig`), so that no plugin copies a build configuration.
 */
export {
  SHARED_MODULES, SHARED_SINGLETONS, SURFACE_DIR, PROVIDE_KEY_PREFIX, hostShared, remoteShared, providedImport, installedVersion,
  compatibleRange, packageNameOf, REPO_ROOT, HOST_DIR,
} from './shared.ts';
export type { SharedModule, SharedSingleton, SharedEntry } from './shared.ts';
export { pluginRemoteConfig, remoteName, pluginIdOf, clientSource, REMOTE_ENTRY, REMOTE_MANIFEST } from './remote.ts';
export type { RemoteOptions } from './remote.ts';
export { moduleRules, scriptRule, RESOLVE_EXTENSIONS, HASHED } from './rules.ts';
export type { BuildMode } from './rules.ts';
export { PrecompressPlugin, compressFile } from './precompress.ts';
export { ChunkReportPlugin, CHUNK_REPORT_FILE, packageOfModule } from './chunk-report.ts';
export type { ChunkReport } from './chunk-report.ts';
export { SharedSurfacePlugin, sharedSurfaces, surfaceExports, surfaceViolations } from './surface-check.ts';
export type { SurfaceImport } from './surface-check.ts';
