/**
 * PUT /api/kernel/users/:id on my own account. The answer replaces the user of the session at once
 * (the shell reads its theme and name from there), before GET /api/auth/me is asked again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir, type ComptoirUser } from '@comptoir/sdk/react';

const ME = ['kernel', 'auth', 'me'] as const;

export function useSetMe(): (user: ComptoirUser) => void {
  const queries = useQueryClient();
  return (user) => {
    queries.setQueriesData<{ user: ComptoirUser } | undefined>({ queryKey: ME }, (old) => (old ? { ...old, user: { ...old.user, ...user } } : old));
  };
}

export function useSaveMe(): (body: Record<string, unknown>) => Promise<ComptoirUser> {
  const { api, user } = useComptoir();
  const queries = useQueryClient();
  const setMe = useSetMe();
  return async (body) => {
    const saved = await api.put<ComptoirUser>(`/kernel/users/${encodeURIComponent(user!._id)}`, body);
    setMe(saved);
    void queries.invalidateQueries({ queryKey: ME });
    return saved;
  };
}
