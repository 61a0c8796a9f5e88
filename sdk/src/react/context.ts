/**
 * The React context the shell provides and the remotes read. It is one module instance for the
 * whole page because `@comptoir/sdk/react` is a shared singleton (see `@comptoir/sdk/rspack`).
 * Written without JSX so that the SDK compiles with the server's TypeScript settings.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ComptoirValue, PluginScopeValue } from './types.ts';

export const ComptoirContext = createContext<ComptoirValue | null>(null);
ComptoirContext.displayName = 'Comptoir';

export const PluginScopeContext = createContext<PluginScopeValue | null>(null);
PluginScopeContext.displayName = 'ComptoirPlugin';

export function ComptoirProvider({ value, children }: { value: ComptoirValue; children?: ReactNode }) {
  return createElement(ComptoirContext.Provider, { value }, children);
}

/** Set by the shell around each remote it mounts. */
export function PluginScope({ pluginId, basePath, children }: PluginScopeValue & { children?: ReactNode }) {
  return createElement(PluginScopeContext.Provider, { value: { pluginId, basePath } }, children);
}

export interface UseComptoir extends ComptoirValue {
  /** the plugin whose screen this is, null in the shell's own screens */
  pluginId: string | null;
  basePath: string | null;
  can(permission: string): boolean;
}

export function useComptoir(): UseComptoir {
  const value = useContext(ComptoirContext);
  const scope = useContext(PluginScopeContext);
  if (!value) {
    throw new Error('useComptoir() doit être appelé sous le shell Comptoir (ComptoirProvider absent).');
  }
  return {
    ...value,
    pluginId: scope?.pluginId ?? null,
    basePath: scope?.basePath ?? null,
    can: (permission: string) => value.god || value.permissions.includes(permission),
  };
}
