import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiError, createClient, MemoryStorage } from '../src/client/index.ts';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('la promesse aurait dû être rejetée');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('client HTTP — errors', () => {
  let server: Server;
  let baseURL: string;

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/validation') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 400, code: 'VALIDATION', message: 'Le nom est obligatoire.', details: [{ field: 'name', message: 'obligatoire' }] }));
      } else if (req.url === '/conflict') {
        res.writeHead(409, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 409, code: 'CONFLICT', message: 'Facture émise : elle ne peut plus être supprimée.' }));
      } else {
        res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
        res.end('<html>proxy down</html>');
      }
    });
    baseURL = await listen(server);
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => createClient({ baseURL, storage: new MemoryStorage() });

  it('maps a 4xx with our error body to an ApiError carrying status, text, data and message', async () => {
    const error = await rejection(client().post('/validation', { name: '' }));
    expect(error).to.be.instanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).to.equal(400);
    expect(apiError.statusText).to.equal('Bad Request');
    expect(apiError.message).to.equal('Le nom est obligatoire.');
    expect(apiError.code).to.equal('VALIDATION');
    expect(apiError.details).to.deep.equal([{ field: 'name', message: 'obligatoire' }]);
    expect(apiError.data).to.deep.equal({
      status: 400, code: 'VALIDATION', message: 'Le nom est obligatoire.', details: [{ field: 'name', message: 'obligatoire' }],
    });
  });

  it('maps a DELETE conflict the same way', async () => {
    const error = (await rejection(client().delete('/conflict'))) as ApiError;
    expect(error.status).to.equal(409);
    expect(error.code).to.equal('CONFLICT');
    expect(error.message).to.equal('Facture émise : elle ne peut plus être supprimée.');
  });

  it('keeps a non-JSON error body as text with a generic message', async () => {
    const error = (await rejection(client().get('/elsewhere'))) as ApiError;
    expect(error).to.be.instanceOf(ApiError);
    expect(error.status).to.equal(502);
    expect(error.statusText).to.equal('Bad Gateway');
    expect(error.data).to.equal('<html>proxy down</html>');
    expect(error.message).to.equal('Erreur HTTP 502 (Bad Gateway)');
    expect(error.code).to.equal(undefined);
  });

  it('maps a refused connection to 510 Network Error', async () => {
    const closed = createServer();
    const unusedURL = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (await rejection(createClient({ baseURL: unusedURL, storage: new MemoryStorage() }).get('/x'))) as ApiError;
    expect(error).to.be.instanceOf(ApiError);
    expect(error.status).to.equal(510);
    expect(error.statusText).to.equal('Network Error');
    expect(error.message).to.equal('Unexpected Network Error');
  });
});
