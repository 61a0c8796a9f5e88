/**
 * Which TanStack queries a `change` message makes stale. SDK keys start with `[plugin, collection]`
 * (`@comptoir/sdk/react` queries.ts: `/contacts/customers` -> `['contacts', 'customers', …]`), and
 * `entity` is `<plugin>.<collection>`: the same two words. Some kernel changes also touch the
 * session context of GET /api/auth/me (the active company, the user, roles and permissions).
 */
import { collectionKey } from '@comptoir/sdk/react';
import type { ChangeMessage } from './protocol.ts';

/** The session context query of the shell (session/SessionProvider.tsx meKey), all companies. */
export const ME_PREFIX = ['kernel', 'auth', 'me'] as const;

export interface Mine {
  sessionId: string | null;
  userId: string | null;
  companyId: string | null;
}

/** A change made by this very session: its own screen already refreshed what it changed. */
export function isOwnChange(change: ChangeMessage, mine: Mine): boolean {
  return !!change.session && change.session === mine.sessionId;
}

/** The key prefixes to invalidate for `change` (none for an unreadable entity). */
export function staleKeys(change: ChangeMessage, mine: Mine): ReadonlyArray<readonly string[]> {
  const key = collectionKey(change.entity);
  if (!key) return [];
  const keys: Array<readonly string[]> = [key];
  const [plugin, collection] = key;
  if (plugin === 'kernel') {
    const touchesMe =
      (collection === 'companies' && change._id === mine.companyId) ||
      (collection === 'users' && change._id === mine.userId) ||
      collection === 'roles' || collection === 'company-settings' || collection === 'user-company-profiles';
    if (touchesMe) keys.push(ME_PREFIX);
  }
  return keys;
}
