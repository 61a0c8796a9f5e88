/**
 * The WebSocket protocol of `/api/ws` (see README.md beside this file): what a client may send,
 * what the server sends, and the close codes with their French reasons.
 */
import type { Notification } from './notification.ts';

export const WS_PATH = '/api/ws';

/** Client -> server. The first message must be `auth`; `ping` is an application-level keep-alive. */
export type ClientMessage =
  | { type: 'auth'; token: string; company: string }
  | { type: 'ping' };

/** Server -> client. */
export type ServerMessage =
  | { type: 'ready'; userId: string; companyId: string }
  | { type: 'pong' }
  | ChangeMessage
  | { type: 'notification'; notification: Notification };

/** An entity changed: the shell invalidates its queries on `entity` unless `session` is its own. */
export interface ChangeMessage {
  type: 'change';
  /** bus event name, e.g. `invoicing.invoice.updated` */
  name: string;
  /** `<plugin>.<collection>`, e.g. `invoicing.invoices` */
  entity: string;
  _id: string;
  /** author's user id (null: the system) */
  by: string | null;
  /** author's session id (null: the system or an access token) */
  session: string | null;
}

/** Close codes: 4000 + the HTTP status they stand for, or the WebSocket standard ones. */
export const CLOSE = {
  /** server shutting down */
  GOING_AWAY: 1001,
  /** binary frame */
  UNSUPPORTED: 1003,
  TOO_LARGE: 1009,
  INTERNAL: 1011,
  BAD_MESSAGE: 4400,
  UNAUTHENTICATED: 4401,
  FORBIDDEN: 4403,
  AUTH_TIMEOUT: 4408,
} as const;

/** A close reason is at most 123 bytes of UTF-8 (RFC 6455 §5.5): cut on a character boundary. */
export function closeReason(text: string): string {
  const MAX = 123;
  if (Buffer.byteLength(text) <= MAX) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch + '…') > MAX) break;
    out += ch;
  }
  return `${out}…`;
}

export type Parsed =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: number; reason: string };

/** Parses one text frame; never throws. */
export function parseClientMessage(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: CLOSE.BAD_MESSAGE, reason: 'Message illisible : un objet JSON est attendu.' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, code: CLOSE.BAD_MESSAGE, reason: 'Message illisible : un objet JSON est attendu.' };
  }
  const m = value as Record<string, unknown>;
  if (m.type === 'ping') return { ok: true, message: { type: 'ping' } };
  if (m.type === 'auth') {
    if (typeof m.token !== 'string' || !/^\S{1,512}$/.test(m.token)) {
      return { ok: false, code: CLOSE.UNAUTHENTICATED, reason: 'Jeton manquant ou invalide : reconnectez-vous.' };
    }
    if (typeof m.company !== 'string' || !/^[0-9a-fA-F]{24}$/.test(m.company)) {
      return { ok: false, code: CLOSE.BAD_MESSAGE, reason: 'Entreprise manquante ou invalide (identifiant de 24 caractères hexadécimaux attendu).' };
    }
    return { ok: true, message: { type: 'auth', token: m.token, company: m.company.toLowerCase() } };
  }
  const shown = typeof m.type === 'string' ? `« ${m.type.slice(0, 40)} »` : 'absent';
  return { ok: false, code: CLOSE.BAD_MESSAGE, reason: `Type de message inconnu : ${shown}.` };
}
