/**
 * The print server of the till (spec §3 « Print server for receipts », plugins/pos/README.md
 * « Printing »): a small HTTP(S) server on the shop's network that takes ESC/POS bytes from
 * Comptoir (`POST /print`, the shared secret as a bearer token) and forwards them unchanged to the
 * receipt printer's raw port (9100). HTTPS when given a certificate and key (`secured`, the
 * default of the spec); plain HTTP only when asked for.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { timingSafeEqual, createHash } from 'node:crypto';

export const DEFAULT_PORT = 9998;
export const DEFAULT_PRINTER_PORT = 9100;
/** a ticket with a logo is a few kilobytes; a megabyte is a mistake or an attack */
export const MAX_BYTES = 1024 * 1024;

export interface PrintServerOptions {
  /** listening port (9998 by default; 0 = any free port) */
  port?: number;
  host?: string;
  secret: string;
  printer: { host: string; port?: number };
  /** PEM certificate and key: HTTPS; absent: plain HTTP */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** milliseconds to reach and write to the printer */
  printerTimeoutMs?: number;
}

export interface RunningPrintServer {
  port: number;
  secured: boolean;
  close(): Promise<void>;
}

/** Constant-time comparison of the bearer token with the secret (hashed first: equal lengths). */
function secretMatches(header: string | undefined, secret: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1]), digest(secret));
}

function answer(res: http.ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Writes the bytes to the printer's raw port and waits until they are sent. */
export function sendToPrinter(printer: { host: string; port?: number }, bytes: Buffer, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: printer.host, port: printer.port ?? DEFAULT_PRINTER_PORT });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('délai dépassé')));
    socket.on('error', reject);
    socket.on('connect', () => socket.end(bytes));
    socket.on('close', (hadError) => { if (!hadError) resolve(); });
  });
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) { resolve(null); req.resume(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startPrintServer(options: PrintServerOptions): Promise<RunningPrintServer> {
  if (!options.secret || options.secret.length < 8) throw new Error('le secret partagé doit avoir au moins 8 caractères');
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://print-server');
    if (url.pathname === '/health' && req.method === 'GET') { answer(res, 200, { status: 'ok' }); return; }
    if (url.pathname !== '/print') { answer(res, 404, { message: 'Adresse inconnue : seul POST /print existe.' }); return; }
    if (req.method !== 'POST') { answer(res, 405, { message: 'Seul POST est accepté sur /print.' }); return; }
    if (!secretMatches(req.headers.authorization, options.secret)) {
      req.resume();
      answer(res, 401, { message: 'Secret partagé absent ou incorrect : rien n’a été imprimé.' });
      return;
    }
    const bytes = await readBody(req, MAX_BYTES);
    if (!bytes) { answer(res, 413, { message: `Ticket trop grand (plus de ${MAX_BYTES} octets) : rien n’a été imprimé.` }); return; }
    if (bytes.length === 0) { answer(res, 400, { message: 'Ticket vide : rien à imprimer.' }); return; }
    try {
      await sendToPrinter(options.printer, bytes, options.printerTimeoutMs);
      answer(res, 200, { printed: true, bytes: bytes.length });
    } catch (e) {
      const where = `${options.printer.host}:${options.printer.port ?? DEFAULT_PRINTER_PORT}`;
      answer(res, 502, { message: `L’imprimante ${where} ne répond pas (${(e as Error).message}).` });
    }
  };
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handler(req, res).catch((e: Error) => { if (!res.headersSent) answer(res, 500, { message: `Erreur du serveur d’impression : ${e.message}` }); });
  };
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    secured: !!options.tls,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
