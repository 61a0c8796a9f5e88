/**
 * The session of the signed-in shell: token and active company in the SDK client's SessionStore
 * (localStorage; the login page wrote them, see signIn.ts), the context of GET /api/auth/me, logout,
 * company switching, and the end of the session (401 on any call, 4401 on the live channel), which
 * hands back to the login page (`onSignedOut`) with a French message. It also provides
 * `@comptoir/sdk/react`'s context, which the remotes read.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ComptoirClient } from '@comptoir/sdk/client';
import { ComptoirProvider, type ComptoirCompany, type ComptoirUser, type ComptoirValue } from '@comptoir/sdk/react';

/** GET /api/auth/me (http README « Authentication and company »): the parts the shell uses. */
export interface MeAnswer {
  user: ComptoirUser;
  company: ComptoirCompany | null;
  permissions: string[];
  god: boolean;
  roles?: unknown[];
  companySettings?: Record<string, unknown> | null;
  profile?: Record<string, unknown> | null;
  /** this session (null when signed in with an access token) */
  session?: { _id: string } | null;
}

/** Shown on the login page when a call answers 401. */
export const SESSION_EXPIRED = 'Votre session a expiré ou a été fermée. Reconnectez-vous pour continuer.';
/** Shown when another tab of this browser signed out. */
export const SIGNED_OUT_ELSEWHERE = 'Vous avez été déconnecté dans un autre onglet. Reconnectez-vous pour continuer.';

export type SessionStatus = 'anonymous' | 'loading' | 'error' | 'ready';

export interface SessionValue extends ComptoirValue {
  status: SessionStatus;
  error: unknown;
  companyId: string | null;
  /** id of this session: the live channel ignores the changes it made itself */
  sessionId: string | null;
  retry(): void;
  can(permission: string): boolean;
  /** the session is over (revoked, expired): back to the login page with `notice` */
  expire(notice: string): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export const meKey = (companyId: string | null) => ['kernel', 'auth', 'me', companyId] as const;

export interface SessionProviderProps {
  api: ComptoirClient;
  /** the session is gone (logout, 401, 4401): the login page takes over, with an optional message */
  onSignedOut?(notice: string | null): void;
  children: ReactNode;
}

export function SessionProvider({ api, onSignedOut, children }: SessionProviderProps) {
  const queries = useQueryClient();
  const [token, setToken] = useState(() => api.session.token);
  const [companyId, setCompanyId] = useState(() => api.session.company);
  /** the token this provider signed in with (localStorage is shared with the other tabs) */
  const mine = useRef(token);
  /** set by logout: the 401s and the 4401 its own revocation causes are not « session expired » */
  const leaving = useRef(false);
  const signedOut = useRef(onSignedOut);
  // refs are written after render, not during it (a render may be discarded)
  useLayoutEffect(() => { signedOut.current = onSignedOut; });

  const forget = useCallback((notice: string | null) => {
    // never erase a newer session another tab has stored meanwhile
    if (api.session.token === mine.current) api.clearSession();
    mine.current = null;
    setToken(null);
    setCompanyId(null);
    queries.clear();
    signedOut.current?.(notice);
  }, [api, queries]);

  const expire = useCallback((notice: string) => {
    if (!leaving.current && mine.current) forget(notice);
  }, [forget]);

  // another tab signed out (token removed) or in again (another token): follow it
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== api.session.keys.token) return;
      const stored = api.session.token;
      if (stored === mine.current || !mine.current) return;
      if (!stored) forget(SIGNED_OUT_ELSEWHERE);
      else window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [api, forget]);

  // an expired or revoked session (401 on any call) sends back to the login page
  useEffect(() => api.onError((error, call) => {
    if (error.status === 401 && !call.path.startsWith('/auth/login')) expire(SESSION_EXPIRED);
  }), [api, expire]);

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
      // follows the server's answer (and api.setCompany beside it): not state derivable during render
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setCompanyId(null);
    }
  }, [api, me.error, companyId]);

  // the server chose the active company (first login, or after a 403): adopt it without asking again
  useEffect(() => {
    const active = me.data?.company?._id ?? null;
    if (!me.isPlaceholderData && active && active !== companyId) {
      queries.setQueryData(meKey(active), me.data);
      api.setCompany(active);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- adopts the server's answer, as above
      setCompanyId(active);
    }
  }, [api, queries, me.data, me.isPlaceholderData, companyId]);

  const logout = useCallback(async () => {
    leaving.current = true;
    try {
      await api.post('/auth/logout');
    } catch {
      // the session is forgotten here whatever the server says
    }
    forget(null);
  }, [api, forget]);

  const switchCompany = useCallback(async (id: string) => {
    if (id === api.session.company) return;
    api.setCompany(id);
    setCompanyId(id);
    // keyed queries follow the company; anything else is refetched
    await queries.invalidateQueries();
  }, [api, queries]);

  const data = me.data ?? null;
  const { refetch } = me;
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
      sessionId: data?.session?._id ?? null,
      permissions,
      god,
      can: (permission: string) => god || permissions.includes(permission),
      logout,
      switchCompany,
      expire,
      retry: () => void refetch(),
    };
  }, [status, me.error, refetch, api, data, companyId, logout, switchCompany, expire]);

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
