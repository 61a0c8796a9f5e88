/** Device information of a session, parsed once from the user-agent (bowser), and its display name. */
import Bowser from 'bowser';
import { UNKNOWN_SESSION_LABEL, type SessionDeviceInfo } from '@comptoir/schemas';

const clean = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string' && v !== '')) as T;

export function deviceInfo(userAgent: string | undefined): SessionDeviceInfo {
  const ua = (userAgent ?? '').slice(0, 2048);
  if (!ua) return { browser: {}, os: {}, platform: {}, engine: {} };
  const r = Bowser.parse(ua);
  return {
    browser: clean({ name: r.browser.name, version: r.browser.version }),
    os: clean({ name: r.os.name, version: r.os.versionName ?? r.os.version }),
    platform: clean({ type: r.platform.type, vendor: r.platform.vendor, model: r.platform.model }),
    engine: clean({ name: r.engine.name, version: r.engine.version }),
    userAgent: ua,
  };
}

/** « Chrome sur Linux », the label the user gave, or « (session inconnue) ». */
export function sessionLabel(s: { name?: string; deviceInfo?: SessionDeviceInfo } | null | undefined): string {
  if (!s) return UNKNOWN_SESSION_LABEL;
  if (s.name) return s.name;
  const d = s.deviceInfo;
  const parts = [d?.browser?.name, d?.os?.name && `sur ${d.os.name}`].filter(Boolean);
  return parts.length ? parts.join(' ') : UNKNOWN_SESSION_LABEL;
}
