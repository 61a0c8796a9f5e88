/** Where the client finds the bearer token, the active company and the user between calls. */
import type { StorageKeys, TokenStorage } from './types.ts';

export const DEFAULT_STORAGE_KEYS: StorageKeys = {
  token: 'comptoir.token',
  company: 'comptoir.company',
  user: 'comptoir.user',
};

/** Map-backed storage for Node scripts and tests, where there is no localStorage. */
export class MemoryStorage implements TokenStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

/**
 * The browser's localStorage when usable, else a fresh MemoryStorage. Reading `localStorage` can
 * throw (sandboxed iframes, blocked cookies), hence the try.
 */
export function defaultStorage(): TokenStorage {
  try {
    const candidate = (globalThis as { localStorage?: TokenStorage }).localStorage;
    if (candidate && typeof candidate.getItem === 'function') return candidate;
  } catch {
    // fall through to memory
  }
  return new MemoryStorage();
}

/** Typed reads and writes of the three values the client cares about. */
export class SessionStore {
  constructor(
    readonly storage: TokenStorage,
    readonly keys: StorageKeys,
  ) {}

  get token(): string | null {
    return this.storage.getItem(this.keys.token) || null;
  }
  get company(): string | null {
    return this.storage.getItem(this.keys.company) || null;
  }

  /** `_id` (or `id`) of the stored user JSON; null when absent or unreadable. */
  get userId(): string | null {
    const raw = this.storage.getItem(this.keys.user);
    if (!raw) return null;
    try {
      const user = JSON.parse(raw) as { _id?: unknown; id?: unknown } | null;
      const id = user?._id ?? user?.id;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
    } catch {
      return null;
    }
  }

  setToken(token: string | null): void {
    this.write(this.keys.token, token);
  }
  setCompany(companyId: string | null): void {
    this.write(this.keys.company, companyId);
  }
  setUser(user: object | null): void {
    this.write(this.keys.user, user === null ? null : JSON.stringify(user));
  }

  private write(key: string, value: string | null): void {
    if (value === null) this.storage.removeItem(key);
    else this.storage.setItem(key, value);
  }
}
