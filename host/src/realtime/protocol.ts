/**
 * The browser's side of `/api/ws` (server/src/realtime/protocol.ts and README.md): the messages the
 * shell sends and receives, and the close codes it acts on, from the one definition both sides
 * share (`@comptoir/sdk/realtime`); the shell never imports server code.
 */

import { CLOSE as SHARED_CLOSE, WS_PATH, type ServerMessage } from '@comptoir/sdk/realtime';

export type { ClientMessage, ChangeMessage, LiveNotification, ServerMessage } from '@comptoir/sdk/realtime';

/** `ws://host/api/ws` or `wss://…` for the page's own origin. */
export function liveUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

export const CLOSE = {
  ...SHARED_CLOSE,
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
