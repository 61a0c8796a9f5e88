/**
 * Lists with `fields` (http README « Lists »): each row carries the asked fields as the whole
 * record has them, the count and sums do not change, a wrong field is a French 400, another
 * company's invoices stay out. On SQLite, and on MariaDB when DATABASE_URL is set.
 */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import { INVOICE_STATUSES, type Invoice } from '../schemas/index.ts';
import { API, bootKernel, createCustomer, createDraft, emitted, invoiceOf, makeEligible, otherCompany, pay } from './support.ts';

/** the columns of the « Factures » screen (client InvoicesScreen) */
const SCREEN = ['numberFull', 'date', 'receiverName', 'exclTaxesPrice', 'inclTaxesPrice', 'unpaidAmount', 'status', 'replacedBy'];
const SUMS = [{ name: 'total', field: 'inclTaxesPrice', sum: true, avg: true }, { name: 'unpaid', field: 'unpaidAmount', sum: true }];

type Answer = { data: Record<string, unknown>[]; count: number; next: string | null; aggregation: Record<string, { sum?: number; avg?: number }> };

/** the asked fields of a whole record, as a projection must answer them (`_id` always) */
function pick(doc: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const f of fields) {
    const dot = f.indexOf('.');
    if (dot < 0) { if (f in doc) out[f] = doc[f]; continue; }
    const [parent, child] = [f.slice(0, dot), f.slice(dot + 1)];
    const inner = doc[parent] as Record<string, unknown> | undefined;
    if (inner && child in inner) ((out[parent] ??= {}) as Record<string, unknown>)[child] = inner[child];
  }
  return out;
}

describe('invoicing : listes avec « fields »', function () {
  let k: TestKernel;
  let other: TestHttp;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    const customer = (await createCustomer(k.http, { company: 'Hôtel du Parc' }))._id;
    await invoiceOf(k.http, 100);
    const partly = await invoiceOf(k.http, 250.5);
    await pay(k.http, partly._id, 30);
    const paid = await invoiceOf(k.http, 19.99);
    await pay(k.http, paid._id, 19.99);
    await emitted(k.http, { fk: { receiverCustomer: customer }, items: [{ labelPrimary: 'Petit-déjeuner', vat: 10, inclTaxesPrice: 45.45 }] });
    for (let i = 0; i < 4; i++) await invoiceOf(k.http, 10 + i);
    await createDraft(k.http, { items: [{ labelPrimary: 'Brouillon', vat: 20, inclTaxesPrice: 12 }] });
    // another company of the same administrator, with an invoice of its own
    other = await otherCompany(k);
    await makeEligible(k, other);
    await invoiceOf(other, 777);
  });
  after(async () => { await k?.stop(); });

  const list = async (query: Record<string, unknown>, http: TestHttp = k.http): Promise<Answer> => {
    const res = await http.get(`${API}/invoices`, { query });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body as Answer;
  };
  const sort = { field: 'date', ascending: false };

  it('chaque ligne porte les champs demandés, tels que la facture entière les a ; nombre et sommes inchangés', async () => {
    for (const filters of [undefined, ...INVOICE_STATUSES.map((s) => ({ status: { mode: 'eq', value: s } }))]) {
      const query = { ...(filters ? { filters } : {}), sort, aggregations: SUMS, pagination: { quantity: 3, page: 1 } };
      const whole = await list(query);
      const projected = await list({ ...query, fields: SCREEN });
      expect(projected.data, JSON.stringify(filters)).to.deep.equal(whole.data.map((d) => pick(d, SCREEN)));
      expect(projected.data.every((d) => !('receiver' in d) && !('items' in d))).to.equal(true);
      expect(projected.count).to.equal(whole.count);
      expect(projected.aggregation).to.deep.equal(whole.aggregation);
      expect(projected.next).to.equal(whole.next);
    }
  });

  it('les totaux restent ceux d’un recomptage des factures', async () => {
    const all = await list({ pagination: { quantity: 500, page: 1 } });
    const mine = all.data as unknown as Invoice[];
    const cents = (xs: Invoice[], f: 'inclTaxesPrice' | 'unpaidAmount') => xs.reduce((s, i) => s + Math.round(i[f] * 100), 0) / 100;
    for (const status of INVOICE_STATUSES) {
      const answer = await list({ filters: { status: { mode: 'eq', value: status } }, aggregations: SUMS, fields: ['status'] });
      const expected = mine.filter((i) => i.status === status);
      expect(answer.count, status).to.equal(expected.length);
      expect(answer.aggregation.total.sum, status).to.equal(cents(expected, 'inclTaxesPrice'));
      expect(answer.aggregation.unpaid.sum, status).to.equal(cents(expected, 'unpaidAmount'));
      expect(answer.data.every((d) => d.status === status)).to.equal(true);
    }
  });

  it('suit les pages par curseur avec les mêmes lignes que sans « fields »', async () => {
    const walk = async (fields?: string[]) => {
      const ids: unknown[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await list({ sort, pagination: cursor ? { quantity: 2, cursor } : { quantity: 2, page: 1 }, ...(fields ? { fields } : {}) });
        ids.push(...page.data.map((d) => d._id));
        cursor = page.next;
      } while (cursor);
      return ids;
    };
    const whole = await walk();
    expect(whole).to.have.length(9);
    expect(await walk(['numberFull'])).to.deep.equal(whole);
  });

  it('un objet aplati entier (« fk ») ou un de ses champs (« fk.receiverCustomer »)', async () => {
    const whole = await list({ sort });
    const fk = await list({ sort, fields: ['fk'] });
    expect(fk.data).to.deep.equal(whole.data.map((d) => ({ _id: d._id, fk: d.fk })));
    const one = await list({ sort, fields: ['fk.receiverCustomer', 'receiver'] });
    expect(one.data).to.deep.equal(whole.data.map((d) => pick(d, ['fk.receiverCustomer', 'receiver'])));
    expect(one.data.some((d) => (d.fk as { receiverCustomer?: string } | undefined)?.receiverCustomer)).to.equal(true);
  });

  it('refuse en 400 un champ inconnu (en le nommant) ou un paramètre mal formé', async () => {
    for (const [fields, pattern] of [
      [JSON.stringify(['numberFull', 'totalTTC']), /champ inconnu « totalTTC »/],
      [JSON.stringify(['fk.nimporte']), /champ inconnu « fk\.nimporte »/],
      ['"numberFull"', /« fields » doit être une liste/],
      [JSON.stringify([1]), /« fields » doit être une liste/],
      ['[numberFull', /« fields » n'est pas un JSON valide/],
    ] as const) {
      const res = await k.http.get(`${API}/invoices`, { query: { fields } });
      expect(res.status, fields).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.message, fields).to.match(pattern);
    }
  });

  it('ne montre jamais les factures d’une autre entreprise', async () => {
    const theirs = await list({ fields: ['inclTaxesPrice'], aggregations: SUMS }, other);
    expect(theirs.data.map((d) => d.inclTaxesPrice)).to.deep.equal([777]);
    expect(theirs.count).to.equal(1);
    const ours = await list({ fields: ['inclTaxesPrice'], pagination: { quantity: 500, page: 1 } });
    expect(ours.data.map((d) => d.inclTaxesPrice)).to.not.include(777);
    expect(ours.count).to.equal(9);
  });
});
