/**
 * The WebSocket hub of one process (realtime README; docs/architecture.md « Boot order », step 8): `/api/ws` on the kernel's HTTP
 * server. A socket authenticates with its first message (browsers cannot set headers on a
 * WebSocket), exactly as the request layer authenticates a request; it then receives what the
 * fan-out delivers to its company or its user. Nothing a client sends may crash the process.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { isHttpError, type Logger } from '@comptoir/sdk';
import type { Fanout, FanoutMessage, Target } from './fanout.ts';
import { CLOSE, WS_PATH, closeReason, parseClientMessage, type ServerMessage } from './protocol.ts';

export interface SocketIdentity {
  userId: string;
  /** null when signed in with an access token */
  sessionId: string | null;
  companyId: string;
}

/** Throws an HttpError (UNAUTHENTICATED, FORBIDDEN, VALIDATION) when refused. */
export type SocketAuthenticator = (token: string, companyId: string) => Promise<SocketIdentity>;

export interface HubOptions {
  authenticate: SocketAuthenticator;
  fanout: Fanout;
  log: Logger;
  path?: string;
  /** delay for the `auth` message (default 5 s) */
  authTimeoutMs?: number;
  /** heartbeat period (default 30 s); 0: no timer, `sweep()` is called by hand (tests) */
  heartbeatMs?: number;
  /** largest message accepted, with a French reason when over (default 64 KiB) */
  maxMessageBytes?: number;
  /** a client whose unsent data exceeds this is dropped (default 4 MiB) */
  maxBufferedBytes?: number;
}

export interface Hub {
  /** handles upgrades of `path` on `server` */
  attach(server: http.Server): void;
  /** one heartbeat round: drops the sockets that did not answer the previous ping, pings the others */
  sweep(): void;
  /** open sockets, authenticated or not */
  readonly size: number;
  /** closes every socket (1001) and stops listening to the fan-out */
  close(): Promise<void>;
}

type State = 'waiting' | 'authenticating' | 'ready' | 'closed';

interface Client {
  ws: WebSocket;
  state: State;
  alive: boolean;
  timer: NodeJS.Timeout | null;
  token: string | null;
  id: SocketIdentity | null;
}

/**
 * ws itself refuses frames above this (close 1009 without a reason: a memory guard); between
 * maxMessageBytes and this, the hub closes with 1009 and a French reason.
 */
const HARD_MAX_PAYLOAD = 256 * 1024;

export function createHub(options: HubOptions): Hub {
  const {
    authenticate, fanout, log, path = WS_PATH,
    authTimeoutMs = 5_000, heartbeatMs = 30_000, maxMessageBytes = 64 * 1024, maxBufferedBytes = 4 * 1024 * 1024,
  } = options;
  const wss = new WebSocketServer({
    noServer: true, clientTracking: false, perMessageDeflate: false,
    maxPayload: Math.max(HARD_MAX_PAYLOAD, maxMessageBytes + 1),
  });
  const clients = new Set<Client>();
  const byCompany = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  const servers = new Map<http.Server, (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void>();
  let closing = false;

  const add = (index: Map<string, Set<Client>>, key: string, c: Client) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(c);
  };
  const remove = (index: Map<string, Set<Client>>, key: string, c: Client) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) index.delete(key);
  };

  function forget(c: Client) {
    if (c.timer) { clearTimeout(c.timer); c.timer = null; }
    if (c.id && c.state === 'ready') {
      remove(byCompany, c.id.companyId, c);
      remove(byUser, c.id.userId, c);
    }
    c.state = 'closed';
  }

  function shut(c: Client, code: number, reason: string) {
    if (c.state === 'closed') return;
    forget(c);
    if (c.ws.readyState === WebSocket.OPEN || c.ws.readyState === WebSocket.CONNECTING) {
      c.ws.close(code, closeReason(reason));
    }
  }

  function sendText(c: Client, text: string) {
    if (c.state !== 'ready' || c.ws.readyState !== WebSocket.OPEN) return;
    if (c.ws.bufferedAmount > maxBufferedBytes) {
      log.warn({ userId: c.id?.userId, buffered: c.ws.bufferedAmount }, 'websocket: client too slow, dropped');
      forget(c);
      c.ws.terminate();
      return;
    }
    c.ws.send(text);
  }

  const send = (c: Client, m: ServerMessage) => sendText(c, JSON.stringify(m));

  function refusal(e: unknown): { code: number; reason: string } {
    if (isHttpError(e)) {
      if (e.code === 'UNAUTHENTICATED') return { code: CLOSE.UNAUTHENTICATED, reason: e.message };
      if (e.code === 'FORBIDDEN') return { code: CLOSE.FORBIDDEN, reason: e.message };
      if (e.code === 'VALIDATION') return { code: CLOSE.BAD_MESSAGE, reason: e.message };
    }
    log.error({ err: e }, 'websocket: authentication failed');
    return { code: CLOSE.INTERNAL, reason: 'Erreur interne du serveur : réessayez dans un instant.' };
  }

  async function signIn(c: Client, token: string, companyId: string) {
    c.state = 'authenticating';
    let id: SocketIdentity;
    try {
      id = await authenticate(token, companyId);
    } catch (e) {
      if (c.state === 'authenticating') { const r = refusal(e); shut(c, r.code, r.reason); }
      return;
    }
    if (c.state !== 'authenticating') return; // closed meanwhile
    if (c.timer) { clearTimeout(c.timer); c.timer = null; }
    c.id = id;
    c.token = token;
    c.state = 'ready';
    add(byCompany, id.companyId, c);
    add(byUser, id.userId, c);
    send(c, { type: 'ready', userId: id.userId, companyId: id.companyId });
  }

  function onMessage(c: Client, data: RawData, isBinary: boolean) {
    if (c.state === 'closed') return;
    if (isBinary) { shut(c, CLOSE.UNSUPPORTED, 'Messages binaires refusés : envoyez du JSON en texte.'); return; }
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (buf.byteLength > maxMessageBytes) {
      shut(c, CLOSE.TOO_LARGE, `Message trop volumineux : ${Math.floor(maxMessageBytes / 1024)} Ko au plus.`);
      return;
    }
    const parsed = parseClientMessage(buf.toString('utf8'));
    if (!parsed.ok) { shut(c, parsed.code, parsed.reason); return; }
    const m = parsed.message;
    if (c.state === 'waiting') {
      if (m.type !== 'auth') {
        shut(c, CLOSE.UNAUTHENTICATED, 'Authentification requise : envoyez d’abord { "type": "auth", "token", "company" }.');
        return;
      }
      void signIn(c, m.token, m.company);
      return;
    }
    if (c.state === 'authenticating') {
      shut(c, CLOSE.BAD_MESSAGE, 'Attendez la réponse « ready » avant d’envoyer un autre message.');
      return;
    }
    if (m.type === 'auth') {
      shut(c, CLOSE.BAD_MESSAGE, 'Connexion déjà authentifiée : ouvrez-en une autre pour changer d’entreprise.');
      return;
    }
    send(c, { type: 'pong' });
  }

  function accept(ws: WebSocket) {
    const c: Client = { ws, state: 'waiting', alive: true, timer: null, token: null, id: null };
    clients.add(c);
    ws.on('error', (err) => log.debug({ err }, 'websocket: socket error'));
    ws.on('pong', () => { c.alive = true; });
    ws.on('close', () => { forget(c); clients.delete(c); });
    ws.on('message', (data, isBinary) => {
      try { onMessage(c, data, isBinary); } catch (err) {
        log.error({ err }, 'websocket: message handling failed');
        shut(c, CLOSE.INTERNAL, 'Erreur interne du serveur : réessayez dans un instant.');
      }
    });
    c.timer = setTimeout(() => {
      c.timer = null;
      if (c.state === 'waiting' || c.state === 'authenticating') {
        shut(c, CLOSE.AUTH_TIMEOUT, `Authentification attendue dans les ${Math.round(authTimeoutMs / 1000)} s suivant la connexion.`);
      }
    }, authTimeoutMs);
  }

  function targets(t: Target): Client[] {
    const users = t.userIds === 'company' ? null : new Set(t.userIds);
    if (t.companyId) {
      const pool = byCompany.get(t.companyId);
      return pool ? [...pool].filter((c) => !users || users.has(c.id!.userId)) : [];
    }
    if (!users) return [];
    return [...users].flatMap((u) => [...(byUser.get(u) ?? [])]);
  }

  async function recheck(sessionId: string | undefined, userId: string | undefined) {
    const concerned = [...clients].filter((c) => c.state === 'ready' && c.id
      && ((sessionId && c.id.sessionId === sessionId) || (userId && c.id.userId === userId)));
    await Promise.all(concerned.map(async (c) => {
      try {
        await authenticate(c.token!, c.id!.companyId);
      } catch (e) {
        if (!isHttpError(e)) { log.warn({ err: e }, 'websocket: re-check failed, socket kept'); return; }
        const r = refusal(e);
        shut(c, r.code, r.reason);
      }
    }));
  }

  const unsubscribe = fanout.subscribe(async (m: FanoutMessage) => {
    if (closing) return;
    if (m.kind === 'deliver') {
      const text = JSON.stringify(m.message);
      for (const c of targets(m.target)) sendText(c, text);
    } else if (m.kind === 'recheck') {
      await recheck(m.sessionId, m.userId);
    }
  });

  function sweep() {
    for (const c of clients) {
      if (!c.alive) { forget(c); c.ws.terminate(); continue; }
      c.alive = false;
      try { c.ws.ping(); } catch { /* closing socket */ }
    }
  }
  const heartbeat = heartbeatMs > 0 ? setInterval(sweep, heartbeatMs) : null;
  heartbeat?.unref();

  return {
    attach(server) {
      if (servers.has(server)) return;
      const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        let pathname = '';
        try { pathname = new URL(req.url ?? '/', 'http://localhost').pathname; } catch { /* refused below */ }
        if (pathname !== path) {
          // another listener may want it; otherwise nobody answers, so we do
          if (server.listenerCount('upgrade') === 1) {
            socket.on('error', () => undefined);
            socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          }
          return;
        }
        if (closing) {
          socket.on('error', () => undefined);
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, accept);
      };
      servers.set(server, onUpgrade);
      server.on('upgrade', onUpgrade);
    },
    sweep,
    get size() { return clients.size; },
    async close() {
      if (closing) return;
      closing = true;
      unsubscribe();
      if (heartbeat) clearInterval(heartbeat);
      for (const [server, onUpgrade] of servers) server.off('upgrade', onUpgrade);
      servers.clear();
      const all = [...clients];
      await Promise.all(all.map((c) => new Promise<void>((resolve) => {
        if (c.ws.readyState === WebSocket.CLOSED) { resolve(); return; }
        const t = setTimeout(() => { c.ws.terminate(); resolve(); }, 1_000);
        c.ws.once('close', () => { clearTimeout(t); resolve(); });
        forget(c);
        c.ws.close(CLOSE.GOING_AWAY, 'Arrêt du serveur : reconnexion dans un instant.');
      })));
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
