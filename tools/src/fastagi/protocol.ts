/**
 * The AGI protocol as Asterisk speaks it over a FastAGI TCP connection: first the environment, one
 * `agi_<name>: <value>` line each and an empty line; then, for each command we write (one line),
 * one answer `200 result=<value> [data]` (or 510 / 511 / 520, the last one possibly multi-line
 * `520-…` … `520 End of proper usage.`). When the caller hangs up, Asterisk may also send a line
 * `HANGUP` on its own. Everything is bounded: line length, lines of the environment, time to answer.
 */
import type { Socket } from 'node:net';

export class AgiProtocolError extends Error { override name = 'AgiProtocolError'; }

export interface AgiAnswer { code: number; result: string; data: string; raw: string }

export interface AgiLimits { lineBytes: number; envLines: number; answerMs: number }
export const DEFAULT_LIMITS: AgiLimits = { lineBytes: 8192, envLines: 150, answerMs: 10_000 };

const ANSWER = /^(\d{3})(?: result=(\S*))?(?: (.*))?$/;

/** `key=secret` out of `agi_network_script` (« comptoir?key=… ») or `agi_request` (« agi://host:12020/comptoir?key=… »). */
export function scriptParams(env: Record<string, string>): URLSearchParams {
  const source = env.network_script || env.request || '';
  const q = source.indexOf('?');
  return new URLSearchParams(q >= 0 ? source.slice(q + 1) : '');
}

/** The line reader and command writer of one connection. */
export class AgiSession {
  private buffer = '';
  private lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private closed = false;
  /** Asterisk said the channel hung up (a `HANGUP` line, or 511 answers) */
  hungUp = false;

  constructor(private readonly socket: Socket, private readonly limits: AgiLimits = DEFAULT_LIMITS) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.push(chunk));
    socket.on('end', () => this.close());
    socket.on('close', () => this.close());
    socket.on('error', () => this.close());
  }

  private push(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.deliver(line);
    }
    if (this.buffer.length > this.limits.lineBytes) {
      this.buffer = '';
      this.deliver('\u0000too-long');
    }
  }

  private deliver(line: string): void {
    if (this.waiter) { const w = this.waiter; this.waiter = null; w(line); } else this.lines.push(line);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.waiter) { const w = this.waiter; this.waiter = null; w(null); }
  }

  /** The next line, or null once the connection is closed; refuses a line over the limit or a silence over answerMs. */
  private async nextLine(): Promise<string | null> {
    const ready = this.lines.shift();
    let line: string | null;
    if (ready !== undefined) line = ready;
    else if (this.closed) line = null;
    else {
      line = await new Promise<string | null>((resolve, reject) => {
        const timer = setTimeout(() => { this.waiter = null; reject(new AgiProtocolError('Asterisk ne répond plus.')); }, this.limits.answerMs);
        this.waiter = (l) => { clearTimeout(timer); resolve(l); };
      });
    }
    if (line === '\u0000too-long') throw new AgiProtocolError('Ligne AGI trop longue.');
    return line;
  }

  /** The `agi_*` lines up to the empty line, without their prefix; refuses anything else. */
  async readEnvironment(): Promise<Record<string, string>> {
    const env: Record<string, string> = {};
    for (let n = 0; ; n++) {
      if (n > this.limits.envLines) throw new AgiProtocolError('Environnement AGI trop long.');
      const line = await this.nextLine();
      if (line === null) throw new AgiProtocolError('Connexion fermée avant la fin de l’environnement AGI.');
      if (line === '') break;
      const m = /^agi_([a-z0-9_]+): ?(.*)$/.exec(line);
      if (!m) throw new AgiProtocolError(`Ligne d’environnement AGI invalide : « ${line.slice(0, 60)} ».`);
      env[m[1]] = m[2];
    }
    if (Object.keys(env).length === 0) throw new AgiProtocolError('Environnement AGI vide.');
    return env;
  }

  /** Writes one command and reads its answer (a `HANGUP` line before it is noted and skipped). */
  async command(command: string): Promise<AgiAnswer> {
    if (/[\r\n]/.test(command)) throw new AgiProtocolError('Commande AGI sur plusieurs lignes.');
    if (this.closed) throw new AgiProtocolError('Connexion fermée.');
    this.socket.write(`${command}\n`);
    for (;;) {
      const line = await this.nextLine();
      if (line === null) throw new AgiProtocolError('Connexion fermée pendant une commande.');
      if (line === 'HANGUP') { this.hungUp = true; continue; }
      if (/^520-/.test(line)) {
        // usage text: read to its last line
        for (let n = 0; n < 200; n++) {
          const more = await this.nextLine();
          if (more === null || /^520 /.test(more)) break;
        }
        return { code: 520, result: '', data: '', raw: line };
      }
      const m = ANSWER.exec(line);
      if (!m) throw new AgiProtocolError(`Réponse AGI invalide : « ${line.slice(0, 60)} ».`);
      const answer = { code: Number(m[1]), result: m[2] ?? '', data: m[3] ?? '', raw: line };
      if (answer.code === 511) this.hungUp = true;
      return answer;
    }
  }

  /** Ends the conversation: `HANGUP` when the channel is still up (answer awaited briefly), then closes. */
  async hangUpAndClose(): Promise<void> {
    try {
      if (!this.closed && !this.hungUp && !this.socket.destroyed) {
        this.socket.write('HANGUP\n');
        await Promise.race([this.nextLine().catch(() => null), new Promise((r) => setTimeout(r, 1000))]);
      }
    } catch { /* the peer is gone: nothing more to say */ }
    this.end();
  }

  get isClosed(): boolean { return this.closed; }

  end(): void {
    this.closed = true;
    if (!this.socket.destroyed) this.socket.end();
  }
}
