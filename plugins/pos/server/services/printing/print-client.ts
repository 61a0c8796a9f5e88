/**
 * Sends ESC/POS bytes to a print server of tools/ (README « Printing »): `POST /print` with the
 * shared secret as a bearer token, over HTTPS when the server is `secured` (trusting the PEM
 * certificate stored with it when there is one, the usual authorities otherwise).
 */
import http from 'node:http';
import https from 'node:https';
import { badRequest } from '@comptoir/sdk';
import type { PrintServer } from '../../../schemas/index.ts';

/** A print server that cannot be reached or refuses: a French sentence for the person at the till. */
export class PrintFailed extends Error {}

export function sendToPrintServer(server: Pick<PrintServer, 'ip' | 'port' | 'secret' | 'secured' | 'certificate'>, bytes: Uint8Array, timeoutMs = 10_000): Promise<{ bytes: number }> {
  if (!server.secret) throw badRequest('Ce serveur d’impression n’a pas de secret partagé.');
  const transport = server.secured ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request({
      host: server.ip, port: server.port, method: 'POST', path: '/print', timeout: timeoutMs,
      headers: { authorization: `Bearer ${server.secret}`, 'content-type': 'application/octet-stream', 'content-length': bytes.length },
      ...(server.secured && server.certificate ? { ca: server.certificate, checkServerIdentity: () => undefined } : {}),
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) { resolve({ bytes: bytes.length }); return; }
        let message = text;
        try { message = (JSON.parse(text) as { message?: string }).message ?? text; } catch { /* plain text answer */ }
        reject(new PrintFailed(`Le serveur d’impression a refusé le ticket (${res.statusCode}) : ${message}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('délai dépassé')));
    req.on('error', (e) => reject(new PrintFailed(`Le serveur d’impression ${server.ip}:${server.port} est injoignable (${e.message}).`, { cause: e })));
    req.end(Buffer.from(bytes));
  });
}
