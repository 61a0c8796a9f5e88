/** GET /api/kernel/permissions: what the loaded plugins declare; a company role may hold the `company` ones. */
import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@comptoir/schemas';
import { useComptoir } from '@comptoir/sdk/react';

export interface PermissionCategory {
  category: string;
  permissions: Permission[];
}

export function usePermissionCatalogue() {
  const { api, company } = useComptoir();
  return useQuery({
    queryKey: ['kernel', 'permissions', company?._id ?? null],
    queryFn: async () => (await api.get<{ data: Permission[] }>('/kernel/permissions')).data,
    staleTime: 5 * 60_000,
  });
}

/** Company permissions grouped by category, both in French alphabetical order. */
export function byCategory(catalogue: readonly Permission[]): PermissionCategory[] {
  const groups = new Map<string, Permission[]>();
  for (const p of catalogue) {
    if (p.mode === 'global') continue;
    const category = p.category || 'Autres';
    groups.set(category, [...(groups.get(category) ?? []), p]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'fr'))
    .map(([category, permissions]) => ({ category, permissions: permissions.sort((a, b) => a.name.localeCompare(b.name, 'fr')) }));
}
