/**
 * Who a rule invoices: the template's customers and groups (with their subgroups), or the rule's
 * own lists when it overrides them; a customer in two places gets one invoice; a customer deleted
 * since is skipped and said so in the history. Rules are run by hand (« Lancer maintenant »).
 */
import { expect } from 'chai';
import { API, createCustomer } from './support.ts';
import { bootDriven, createGroup, createTemplate, invoicesOf, TEMPLATES, type Driven } from './recurring-support.ts';

describe('invoicing : factures récurrentes, clients visés', function () {
  let d: Driven;
  before(async () => { d = await bootDriven('2026-01-15T10:00:00.000Z'); });
  after(async () => { await d?.k.stop(); });

  it('groupes avec sous-groupes, clients listés, et les deux remplacements de la règle', async () => {
    const h = d.k.http;
    const pros = await createGroup(h, 'Professionnels');
    const restaurants = await createGroup(h, 'Restaurants', pros);
    const particuliers = await createGroup(h, 'Particuliers');
    const inPros = (await createCustomer(h, { company: 'Atelier', name: 'Pro', fk: { groups: [pros] } }))._id;
    const inRestaurants = (await createCustomer(h, { company: 'Le Bistrot', name: 'Resto', fk: { groups: [restaurants] } }))._id;
    const inBoth = (await createCustomer(h, { name: 'Double', fk: { groups: [pros, particuliers] } }))._id;
    const inParticuliers = (await createCustomer(h, { name: 'Particulier', fk: { groups: [particuliers] } }))._id;
    const listed = (await createCustomer(h, { name: 'Listé' }))._id;
    const ruleOnly = (await createCustomer(h, { name: 'DeLaRègle' }))._id;
    const leaving = (await createCustomer(h, { name: 'Partant' }))._id;

    const manual = (identifier: string, extra: Record<string, unknown> = {}) => ({ cron: '0 8 1 * *', identifier, manualOnly: true, ...extra });
    const t = await createTemplate(h, {
      fk: { customerGroups: [pros], customers: [listed, inRestaurants, leaving] },
      cronRules: [
        manual('modele'),
        manual('clients-de-la-regle', { overrideCustomers: true, customers: [ruleOnly] }),
        manual('sans-groupe', { overrideCustomerGroups: true }),
        manual('autres-groupes', { overrideCustomerGroups: true, customerGroups: [particuliers], overrideCustomers: true, customers: [] }),
      ],
    });
    // a customer a template names cannot be deleted any more (409: archive it); one deleted
    // before that rule (removed here by SQL) is skipped
    expect((await h.delete(`/api/contacts/customers/${leaving}`)).status).to.equal(409);
    await d.k.db('contacts_customers').where({ _id: leaving }).delete();

    const expected: Record<string, string[]> = {
      // listed first, then the members of « Professionnels » and of its subgroup « Restaurants », once each
      modele: [listed, inRestaurants, ...[inPros, inBoth].sort()],
      'clients-de-la-regle': [ruleOnly, ...[inPros, inRestaurants, inBoth].sort()],
      'sans-groupe': [listed, inRestaurants],
      'autres-groupes': [inBoth, inParticuliers].sort(),
    };
    let seen = 0;
    for (const [identifier, customers] of Object.entries(expected)) {
      const run = await h.post(`${TEMPLATES}/${t._id}/run`, { identifier });
      expect(run.status, JSON.stringify(run.body)).to.equal(201);
      const made = (await invoicesOf(h, t._id)).slice(seen);
      seen += made.length;
      expect(made.map((i) => i.fk.receiverCustomer), identifier).to.deep.equal(customers);
      const listsLeaving = identifier === 'modele' || identifier === 'sans-groupe';
      expect(run.body.skipped, identifier).to.deep.equal(listsLeaving ? [{ customer: leaving, reason: 'Client supprimé depuis.' }] : []);
    }

    // the coming runs count them the same way (the deleted customer gets nothing)
    // `since` is the server's: a body carrying it is refused, so it is left out
    const rules = (await h.get(`${TEMPLATES}/${t._id}`)).body.cronRules.map(({ since: _s, ...r }: { since: string }) => ({ ...r, manualOnly: false }));
    expect((await h.put(`${TEMPLATES}/${t._id}`, { cronRules: rules })).status).to.equal(200);
    const upcoming = (await h.get(`${TEMPLATES}/upcoming`)).body.data as { identifier: string; customerCount: number }[];
    const counts = Object.fromEntries(upcoming.map((u) => [u.identifier, u.customerCount]));
    expect(counts).to.deep.equal({ modele: 4, 'clients-de-la-regle': 4, 'sans-groupe': 2, 'autres-groupes': 2 });
    // a group deleted since counts nobody; its members that are listed still do
    expect((await h.delete(`/api/kernel/groups/${restaurants}`)).status).to.equal(204);
    const after = (await h.get(`${API}/invoice-templates/upcoming`)).body.data as { identifier: string; customerCount: number }[];
    expect(Object.fromEntries(after.map((u) => [u.identifier, u.customerCount]))).to.include({ modele: 4, 'clients-de-la-regle': 3 });
  });

  it('un client archivé que le modèle nomme : chaque exécution, manuelle ou planifiée, le passe avec la raison « Client archivé. » (issue 11, revue)', async () => {
    const h = d.k.http;
    const kept = (await createCustomer(h, { name: 'Fidèle' }))._id;
    const archived = (await createCustomer(h, { name: 'Archivé' }))._id;
    const t = await createTemplate(h, {
      fk: { customers: [archived, kept] },
      cronRules: [{ cron: '0 8 1 * *', identifier: 'manuelle', manualOnly: true }, { cron: '0 8 * * *', identifier: 'quotidienne' }],
    });
    expect((await h.post(`/api/contacts/customers/${archived}/archive`)).status).to.equal(200);
    const upcoming = (await h.get(`${TEMPLATES}/upcoming`)).body.data as { template: string; identifier: string; customerCount: number }[];
    expect(upcoming.find((u) => u.template === t._id && u.identifier === 'quotidienne')?.customerCount).to.equal(1);

    const manual = await h.post(`${TEMPLATES}/${t._id}/run`, { identifier: 'manuelle' });
    expect(manual.status, JSON.stringify(manual.body)).to.equal(201);
    expect(manual.body).to.include({ invoiceCount: 1, status: 'done' });
    expect(manual.body.skipped).to.deep.equal([{ customer: archived, reason: 'Client archivé.' }]);

    // the scheduler's run of the next morning says the same
    const ran = await d.tick('2026-01-16T08:00:30.000Z');
    expect(ran.done).to.be.greaterThan(0);
    const runs = (await h.get(`${API}/invoice-template-runs`, { query: { filters: { 'fk.template': { mode: 'eq', value: t._id }, identifier: { mode: 'eq', value: 'quotidienne' } } } })).body.data;
    expect(runs).to.have.length(1);
    expect(runs[0]).to.deep.include({ manual: false, status: 'done', invoiceCount: 1, skipped: [{ customer: archived, reason: 'Client archivé.' }] });
    const made = await invoicesOf(h, t._id);
    expect(made.map((i) => i.fk.receiverCustomer)).to.deep.equal([kept, kept]);

    // restored, it is invoiced again (the next day's occurrence)
    expect((await h.post(`/api/contacts/customers/${archived}/restore`)).status).to.equal(200);
    d.setNow('2026-01-17T09:00:00.000Z');
    const again = await h.post(`${TEMPLATES}/${t._id}/run`, { identifier: 'quotidienne' });
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    expect(again.body.skipped).to.deep.equal([]);
  });
});
