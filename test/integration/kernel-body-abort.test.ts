/**
 * Compressed request bodies that stop half-way (server/src/http/body.ts, http/README.md « Request
 * bodies »), over real sockets: a client that sends part of a gzip (or brotli) body and closes its
 * connection must not leave the request hanging — its handling ends, nothing kept — and a gzip body
 * cut short but fully sent (its Content-Length matching) is a French 400. The server keeps
 * answering afterwards.
 */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import Koa from 'koa';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { errorMiddleware } from '../../server/src/http/errors.ts';
import { jsonBody } from '../../server/src/http/body.ts';

/** a JSON body large enough to cross several TCP reads once compressed */
const JSON_BODY = Buffer.from(JSON.stringify({ email: 'quelqu.un@exemple.fr', password: 'x', notes: Array.from({ length: 4000 }, (_, i) => `ligne ${i} ${i * 7919 % 104729}`) }));
const GZIP = zlib.gzipSync(JSON_BODY);
const BROTLI = zlib.brotliCompressSync(JSON_BODY);

interface Target { host: string; port: number }

function head(path: string, encoding: string, length: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Encoding: ${encoding}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
}

/** Sends the head announcing `announced` bytes and `sent` of them, then closes the connection. */
async function sendAndHangUp(t: Target, path: string, encoding: string, body: Buffer): Promise<void> {
  const socket = net.connect(t.port, t.host);
  await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  socket.on('error', () => { /* the server may answer or reset: either is fine */ });
  socket.write(head(path, encoding, body.length));
  socket.write(body.subarray(0, Math.floor(body.length / 2)));
  // the server has started inflating before the client goes away
  await sleep(100);
  socket.destroy();
}

/** Sends a whole request and reads the answer: status and parsed JSON body. */
async function exchange(t: Target, path: string, encoding: string, body: Buffer): Promise<{ status: number; body: { message?: string; code?: string } }> {
  const socket = net.connect(t.port, t.host);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => { socket.on('end', resolve); socket.on('close', resolve); socket.on('error', reject); });
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(head(path, encoding, body.length));
  socket.write(body);
  await done;
  const text = Buffer.concat(chunks).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const json = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(json) };
}

describe('kernel: compressed bodies cut short', function () {
  this.timeout(60_000);

  describe('the body reader alone (every request’s handling ends)', function () {
    let server: http.Server;
    let target: Target;
    let started = 0;
    let ended = 0;
    const answers: number[] = [];

    before(async function () {
      const app = new Koa();
      app.on('error', () => { /* writing to a closed socket */ });
      app.use(async (ctx, next) => {
        started += 1;
        try { await next(); } finally { ended += 1; answers.push(ctx.status); }
      });
      app.use(errorMiddleware());
      app.use(jsonBody({ limit: 10_000_000 }));
      app.use((ctx) => { ctx.body = { lu: true }; });
      server = http.createServer(app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      target = { host: '127.0.0.1', port: (server.address() as net.AddressInfo).port };
    });
    after(async function () {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** every request begun has been answered (or given up), within `ms` */
    async function allEnded(ms = 3000): Promise<boolean> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (started > 0 && ended === started) return true;
        await sleep(20);
      }
      return ended === started;
    }

    for (const [encoding, body] of [['gzip', GZIP], ['br', BROTLI]] as const) {
      it(`${encoding}: 10 clients closing half-way through their body leave no request hanging`, async function () {
        const before = started;
        await Promise.all(Array.from({ length: 10 }, () => sendAndHangUp(target, '/', encoding, body)));
        expect(await allEnded(), `${ended} of ${started} requests ended`).to.equal(true);
        expect(started - before).to.equal(10);
        // each ended as a client error, never a 500
        expect(answers.slice(-10).every((s) => s === 400)).to.equal(true);
      });
    }

    it('a whole body still reads after them', async function () {
      const res = await exchange(target, '/', 'gzip', GZIP);
      expect(res).to.deep.equal({ status: 200, body: { lu: true } });
    });
  });

  describe('the kernel', function () {
    let k: TestKernel;
    let target: Target;
    before(async function () {
      k = await createTestKernel();
      const url = new URL(k.url);
      target = { host: url.hostname, port: Number(url.port) };
    });
    after(async function () { await k?.stop(); });

    it('a gzip body cut short but fully sent is a French 400, and the server keeps answering', async function () {
      const truncated = GZIP.subarray(0, GZIP.length - 20);
      const res = await exchange(target, '/api/auth/login', 'gzip', truncated);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.include({ code: 'VALIDATION', message: 'Corps compressé illisible (Content-Encoding: gzip).' });
      await Promise.all(Array.from({ length: 10 }, () => sendAndHangUp(target, '/api/auth/login', 'gzip', GZIP)));
      expect((await k.anonymous.get('/api/health')).status).to.equal(200);
      const gzip = await exchange(target, '/api/auth/login', 'gzip', zlib.gzipSync(JSON.stringify({ email: 'personne@exemple.fr', password: 'faux' })));
      expect(gzip.status, JSON.stringify(gzip.body)).to.equal(401);
    });
  });
});
