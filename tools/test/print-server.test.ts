/**
 * The till's print server (tools/src/print-server/, plugins/pos/README.md « Printing ») with a REAL
 * TCP listener standing in for the printer's raw port: the bytes received are exactly the bytes
 * sent; a wrong or missing secret prints nothing; HTTPS with a certificate made by openssl.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import https from 'node:https';
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { startPrintServer, type RunningPrintServer } from '../src/print-server/server.ts';
import { fakePrinter } from './fake-printer.ts';

function post(url: string, body: Buffer, headers: Record<string, string>, ca?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const u = new URL(url);
  const transport = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(u, { method: 'POST', headers: { 'content-length': String(body.length), ...headers }, ...(ca ? { ca } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SECRET = 'secret-de-la-boutique';
const TICKET = Buffer.from([0x1b, 0x40, 0x1b, 0x74, 0x10, ...Buffer.from('Caf', 'latin1'), 0xe9, 0x20, 0x32, 0x2c, 0x35, 0x30, 0x20, 0x80, 0x0a, 0x1d, 0x56, 0x01]);

describe('tools : serveur d’impression', function () {
  this.timeout(30_000);
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let server: RunningPrintServer;
  before(async () => {
    printer = await fakePrinter();
    server = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: printer.port } });
  });
  after(async () => { await server?.close(); await printer?.close(); });

  it('transmet les octets tels quels au port brut de l’imprimante', async () => {
    const res = await post(`http://127.0.0.1:${server.port}/print`, TICKET, { authorization: `Bearer ${SECRET}` });
    expect(res).to.deep.equal({ status: 200, body: { printed: true, bytes: TICKET.length } });
    const jobs = await printer.received();
    expect(jobs).to.have.length(1);
    expect(jobs[0].equals(TICKET)).to.equal(true);
  });

  it('refuse un secret faux ou absent (401) et n’imprime rien', async () => {
    const before = printer.jobs.length;
    const wrong = await post(`http://127.0.0.1:${server.port}/print`, TICKET, { authorization: 'Bearer secret-du-voisin' });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.message).to.match(/Secret partagé absent ou incorrect/);
    expect((await post(`http://127.0.0.1:${server.port}/print`, TICKET, {})).status).to.equal(401);
    expect((await post(`http://127.0.0.1:${server.port}/print`, TICKET, { authorization: SECRET })).status).to.equal(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs.length).to.equal(before);
  });

  it('répond 502 en français quand l’imprimante ne répond pas, 400 pour un ticket vide', async () => {
    const closed = await fakePrinter();
    await closed.close();
    const lost = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: closed.port } });
    try {
      const res = await post(`http://127.0.0.1:${lost.port}/print`, TICKET, { authorization: `Bearer ${SECRET}` });
      expect(res.status).to.equal(502);
      expect(res.body.message).to.match(/^L’imprimante 127\.0\.0\.1:\d+ ne répond pas/);
      expect((await post(`http://127.0.0.1:${lost.port}/print`, Buffer.alloc(0), { authorization: `Bearer ${SECRET}` })).status).to.equal(400);
    } finally { await lost.close(); }
  });

  it('en HTTPS (secured) avec un certificat : imprime, et le HTTP en clair n’y passe pas', async function () {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-tls-'));
    const cert = path.join(dir, 'cert.pem'), key = path.join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
    const tlsPrinter = await fakePrinter();
    const secured = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: tlsPrinter.port }, tls: { cert: fs.readFileSync(cert), key: fs.readFileSync(key) } });
    try {
      expect(secured.secured).to.equal(true);
      const res = await post(`https://127.0.0.1:${secured.port}/print`, TICKET, { authorization: `Bearer ${SECRET}` }, fs.readFileSync(cert, 'utf8'));
      expect(res.status).to.equal(200);
      expect((await tlsPrinter.received())[0].equals(TICKET)).to.equal(true);
      let plainFailed = false;
      await post(`http://127.0.0.1:${secured.port}/print`, TICKET, { authorization: `Bearer ${SECRET}` }).catch(() => { plainFailed = true; });
      expect(plainFailed).to.equal(true);
    } finally {
      await secured.close(); await tlsPrinter.close(); fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
