/**
 * Session and access tokens: 256 random bits, shown once to the client; only their SHA-256 is
 * stored, so a leaked database does not leak usable sessions.
 */
import { randomBytes, createHash } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Bearer tokens we issue are 43 base64url characters; anything else is refused before any lookup. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
