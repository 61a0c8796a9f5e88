/** Sessions and access tokens of the signed-in user, as the kernel API answers them. */
import type { AccessToken, Session } from '@comptoir/schemas';

export type SessionRow = Omit<Session, 'tokenHash'> & {
  /** « Chrome sur Linux », the name given, or « (session inconnue) » */
  label: string;
  /** the session of this browser */
  current: boolean;
};

export type AccessTokenRow = Omit<AccessToken, 'tokenHash'>;

export const SESSIONS_PATH = '/kernel/sessions';
export const TOKENS_PATH = '/kernel/access-tokens';

/** « Ordinateur (Linux) », from what the user-agent said at sign-in. */
export function deviceOf(s: SessionRow): string {
  const d = s.deviceInfo;
  const types: Record<string, string> = { desktop: 'Ordinateur', mobile: 'Téléphone', tablet: 'Tablette', tv: 'Télévision' };
  const kind = d?.platform?.type ? types[d.platform.type] ?? d.platform.type : null;
  const os = [d?.os?.name, d?.os?.version].filter(Boolean).join(' ');
  const browser = [d?.browser?.name, d?.browser?.version?.split('.')[0]].filter(Boolean).join(' ');
  return [kind, os && `(${os})`, browser && `— ${browser}`].filter(Boolean).join(' ') || 'Appareil inconnu';
}
