/** parseListParams: the JSON-encoded list parameters of http README « Lists », their defaults and refusals. */
import { expect } from 'chai';
import { parseListParams } from '../src/db/list-params.ts';
import { expect400, query } from './support/list-helpers.ts';

const CUSTOMERS = ['c00000000000000000000001', 'c00000000000000000000002', 'c00000000000000000000003'];

describe('parseListParams', () => {
  it('gives the defaults when nothing is sent', () => {
    const p = parseListParams({});
    expect(p).to.deep.equal({
      filters: [], pagination: { quantity: 50, page: 1 }, sort: { field: '_id', ascending: true }, aggregations: [],
    });
  });

  it('decodes every parameter', () => {
    const p = parseListParams(query({
      filters: { name: { value: 'éric' }, qty: { mode: 'between', value: [1, 3] } },
      pagination: { quantity: 10, page: 3 },
      sort: { field: 'name', ascending: false },
      aggregations: [{ name: 'total', field: 'price', mode: 'currency' }, { name: 'q', field: 'qty', avg: false }],
    }));
    expect(p.filters).to.have.length(2);
    expect(p.filters[0]).to.include({ field: 'name', mode: 'contains', explicitMode: false, value: 'éric' });
    expect(p.filters[1]).to.include({ field: 'qty', mode: 'between', explicitMode: true });
    expect(p.pagination).to.deep.equal({ quantity: 10, page: 3 });
    expect(p.sort).to.deep.equal({ field: 'name', ascending: false });
    expect(p.aggregations).to.deep.equal([
      { name: 'total', field: 'price', sum: true, avg: true, mode: 'currency' },
      { name: 'q', field: 'qty', sum: true, avg: false },
    ]);
  });

  it('defaults to eq for an id-like field holding a 24-hex value (http README « Lists »)', () => {
    const p = parseListParams(query({
      filters: { customerId: { value: CUSTOMERS[0] }, _id: { value: CUSTOMERS[1] }, idCard: { value: CUSTOMERS[2] }, name: { value: CUSTOMERS[0] }, orderId: { value: 'abc' } },
    }));
    expect(p.filters.map((f) => f.mode)).to.deep.equal(['eq', 'eq', 'eq', 'contains', 'contains']);
    expect(parseListParams(query({ filters: { ref: { value: CUSTOMERS[0], valueIsObjectId: true } } })).filters[0].mode).to.equal('eq');
  });

  it('decodes `fields` (a list of names, without repeats; empty is the whole record) and refuses other shapes', async () => {
    expect(parseListParams(query({ fields: ['name', 'qty', 'name'] })).fields).to.deep.equal(['name', 'qty']);
    expect(parseListParams(query({ fields: [] }))).to.not.have.property('fields');
    expect(parseListParams({})).to.not.have.property('fields');
    for (const bad of [{ fields: 'name' }, { fields: [1] }, { fields: [''] }, { fields: { name: true } }]) {
      const err = await expect400(() => parseListParams(query(bad)), /« fields » doit être une liste/);
      expect(err.details[0]).to.include({ field: 'fields' });
    }
    await expect400(() => parseListParams(query({ fields: Array.from({ length: 101 }, (_, i) => `f${i}`) })), /au plus 100 champs/);
  });

  it('refuses malformed JSON, naming the parameter', async () => {
    for (const param of ['filters', 'pagination', 'sort', 'aggregations']) {
      const err = await expect400(() => parseListParams({ [param]: '{nope' }));
      expect(err.message).to.equal(`Le paramètre « ${param} » n'est pas un JSON valide.`);
    }
    await expect400(() => parseListParams({ sort: ['a', 'b'] }), /sort/);
  });

  it('refuses wrong shapes', async () => {
    const bad: Record<string, unknown>[] = [
      { pagination: { quantity: 0 } }, { pagination: { quantity: 501 } }, { pagination: { quantity: '10' } },
      { pagination: { quantity: 2.5 } }, { pagination: { page: 0 } }, { pagination: { cursor: 12 } }, { pagination: [] },
      { sort: 'name' }, { sort: { field: 3 } }, { sort: { field: 'name', ascending: 'yes' } },
      { filters: [] }, { filters: { name: 'x' } }, { filters: { name: { mode: 'like', value: 'x' } } },
      { filters: { name: { value: 'x', valueIsDate: 'yes' } } },
      { filters: { customerId: { value: 'not-an-id', valueIsObjectId: true } } },
      { filters: { customerId: { mode: 'in', value: [CUSTOMERS[0], 'zz'], valueIsObjectId: true } } },
      { aggregations: {} }, { aggregations: [{ field: 'price' }] }, { aggregations: [{ name: 't' }] },
      { aggregations: [{ name: 't', field: 'price' }, { name: 't', field: 'qty' }] },
      { aggregations: [{ name: 't', field: 'price', sum: 'yes' }] },
    ];
    for (const p of bad) {
      const param = Object.keys(p)[0];
      const err = await expect400(() => parseListParams(query(p)));
      expect(err.details[0].field, JSON.stringify(p)).to.match(new RegExp(`^${param}`));
    }
  });
});
