/**
 * Run-time loading of plugin remotes through the Module Federation runtime: each remote is
 * registered from its manifest (`/plugins/<id>/mf-manifest.json`) the first time one of its
 * screens is opened; nothing about the plugins is compiled into the shell.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { manifestUrl, remoteName } from '@comptoir/sdk/react';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(readonly pluginId: string, readonly reason: unknown) {
    super(`Le module « ${pluginId} » n'a pas pu être chargé.`);
  }
}

const registered = new Set<string>();

/**
 * `exposed` is `./App`, `./Settings`... `fresh` re-registers the remote (forgetting the cached
 * manifest and entry), which is what « Réessayer » needs after a failure.
 */
export async function loadPluginModule<T>(pluginId: string, exposed: string, fresh = false): Promise<T> {
  const name = remoteName(pluginId);
  try {
    if (!registered.has(name) || fresh) {
      registerRemotes([{ name, entry: manifestUrl(pluginId) }], { force: registered.has(name) });
      registered.add(name);
    }
    const mod = await loadRemote<T>(`${name}/${exposed.replace(/^\.\//, '')}`);
    if (!mod) throw new Error(`${exposed} est vide`);
    return mod;
  } catch (error) {
    console.error(`[comptoir] remote ${pluginId} (${exposed})`, error);
    throw new RemoteLoadError(pluginId, error);
  }
}
