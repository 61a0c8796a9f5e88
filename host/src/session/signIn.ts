/**
 * Sign-in without the app: POST /api/auth/login with `fetch`, and the answer written where the SDK
 * client reads it (its SessionStore: localStorage `comptoir.token`, `comptoir.company`,
 * `comptoir.user`). The login page uses this so that it needs neither axios nor the shared
 * `@comptoir/sdk/client`: only React. The storage module is the SDK's own file, bundled here (it
 * holds no state: every read goes to localStorage).
 */
import { DEFAULT_STORAGE_KEYS, SessionStore, defaultStorage } from '../../../sdk/src/client/storage.ts';

export interface LoginAnswer {
  token: string;
  sessionId?: string;
  user: { _id: string; email: string; [field: string]: unknown };
  company: { _id: string; name: string } | null;
}

export const NETWORK_MESSAGE = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';

export class SignInError extends Error {
  override name = 'SignInError';
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function store(): SessionStore {
  return new SessionStore(defaultStorage(), DEFAULT_STORAGE_KEYS);
}

/** A token is stored: the app opens directly (GET /api/auth/me will say whether it still works). */
export function hasStoredSession(): boolean {
  try {
    return !!store().token;
  } catch {
    return false;
  }
}

/** The French message of a refused sign-in: the server's own (`{ message }`), else a generic one. */
async function refusal(response: Response): Promise<SignInError> {
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string') message = body.message;
  } catch {
    // not JSON
  }
  return new SignInError(response.status, message || `La connexion a échoué (erreur ${response.status}). Réessayez dans un instant.`);
}

export async function signIn(email: string, password: string): Promise<LoginAnswer> {
  const session = store();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  // the company chosen last time, as the SDK client's publicPost sends it
  if (session.company) headers['AT-Company'] = session.company;
  let response: Response;
  try {
    response = await fetch('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  } catch {
    throw new SignInError(510, NETWORK_MESSAGE);
  }
  if (!response.ok) throw await refusal(response);
  const answer = (await response.json()) as LoginAnswer;
  session.setToken(answer.token);
  session.setUser(answer.user);
  session.setCompany(answer.company?._id ?? null);
  return answer;
}
