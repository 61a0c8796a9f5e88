/**
 * Names and addresses of plugin remotes, shared by the build (`@comptoir/sdk/rspack`) and the shell
 * that loads them at run time. Browser-safe: no Node import here.
 */

/** Module Federation container name of a plugin: `comptoir_<id with - as _>`. */
export function remoteName(pluginId: string): string {
  return `comptoir_${pluginId.replace(/-/g, '_')}`;
}

/** Where the kernel serves a plugin's built remote (its `client/dist`). */
export function remoteBase(pluginId: string): string {
  return `/plugins/${pluginId}/`;
}

export const REMOTE_ENTRY = 'remoteEntry.js';
export const REMOTE_MANIFEST = 'mf-manifest.json';

/** The manifest the shell registers: `/plugins/<id>/mf-manifest.json`. */
export function manifestUrl(pluginId: string): string {
  return `${remoteBase(pluginId)}${REMOTE_MANIFEST}`;
}
