/**
 * The WebSocket protocol of `/api/ws` (see README.md beside this file): what a client may send,
 * what the server sends, and the close codes with their French reasons.
 */
import { CLOSE, WS_PATH, type ClientMessage, type ChangeMessage, type ServerMessage as SharedServerMessage } from '@comptoir/sdk/realtime';

export { CLOSE, WS_PATH, type ClientMessage, type ChangeMessage };

/** Server -> client: notifications in their public shape (no call-back address, no headers). */
export type ServerMessage = SharedServerMessage;

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
