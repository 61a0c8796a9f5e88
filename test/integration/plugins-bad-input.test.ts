/**
 * Bad input on every route of the plugins in plugins/ (http README « Errors », « Lists »): a
 * 4xx with a French message, never a 500, and nothing written. The routes come from the plugins'
 * route tables as the booted kernel mounts them, so a route added later is covered at once; the
 * body cases derive from each route's body schema, the list cases from each entity's columns.
 * One legitimate object per collection exists (customer, provider, contact, catalogue item, draft
 * and emitted invoice, quotation, payment), so that only the tested defect is wrong.
 */
import { expect } from 'chai';
import type { TSchema } from '@sinclair/typebox';
import { createTestKernel, type TestHttp, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { listColumns } from '../../server/src/db/record-codec.ts';
import { legitimateRecords } from '../support/bad-input-records.ts';
import {
  accepts, changedTables, fillPath, hasBody, pluginDirs, pluginEntities, pluginRoutes, properties, snapshotTables,
  wrongValues, type PluginRoute, type TablesSnapshot,
} from '../support/plugin-routes.ts';
import { describeBody, isFrench, refusalProblems, sampleBody, type RefusalExpected } from '../support/bad-input.ts';

const UNKNOWN_ID = '0123456789abcdef01234567';
const OTHER_UNKNOWN_ID = 'ffffffffffffffffffffffff';
const MALFORMED_IDS = ['xyz', 'a'.repeat(23), 'a'.repeat(25), `${'0'.repeat(22)}zz`, '%20', 'null', '-1', '0123456789abcdef0123456g'];

describe('plugins: malformed input on every route', function () {
  this.timeout(600_000);
  let k: TestKernel;
  let routes: PluginRoute[];
  let snapshot: TablesSnapshot;
  /** a legitimate id per collection */
  const own: Record<string, string> = {};
  /** every answer, by route */
  const statuses: { key: string; status: number }[] = [];
  /** what went wrong in the current test, listed at its end (every problem, not only the first) */
  let problems: string[] = [];
  let cases = 0;

  beforeEach(function () { problems = []; });

  /** every request of this file goes through here: a 500 is a problem naming the route and the body */
  async function send(
    r: PluginRoute, path: string, body?: unknown,
    opts: { raw?: string | Uint8Array; query?: Record<string, unknown>; headers?: Record<string, string>; as?: TestHttp } = {},
  ): Promise<TestResponse> {
    // a throttled public route (booking, surveys) answers 429 past its limit, whatever the body:
    // this file checks validation, not throttling (each plugin tests its own limits)
    if (r.def.throttle) await k.db('kernel_throttle').delete();
    const res = await (opts.as ?? k.http).request(r.method, path, hasBody(r) ? body : undefined, opts);
    statuses.push({ key: r.key, status: res.status });
    cases++;
    if (res.status >= 500) {
      problems.push(`${res.status} sur ${r.key} : ${r.method} ${path}${opts.query ? ` ?${JSON.stringify(opts.query)}` : ''} corps ${describeBody(body, opts.raw)} → ${JSON.stringify(res.body)}`);
    }
    return res;
  }

  /** a refusal: the status (or any 4xx), a JSON error with a French message, and optionally a detail naming `field` */
  function refused(res: TestResponse, label: string, expected: RefusalExpected = {}) {
    problems.push(...refusalProblems(res, label, expected));
  }

  /** the legitimate id a route with parameters is called with */
  function ownId(r: PluginRoute): string {
    // `<plugin>:<collection>` first: two plugins may name a collection alike (invoicing's and purchases' payments)
    const id = own[`${r.plugin}:${r.collection}`] ?? own[`${r.collection}/${r.action}`] ?? own[r.collection];
    if (!id) throw new Error(`${r.key}: no legitimate id for « ${r.collection} » in this file's before hook: create one.`);
    return id;
  }
  const pathOf = (r: PluginRoute) => (r.params.length ? fillPath(r, ownId(r)) : r.path);
  const route = (key: string) => {
    const r = routes.find((x) => x.key === key);
    if (!r) throw new Error(`no plugin route ${key}`);
    return r;
  };

  async function expectNothingChanged() {
    const after = await snapshotTables(k.db);
    expect(changedTables(snapshot, after), 'tables written by refused requests').to.deep.equal([]);
  }
  function expectNoProblem() {
    expect(problems, `${problems.length} problème(s) :\n${problems.join('\n')}`).to.deep.equal([]);
  }

  before(async function () {
    // a still clock: no `lastAction` refresh nor date can differ between two snapshots
    const still = new Date(Date.UTC(2026, 4, 4, 8));
    k = await createTestKernel({ plugins: pluginDirs(), now: () => still });
    routes = pluginRoutes(k.kernel);
    Object.assign(own, await legitimateRecords(k, still));
    for (const r of routes.filter((x) => x.params.length)) ownId(r);
    for (const r of routes) sampleBody(r);
    // the work emissions leave for after their answer (the frozen e-invoice, rendered when the
    // process is quiet) runs before the snapshot, not during the refusals compared with it
    await k.kernel.background.idle();
    snapshot = await snapshotTables(k.db);
  });
  after(async function () {
    if (k) {
      const byStatus = new Map<number, number>();
      for (const s of statuses) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
      console.log(`      ${routes.length} routes, ${cases} requêtes : ${[...byStatus].sort().map(([s, n]) => `${n} × ${s}`).join(', ')}`);
    }
    await k?.stop();
  });

  it('covers the routes of every plugin in plugins/', function () {
    const plugins = new Set(routes.map((r) => r.plugin));
    expect([...plugins].sort()).to.include.members(['catalogue', 'contacts', 'invoicing', 'purchases']);
    expect(routes.length).to.be.greaterThan(25);
  });

  it('refuses malformed id parameters with 400', async function () {
    for (const r of routes.filter((x) => x.params.length)) {
      for (const value of MALFORMED_IDS) {
        const res = await send(r, fillPath(r, value), sampleBody(r));
        refused(res, `${r.key} avec ${value}`, { status: 400, field: r.params[0], message: /^Identifiant invalide/ });
      }
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('answers 404 with a French message for well-formed unknown ids', async function () {
    const withParams = routes.filter((x) => x.params.length);
    expect(withParams.length).to.be.greaterThan(15);
    for (const r of withParams) {
      for (const id of [UNKNOWN_ID, OTHER_UNKNOWN_ID, OTHER_UNKNOWN_ID.toUpperCase()]) {
        const res = await send(r, fillPath(r, id), sampleBody(r));
        refused(res, `${r.key} avec ${id}`, { status: 404 });
        if (res.status === 404 && res.body.code !== 'NOT_FOUND') problems.push(`${r.key} : code ${res.body.code}`);
      }
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses a body that is not a JSON object, or is not JSON, with 400', async function () {
    for (const r of routes.filter(hasBody)) {
      for (const raw of ['[]', '"texte"', '42', 'null', 'true', '[{"name":"x"}]']) {
        const res = await send(r, pathOf(r), undefined, { raw });
        refused(res, `${r.key} ${raw}`, { status: 400, message: /JSON/ });
      }
      for (const raw of ['{"name": ', '{name: 1}', "{'a': 1}", '{"a":1}}', '\u0000']) {
        const res = await send(r, pathOf(r), undefined, { raw });
        refused(res, `${r.key} ${raw}`, { status: 400, message: /JSON/ });
      }
      if (r.body) {
        const res = await send(r, pathOf(r), undefined, { raw: JSON.stringify(sampleBody(r)), headers: { 'Content-Type': 'text/plain' } });
        refused(res, `${r.key} en text/plain`, { status: 400, message: /^Type de contenu non pris en charge/ });
      }
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  // server/src/http/README.md « Request bodies »: judged before routing and authentication
  it('refuses `__proto__`, JSON nested too deep and bodies not in UTF-8 with a French 400, signed in or not', async function () {
    const deep = [`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, `${'['.repeat(20_000)}${']'.repeat(20_000)}`, `{"items":${'['.repeat(64)}${']'.repeat(64)}}`];
    const notUtf8 = Buffer.concat([Buffer.from('{"name":"'), Buffer.from('Crème brûlée', 'latin1'), Buffer.from('"}')]);
    for (const r of routes.filter(hasBody)) {
      const sample = JSON.stringify(sampleBody(r) ?? {});
      const withKey = (key: string, value: string) => (sample === '{}' ? `{"${key}":${value}}` : `${sample.slice(0, -1)},"${key}":${value}}`);
      const bad: [string, string | Buffer, Record<string, string>, RegExp][] = [
        ['__proto__', '{"__proto__":{"god":true}}', {}, /^Corps JSON refusé : la clé « __proto__ » n’est pas permise\.$/],
        ['échantillon + __proto__', withKey('__proto__', '{"god":true}'), {}, /^Corps JSON refusé : la clé « __proto__ » n’est pas permise\.$/],
        ['__proto__ imbriqué', withKey('fk', '{"__proto__":{"x":1}}'), {}, /^Corps JSON refusé : la clé « __proto__ » n’est pas permise\.$/],
        ['constructor.prototype', withKey('constructor', '{"prototype":{"x":1}}'), {}, /« constructor\.prototype » n’est pas permise/],
        ...deep.map((raw): [string, string, Record<string, string>, RegExp] => [`imbriqué (${raw.length} caractères)`, raw, {}, /^Corps JSON trop imbriqué : 64 niveaux au plus\.$/]),
        ['échantillon en latin1 déclaré', Buffer.from(sample, 'latin1'), { 'Content-Type': 'application/json; charset=latin1' }, /^Encodage « latin1 » non pris en charge/],
        ['échantillon en UTF-16', Buffer.from(sample, 'utf16le'), { 'Content-Type': 'application/json; charset=utf-16' }, /^Encodage « utf-16 » non pris en charge/],
        ['octets latin1 sans charset', notUtf8, {}, /n’est pas de l’UTF-8 valide/],
        ['octets latin1 déclarés UTF-8', notUtf8, { 'Content-Type': 'application/json; charset=UTF-8' }, /n’est pas de l’UTF-8 valide/],
      ];
      for (const [what, raw, headers, message] of bad) {
        for (const [who, as] of [['connecté', k.http], ['anonyme', k.anonymous]] as const) {
          const res = await send(r, pathOf(r), undefined, { raw, headers, as });
          refused(res, `${r.key} ${what} (${who})`, { status: 400, message });
        }
      }
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses { "inconnu": 1 }, and an unknown field beside a valid body, naming it', async function () {
    for (const r of routes.filter((x) => x.body)) {
      const alone = await send(r, pathOf(r), { inconnu: 1 });
      refused(alone, `${r.key} { inconnu: 1 }`, { status: 400 });
      // a schema open to other fields (the document body of /compute) takes them: nothing to refuse
      if (r.body!.additionalProperties !== false) continue;
      const beside = await send(r, pathOf(r), { ...sampleBody(r), inconnu: 1 });
      refused(beside, `${r.key} échantillon + inconnu`, { status: 400, field: 'inconnu', message: /« inconnu » : champ inconnu/ });
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses a body missing a required field with 400 naming it', async function () {
    let checked = 0;
    for (const r of routes.filter((x) => x.body)) {
      for (const field of (r.body!.required ?? []) as string[]) {
        const body = sampleBody(r)!;
        delete body[field];
        const res = await send(r, pathOf(r), body);
        refused(res, `${r.key} sans ${field}`, { status: 400, field, message: new RegExp(`« ${field} » : champ obligatoire`) });
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(3);
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses every wrong value of every body property (derived from the schema) with 400 naming it', async function () {
    let checked = 0;
    for (const r of routes.filter((x) => x.body)) {
      for (const [field, schema] of properties(r.body!)) {
        for (const wrong of wrongValues(schema as TSchema)) {
          const body = { ...sampleBody(r), [field]: wrong.value };
          const res = await send(r, pathOf(r), body);
          const at = wrong.at ? `${field}.${wrong.at}` : field;
          refused(res, `${r.key} « ${at} » (${wrong.what}) = ${describeBody(wrong.value)}`, { status: 400, fieldPrefix: at });
          checked++;
        }
      }
    }
    expect(checked).to.be.greaterThan(1000);
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses what the plugins forbid beyond the schemas with a French 4xx', async function () {
    const { emitted, emittedLine, customers: customer, providers: provider, invoices: draft, payments: payment, company } = own;
    const cases: [string, string, unknown, number, string?][] = [
      // payments: euros and cents, never zero, only on an emitted invoice, recorded once
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 10.555 }, 400, 'amount'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: -0.001 }, 400, 'amount'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 5, mode: 'cash', cashPaid: 10.001 }, 400, 'cashPaid'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 5, mode: 'cash', cashPaid: 10, cashChange: 5.0001 }, 400, 'cashChange'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 0 }, 400, 'amount'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${draft}/payments`, { amount: 5 }, 409],
      ['DELETE /api/invoicing/payments/:id', `/api/invoicing/payments/${payment}`, undefined, 409],
      // an emitted invoice is frozen
      ['PUT /api/invoicing/invoices/:id', `/api/invoicing/invoices/${emitted}`, { comment: 'corrigé' }, 409],
      ['DELETE /api/invoicing/invoices/:id', `/api/invoicing/invoices/${emitted}`, undefined, 409],
      ['POST /api/invoicing/invoices/:id/emit', `/api/invoicing/invoices/${emitted}/emit`, {}, 409],
      // credit notes and corrective invoices of emitted invoices only, of lines they have
      ['POST /api/invoicing/invoices/:id/credit', `/api/invoicing/invoices/${draft}/credit`, {}, 409],
      ['POST /api/invoicing/invoices/:id/corrective', `/api/invoicing/invoices/${draft}/corrective`, {}, 409],
      ['POST /api/invoicing/invoices/:id/credit', `/api/invoicing/invoices/${emitted}/credit`, { items: ['ligne-inconnue'] }, 400, 'items'],
      ['POST /api/invoicing/invoices/:id/credit', `/api/invoicing/invoices/${emitted}/credit`, { items: [emittedLine, 'ligne-inconnue'] }, 400, 'items'],
      // references that point at nothing
      ['POST /api/invoicing/invoices', '/api/invoicing/invoices', { fk: { receiverCustomer: UNKNOWN_ID } }, 400, 'fk.receiverCustomer'],
      ['PUT /api/invoicing/invoices/:id', `/api/invoicing/invoices/${draft}`, { fk: { receiverCustomer: UNKNOWN_ID } }, 400, 'fk.receiverCustomer'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', { fk: { receiverCustomer: UNKNOWN_ID } }, 400, 'fk.receiverCustomer'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', { fk: { receiverCompany: UNKNOWN_ID } }, 400, 'fk.receiverCompany'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', { fk: { receiverCustomer: customer, receiverCompany: company } }, 400, 'fk.receiverCompany'],
      ['PUT /api/invoicing/quotations/:id', `/api/invoicing/quotations/${own.quotations}`, { fk: { receiverCompany: UNKNOWN_ID } }, 400, 'fk.receiverCompany'],
      ['PUT /api/invoicing/quotations/:id', `/api/invoicing/quotations/${own.quotations}`, { fk: { receiverCompany: company } }, 400, 'fk.receiverCompany'],
      ['POST /api/contacts/contacts', '/api/contacts/contacts', { firstname: 'A', customers: [{ customerId: UNKNOWN_ID }] }, 400, 'customers.0.customerId'],
      ['POST /api/contacts/contacts', '/api/contacts/contacts', { firstname: 'A', customers: [{ customerId: customer }, { customerId: customer }] }, 400, 'customers'],
      ['POST /api/contacts/contacts', '/api/contacts/contacts', { firstname: 'A', fk: { providers: [provider, UNKNOWN_ID] } }, 400, 'fk.providers.1'],
      ['PUT /api/contacts/contacts/:id', `/api/contacts/contacts/${own.contacts}`, { customers: [{ customerId: UNKNOWN_ID }] }, 400, 'customers.0.customerId'],
      ['PUT /api/contacts/contacts/:id', `/api/contacts/contacts/${own.contacts}`, { fk: { providers: [customer] } }, 400, 'fk.providers.0'],
      // a customer or provider needs a name
      ['POST /api/contacts/customers', '/api/contacts/customers', {}, 400, 'name'],
      ['POST /api/contacts/customers', '/api/contacts/customers', { name: '   ', company: '' }, 400, 'name'],
      ['PUT /api/contacts/customers/:id', `/api/contacts/customers/${customer}`, { name: '', firstname: ' ' }, 400, 'name'],
      ['POST /api/contacts/providers', '/api/contacts/providers', { email: 'sans-nom@exemple.fr' }, 400, 'name'],
      ['PUT /api/contacts/providers/:id', `/api/contacts/providers/${provider}`, { company: '' }, 400, 'name'],
      // purchases: payments in euros and cents, never zero; a purchase or an order with payments is kept
      ['POST /api/purchases/purchases/:id/payments', `/api/purchases/purchases/${own.purchases}/payments`, { amount: 0 }, 400, 'amount'],
      ['POST /api/purchases/purchases/:id/payments', `/api/purchases/purchases/${own.purchases}/payments`, { amount: 10.555 }, 400, 'amount'],
      ['POST /api/purchases/external-purchases/:id/payments', `/api/purchases/external-purchases/${own['external-purchases']}/payments`, { amount: -0.001 }, 400, 'amount'],
      ['DELETE /api/purchases/purchases/:id', `/api/purchases/purchases/${own.purchases}`, undefined, 409],
      ['DELETE /api/purchases/external-purchases/:id', `/api/purchases/external-purchases/${own['external-purchases']}`, undefined, 409],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { payments: [{ amount: 5 }, { amount: 0 }] }, 400, 'payments.1.amount'],
      ['POST /api/purchases/external-purchases', '/api/purchases/external-purchases', { shop: 'B', paymentModes: [{ amount: 0 }] }, 400, 'paymentModes.0.amount'],
      // purchases: references to nothing, links to another collection's ids
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { fk: { provider: UNKNOWN_ID } }, 400, 'fk.provider'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { fk: { provider: customer } }, 400, 'fk.provider'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { items: [{ labelPrimary: 'Sucre', itemId: UNKNOWN_ID }] }, 400, 'items.0.itemId'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { fk: { linkedSales: [emitted, UNKNOWN_ID] } }, 400, 'fk.linkedSales.1'],
      ['PUT /api/purchases/purchases/:id', `/api/purchases/purchases/${own.purchases}`, { fk: { externalPurchases: [own.purchases] } }, 400, 'fk.externalPurchases.0'],
      ['POST /api/purchases/external-purchases', '/api/purchases/external-purchases', { shop: 'B', fk: { purchases: [UNKNOWN_ID] } }, 400, 'fk.purchases.0'],
      ['PUT /api/purchases/external-purchases/:id', `/api/purchases/external-purchases/${own['external-purchases']}`, { fk: { suggestedPurchases: [draft] } }, 400, 'fk.suggestedPurchases.0'],
      // an import of what is not an invoice
      ['POST /api/purchases/purchases/import', '/api/purchases/purchases/import', { name: 'x.xml', content: 'PHg+' }, 400, 'content'],
      ['POST /api/purchases/purchases/import', '/api/purchases/purchases/import', { name: 'x.pdf', content: 'JVBERi0xLjcK' }, 400, 'content'],
      ['POST /api/purchases/purchases/import', '/api/purchases/purchases/import', { name: 'x', content: '%%%%' }, 400, 'content'],
      ['POST /api/purchases/purchases/import', '/api/purchases/purchases/import', { name: 'x.xml', content: 'PHg+', fk: { provider: UNKNOWN_ID } }, 400, 'content'],
      // two catalogue prices that disagree
      ['POST /api/catalogue/items', '/api/catalogue/items', { name: 'Tarte', vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 99 }, 400, 'inclTaxesPrice'],
      ['PUT /api/catalogue/items/:id', `/api/catalogue/items/${own.items}`, { exclTaxesPrice: 10, inclTaxesPrice: 10 }, 400, 'inclTaxesPrice'],
    ];
    for (const [key, path, body, status, field] of cases) {
      const r = route(key);
      const res = await send(r, path, body);
      refused(res, `${key} ${describeBody(body)}`, { status, ...(field ? { field } : {}) });
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses amounts and dates the schemas take but the columns cannot hold, with 400 naming the field', async function () {
    const { emitted, invoices: draft, quotations: quotation, items: item } = own;
    const line = (over: Record<string, unknown>) => ({ items: [{ labelPrimary: 'Pain', quantity: 1, vat: 20, exclTaxesPrice: 10, ...over }] });
    // 1 000 000 000 € is the bound; beyond ~9·10^14 € a Money BIGINT overflows (a 500 on MariaDB)
    const leapSecond = '2016-12-31T23:59:60Z';
    const cases: [string, string, unknown, string][] = [
      ['POST /api/catalogue/items', '/api/catalogue/items', { name: 'Lingot', exclTaxesPrice: 1e15 }, 'exclTaxesPrice'],
      ['POST /api/catalogue/items', '/api/catalogue/items', { name: 'Lingot', inclTaxesPrice: 1e300 }, 'inclTaxesPrice'],
      ['POST /api/catalogue/items', '/api/catalogue/items', { name: 'Lingot', exclTaxesPrice: -1e300 }, 'exclTaxesPrice'],
      ['POST /api/catalogue/items', '/api/catalogue/items', { name: 'Lingot', vat: 20, exclTaxesPrice: 999_999_999 }, 'inclTaxesPrice'],
      ['PUT /api/catalogue/items/:id', `/api/catalogue/items/${item}`, { exclTaxesPrice: 1e20 }, 'exclTaxesPrice'],
      ['POST /api/invoicing/compute', '/api/invoicing/compute', line({ quantity: 1e300, exclTaxesPrice: 1e300 }), 'items.0.exclTaxesPrice'],
      ['POST /api/invoicing/invoices', '/api/invoicing/invoices', line({ quantity: 1e20 }), 'exclTaxesPrice'],
      ['POST /api/invoicing/invoices', '/api/invoicing/invoices', line({ exclTaxesPrice: 1e15 }), 'items.0.exclTaxesPrice'],
      ['POST /api/invoicing/invoices', '/api/invoicing/invoices', line({ exclTaxesPrice: undefined, inclTaxesPrice: -1e300 }), 'items.0.inclTaxesPrice'],
      ['PUT /api/invoicing/invoices/:id', `/api/invoicing/invoices/${draft}`, line({ quantity: 1e300, exclTaxesPrice: 1e300 }), 'items.0.exclTaxesPrice'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', line({ quantity: 1e300, exclTaxesPrice: 1e300 }), 'items.0.exclTaxesPrice'],
      ['PUT /api/invoicing/quotations/:id', `/api/invoicing/quotations/${quotation}`, line({ quantity: 2e9 }), 'exclTaxesPrice'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 1e15 }, 'amount'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: -1e300 }, 'amount'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 5, mode: 'cash', cashPaid: 1e300 }, 'cashPaid'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 5, mode: 'cash', cashChange: 1e16 }, 'cashChange'],
      // a leap second is a valid date-time that Date cannot read: a 500 when stored
      ['POST /api/invoicing/invoices', '/api/invoicing/invoices', { date: leapSecond }, 'date'],
      ['PUT /api/invoicing/invoices/:id', `/api/invoicing/invoices/${draft}`, { date: leapSecond }, 'date'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', { date: leapSecond }, 'date'],
      ['POST /api/invoicing/quotations', '/api/invoicing/quotations', { expirationDate: leapSecond }, 'expirationDate'],
      ['PUT /api/invoicing/quotations/:id', `/api/invoicing/quotations/${quotation}`, { expirationDate: leapSecond }, 'expirationDate'],
      ['POST /api/invoicing/invoices/:id/payments', `/api/invoicing/invoices/${emitted}/payments`, { amount: 5, date: leapSecond }, 'date'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', line({ quantity: 1e20 }), 'exclTaxesPrice'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', line({ exclTaxesPrice: 1e15 }), 'items.0.exclTaxesPrice'],
      ['PUT /api/purchases/purchases/:id', `/api/purchases/purchases/${own.purchases}`, line({ quantity: 1e300, exclTaxesPrice: 1e300 }), 'items.0.exclTaxesPrice'],
      ['POST /api/purchases/purchases', '/api/purchases/purchases', { date: leapSecond }, 'date'],
      ['PUT /api/purchases/purchases/:id', `/api/purchases/purchases/${own.purchases}`, { dueDate: leapSecond }, 'dueDate'],
      ['POST /api/purchases/purchases/:id/payments', `/api/purchases/purchases/${own.purchases}/payments`, { amount: 1e15 }, 'amount'],
      ['POST /api/purchases/purchases/:id/payments', `/api/purchases/purchases/${own.purchases}/payments`, { amount: 5, date: leapSecond }, 'date'],
      ['POST /api/purchases/external-purchases', '/api/purchases/external-purchases', { shop: 'B', orderDate: leapSecond }, 'orderDate'],
      ['POST /api/purchases/external-purchases', '/api/purchases/external-purchases', { shop: 'B', items: [{ quantity: 1e300, inclTaxesPrice: 1e300 }] }, 'items.0.inclTaxesPrice'],
      ['PUT /api/purchases/external-purchases/:id', `/api/purchases/external-purchases/${own['external-purchases']}`, { inclTaxesDeliveryPrice: 1e15 }, 'inclTaxesDeliveryPrice'],
    ];
    for (const [key, path, body, field] of cases) {
      const r = route(key);
      // refused by the schema (Money's bounds, a date-time Date can read) or, for what only a
      // computation reveals (quantity × price), by the plugin: a 400 naming the field either way
      const message = accepts(r.body!, body) ? /hors limites|Date invalide/ : /doit|format/;
      refused(await send(r, path, body), `${key} ${describeBody(body)}`, { status: 400, field, message });
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('answers a contact import of unreadable content without a 500 and without writing', async function () {
    // files from which no contact can be read (a vCard cut before END:VCARD, or a CSV quote opened
    // inside a field, are read leniently: what can be read of them is imported)
    const contents: [string, string][] = [
      ['vcard', 'texte'], ['vcard', 'END:VCARD\r\nBEGIN:VCARD'], ['vcard', '\u0000\u0001\u0002'], ['vcard', 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n'],
      ['vcard', 'BEGIN:VCARD\r\nVERSION:3.0\r\nBDAY:pas une date\r\nEND:VCARD\r\n'],
      ['vcard', 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN Camille sans deux-points\r\nEND:VCARD\r\n'], ['vcard', 'BEGIN:VCARD\r\nVERSION:3.0\r\n;;;\r\nEND:VCARD\r\n'],
      ['vcard', 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;;;;;\r\nTEL;TYPE="non fermé:0102\r\nEND:VCARD\r\n'], ['vcard', 'BEGIN:VCARD\r\nBEGIN:VCARD\r\nEND:VCARD\r\n'],
      ['csv', '"non fermé'], ['csv', 'a,b\r\n"x'], ['csv', ';;;'], ['csv', '\u0000'], ['csv', 'First Name\n'], ['csv', '\ufeff'], ['csv', 'First Name,Last Name\r\n,\r\n'],
      ['csv', 'First Name,Notes\nMarie,"sans fin\n'],
    ];
    for (const key of ['POST /api/contacts/contacts/import/preview', 'POST /api/contacts/contacts/import']) {
      if (!routes.some((x) => x.key === key)) continue;
      const r = route(key);
      for (const [format, content] of contents) {
        const res = await send(r, r.path, { format, content });
        if (res.status >= 500) continue;
        if (res.status >= 400) refused(res, `${key} ${format} ${JSON.stringify(content)}`);
        else {
          if (key.endsWith('/import') && res.body.created !== 0) problems.push(`${key} ${format} ${JSON.stringify(content)} : ${res.body.created} contact(s) créé(s)`);
          // why a row is skipped is told to a person too
          const reasons = [...(res.body.rows ?? []).flatMap((row: { skipReason: string | null; warnings: string[] }) => [row.skipReason, ...row.warnings]),
            ...(res.body.skipped ?? []).map((x: { reason: string }) => x.reason)].filter((x) => x !== null);
          for (const reason of reasons) if (!isFrench(reason)) problems.push(`${key} ${format} ${JSON.stringify(content)} : raison pas en français : ${reason}`);
        }
      }
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  /** the GET routes without parameters answering a page (`count`, `next`), found by calling them */
  const lists: PluginRoute[] = [];

  it('finds the list routes by calling every GET route without parameters', async function () {
    for (const r of routes.filter((x) => x.method === 'GET' && !x.params.length)) {
      const probe = await send(r, r.path);
      // a GET that needs a query parameter (an export of a year) may refuse the bare call, never with a 500
      expect(probe.status, `${r.key}: ${JSON.stringify(probe.body)}`).to.be.below(500);
      const b = probe.body;
      if (probe.status === 200 && b && typeof b === 'object' && typeof b.count === 'number' && 'next' in b) lists.push(r);
    }
    expect(lists.map((r) => r.key)).to.include.members([
      'GET /api/contacts/customers', 'GET /api/contacts/providers', 'GET /api/contacts/contacts', 'GET /api/catalogue/items',
      'GET /api/invoicing/invoices', 'GET /api/invoicing/quotations', 'GET /api/invoicing/payments', 'GET /api/invoicing/payments/bundle',
      'GET /api/purchases/purchases', 'GET /api/purchases/external-purchases',
    ]);
  });

  it('refuses malformed list parameters with 400 naming the parameter, on every list route', async function () {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ filters: 'pas-du-json' }, 'filters', /« filters » n'est pas un JSON valide/],
      [{ filters: '{"name": ' }, 'filters', /« filters » n'est pas un JSON valide/],
      [{ filters: '[1]' }, 'filters', /« filters »/],
      [{ filters: { champInconnu: { value: 'x' } } }, 'filters.champInconnu', /Champ inconnu : « champInconnu »/],
      [{ filters: { _id: 'x' } }, 'filters._id', /« _id »/],
      [{ filters: { _id: { mode: 'ressemble', value: 'x' } } }, 'filters._id', /mode « ressemble » inconnu/],
      [{ filters: { _id: { mode: 'eq', value: 'xyz' } } }, 'filters._id', /identifiant invalide/],
      [{ filters: { _id: { value: 'x', valueIsObjectId: true } } }, 'filters._id', /identifiant invalide/],
      [{ filters: { _id: { value: 'x', valueIsDate: 'oui' } } }, 'filters._id', /« valueIsDate »/],
      [{ pagination: { quantity: 9999 } }, 'pagination', /« quantity » doit être un entier entre 1 et 500/],
      [{ pagination: { quantity: 0 } }, 'pagination', /« quantity »/],
      [{ pagination: { quantity: -5 } }, 'pagination', /« quantity »/],
      [{ pagination: { quantity: 1.5 } }, 'pagination', /« quantity »/],
      [{ pagination: { quantity: '10' } }, 'pagination', /« quantity »/],
      [{ pagination: { page: 0 } }, 'pagination', /« page »/],
      [{ pagination: { page: 1e300 } }, 'pagination', /« page »/],
      [{ pagination: { cursor: 'pas-un-curseur' } }, 'pagination', /curseur/],
      [{ pagination: { cursor: 12 } }, 'pagination', /« cursor »/],
      [{ pagination: '{' }, 'pagination', /« pagination » n'est pas un JSON valide/],
      [{ pagination: '[50]' }, 'pagination', /« pagination »/],
      [{ sort: { field: 'champInconnu' } }, 'sort', /Champ inconnu : « champInconnu »/],
      [{ sort: { field: '_id', ascending: 'oui' } }, 'sort', /« ascending »/],
      [{ sort: { field: 12 } }, 'sort', /« field »/],
      [{ sort: 'x' }, 'sort', /« sort »/],
      [{ sort: '{"field":' }, 'sort', /« sort » n'est pas un JSON valide/],
      [{ aggregations: '[' }, 'aggregations', /« aggregations » n'est pas un JSON valide/],
      [{ aggregations: { name: 'a' } }, 'aggregations', /« aggregations » doit être une liste/],
      [{ aggregations: [{ name: 'a', field: 'champInconnu' }] }, 'aggregations', /Champ inconnu : « champInconnu »/],
      [{ aggregations: [{ name: 'a', field: '_id' }] }, 'aggregations', /n'est pas numérique/],
      [{ aggregations: [{ field: '_id' }] }, 'aggregations', /« name »/],
      // judged before routing (server/src/http/query-guard.ts)
      [{ filters: `${'['.repeat(2000)}${']'.repeat(2000)}` }, 'filters', /^Paramètre « filters » trop imbriqué : 64 niveaux au plus\.$/],
      [{ sort: `${'{"a":'.repeat(65)}1${'}'.repeat(65)}` }, 'sort', /^Paramètre « sort » trop imbriqué/],
      [{ filters: '{"__proto__":{"value":"x"}}' }, 'filters', /^Paramètre « filters » refusé : la clé « __proto__ » n’est pas permise\.$/],
    ];
    for (const r of lists) {
      for (const [query, field, message] of cases) {
        const res = await send(r, r.path, undefined, { query });
        refused(res, `${r.key} ${JSON.stringify(query)}`, { status: 400, field, message });
      }
      const twice = await send(r, `${r.path}?sort=${encodeURIComponent('{"field":"_id"}')}&sort=${encodeURIComponent('{"field":"_id"}')}`);
      refused(twice, `${r.key} sort donné deux fois`, { status: 400, field: 'sort' });
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses a filter value of the wrong kind on every column, and answers every sort', async function () {
    const entities = pluginEntities(k.kernel);
    let checked = 0;
    for (const r of lists) {
      const entity = entities.get(`${r.plugin}/${r.collection}`);
      if (!entity) throw new Error(`${r.key}: no entity « ${r.collection} » in plugin ${r.plugin}`);
      for (const col of listColumns(entity)) {
        const f = (filter: Record<string, unknown>) => ({ filters: { [col.path]: filter } });
        const bad: Record<string, unknown>[] = [];
        if (!col.queryable) {
          bad.push(f({ value: 'x' }), { sort: { field: col.path } }, { aggregations: [{ name: 'a', field: col.path }] });
        } else {
          bad.push(f({ mode: 'in', value: 'x' }), f({ mode: 'between', value: [1] }), f({ mode: 'exists', value: 'peut-être' }), f({ mode: 'eq', value: { a: 1 } }), f({ mode: 'gt' }));
          if (col.kind === 'id') bad.push(f({ mode: 'eq', value: 'xyz' }), f({ mode: 'in', value: ['xyz'] }));
          if (col.kind === 'int' || col.kind === 'number' || col.kind === 'money') bad.push(f({ mode: 'gt', value: 'abc' }), f({ mode: 'between', value: ['a', 'b'] }), f({ mode: 'contains', value: '1' }));
          if (col.kind === 'bool') bad.push(f({ mode: 'eq', value: 'peut-être' }));
          if (col.kind === 'date') bad.push(f({ mode: 'gt', valueIsDate: true, startDate: 'pas une date' }), f({ mode: 'eq', value: '99999-01-01' }));
          if (col.kind !== 'int' && col.kind !== 'number' && col.kind !== 'money') bad.push({ aggregations: [{ name: 'a', field: col.path }] });
        }
        for (const query of bad) {
          const res = await send(r, r.path, undefined, { query });
          refused(res, `${r.key} ${JSON.stringify(query)}`, { status: 400 });
          checked++;
        }
        if (col.queryable) {
          for (const ascending of [true, false]) {
            const res = await send(r, r.path, undefined, { query: { sort: { field: col.path, ascending }, pagination: { quantity: 2 } } });
            if (res.status !== 200) problems.push(`${r.key} tri par ${col.path} : ${res.status} ${describeBody(res.body)}`);
          }
        }
      }
      for (const field of entity.hidden ?? []) {
        refused(await send(r, r.path, undefined, { query: { filters: { [field]: { mode: 'contains', value: '$' } } } }), `${r.key} filtre ${field}`, { status: 400, message: /Champ inconnu/ });
        refused(await send(r, r.path, undefined, { query: { sort: { field } } }), `${r.key} tri ${field}`, { status: 400, field: 'sort' });
      }
    }
    expect(checked).to.be.greaterThan(200);
    expectNoProblem();
    await expectNothingChanged();
  });

  it('refuses a malformed AT-Company header with 400, on every route', async function () {
    for (const r of routes) {
      const res = await k.http.request(r.method, pathOf(r), sampleBody(r), { company: 'entreprise-a' });
      statuses.push({ key: r.key, status: res.status });
      cases++;
      if (res.status >= 500) problems.push(`${res.status} sur ${r.key} avec AT-Company invalide`);
      refused(res, `${r.key} AT-Company invalide`, { status: 400, message: /En-tête AT-Company invalide/ });
    }
    expectNoProblem();
    await expectNothingChanged();
  });

  // the only test that writes: after every « nothing changed » check
  it('takes valid values at the limits of the columns (names of 255 characters, emoji) without a 500', async function () {
    const long = 'é'.repeat(255);
    const emoji = '😀'.repeat(128); // 128 characters, 256 UTF-16 units
    const cases: [string, Record<string, unknown>][] = [
      // each name is valid; the display name they make is cut to its 255-character column
      ['POST /api/contacts/customers', { company: long, firstname: long, name: long }],
      ['POST /api/contacts/providers', { company: long, name: long }],
      ['POST /api/contacts/contacts', { firstname: long, name: long }],
      ['POST /api/contacts/customers', { company: emoji, name: emoji }],
      // a receiver name cut at 255 must not cut an emoji in two (MariaDB refuses half of one)
      ['POST /api/invoicing/invoices', { receiver: { company: emoji } }],
      ['POST /api/invoicing/quotations', { receiver: { company: long, firstname: long } }],
      ['POST /api/invoicing/quotations', { receiver: { firstname: 'a', name: emoji } }],
      ['POST /api/purchases/purchases', { provider: { company: long, firstname: emoji } }],
    ];
    for (const [key, body] of cases) {
      const r = route(key);
      const res = await send(r, r.path, body);
      if (res.status !== 201) problems.push(`${key} ${describeBody(body)} : ${res.status} ${describeBody(res.body)}`);
      else {
        const shown = String(res.body.displayName ?? res.body.receiverName ?? res.body.providerName ?? '');
        if (Array.from(shown).length > 255 || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(shown)) problems.push(`${key} : nom affiché ${shown.length} unités, coupé dans un caractère`);
      }
    }
    expectNoProblem();
  });

  // JSON may carry a lone surrogate (« \ud800 »), which MariaDB refuses: the request layer
  // (server/src/http/unicode.ts) refuses it on every route, in bodies and in list parameters.
  it('refuses a string that is not well-formed Unicode with 400', async function () {
    // the test before this one creates documents on purpose (long names accepted)
    snapshot = await snapshotTables(k.db);
    for (const [key, body] of [
      ['POST /api/catalogue/items', { name: 'Pain \ud800' }], ['POST /api/contacts/customers', { name: '\udc00' }],
      ['POST /api/invoicing/invoices', { comment: '\ud83d' }],
    ] as [string, Record<string, unknown>][]) {
      const r = route(key);
      refused(await send(r, r.path, body), `${key} ${describeBody(body)}`, { status: 400 });
    }
    expectNoProblem();
    // the kernel's own routes and the list parameters go through the same request layer
    const role = await k.http.post('/api/kernel/roles', { name: 'Rôle \ud800' });
    expect(role.status, JSON.stringify(role.body)).to.equal(400);
    expect(role.body.message).to.contain('Unicode');
    const list = await k.http.get('/api/invoicing/invoices', { query: { filters: { receiverName: { mode: 'contains', value: 'x\udc00' } } } });
    expect(list.status, JSON.stringify(list.body)).to.equal(400);
    await expectNothingChanged();
  });

  it('never answered 500, and every route was tried', function () {
    expect(statuses.filter((s) => s.status >= 500)).to.deep.equal([]);
    const tried = new Set(statuses.map((s) => s.key));
    expect(routes.filter((r) => !tried.has(r.key)).map((r) => r.key)).to.deep.equal([]);
    expect(cases).to.be.greaterThan(3000);
  });
});
