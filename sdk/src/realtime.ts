/**
 * `@comptoir/sdk/realtime`: the protocol of the WebSocket at `/api/ws`, shared by the kernel's hub
 * (server/src/realtime) and the shell (host/src/realtime), so both sides speak one definition.
 * Types and constants only: safe in a browser bundle.
 */
export const WS_PATH = '/api/ws';

/** Client -> server. The first message must be `auth`; `ping` is an application-level keep-alive. */
export type ClientMessage =
  | { type: 'auth'; token: string; company: string }
  | { type: 'ping' };

/** A choice as the browser sees it: no headers, no address of a call back (hidden mode). */
export interface LiveNotificationChoice {
  title: string;
  /** hidden: POST /api/kernel/notifications/:id/choose (the server calls back); navigate: open `url` in the shell; blank: in a new tab */
  urlMode: string;
  method: string;
  clearNotificationForAll: boolean;
  url?: string;
}

/** A live notification (schemas README « Notification », with its defaults applied by the kernel). */
export interface LiveNotification {
  _id: string;
  /** user: addressed to named users; company: to every member */
  type: string;
  title: string;
  content?: string;
  choices: LiveNotificationChoice[];
  /** low, normal, high */
  priority: string;
  /** primary, secondary, success, danger, warning, info, light, dark */
  style: string;
  /** false: also kept in the notification centre (GET /api/kernel/notifications) */
  liveOnly: boolean;
  /** for the software: never shown as a toast nor listed */
  internal: boolean;
  /** ms on screen; 0 = until dismissed */
  timeToLive: number;
  sender: string | null;
  date: string;
  /** sysName of the PushNotification kind, or null */
  kind: string | null;
  /** shared by the notifications of one sending */
  batch: string;
  read: boolean;
  fk: { user: string | null; company: string | null };
}

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

/** Server -> client. */
export type ServerMessage<N = LiveNotification> =
  | { type: 'ready'; userId: string; companyId: string }
  | { type: 'pong' }
  | ChangeMessage
  | { type: 'notification'; notification: N }
  /** notifications removed (dismissed elsewhere, or cleared for everyone by a choice): take them off screen */
  | { type: 'notifications-cleared'; ids: string[] };

/** Close codes: 4000 + the HTTP status they stand for, or the WebSocket standard ones. */
export const CLOSE = {
  NORMAL: 1000,
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
