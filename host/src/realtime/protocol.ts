/**
 * The browser's side of `/api/ws` (server/src/realtime/protocol.ts and README.md): the messages the
 * shell sends and receives, and the close codes it acts on. Types only mirror the server's; the
 * shell never imports server code.
 */

export const WS_PATH = '/api/ws';

/** `ws://host/api/ws` or `wss://…` for the page's own origin. */
export function liveUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

export type ClientMessage =
  | { type: 'auth'; token: string; company: string }
  | { type: 'ping' };

export interface LiveNotification {
  _id: string;
  type: 'user';
  title: string;
  content?: string;
  choices: Array<{ title: string; url?: string; method?: string }>;
  priority: string;
  /** primary, secondary, success, danger, warning, info, light, dark */
  style: string;
  liveOnly: boolean;
  internal: boolean;
  /** ms on screen; 0 = until dismissed */
  timeToLive: number;
  sender: string | null;
  date: string;
  fk: { user: string | null; company: string | null };
}

export interface ChangeMessage {
  type: 'change';
  /** `invoicing.invoice.updated` */
  name: string;
  /** `<plugin>.<collection>` */
  entity: string;
  _id: string;
  by: string | null;
  /** the author's session; null: the system or an access token */
  session: string | null;
}

export type ServerMessage =
  | { type: 'ready'; userId: string; companyId: string }
  | { type: 'pong' }
  | ChangeMessage
  | { type: 'notification'; notification: LiveNotification };

export const CLOSE = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  BAD_MESSAGE: 4400,
  UNAUTHENTICATED: 4401,
  FORBIDDEN: 4403,
  AUTH_TIMEOUT: 4408,
  /** ours: no pong in time, the socket is given up and opened again */
  NO_PONG: 4000,
} as const;

/** A server message, or null for anything unreadable (never throws). */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    if (!value || typeof value !== 'object' || typeof value.type !== 'string') return null;
    return value as ServerMessage;
  } catch {
    return null;
  }
}
