/** The headers (client README « Headers »): bearer token, AT-Company, extra configured headers. */
import type { HeaderValues } from './types.ts';

export interface HeaderInput {
  token: string | null;
  company: string | null;
  extra: HeaderValues;
  /** False for publicGet/publicPost, which must not carry a bearer. */
  authenticated: boolean;
}

const AUTHORIZATION = 'authorization';
const COMPANY = 'at-company';

export function requestHeaders({ token, company, extra, authenticated }: HeaderInput): HeaderValues {
  // Extra headers come first and lose to ours: a static configuration must not override the live
  // token or company, nor sneak an Authorization header into a public call.
  const headers: HeaderValues = {};
  for (const [name, value] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    if (lower === AUTHORIZATION || lower === COMPANY) continue;
    headers[name] = value;
  }
  if (company) headers['AT-Company'] = company;
  if (authenticated && token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
