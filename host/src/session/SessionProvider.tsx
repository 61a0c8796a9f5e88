/**
 * The session of the shell: token and active company in the SDK client's SessionStore
 * (localStorage), the context of GET /api/auth/me, login, logout and company switching. It also
 * provides `@comptoir/sdk/react`'s context, which the remotes read.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ComptoirClient } from '@comptoir/sdk/client';
import { ComptoirProvider, type ComptoirCompany, type ComptoirUser, type ComptoirValue } from '@comptoir/sdk/react';

/** GET /api/auth/me (spec 001 §3): the parts the shell uses. */
export interface MeAnswer {
  user: ComptoirUser;
  company: ComptoirCompany | null;
  permissions: string[];
  god: boolean;
  roles?: unknown[];
  companySettings?: Record<string, unknown> | null;
  profile?: Record<string, unknown> | null;
}

interface LoginAnswer {
  token: string;
  user: ComptoirUser;
  company: ComptoirCompany | null;
}

export type SessionStatus = 'anonymous' | 'loading' | 'error' | 'ready';

export interface SessionValue extends ComptoirValue {
  status: SessionStatus;
  error: unknown;
  companyId: string | null;
  login(email: string, password: string): Promise<void>;
  retry(): void;
  can(permission: string): boolean;
}

const SessionContext = createContext<SessionValue | null>(null);

export const meKey = (companyId: string | null) => ['kernel', 'auth', 'me', companyId] as const;

export function SessionProvider({ api, children }: { api: ComptoirClient; children: ReactNode }) {
  const queries = useQueryClient();
  const [token, setToken] = useState(() => api.session.token);
  const [companyId, setCompanyId] = useState(() => api.session.company);

  const forget = useCallback(() => {
    api.clearSession();
    setToken(null);
    setCompanyId(null);
    queries.clear();
  }, [api, queries]);

  // an expired or revoked session (401 on any call) sends back to the login page
  useEffect(() => {
    const id = api.http.interceptors.response.use(undefined, (error: { response?: { status?: number }; config?: { url?: string } }) => {
      if (error?.response?.status === 401 && api.session.token && !String(error.config?.url ?? '').startsWith('/auth/login')) forget();
      return Promise.reject(error);
    });
    return () => api.http.interceptors.response.eject(id);
  }, [api, forget]);

  const me = useQuery({
    queryKey: meKey(companyId),
    queryFn: () => api.get<MeAnswer>('/auth/me'),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  // a stored company the user no longer belongs to (403): let the server choose the active one
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 403 && companyId) {
      api.setCompany(null);
      setCompanyId(null);
    }
  }, [api, me.error, companyId]);

  // the server chose the active company (first login, or after a 403): adopt it without asking again
  useEffect(() => {
    const active = me.data?.company?._id ?? null;
    if (!me.isPlaceholderData && active && active !== companyId) {
      queries.setQueryData(meKey(active), me.data);
      api.setCompany(active);
      setCompanyId(active);
    }
  }, [api, queries, me.data, me.isPlaceholderData, companyId]);

  const login = useCallback(async (email: string, password: string) => {
    const answer = await api.publicPost<LoginAnswer>('/auth/login', { email, password });
    queries.clear();
    api.setToken(answer.token);
    api.setUser(answer.user);
    api.setCompany(answer.company?._id ?? null);
    setToken(answer.token);
    setCompanyId(answer.company?._id ?? null);
  }, [api, queries]);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // the session is forgotten here whatever the server says
    }
    forget();
  }, [api, forget]);

  const switchCompany = useCallback(async (id: string) => {
    if (id === api.session.company) return;
    api.setCompany(id);
    setCompanyId(id);
    // keyed queries follow the company; anything else is refetched
    await queries.invalidateQueries();
  }, [api, queries]);

  const data = me.data ?? null;
  const status: SessionStatus = !token ? 'anonymous' : data ? 'ready' : me.isError ? 'error' : 'loading';

  const value = useMemo<SessionValue>(() => {
    const permissions = data?.permissions ?? [];
    const god = data?.god ?? false;
    return {
      status,
      error: me.error,
      api,
      user: data?.user ?? null,
      company: data?.company ?? null,
      companyId,
      permissions,
      god,
      can: (permission: string) => god || permissions.includes(permission),
      login,
      logout,
      switchCompany,
      retry: () => void me.refetch(),
    };
  }, [status, me.error, me.refetch, api, data, companyId, login, logout, switchCompany]);

  return (
    <SessionContext.Provider value={value}>
      <ComptoirProvider value={value}>{children}</ComptoirProvider>
    </SessionContext.Provider>
  );
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() hors de SessionProvider');
  return value;
}
