/**
 * `npm run seed-demo`: boots the kernel, seeds the demo company once; a second run finds it. The
 * kernel's own examples (server/src/platform/seed-demo.ts) as the demo user sees them through the
 * API, with every built-in plugin: the shop's hours, customer groups and property, the welcome,
 * the invitation once a suitable role exists; seeding again changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createKernel, loadConfig, type Kernel } from '@comptoir/server';
import { TestHttp, throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import type { CatalogueItem } from '@comptoir/plugin-catalogue/contract';
import type { Invoice } from '@comptoir/plugin-invoicing/contract';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { DEMO_COMPANY, DEMO_LOGIN } from '../src/demo-company.ts';
import { seedDemo } from '../src/seed.ts';
import { DEMO_ESTABLISHMENT, DEMO_INVITATION, WELCOME_TITLE, summerClosing } from '../../server/src/platform/seed.ts';
import { changedTables, snapshotTables } from '../../test/support/plugin-routes.ts';
import { childEnv, databaseEnv, removeDir, runTool, tmpDir, withDatabase } from './support.ts';

describe('tools : seed-demo', function () {
  this.timeout(60_000);
  let root: string;
  let db: ThrowawayDatabase;
  let env: NodeJS.ProcessEnv;

  const counts = () => withDatabase(db, async (k) => ({
    demoUsers: Number((await k('kernel_users').where({ email: DEMO_LOGIN.email }).count({ n: '*' }).first())?.n),
    users: Number((await k('kernel_users').count({ n: '*' }).first())?.n),
    companies: Number((await k('kernel_companies').where({ name: DEMO_COMPANY.name }).count({ n: '*' }).first())?.n),
    // the kernel alone: its establishment and welcome; no customers, so no groups nor property on them
    establishments: Number((await k('kernel_establishments').count({ n: '*' }).first())?.n),
    kept: Number((await k('kernel_notifications').where({ liveOnly: false }).count({ n: '*' }).first())?.n),
    groups: Number((await k('kernel_groups').count({ n: '*' }).first())?.n),
    userProps: Number((await k('kernel_user_props').count({ n: '*' }).first())?.n),
  }));

  before(async () => {
    root = tmpDir('seed-demo');
    fs.mkdirSync(path.join(root, 'builtin'));
    db = await throwawayDatabase();
    env = childEnv({ ...databaseEnv(db), COMPTOIR_BUILTIN_PLUGINS: path.join(root, 'builtin') });
  });

  after(async () => {
    await db?.drop();
    removeDir(root);
  });

  it('crée l’entreprise de démonstration une fois, puis la retrouve sans rien changer', async () => {
    const first = await runTool('seed-demo', [], env);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.include(`Entreprise de démonstration créée : « ${DEMO_COMPANY.name} »`);
    expect(first.stdout).to.include(`Connexion : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    const seeded = { demoUsers: 1, users: 1, companies: 1, establishments: 1, kept: 1, groups: 0, userProps: 0 };
    expect(await counts()).to.deep.equal(seeded);

    const second = await runTool('seed-demo', [], env);
    expect(second.code, second.stderr).to.equal(0);
    expect(second.stdout).to.include('Entreprise de démonstration déjà présente');
    expect(second.stdout).to.include('rien n’a été modifié');
    expect(await counts()).to.deep.equal(seeded);
  });

  it('s’arrête avec le code 1 et une phrase en français sur une configuration invalide', async () => {
    const res = await runTool('seed-demo', [], { ...env, PORT: 'quatre-vingts' });
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('Configuration invalide : PORT doit être un entier');
  });
});

describe('tools : seed-demo, the kernel’s examples with every built-in plugin', function () {
  this.timeout(120_000);
  // September 2026: the summer closing shown is the next one, 2027's
  const NOW = new Date('2026-09-01T08:00:00.000Z');
  let db: ThrowawayDatabase;
  let kernel: Kernel;
  let me: TestHttp;

  before(async () => {
    db = await throwawayDatabase();
    const config = loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...(db.url ? { DATABASE_URL: db.url } : {}) });
    kernel = await createKernel({ config, clock: { now: () => NOW } });
    await seedDemo(kernel);
    const { url } = await kernel.listen(0, '127.0.0.1');
    const login = await new TestHttp(url).post('/api/auth/login', DEMO_LOGIN);
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    me = new TestHttp(url, login.body.token, login.body.company._id);
  });
  after(async () => {
    await kernel?.stop();
    await db?.drop();
  });

  it('takes the coming summer closing: this year’s until it is over, then next year’s', () => {
    expect(summerClosing(new Date('2026-07-01T10:00:00Z'))).to.deep.equal({ startDate: '2026-08-03', endDate: '2026-08-23', name: 'Congés d’été' });
    expect(summerClosing(new Date('2026-08-23T20:00:00Z')).startDate).to.equal('2026-08-03');
    expect(summerClosing(new Date('2026-08-24T08:00:00Z')).startDate).to.equal('2027-08-03');
  });

  it('opens « Boulangerie Martin — Centre » Tuesday to Saturday 07:00–13:00 and 15:00–19:30, Sunday morning, never on Monday', async () => {
    const list = await me.get('/api/kernel/establishments');
    expect(list.body.data.map((e: { name: string }) => e.name)).to.deep.equal([DEMO_ESTABLISHMENT]);
    const shop = list.body.data[0];
    expect(shop.tels).to.deep.equal([{ type: 'Accueil', value: '04 78 00 00 00' }]);
    // a week of March 2027 (Paris = UTC+1), Monday to Monday
    const week = await me.get(`/api/kernel/establishments/${shop._id}/opening`, { query: { from: '2027-03-01T00:00:00+01:00', to: '2027-03-08T00:00:00+01:00' } });
    expect(week.status, JSON.stringify(week.body)).to.equal(200);
    const paris = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit' });
    const shown = week.body.intervals.map((i: { start: string; end: string }) => `${paris(i.start)} → ${paris(i.end).slice(-5)}`);
    const days = ['mar.', 'mer.', 'jeu.', 'ven.', 'sam.'];
    expect(shown).to.deep.equal([
      ...days.flatMap((d) => [`${d} 07:00 → 13:00`, `${d} 15:00 → 19:30`]),
      'dim. 07:00 → 12:30',
    ]);
    // the whole closing of summer 2027: not one interval
    const summer = summerClosing(NOW);
    expect(summer.startDate).to.equal('2027-08-03');
    const closed = await me.get(`/api/kernel/establishments/${shop._id}/opening`, { query: { from: `${summer.startDate}T00:00:00+02:00`, to: `${summer.endDate}T23:59:00+02:00` } });
    expect(closed.body.intervals).to.deep.equal([]);
    expect(shop.specialHours).to.deep.equal([{ ...summer, hours: [] }]);
  });

  it('groups customers into « Professionnels » › « Restaurants » and « Particuliers », with a « Jour de livraison » to choose among the weekdays', async () => {
    const tree = await me.get('/api/kernel/groups/tree', { query: { pluginIdentifier: 'contacts.customers' } });
    type Node = { name: string; children: Node[] };
    const names = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));
    expect(names(tree.body.data)).to.deep.equal(['Particuliers', ['Professionnels', ['Restaurants']]]);
    const props = await me.get('/api/kernel/user-props', { query: { filters: { pluginIdentifier: { mode: 'eq', value: 'contacts.customers' } } } });
    expect(props.body.data).to.have.length(1);
    expect(props.body.data[0]).to.deep.include({ name: 'Jour de livraison', variable: 'jourLivraison', type: 'select', multiple: false, filter: true, server: false });
    expect(props.body.data[0].selectOptions.map((o: { label: string }) => o.label)).to.deep.equal(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    // usable at once: a customer delivered on Tuesdays, found by it
    const customer = await me.post('/api/contacts/customers', { company: 'Bistrot des Canuts', userProps: { jourLivraison: 'mardi' } });
    expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
    const tuesdays = await me.get('/api/contacts/customers', { query: { filters: { 'userProps.jourLivraison': { mode: 'eq', value: 'mardi' } } } });
    expect(tuesdays.body.data.map((c: { company: string }) => c.company)).to.deep.equal(['Bistrot des Canuts']);
    expect((await me.delete(`/api/contacts/customers/${customer.body._id}`)).status).to.equal(204);
  });

  it('keeps a welcome for the demo user in the notification centre, and invites « Vendeuses » only once a role other than « Administrateur » exists', async () => {
    const mine = await me.get('/api/kernel/notifications');
    expect(mine.body.data.map((n: { title: string; liveOnly: boolean }) => [n.title, n.liveOnly])).to.deep.equal([[WELCOME_TITLE, false]]);
    expect((await me.get('/api/kernel/notifications/unread')).body).to.deep.equal({ count: 1 });
    // only « Administrateur » in the demo company: no invitation that would hand out every right
    expect((await me.get('/api/kernel/roles')).body.data.map((r: { name: string }) => r.name)).to.deep.equal(['Administrateur']);
    expect((await me.get('/api/kernel/invitations')).body.count).to.equal(0);

    const role = await me.post('/api/kernel/roles', { name: 'Vendeuse', permissions: ['kernel.users.read'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    await seedDemo(kernel);
    const invitations = (await me.get('/api/kernel/invitations')).body.data;
    expect(invitations).to.have.length(1);
    expect(invitations[0]).to.deep.include({ name: DEMO_INVITATION, maxUsage: 5, manualRequestChecking: true, active: true, currentUsageCount: 0 });
    expect(invitations[0].fk.roles).to.deep.equal([role.body._id]);
    expect(invitations[0]).not.to.have.property('keyHash');
  });

  it('makes documents that hang together: each names a customer or provider of the directory with its name and address, the quotation has its customer', async () => {
    const all = async (path: string) => {
      const res = await me.get(path, { query: { pagination: { quantity: 200 } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
    };
    const customers = new Map((await all('/api/contacts/customers')).map((c) => [c._id, c]));
    const providers = new Map((await all('/api/contacts/providers')).map((p) => [p._id, p]));
    const invoices = await all('/api/invoicing/invoices');
    const quotations = await all('/api/invoicing/quotations');
    const purchases = await all('/api/purchases/purchases');
    expect(invoices.length).to.be.greaterThan(5);
    expect(quotations).to.have.length(1);
    expect(purchases.length).to.be.greaterThan(2);
    const place = (a: Record<string, unknown> | undefined) => a && { address: a.address, zipCode: a.zipCode, city: a.city, country: a.country };
    const sameParty = (what: string, party: Record<string, unknown> | undefined, receiver: Record<string, unknown>) => {
      expect(party, `${what}: record of the directory`).to.be.an('object');
      for (const field of ['company', 'civ', 'firstname', 'name']) expect(receiver[field], `${what}: ${field}`).to.equal(party![field]);
      const invoicing = (party!.addresses as Record<string, unknown>[]).filter((a) => a.invoicing);
      expect(invoicing, `${what}: one invoicing address`).to.have.length(1);
      expect(place(receiver.invoicingAddress as Record<string, unknown>), `${what}: address`).to.deep.equal(place(invoicing[0]));
    };
    for (const d of [...invoices, ...quotations]) sameParty(d.numberFull ?? 'brouillon', customers.get(d.fk.receiverCustomer), d.receiver);
    for (const p of purchases) sameParty(p.invoiceNumber, providers.get(p.fk.provider), p.provider);
    expect(customers.get(quotations[0].fk.receiverCustomer)).to.include({ firstname: 'Julie', name: 'Bernard' });
  });

  it('counts the seeded sales in the catalogue, and dates the documents so that the home page has figures', async () => {
    const invoices = (await me.get('/api/invoicing/invoices', { query: { pagination: { quantity: 200 } } })).body.data as Invoice[];
    const items = new Map(((await me.get('/api/catalogue/items', { query: { pagination: { quantity: 200 } } })).body.data as CatalogueItem[]).map((i) => [i._id, i]));
    const emitted = invoices.filter((i) => i.numberFull);
    const sold = new Map<string, number>();
    for (const line of emitted.flatMap((i) => i.items)) {
      expect(line.itemId, line.labelPrimary).to.be.a('string');
      sold.set(line.itemId!, (sold.get(line.itemId!) ?? 0) + line.quantity);
    }
    for (const [id, quantity] of sold) expect(items.get(id)?.salesCount, items.get(id)?.name).to.be.at.least(quantity);
    expect(items.size - sold.size, 'a few items not sold yet').to.be.greaterThan(0);
    // NOW is 2026-09-01: invoices of 2025, of this month, one unpaid past its 30-day term, some unpaid
    const day = (i: Invoice) => i.date.slice(0, 10);
    expect(emitted.some((i) => day(i).startsWith('2025-'))).to.equal(true);
    expect(emitted.some((i) => day(i).startsWith('2026-09-'))).to.equal(true);
    const overdue = emitted.filter((i) => i.unpaidAmount > 0 && new Date(i.date).getTime() < NOW.getTime() - 30 * 24 * 3600 * 1000);
    expect(overdue).to.have.length(1);
    expect(emitted.filter((i) => i.unpaidAmount > 0).length).to.be.greaterThan(1);
    const quotation = (await me.get('/api/invoicing/quotations')).body.data[0];
    expect(quotation.status).to.equal('emitted');
    expect(quotation.expirationDate > NOW.toISOString()).to.equal(true);
    const purchases = (await me.get('/api/purchases/purchases')).body.data as { unpaidAmount: number }[];
    expect(purchases.some((p) => p.unpaidAmount > 0)).to.equal(true);
  });

  it('gives the bakery a logo, printed on its invoices', async () => {
    const company = (await me.get(`/api/kernel/companies/${me.company}`)).body;
    const logos = company.attachments.filter((a: { tags: string[] }) => a.tags.includes('logo'));
    expect(logos).to.have.length(1);
    expect(logos[0]).to.include({ mime: 'image/png', subfolder: 'logo' });
    const [invoice] = (await me.get('/api/invoicing/invoices', { query: { filters: { status: { mode: 'eq', value: 'paid' } } } })).body.data;
    const res = await fetch(new URL(`/api/invoicing/invoices/${invoice._id}/pdf`, me.baseUrl), { headers: { Authorization: `Bearer ${me.token}`, 'AT-Company': me.company! } });
    expect(res.status).to.equal(200);
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()), { updateMetadata: false });
    const images = pdf.context.enumerateIndirectObjects().map(([, o]) => o)
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.map((i) => [String(i.dict.get(PDFName.of('Width'))), String(i.dict.get(PDFName.of('Height'))), i.dict.has(PDFName.of('SMask'))]))
      .to.deep.equal([['600', '240', false]]);
  });

  it('seeds only what is missing: the owner’s changes stay, a dismissed welcome does not come back, a second run writes nothing', async () => {
    const [welcome] = (await me.get('/api/kernel/notifications')).body.data;
    expect((await me.delete(`/api/kernel/notifications/${welcome._id}`)).status).to.equal(204);
    const particuliers = (await me.get('/api/kernel/groups', { query: { filters: { name: { mode: 'eq', value: 'Particuliers' } } } })).body.data[0];
    expect((await me.delete(`/api/kernel/groups/${particuliers._id}`)).status).to.equal(204);
    // the first seed's emissions leave their frozen e-invoices to render after the answer: done before
    // the snapshot, so that only what the second seed writes is compared
    await kernel.background.idle();
    const before = await snapshotTables(kernel.db);
    await seedDemo(kernel);
    expect(changedTables(before, await snapshotTables(kernel.db))).to.deep.equal([]);
    expect((await me.get('/api/kernel/notifications')).body.count).to.equal(0);
  });
});
