/**
 * One authenticated connection to `/api/ws` for one company, kept open: it authenticates with the
 * session token as its first message, reconnects with exponential backoff (and at once when the
 * browser comes back online), checks the connection with an application ping, and stops for good on
 * the close codes that say asking again is pointless (4401 session over, 4403 company refused,
 * 4400 protocol error). Framework-free: the React side is LiveProvider.tsx; the constructor of the
 * socket is a parameter so that the class also runs under Node (with `ws`) in the tests.
 */
import { CLOSE, parseServerMessage, type ClientMessage, type ServerMessage } from './protocol.ts';

/** connecting: opening or authenticating; live: `ready` received; waiting: before the next attempt; stopped: for good. */
export type LiveStatus = 'connecting' | 'live' | 'waiting' | 'stopped';

/** What the class needs of a WebSocket: the browser's fits, so does `ws`'s. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface LiveSocketOptions {
  url: string;
  token: string;
  company: string;
  /** `change` and `notification` messages */
  onMessage(message: Exclude<ServerMessage, { type: 'ready' } | { type: 'pong' }>): void;
  /** `ready`; `reconnected` is true after a gap, during which changes may have been missed */
  onReady?(ready: { userId: string; companyId: string; reconnected: boolean }): void;
  onStatus?(status: LiveStatus): void;
  /** 4401: the session is over (logged out elsewhere, revoked, expired) */
  onUnauthenticated?(reason: string): void;
  /** 4403: the user no longer belongs to this company */
  onForbidden?(reason: string): void;
  /** default: the global WebSocket */
  createSocket?: SocketFactory;
  /** first retry delay (default 1 s), doubled at each failure up to maxRetryMs (default 30 s), ±20 % */
  retryMs?: number;
  maxRetryMs?: number;
  /** application ping period (default 25 s) and the delay for any answer (default 10 s) */
  pingMs?: number;
  pongMs?: number;
  random?: () => number;
}

/** Delay before attempt `attempt` (0 for the first retry): exponential, capped, with ±20 % jitter. */
export function backoffDelay(attempt: number, retryMs = 1_000, maxRetryMs = 30_000, random: () => number = Math.random): number {
  const base = Math.min(maxRetryMs, retryMs * 2 ** Math.min(attempt, 20));
  return Math.round(Math.min(maxRetryMs, base * (0.8 + 0.4 * random())));
}

const OPEN = 1;

function defaultFactory(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

interface OnlineTarget {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
}

export class LiveSocket {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private everReady = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private current: LiveStatus = 'stopped';
  private readonly online = () => {
    if (this.current === 'waiting') this.connect();
  };

  constructor(private readonly options: LiveSocketOptions) {}

  get status(): LiveStatus {
    return this.current;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    (globalThis as { window?: OnlineTarget }).window?.addEventListener('online', this.online);
    this.connect();
  }

  /** Closes the connection (1000) and never reconnects. */
  stop(): void {
    this.stopped = true;
    (globalThis as { window?: OnlineTarget }).window?.removeEventListener('online', this.online);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(CLOSE.NORMAL, 'Fin de session');
      } catch {
        // already closing
      }
    }
    this.setStatus('stopped');
  }

  private connect(): void {
    this.clearTimers();
    if (this.stopped) return;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? defaultFactory)(this.options.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.send({ type: 'auth', token: this.options.token, company: this.options.company });
    };
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onclose = (event) => this.closed(socket, event.code, event.reason);
    socket.onerror = () => {
      // a close event follows, which decides
    };
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    // anything the server sends proves the connection alive
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
    const message = parseServerMessage(data);
    if (!message) return;
    if (message.type === 'ready') {
      const reconnected = this.everReady;
      this.everReady = true;
      this.attempt = 0;
      this.setStatus('live');
      this.startPing();
      this.options.onReady?.({ userId: message.userId, companyId: message.companyId, reconnected });
      return;
    }
    if (message.type === 'pong') return;
    if (message.type === 'change' || message.type === 'notification' || message.type === 'notifications-cleared') this.options.onMessage(message);
  }

  private closed(socket: SocketLike, code: number, reason: string): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    if (code === CLOSE.UNAUTHENTICATED || code === CLOSE.FORBIDDEN || code === CLOSE.BAD_MESSAGE) {
      this.stopped = true;
      this.setStatus('stopped');
      if (code === CLOSE.UNAUTHENTICATED) this.options.onUnauthenticated?.(reason);
      else if (code === CLOSE.FORBIDDEN) this.options.onForbidden?.(reason);
      else console.error(`[comptoir] canal temps réel refusé (${code}) : ${reason}`);
      return;
    }
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    this.setStatus('waiting');
    const delay = backoffDelay(this.attempt++, this.options.retryMs, this.options.maxRetryMs, this.options.random);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing(): void {
    const every = this.options.pingMs ?? 25_000;
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => this.giveUp(), this.options.pongMs ?? 10_000);
    }, every);
  }

  /** No answer to a ping: the connection is dead without a close event (sleep, network change). */
  private giveUp(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(CLOSE.NO_PONG, 'Pas de réponse');
    } catch {
      // already closed
    }
    this.clearTimers();
    this.retry();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = this.pingTimer = this.pongTimer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }
}
