/**
 * GET /api/kernel/dashboard on a kernel with contacts, catalogue, invoicing and purchases (and a
 * fixture plugin with a broken widget): the first-run checklist of a new company, then with the
 * demo data and invoices emitted over two years (the clock moves), every figure equals the total
 * of the list its link opens — the link read as the list screens read it —, permissions hide
 * widgets, a failing widget is isolated. Runs on SQLite, and MariaDB with DATABASE_URL.
 */
import path from 'node:path';
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext, DashboardView, WidgetFigure } from '@comptoir/sdk';
import { parisEndOf, parisStartOf } from '@comptoir/sdk/commerce';
import { createMember } from '../support/kernel.ts';
import { DEFAULT_RECEIVER } from '../support/sales.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLUGINS = [...['contacts', 'catalogue', 'invoicing', 'purchases'].map((p) => path.join(ROOT, 'plugins', p)), path.join(import.meta.dirname, 'fixtures/dashboard-probe')];

const ELIGIBLE = {
  name: 'Boulangerie Martin SARL', telBusiness: '01 23 45 67 89', email: 'contact@boulangerie-martin.fr',
  address: { address: '12 rue de la Paix', city: 'Paris', zipCode: '75002', country: 'France', delivery: true, invoicing: true },
  naf: '1071C', siret: '12345678200010', siren: '123456782', vatNumber: 'FR11123456782', status: 'SARL', capital: 10000,
};

const day = (iso: string) => { const [y, m, d] = iso.split('-').map(Number); return { year: y, month: m, day: d }; };

/**
 * A figure's link as a list request, the way the screens read their URL (`filtre`, `statut`,
 * `du`/`au` in Paris days) — written here independently of the server's own filters.
 */
function listOf(link: string, now: Date): { path: string; filters: Record<string, unknown>; sum: string; minus?: string } {
  const url = new URL(link, 'http://x');
  const q = url.searchParams;
  const range = (): Record<string, unknown> => (q.get('du') || q.get('au') ? {
    date: { mode: 'between', valueIsDate: true, ...(q.get('du') ? { startDate: parisStartOf(day(q.get('du')!)).toISOString() } : {}), ...(q.get('au') ? { endDate: parisEndOf(day(q.get('au')!)).toISOString() } : {}) },
  } : {});
  if (url.pathname === '/factures') {
    const emitted = { number: { mode: 'exists', value: true } };
    if (q.get('filtre') === 'impayees') {
      return { path: '/api/invoicing/invoices', sum: 'unpaidAmount', filters: { numberFull: { mode: 'exists', value: true }, inclTaxesPrice: { mode: 'gt', value: 0 }, unpaidAmount: { mode: 'gt', value: 0 }, replacedBy: { mode: 'exists', value: false }, ...emitted, ...range() } };
    }
    // « Total HT »: what corrective invoices reversed of the invoices they replace is deducted
    return { path: '/api/invoicing/invoices', sum: 'exclTaxesPrice', minus: 'reversedExclTaxesPrice', filters: { ...emitted, ...range() } };
  }
  if (url.pathname === '/devis') {
    if (q.get('filtre') === 'en-attente') return { path: '/api/invoicing/quotations', sum: 'inclTaxesPrice', filters: { status: { mode: 'eq', value: 'emitted' }, expirationDate: { mode: 'gte', valueIsDate: true, startDate: now.toISOString() } } };
    return { path: '/api/invoicing/quotations', sum: 'inclTaxesPrice', filters: { status: { mode: 'eq', value: q.get('statut') } } };
  }
  if (url.pathname === '/achats') {
    const toPay = { status: { mode: 'in', value: ['emitted', 'partially_paid'] }, inclTaxesPrice: { mode: 'gt', value: 0 } };
    if (q.get('statut') === 'en-retard') return { path: '/api/purchases/purchases', sum: 'unpaidAmount', filters: { ...toPay, dueDate: { mode: 'lt', valueIsDate: true, endDate: now.toISOString() } } };
    return { path: '/api/purchases/purchases', sum: 'unpaidAmount', filters: toPay };
  }
  throw new Error(`lien inattendu ${link}`);
}

async function listTotal(h: TestHttp, figure: WidgetFigure, now: Date): Promise<{ count: number; sum: string }> {
  const l = listOf(figure.link!, now);
  const aggregations = [{ name: 's', field: l.sum, sum: true }, ...(l.minus ? [{ name: 'm', field: l.minus, sum: true }] : [])];
  const res = await h.get(l.path, { query: { filters: l.filters, pagination: { quantity: 1, page: 1 }, aggregations } });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  const sum = new Decimal(res.body.aggregation.s?.sum ?? 0).minus(res.body.aggregation.m?.sum ?? 0);
  return { count: res.body.count, sum: sum.toFixed(2) };
}

describe('tableau de bord : GET /api/kernel/dashboard', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let clock = new Date('2025-03-10T09:00:00Z');
  const dashboard = async (h: TestHttp = k.http): Promise<DashboardView> => {
    const res = await h.get('/api/kernel/dashboard');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const widget = (v: DashboardView, id: string) => v.widgets.find((w) => w.id === id);
  /** sessions last 180 days: when the clock jumps, sign in again at the new date */
  const at = async (iso: string) => {
    clock = new Date(iso);
    const s = await k.login('admin@comptoir.test', 'motdepasse-admin-1');
    k.http = k.http.as(s.token, s.companyId);
  };

  before(async () => { k = await createTestKernel({ plugins: PLUGINS, now: () => clock }); });
  after(async () => { await k?.stop(); });

  it('une entreprise neuve : cinq premiers pas à faire, puis « premier client » fait après sa création', async () => {
    const v = await dashboard();
    expect(v.firstSteps.steps.map((s) => [s.id, s.done])).to.deep.equal([
      ['kernel.company-info', false], ['contacts.first-customer', false], ['catalogue.first-item', false],
      ['invoicing.first-invoice', false], ['kernel.smtp', false],
    ]);
    expect([v.firstSteps.done, v.firstSteps.total]).to.deep.equal([0, 5]);
    expect(widget(v, 'invoicing.revenue')?.content?.empty?.action?.link).to.equal('/factures/nouvelle');
    const res = await k.http.post('/api/contacts/customers', {
      company: 'Hôtel du Parc', email: 'contact@hotel-du-parc.fr', addresses: [{ address: '8 avenue Foch', zipCode: '69006', city: 'Lyon' }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const after = await dashboard();
    expect(after.firstSteps.steps.find((s) => s.id === 'contacts.first-customer')?.done).to.equal(true);
    expect(after.firstSteps.done).to.equal(1);
  });

  it('un bloc en panne n’empêche pas la page : message en français, les autres servis', async () => {
    const v = await dashboard();
    const broken = widget(v, 'dashboard-probe.broken');
    expect(broken?.error).to.match(/n’a pas pu être chargé/);
    expect(broken).not.to.have.property('content');
    expect(widget(v, 'dashboard-probe.hello')?.content?.figures?.[0].value).to.equal('1');
    expect(v.widgets.map((w) => w.order)).to.deep.equal([...v.widgets.map((w) => w.order)].sort((a, b) => a - b));
  });

  it('les chiffres égalent les totaux des listes qu’ils ouvrent (démo + factures sur deux ans)', async () => {
    const seed = (plugin: string) => k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const { default: def } = await import(path.join(ROOT, 'plugins', plugin, 'server/index.ts'));
      await def.seedDemo?.(ctx);
    }, plugin);
    await at('2025-06-01T08:00:00Z');
    expect((await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, ELIGIBLE)).status).to.equal(200);
    // the demo's invoices (and its expired quotation) in June 2025: last year's figures
    for (const plugin of ['contacts', 'catalogue', 'invoicing']) await seed(plugin);
    const emit = async (when: string, ht: number, credit = false) => {
      await at(when);
      const draft = await k.http.post('/api/invoicing/invoices', {
        items: [{ labelPrimary: 'Prestation', quantity: credit ? -1 : 1, vat: 20, exclTaxesPrice: ht }],
        receiver: DEFAULT_RECEIVER,
        ...(credit ? { creditReason: 'Geste commercial' } : {}),
      });
      expect(draft.status, JSON.stringify(draft.body)).to.equal(201);
      const done = await k.http.post(`/api/invoicing/invoices/${draft.body._id}/emit`);
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      return done.body;
    };
    await emit('2025-06-15T10:00:00Z', 50);
    await emit('2025-11-05T10:00:00Z', 100);
    await emit('2025-11-28T10:00:00Z', 1000); // after 27 November: out of last year's « to date »
    await emit('2026-02-10T10:00:00Z', 300);
    await emit('2026-10-31T23:30:00Z', 200); // 1 November 00:30 in Paris: November's
    const paid = await emit('2026-11-20T10:00:00Z', 90.1);
    await emit('2026-11-21T10:00:00Z', 40, true); // a credit note: −40
    await at('2026-11-22T10:00:00Z');
    expect((await k.http.post(`/api/invoicing/invoices/${paid._id}/payments`, { mode: 'cb', amount: 50 })).status).to.equal(200);
    await at('2026-11-27T10:00:00Z');
    await seed('purchases');
    const quote = async (status?: string) => {
      const q = await k.http.post('/api/invoicing/quotations', { receiver: { company: 'Café des Arts' }, items: [{ labelPrimary: 'Traiteur', quantity: 1, vat: 20, inclTaxesPrice: 240 }] });
      expect(q.status, JSON.stringify(q.body)).to.equal(201);
      if (status) expect((await k.http.put(`/api/invoicing/quotations/${q.body._id}`, { status })).status).to.equal(200);
    };
    await quote();
    await quote();
    await quote('accepted');
    const v = await dashboard();
    expect(widget(v, 'invoicing.revenue')?.error, JSON.stringify(v.widgets)).to.equal(undefined);
    const revenue = widget(v, 'invoicing.revenue')!.content!;
    const [month, year] = revenue.figures!;
    // November 2026: 200 + 90.10 − 40 (the 2026-10-31T23:30Z invoice is November's in Paris)
    expect(month.value).to.equal('250.10');
    expect(month.previous).to.deep.include({ label: 'du 1er au 27 novembre 2025', value: '100.00' });
    expect(month.previous?.change).to.equal('150');
    expect(year.value).to.equal('550.10');
    // last year to date: the list of 1 January – 27 November 2025 (the demo's documents of 2025,
    // seeded on 1 June 2025 over its last and current year, and the 50 + 100 emitted above)
    const lastYearToDate = (await listTotal(k.http, { ...month, link: '/factures?du=2025-01-01&au=2025-11-27' }, clock)).sum;
    expect(Number(lastYearToDate)).to.be.greaterThan(150);
    expect(year.previous?.value).to.equal(lastYearToDate);
    expect(month.link).to.equal('/factures?du=2026-11-01&au=2026-11-27');
    expect(revenue.chart?.labels).to.have.length(11);
    expect(revenue.chart?.series[1].values[10]).to.equal('1100.00');
    expect(revenue.chart?.summary).to.match(/^Chiffre d’affaires hors taxes par mois en 2026/);
    let checked = 0;
    for (const w of v.widgets.filter((x) => x.plugin !== 'dashboard-probe')) {
      for (const f of w.content?.figures ?? []) {
        expect(f.link, `${w.id} ${f.label}`).to.be.a('string');
        const total = await listTotal(k.http, f, clock);
        if (f.unit === 'money') expect(f.value, `${w.id} ${f.label}`).to.equal(total.sum);
        else expect(Number(f.value), `${w.id} ${f.label}`).to.equal(total.count);
        checked++;
      }
    }
    expect(checked, JSON.stringify(v.widgets.map((w) => [w.id, w.content?.empty?.message]))).to.equal(8);
    const receivables = widget(v, 'invoicing.receivables')!.content!.figures!;
    expect(Number(receivables[0].value)).to.be.greaterThan(Number(receivables[1].value));
    // the 2025 invoices are past their 30 days, the November 2026 ones are not
    expect(Number(receivables[1].value)).to.be.greaterThan(0);
    expect(receivables[1].link).to.equal('/factures?filtre=impayees&au=2026-10-27');
    expect(widget(v, 'invoicing.quotations')!.content!.figures!.map((f) => f.value)).to.deep.equal(['2', '1']);
    const steps = v.firstSteps.steps.filter((s) => s.done).map((s) => s.id);
    expect(steps).to.include.members(['kernel.company-info', 'contacts.first-customer', 'catalogue.first-item', 'invoicing.first-invoice']);
  });

  it('un membre ne voit que les blocs et les pas que ses rôles permettent', async () => {
    const role = await k.http.post('/api/kernel/roles', { name: 'Devis seulement', permissions: ['invoicing.quotations.read'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    const member = await createMember(k, 'devis@comptoir.test');
    expect((await k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id] })).status).to.equal(200);
    const v = await dashboard(member.http);
    expect(v.widgets.map((w) => w.id)).to.deep.equal(['dashboard-probe.broken', 'dashboard-probe.hello', 'invoicing.quotations']);
    expect(v.firstSteps).to.deep.equal({ steps: [], done: 0, total: 0 });
    const secret = await k.http.post('/api/kernel/roles', { name: 'Secret', permissions: ['dashboard-probe.secret.read'] });
    expect((await k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id, secret.body._id] })).status).to.equal(200);
    expect(widget(await dashboard(member.http), 'dashboard-probe.secret')?.content?.figures?.[0].value).to.equal('42');
    expect((await k.anonymous.get('/api/kernel/dashboard')).status).to.equal(401);
  });
});
