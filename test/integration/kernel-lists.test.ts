/**
 * Lists on kernel routes (http README « Lists »): accent- and case-insensitive `contains`, sort, count,
 * pages and the `next` cursor on /api/kernel/users; exact money aggregations on
 * /api/kernel/companies. Same answers on SQLite and MariaDB.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';

const FIRSTNAMES = ['Éloïse', 'Eloise', 'ELOISE', 'Héloïse', 'Louise', 'Élodie', 'Zoé', 'éloïse', 'Aëlys', 'Chloé'];

/** byte order of UTF-8, which both engines use for utf8mb4_bin / BINARY */
const utf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('kernel: lists', function () {
  let k: TestKernel;
  const ids = new Map<string, string>();

  before(async function () {
    k = await createTestKernel();
    for (const [i, firstname] of FIRSTNAMES.entries()) {
      const res = await k.http.post('/api/kernel/users', {
        email: `personne${i}@exemple.fr`, password: 'motdepasse-liste', firstname, name: i % 2 ? 'Durand' : 'Lefèvre',
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      ids.set(firstname, res.body._id);
    }
  });
  after(async function () { await k?.stop(); });

  const users = (query: Record<string, unknown>) => k.http.get('/api/kernel/users', { query });
  const firstnames = (res: TestResponse) => res.body.data.map((u: { firstname: string }) => u.firstname);

  describe('GET /api/kernel/users', function () {
    it('contains ignores accents and case, whichever side carries them', async function () {
      for (const value of ['eloise', 'ÉLOÏSE', 'éloïse', 'LOÏS']) {
        const res = await users({ filters: { firstname: { mode: 'contains', value } }, sort: { field: 'firstname' } });
        expect(res.status, value).to.equal(200);
        expect(res.body.count, value).to.equal(5);
        expect([...firstnames(res)].sort(utf8), value).to.deep.equal(['ELOISE', 'Eloise', 'Héloïse', 'Éloïse', 'éloïse'].sort(utf8));
      }
      // the default mode is contains
      const byDefault = await users({ filters: { firstname: { value: 'chlo' } } });
      expect(firstnames(byDefault)).to.deep.equal(['Chloé']);
      // LIKE wildcards are literal
      const wildcard = await users({ filters: { firstname: { mode: 'contains', value: '%' } } });
      expect(wildcard.body.count).to.equal(0);
      const underscore = await users({ filters: { firstname: { mode: 'contains', value: 'E_oise' } } });
      expect(underscore.body.count).to.equal(0);
    });

    it('combines filters, and eq is exact (accents and case count)', async function () {
      const both = await users({ filters: { firstname: { mode: 'contains', value: 'eloise' }, name: { mode: 'eq', value: 'Durand' } } });
      expect(both.body.count).to.equal(FIRSTNAMES.filter((f, i) => /lo[iï]s/i.test(f) && i % 2 === 1).length);
      const exact = await users({ filters: { firstname: { mode: 'eq', value: 'Eloise' } } });
      expect(firstnames(exact)).to.deep.equal(['Eloise']);
      const inList = await users({ filters: { firstname: { mode: 'in', value: ['Zoé', 'Chloé', 'Personne'] } }, sort: { field: 'firstname' } });
      expect(firstnames(inList)).to.deep.equal(['Chloé', 'Zoé']);
    });

    it('sorts on a field, both ways, ties broken by _id', async function () {
      const asc = await users({ sort: { field: 'firstname', ascending: true }, filters: { firstname: { mode: 'exists', value: true } } });
      expect(firstnames(asc)).to.deep.equal([...FIRSTNAMES].sort(utf8));
      const desc = await users({ sort: { field: 'firstname', ascending: false }, filters: { firstname: { mode: 'exists', value: true } } });
      expect(firstnames(desc)).to.deep.equal([...FIRSTNAMES].sort(utf8).reverse());
      const byName = await users({ sort: { field: 'name' }, filters: { name: { mode: 'exists', value: true } } });
      const expected = FIRSTNAMES.map((f, i) => ({ id: ids.get(f)!, name: i % 2 ? 'Durand' : 'Lefèvre' }))
        .sort((a, b) => utf8(a.name, b.name) || (a.id < b.id ? -1 : 1)).map((x) => x.id);
      expect(byName.body.data.map((u: { _id: string }) => u._id)).to.deep.equal(expected);
    });

    it('counts all matching rows, pages by number, and walks the same rows with the next cursor', async function () {
      const sort = { field: 'firstname', ascending: true };
      const all = await users({ sort, pagination: { quantity: 500 } });
      expect(all.body.count).to.equal(FIRSTNAMES.length + 1); // and the administrator
      expect(all.body.next).to.equal(null);
      const expected = all.body.data.map((u: { _id: string }) => u._id);

      const walked: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: TestResponse = await users({ sort, pagination: cursor ? { quantity: 3, cursor } : { quantity: 3 } });
        expect(page.status).to.equal(200);
        expect(page.body.count).to.equal(expected.length);
        expect(page.body.data.length).to.be.at.most(3);
        walked.push(...page.body.data.map((u: { _id: string }) => u._id));
        cursor = page.body.next;
        pages++;
      } while (cursor);
      expect(walked).to.deep.equal(expected);
      expect(pages).to.equal(Math.ceil(expected.length / 3));

      const second = await users({ sort, pagination: { quantity: 3, page: 2 } });
      expect(second.body.data.map((u: { _id: string }) => u._id)).to.deep.equal(expected.slice(3, 6));
      const beyond = await users({ sort, pagination: { quantity: 3, page: 50 } });
      expect(beyond.body.data).to.deep.equal([]);
      expect(beyond.body.count).to.equal(expected.length);
      expect(beyond.body.next).to.equal(null);
    });

    it('a cursor is tied to its sort', async function () {
      const first = await users({ sort: { field: 'firstname' }, pagination: { quantity: 2 } });
      expect(first.body.next).to.be.a('string');
      const other = await users({ sort: { field: 'email' }, pagination: { quantity: 2, cursor: first.body.next } });
      expect(other.status).to.equal(400);
      expect(other.body.details[0].field).to.equal('pagination');
    });

    it('never returns password hashes', async function () {
      const res = await users({ pagination: { quantity: 500 } });
      expect(JSON.stringify(res.body)).to.not.include('$argon2');
      for (const u of res.body.data) expect(u).to.not.have.property('password');
    });
  });

  describe('GET /api/kernel/companies', function () {
    before(async function () {
      for (let i = 0; i < 10; i++) {
        const res = await k.http.post('/api/kernel/companies', { name: `Dixième ${i}`, capital: 0.1 });
        expect(res.status).to.equal(201);
      }
      for (const [name, capital] of [['Grosse 1', 1234567.89], ['Grosse 2', 0.01], ['Grosse 3', 0.07]] as const) {
        await k.http.post('/api/kernel/companies', { name, capital });
      }
    });

    const aggregations = [{ name: 'capital', field: 'capital', sum: true, avg: true, mode: 'currency' }];

    it('sums money exactly: ten capitals of 0.1 make 1, not 0.9999999999999999', async function () {
      const res = await k.http.get('/api/kernel/companies', { query: { filters: { name: { mode: 'contains', value: 'dixieme' } }, aggregations } });
      expect(res.status).to.equal(200);
      expect(res.body.count).to.equal(10);
      expect(res.body.aggregation).to.deep.equal({ capital: { sum: 1, avg: 0.1 } });
      for (const c of res.body.data) expect(c.capital).to.equal(0.1);
    });

    it('sums and averages mixed amounts to the cent, and counts only companies with a capital in the average', async function () {
      const res = await k.http.get('/api/kernel/companies', { query: { filters: { name: { value: 'grosse' } }, aggregations } });
      expect(res.body.count).to.equal(3);
      expect(res.body.aggregation.capital.sum).to.equal(1234567.97);
      // (1234567.97 / 3) = 411522.6566..., rounded to the cent in currency mode
      expect(res.body.aggregation.capital.avg).to.equal(411522.66);
      // the administrator's first company has no capital: not averaged as a zero
      const all = await k.http.get('/api/kernel/companies', { query: { aggregations } });
      expect(all.body.count).to.equal(14);
      expect(all.body.aggregation.capital.sum).to.equal(1234568.97);
      expect(all.body.aggregation.capital.avg).to.equal(94966.84);
    });

    it('filters and sorts on money', async function () {
      const res = await k.http.get('/api/kernel/companies', {
        query: { filters: { capital: { mode: 'lt', value: '0.1' } }, sort: { field: 'capital', ascending: false } },
      });
      expect(res.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['Grosse 3', 'Grosse 2']);
      const between = await k.http.get('/api/kernel/companies', { query: { filters: { capital: { mode: 'between', value: [0.1, 0.1] } } } });
      expect(between.body.count).to.equal(10);
    });

    it('refuses to aggregate a field that is not a number', async function () {
      const res = await k.http.get('/api/kernel/companies', { query: { aggregations: [{ name: 'n', field: 'name' }] } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Agrégation « n » : le champ « name » n\'est pas numérique.');
    });

    it('lists only my companies', async function () {
      const member = await k.http.post('/api/kernel/users', { email: 'seul@exemple.fr', password: 'motdepasse-seul' });
      expect(member.status).to.equal(201);
      const s = await k.login('seul@exemple.fr', 'motdepasse-seul');
      const res = await k.http.as(s.token, s.companyId).get('/api/kernel/companies', { query: { aggregations } });
      expect(res.body.count).to.equal(1);
      expect(res.body.data[0]._id).to.equal(k.admin.companyId);
      expect(res.body.aggregation.capital).to.deep.equal({ sum: 0, avg: 0 });
    });
  });
});
