import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ApiError, createClient, MemoryStorage } from '../src/client/index.ts';
import { joinURL, parseText } from '../src/client/transport.ts';

describe('client HTTP — transport (fetch)', () => {
  let server: Server;
  let baseURL: string;

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{}');
        }, 1500);
      } else if (req.url === '/gzip') {
        const body = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ name: `Client ${i}` })), count: 200 });
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
        res.end(zlib.gzipSync(body));
      } else if (req.url === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('bonjour');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Introuvable.' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('joins the base URL and the path with one slash, and leaves an absolute URL alone', () => {
    expect(joinURL('/api', '/kernel/files')).to.equal('/api/kernel/files');
    expect(joinURL('/api/', 'kernel/files')).to.equal('/api/kernel/files');
    expect(joinURL('http://a.fr/api//', '//x', 'q=1')).to.equal('http://a.fr/api/x?q=1');
    expect(joinURL('/api', '/x?a=1', 'b=2')).to.equal('/api/x?a=1&b=2');
    expect(joinURL('/api', 'https://ailleurs.fr/y')).to.equal('https://ailleurs.fr/y');
  });

  it('parses JSON, keeps other text, and reads an empty body as undefined', () => {
    expect(parseText('{"a":1}')).to.deep.equal({ a: 1 });
    expect(parseText('bonjour')).to.equal('bonjour');
    expect(parseText('')).to.equal(undefined);
  });

  it('reads a gzip-compressed JSON answer', async () => {
    const answer = await createClient({ baseURL, storage: new MemoryStorage() }).get<{ count: number; data: unknown[] }>('/gzip');
    expect(answer.count).to.equal(200);
    expect(answer.data).to.have.length(200);
  });

  it('answers a text body as text', async () => {
    expect(await createClient({ baseURL, storage: new MemoryStorage() }).get('/text')).to.equal('bonjour');
  });

  it('tells the error listeners of an ApiError before rejecting, until they are removed', async () => {
    const client = createClient({ baseURL, storage: new MemoryStorage() });
    const seen: string[] = [];
    const remove = client.onError((error, call) => seen.push(`${call.method} ${call.path} ${error.status} ${error.code}`));
    const first = await client.get('/absent').catch((e: unknown) => e);
    expect(first).to.be.instanceOf(ApiError);
    expect(seen).to.deep.equal(['GET /absent 404 NOT_FOUND']);
    remove();
    await client.delete('/absent').catch(() => undefined);
    expect(seen).to.have.length(1);
  });

  it('maps a request past its timeout to 510 Network Error', async () => {
    let error: unknown;
    try {
      await createClient({ baseURL, storage: new MemoryStorage(), timeout: 100 }).get('/slow');
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(510);
    expect((error as ApiError).data).to.equal(null);
  });
});
