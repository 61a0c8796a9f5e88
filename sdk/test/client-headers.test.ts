import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createClient, MemoryStorage, type TokenStorage } from '../src/client/index.ts';

/** What the server saw of each request. */
interface Seen {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('client HTTP — headers and JSON calls', () => {
  let server: Server;
  let baseURL: string;
  let seen: Seen[];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body });
        if (req.method === 'DELETE') {
          res.writeHead(204).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echoed: body ? JSON.parse(body) : null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
  });

  function loggedIn(extra: Record<string, unknown> = {}) {
    const storage = new MemoryStorage();
    storage.setItem('comptoir.token', 'tok-123');
    storage.setItem('comptoir.company', '65a1b2c3d4e5f6a7b8c9d0e1');
    storage.setItem('comptoir.user', JSON.stringify({ _id: '65a1b2c3d4e5f6a7b8c9d0ff', email: 'a@b.fr' }));
    return createClient({ baseURL, storage, headers: { 'X-Client': 'tests' }, ...extra });
  }

  it('sends bearer token, AT-Company and extra headers read from the storage', async () => {
    await loggedIn().get('/contacts/customers/1');
    expect(seen).to.have.length(1);
    expect(seen[0].url.pathname).to.equal('/api/contacts/customers/1');
    expect(seen[0].headers.authorization).to.equal('Bearer tok-123');
    expect(seen[0].headers['at-company']).to.equal('65a1b2c3d4e5f6a7b8c9d0e1');
    expect(seen[0].headers['x-client']).to.equal('tests');
  });

  it('reads the token on each call and omits absent credentials', async () => {
    const client = createClient({ baseURL, storage: new MemoryStorage() });
    await client.get('/a');
    client.setToken('late-token');
    client.setCompany('c1');
    await client.get('/b');
    client.clearSession();
    await client.get('/c');
    expect(seen[0].headers).not.to.have.property('authorization');
    expect(seen[0].headers).not.to.have.property('at-company');
    expect(seen[1].headers.authorization).to.equal('Bearer late-token');
    expect(seen[1].headers['at-company']).to.equal('c1');
    expect(seen[2].headers).not.to.have.property('authorization');
  });

  it('accepts any storage with getItem/setItem/removeItem', async () => {
    const map = new Map<string, string>([['comptoir.token', 'from-map']]);
    const reads: string[] = [];
    const storage: TokenStorage = {
      getItem: (k) => (reads.push(k), map.get(k) ?? null),
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
    const client = createClient({ baseURL, storage });
    await client.get('/x');
    client.setCompany('c-2');
    expect(map.get('comptoir.company')).to.equal('c-2');
    expect(reads).to.include('comptoir.token');
    expect(seen[0].headers.authorization).to.equal('Bearer from-map');
  });

  it('evaluates function headers per call and keeps them from overriding credentials', async () => {
    let n = 0;
    const client = loggedIn({
      headers: () => ({ 'X-Call': String(++n), authorization: 'Bearer forged', 'AT-Company': 'other' }),
    });
    await client.get('/one');
    await client.get('/two');
    expect(seen.map((s) => s.headers['x-call'])).to.deep.equal(['1', '2']);
    expect(seen[1].headers.authorization).to.equal('Bearer tok-123');
    expect(seen[1].headers['at-company']).to.equal('65a1b2c3d4e5f6a7b8c9d0e1');
  });

  it('public calls carry the company header but no bearer', async () => {
    const client = loggedIn({ headers: { Authorization: 'Bearer extra', 'X-Client': 'tests' } });
    const answer = await client.publicPost<{ echoed: unknown }>('/auth/login', { email: 'a@b.fr', password: 'x' });
    await client.publicGet('/kernel/public-settings', { domain: 'shop.example.fr' });
    expect(answer.echoed).to.deep.equal({ email: 'a@b.fr', password: 'x' });
    for (const request of seen) {
      expect(request.headers).not.to.have.property('authorization');
      expect(request.headers['at-company']).to.equal('65a1b2c3d4e5f6a7b8c9d0e1');
      expect(request.headers['x-client']).to.equal('tests');
    }
    expect(seen[1].url.searchParams.get('domain')).to.equal('shop.example.fr');
    expect(seen[1].url.searchParams.has('userId')).to.equal(false);
  });

  it('sends JSON bodies, encodes structured GET parameters as JSON and maps 204 to undefined', async () => {
    const client = loggedIn();
    const created = await client.post<{ echoed: unknown }>('/catalogue/items', { name: 'Café', price: 2.5 });
    const updated = await client.put<{ echoed: unknown }>('/catalogue/items/1', { price: 3 });
    const deleted = await client.delete('/catalogue/items/1');
    await client.get('/invoicing/fec', { fiscalYear: 2024, ids: ['a', 'b'], at: new Date('2024-01-02T00:00:00Z'), skip: undefined });
    expect(seen.map((s) => s.method)).to.deep.equal(['POST', 'PUT', 'DELETE', 'GET']);
    expect(seen[0].headers['content-type']).to.match(/^application\/json/);
    expect(created.echoed).to.deep.equal({ name: 'Café', price: 2.5 });
    expect(updated.echoed).to.deep.equal({ price: 3 });
    expect(deleted).to.equal(undefined);
    expect(seen[2].body).to.equal('');
    const query = seen[3].url.searchParams;
    expect(query.get('fiscalYear')).to.equal('2024');
    expect(JSON.parse(query.get('ids') ?? '')).to.deep.equal(['a', 'b']);
    expect(query.get('at')).to.equal('2024-01-02T00:00:00.000Z');
    expect(query.has('skip')).to.equal(false);
    expect(query.has('userId')).to.equal(false); // sendUserId is opt-in
  });

  it('adds the stored userId to parameters and bodies when sendUserId is on', async () => {
    const client = loggedIn({ sendUserId: true });
    const userId = '65a1b2c3d4e5f6a7b8c9d0ff';
    await client.get('/a', { q: 'x' });
    await client.post('/b', { name: 'n' });
    await client.put('/c', { name: 'n', userId: 'explicit' });
    await client.delete('/d');
    await client.list('/e');
    expect(seen[0].url.searchParams.get('userId')).to.equal(userId);
    expect(JSON.parse(seen[1].body)).to.deep.equal({ name: 'n', userId });
    expect(JSON.parse(seen[2].body)).to.deep.equal({ name: 'n', userId: 'explicit' });
    expect(JSON.parse(seen[3].body)).to.deep.equal({ userId });
    expect(seen[4].url.searchParams.get('userId')).to.equal(userId);
  });
});
