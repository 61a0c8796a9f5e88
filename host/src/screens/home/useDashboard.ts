/** GET /api/kernel/dashboard, for the active company. */
import { useQuery } from '@tanstack/react-query';
import type { DashboardView } from '@comptoir/sdk/client';
import { useComptoir } from '@comptoir/sdk/react';

export function useDashboard() {
  const { api, company } = useComptoir();
  return useQuery({
    queryKey: ['kernel', 'dashboard', company?._id ?? null],
    queryFn: () => api.get<DashboardView>('/kernel/dashboard'),
    enabled: !!company,
  });
}
