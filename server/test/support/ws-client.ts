/**
 * A real `ws` client for the hub tests, recording what it receives. Every wait is bounded (it
 * fails with what was seen) and none asserts a duration. `sync()` proves that nothing else is on
 * the way: the server answers `ping` in order, so a message sent before the pong has arrived.
 */
import { WebSocket, type ClientOptions } from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = Record<string, any>;

export interface Closed { code: number; reason: string }

const BOUND_MS = 5_000;

export class WsProbe {
  readonly messages: Msg[] = [];
  readonly closed: Promise<Closed>;
  private listeners = new Set<() => void>();
  private pongs = 0;
  private closedWith: Closed | null = null;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString('utf8') };
        resolve(this.closedWith);
        this.notify();
      });
    });
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Msg;
      if (m.type === 'pong') this.pongs += 1;
      this.messages.push(m);
      this.notify();
    });
  }

  static open(baseUrl: string, options: ClientOptions = {}, path = '/api/ws'): Promise<WsProbe> {
    const url = new URL(path, baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url, options);
    const probe = new WsProbe(ws);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => { ws.terminate(); reject(new Error(`websocket ${url} did not open`)); }, BOUND_MS);
      ws.once('open', () => { clearTimeout(t); resolve(probe); });
      ws.once('unexpected-response', (_req, res) => { clearTimeout(t); reject(new Error(`websocket ${url}: HTTP ${res.statusCode}`)); });
      ws.once('error', (err) => { clearTimeout(t); reject(err); });
    });
  }

  /** opens a socket and authenticates it; answers the probe once `ready` arrived */
  static async signedIn(baseUrl: string, token: string, company: string): Promise<WsProbe> {
    const p = await WsProbe.open(baseUrl);
    p.send({ type: 'auth', token, company });
    await p.next((m) => m.type === 'ready', 'ready');
    return p;
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' || Buffer.isBuffer(m) ? m : JSON.stringify(m));
  }

  /** the first message (from the start) matching `pred`, waiting at most BOUND_MS */
  next(pred: (m: Msg) => boolean, what: string): Promise<Msg> {
    return this.until(() => this.messages.find(pred), what);
  }

  /** resolves with the close code and reason, waiting at most BOUND_MS */
  close(): Promise<Closed> {
    return this.until(() => this.closedWith ?? undefined, 'close');
  }

  /** round trip: every message the server sent this socket before now has been received */
  async sync(): Promise<void> {
    const want = this.pongs + 1;
    this.send({ type: 'ping' });
    await this.until(() => (this.pongs >= want ? true : undefined), 'pong');
  }

  end(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }

  private notify() { for (const l of [...this.listeners]) l(); }

  private until<T>(probe: () => T | undefined, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v === undefined) return false;
        cleanup();
        resolve(v);
        return true;
      };
      const t = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${BOUND_MS} ms; received ${JSON.stringify(this.messages)}; closed ${JSON.stringify(this.closedWith)}`));
      }, BOUND_MS);
      const listener = () => {
        if (check() || !this.closedWith || what === 'close') return;
        // nothing more can arrive
        cleanup();
        reject(new Error(`socket closed (${JSON.stringify(this.closedWith)}) before ${what}; received ${JSON.stringify(this.messages)}`));
      };
      const cleanup = () => { clearTimeout(t); this.listeners.delete(listener); };
      this.listeners.add(listener);
      listener();
    });
  }
}
