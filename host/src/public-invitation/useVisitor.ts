/**
 * Who is looking at the invitation page: the stored session's user (GET /api/auth/me), or nobody.
 * A session that no longer works is forgotten here, so that the page offers to sign in again.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@comptoir/sdk/client';
import { api } from '../api.ts';

export interface Visitor { user: { _id: string; email: string; firstname?: string; name?: string } }

export function useVisitor() {
  const [token, setToken] = useState(() => api.session.token);
  const me = useQuery({
    queryKey: ['kernel', 'auth', 'me', 'invitation', token],
    enabled: !!token,
    retry: false,
    queryFn: async () => {
      try {
        return await api.get<Visitor>('/auth/me');
      } catch (e) {
        if (e instanceof ApiError && e.status === 403) {
          // a stored company this person left: ask without it
          api.setCompany(null);
          return api.get<Visitor>('/auth/me');
        }
        if (e instanceof ApiError && e.status === 401) {
          api.clearSession();
          setToken(null);
        }
        throw e;
      }
    },
  });
  return {
    token,
    visitor: token ? me.data ?? null : null,
    loading: !!token && me.isPending,
    /** after a sign-in or an account creation stored a session */
    signedIn: () => setToken(api.session.token),
    async signOut() {
      try { await api.post('/auth/logout'); } catch { /* forgotten here whatever the server says */ }
      api.clearSession();
      setToken(null);
    },
  };
}
