/**
 * `/invitation/<key>`: the public page of an invitation link, shown before (and whatever) the
 * sign-in. Kept tiny and dependency-free: Boot.tsx reads it before anything else is loaded.
 */
const INVITATION_PATH = /^\/invitation\/([A-Za-z0-9_-]{43})\/?$/;

/** The link's key, or null when the address is not an invitation's. */
export function invitationKeyOf(pathname: string): string | null {
  return INVITATION_PATH.exec(pathname)?.[1] ?? null;
}
