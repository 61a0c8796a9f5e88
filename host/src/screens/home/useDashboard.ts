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
    // its figures and checklist sum up what every other screen writes (a first customer, an emitted
    // invoice) and no mutation invalidates this key: ask again each time the home page opens, the
    // cached answer shown meanwhile (with the shell's 30 s staleTime a done step stayed unchecked)
    refetchOnMount: 'always',
  });
}
