import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createClient, createPagination, MemoryStorage, type Pagination } from '../src/client/index.ts';

describe('client HTTP — paginated lists', () => {
  let server: Server;
  let baseURL: string;
  let queries: URLSearchParams[];

  before(async () => {
    server = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      queries.push(query);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        data: [{ _id: 'a' }, { _id: 'b' }],
        count: 137,
        next: 'cursor-2',
        aggregation: { total: { sum: 1200.5, avg: 600.25 } },
      }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    queries = [];
  });

  const client = () => createClient({ baseURL, storage: new MemoryStorage() });
  const json = (query: URLSearchParams, name: string): unknown => JSON.parse(query.get(name) ?? 'null');

  it('sends filters, pagination, sort and aggregations as JSON and stores the count', async () => {
    const pagination: Pagination = { quantity: 20, page: 3, count: 0 };
    const filters = { name: { mode: 'contains' as const, value: 'dupont' }, date: { mode: 'between' as const, valueIsDate: true, startDate: '2024-01-01', endDate: '2024-12-31' } };
    const aggregations = [{ name: 'total', field: 'inclTaxesPrice', sum: true, avg: true, mode: 'currency' }];
    const answer = await client().list<{ _id: string }>('/invoicing/invoices', {
      filters,
      pagination,
      sort: { field: 'date', ascending: false },
      aggregations,
      fields: ['numberFull', 'date'],
      params: { archived: false },
    });
    const query = queries[0];
    expect(json(query, 'filters')).to.deep.equal(filters);
    expect(json(query, 'pagination')).to.deep.equal({ quantity: 20, page: 3 });
    expect(json(query, 'sort')).to.deep.equal({ field: 'date', ascending: false });
    expect(json(query, 'aggregations')).to.deep.equal(aggregations);
    expect(json(query, 'fields')).to.deep.equal(['numberFull', 'date']);
    expect(query.get('archived')).to.equal('false');
    expect(pagination.count).to.equal(137);
    expect(answer).to.deep.equal({
      data: [{ _id: 'a' }, { _id: 'b' }],
      count: 137,
      next: 'cursor-2',
      aggregation: { total: { sum: 1200.5, avg: 600.25 } },
    });
  });

  it('uses the default pagination and sort and leaves out absent filters', async () => {
    await client().list('/contacts/customers');
    const query = queries[0];
    expect(json(query, 'pagination')).to.deep.equal({ quantity: 50, page: 1 });
    expect(json(query, 'sort')).to.deep.equal({ field: '_id', ascending: true });
    expect(query.has('filters')).to.equal(false);
    expect(query.has('aggregations')).to.equal(false);
    expect(query.has('fields')).to.equal(false);
  });

  it('sends a cursor instead of the page number when one is given', async () => {
    const pagination: Pagination = { quantity: 10, page: 4, cursor: 'abc', count: 0 };
    await client().list('/contacts/customers', { pagination });
    expect(json(queries[0], 'pagination')).to.deep.equal({ quantity: 10, cursor: 'abc' });
    expect(pagination.count).to.equal(137);
  });

  it('creates the spec default pagination as a fresh object', () => {
    const first = createPagination();
    expect(first).to.deep.equal({ quantity: 50, page: 1, count: 0 });
    first.count = 9;
    expect(createPagination().count).to.equal(0);
  });
});
