/** GET /api/kernel/plugins: the plugins of the active company, their remote and menu entries. */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/SessionProvider.tsx';

export interface PluginMenuEntry {
  label: string;
  path: string;
  icon?: string;
  permission?: string;
}

export interface PluginInfo {
  id: string;
  version: string;
  /** null when the plugin has no client */
  remote: string | null;
  /** already filtered by permission by the server */
  menu: PluginMenuEntry[];
  permissions: string[];
}

/** One shell route per menu entry of a plugin that has a client. */
export interface PluginRoute {
  plugin: PluginInfo;
  entry: PluginMenuEntry;
  /** normalised: `/factures` */
  path: string;
}

export function normalisePath(path: string): string {
  const trimmed = `/${path}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function usePlugins() {
  const { api, companyId } = useSession();
  return useQuery({
    queryKey: ['kernel', 'plugins', companyId],
    queryFn: async () => (await api.get<{ data: PluginInfo[] }>('/kernel/plugins')).data,
    staleTime: 5 * 60_000,
  });
}

export function pluginRoutes(plugins: PluginInfo[] | undefined): PluginRoute[] {
  const routes: PluginRoute[] = [];
  const seen = new Set<string>();
  for (const plugin of plugins ?? []) {
    if (!plugin.remote || plugin.id === 'kernel') continue;
    for (const entry of plugin.menu) {
      const path = normalisePath(entry.path);
      if (path === '/' || seen.has(path)) continue; // the home page is the shell's
      seen.add(path);
      routes.push({ plugin, entry, path });
    }
  }
  return routes;
}
