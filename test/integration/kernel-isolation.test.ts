/**
 * Tenant isolation on every route of the kernel plugin (http README « Authentication and company »,
 * "Resources"): another company's header is a 403, another company's objects are 404 whatever the
 * verb, and never appear in a list. The routes come from the kernel's route table, so a route added
 * later is covered without touching this file (or fails here until it is).
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import {
  KERNEL_ROUTES, allIds, createSecondCompany, fillPath, isListAnswer, send, snapshotKernel, uploadSampleFile,
  type KernelRoute, type SecondCompany,
} from '../support/kernel.ts';

/** Server-wide routes (backups) hold no company's objects: only the foreign-company 403 applies to them here. */
const COMPANY_ROUTES = KERNEL_ROUTES.filter((r) => !r.serverWide);
/** any id: the company check answers before the object is looked for */
const SOME_ID = '0123456789abcdef01234567';

describe('kernel: tenant isolation', function () {
  let k: TestKernel;
  let b: SecondCompany;
  /** ids of A's own objects, per collection, to address routes legitimately */
  const own: Record<string, string> = {};
  /** bodies of public routes that need objects of A (sample bodies otherwise) */
  const publicBodies: Record<string, Record<string, unknown>> = {};
  const exercised = new Map<string, Set<string>>();
  const mark = (check: string, r: KernelRoute) => {
    if (!exercised.has(check)) exercised.set(check, new Set());
    exercised.get(check)!.add(r.key);
  };

  before(async function () {
    // a still clock: no session `lastAction` refresh can differ between two snapshots
    const still = new Date(Date.UTC(2026, 6, 1, 9));
    k = await createTestKernel({ now: () => still });
    b = await createSecondCompany(k);
    const role = await k.http.post('/api/kernel/roles', { name: 'Comptable A', permissions: ['kernel.users.read'] });
    const token = await k.http.post('/api/kernel/access-tokens', { name: 'Jeton A' });
    const establishment = await k.http.post('/api/kernel/establishments', { name: 'Boutique A' });
    const group = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Magasins A' });
    await k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', maxDepth: 3 });
    const invitation = await k.http.post('/api/kernel/invitations', { name: 'Invitation A' });
    const request = await k.anonymous.post('/api/kernel/invitations/accept', { key: invitation.body.key, account: { email: 'demandeur-a@exemple.fr', password: 'motdepasse-1' } });
    const notification = await k.http.post('/api/kernel/notifications', { recipients: [k.admin.userId], title: 'Note A', liveOnly: false, choices: [{ title: 'OK' }] });
    // a server property linked to A only: B neither sees it nor uses it
    const userProp = await k.http.post('/api/kernel/user-props', { name: 'Propriété A', variable: 'prop_a', pluginIdentifier: 'kernel.establishments', server: true, fk: { companies: [k.admin.companyId] } });
    expect(userProp.status, JSON.stringify(userProp.body)).to.equal(201);
    const me = await k.http.get('/api/auth/me');
    const activities = await k.http.get('/api/kernel/activities');
    Object.assign(own, {
      companies: k.admin.companyId, users: k.admin.userId, roles: role.body._id, 'access-tokens': token.body._id,
      sessions: me.body.session._id, activities: activities.body.data[0]._id, establishments: establishment.body._id,
      groups: group.body._id,
      invitations: invitation.body._id, 'invitation-requests': request.body.request._id,
      notifications: notification.body.data[0]._id,
      files: await uploadSampleFile(k, k.admin.token, k.admin.companyId, 'Fichier A'),
      'user-props': userProp.body._id,
    });
    // the public invitation routes need a working link of A
    Object.assign(publicBodies, {
      'POST /api/kernel/invitations/check': { key: invitation.body.key },
      'POST /api/kernel/invitations/accept': { key: invitation.body.key, account: { email: 'public-a@exemple.fr', password: 'motdepasse-1' } },
    });
  });
  after(async function () { await k?.stop(); });

  /** B's object of the collection a route addresses by id. */
  function objectOfB(r: KernelRoute): string {
    const byCollection: Record<string, string> = {
      companies: b.companyId, users: b.member.userId, roles: b.roleId, sessions: b.sessionId,
      'access-tokens': b.tokenId, activities: b.activityId, establishments: b.establishmentId, groups: b.groupId,
      invitations: b.invitationId, 'invitation-requests': b.invitationRequestId,
      notifications: b.notificationId, files: b.fileId, 'user-props': b.userPropId,
    };
    const id = byCollection[r.collection];
    if (!id) throw new Error(`${r.key}: no object of company B for collection « ${r.collection} »; add one in createSecondCompany and here.`);
    return id;
  }

  it('company B is set up apart from A', async function () {
    const me = await b.owner.http.get('/api/auth/me');
    expect(me.body.user.fk.companies).to.deep.equal([b.companyId]);
    const admin = await k.http.get('/api/auth/me');
    expect(admin.body.user.fk.companies).to.not.include(b.companyId);
  });

  it('answers 403 to a user of A sending the AT-Company of B, on every authenticated route, and changes nothing', async function () {
    const before = await snapshotKernel(k.db);
    const authenticated = KERNEL_ROUTES.filter((r) => r.access !== 'public');
    expect(authenticated.length).to.be.greaterThan(20);
    for (const r of authenticated) {
      const path = r.params.length ? fillPath(r, r.serverWide ? SOME_ID : own[r.collection]) : r.path;
      const res = await send(k.http, r, path, undefined, { company: b.companyId });
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(403);
      expect(res.body.code).to.equal('FORBIDDEN');
      expect(res.body.message).to.equal('Vous n’appartenez pas à cette entreprise.');
      mark('403', r);
    }
    // and the other way round: B sending A's company
    for (const r of authenticated) {
      const path = r.params.length ? fillPath(r, r.serverWide ? SOME_ID : objectOfB(r)) : r.path;
      const res = await send(b.owner.http, r, path, undefined, { company: k.admin.companyId });
      expect(res.status, `B -> A ${r.key}: ${JSON.stringify(res.body)}`).to.equal(403);
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('public routes ignore a foreign AT-Company: login lands in the user’s own company', async function () {
    for (const r of KERNEL_ROUTES.filter((x) => x.access === 'public')) {
      const res = await send(k.anonymous, r, r.path, publicBodies[r.key], { company: b.companyId });
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(200);
      if (r.key === 'POST /api/auth/login') {
        expect(res.body.company._id).to.equal(k.admin.companyId);
        expect(JSON.stringify(res.body)).to.not.include(b.companyId);
      }
      if (r.key.startsWith('POST /api/kernel/invitations/')) {
        // the invitation's company, whatever the header says
        expect(res.body.companyId).to.equal(k.admin.companyId);
        expect(JSON.stringify(res.body)).to.not.include(b.companyId);
      }
      mark('public', r);
    }
  });

  it('answers 404 to every object of B addressed by id through A, whatever the verb, and changes nothing', async function () {
    const before = await snapshotKernel(k.db);
    const byId = COMPANY_ROUTES.filter((r) => r.params.length > 0);
    expect(byId.length).to.be.greaterThan(10);
    for (const r of byId) {
      const res = await send(k.http, r, fillPath(r, objectOfB(r)));
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(404);
      expect(res.body.code).to.equal('NOT_FOUND');
      expect(res.body.message).to.match(/introuvable/);
      // the owner of B is not a member of A any more either
      if (r.collection === 'users') {
        const owner = await send(k.http, r, fillPath(r, b.owner.userId));
        expect(owner.status, `${r.key} (owner of B): ${JSON.stringify(owner.body)}`).to.equal(404);
      }
      if (r.collection === 'roles') {
        const adminRole = await send(k.http, r, fillPath(r, b.adminRoleId));
        expect(adminRole.status, `${r.key} (Administrateur of B)`).to.equal(404);
      }
      mark('404', r);
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('the same ids answer for A’s own objects (the 404s are about the company, not the route)', async function () {
    for (const r of COMPANY_ROUTES.filter((x) => x.params.length > 0 && x.method === 'GET')) {
      const res = await k.http.get(fillPath(r, own[r.collection]));
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(200);
      // a route about the record (its links) answers about it, not the record
      if (r.about) expect(res.body.data, r.key).to.be.an('array');
      else expect(res.body._id).to.equal(own[r.collection]);
    }
  });

  it('never shows an object of B in a list of A, nor one of A in a list of B', async function () {
    const lists: KernelRoute[] = [];
    for (const r of COMPANY_ROUTES.filter((x) => x.method === 'GET' && x.params.length === 0 && x.access !== 'public')) {
      const probe = await k.http.get(r.path);
      expect(probe.status, r.key).to.equal(200);
      if (!isListAnswer(probe.body)) {
        // not a list (settings, catalogue, context): nothing of B in it either
        expect(JSON.stringify(probe.body), r.key).to.not.include(b.companyId);
        mark('lists', r);
        continue;
      }
      lists.push(r);
      const idsOfA = await allIds(k.http, r.path);
      expect(idsOfA.length, `${r.key} is empty for A: the check would prove nothing`).to.be.greaterThan(0);
      for (const id of idsOfA) expect(b.ids.has(id), `${r.key} shows ${id} of company B`).to.equal(false);
      const idsOfB = new Set(await allIds(b.owner.http, r.path));
      for (const id of idsOfA) expect(idsOfB.has(id), `${r.key} shows ${id} of company A to B`).to.equal(false);
      mark('lists', r);
    }
    expect(lists.map((r) => r.key)).to.include.members([
      'GET /api/kernel/companies', 'GET /api/kernel/users', 'GET /api/kernel/roles', 'GET /api/kernel/sessions',
      'GET /api/kernel/access-tokens', 'GET /api/kernel/activities',
    ]);
  });

  it('filters cannot reach B either (a filter on B’s id finds nothing)', async function () {
    const res = await k.http.get('/api/kernel/users', { query: { filters: { _id: { mode: 'eq', value: b.member.userId } } } });
    expect(res.status).to.equal(200);
    expect(res.body.count).to.equal(0);
    const roles = await k.http.get('/api/kernel/roles', { query: { filters: { 'fk.company': { mode: 'eq', value: b.companyId } } } });
    expect(roles.status).to.equal(200);
    expect(roles.body.count).to.equal(0);
    const acts = await k.http.get('/api/kernel/activities', { query: { filters: { 'fk.company': { mode: 'eq', value: b.companyId } } } });
    expect(acts.body.count).to.equal(0);
  });

  it('refuses B\'s records as references in A\'s documents (400 naming the field), and writes nothing', async function () {
    const before = await snapshotKernel(k.db);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Sous-groupe', fk: { parent: b.groupId } }, 'fk.parent'],
      ['PUT', `/api/kernel/groups/${own.groups}`, { fk: { parent: b.groupId } }, 'fk.parent'],
      ['PUT', `/api/kernel/files/${own.files}`, { fk: { group: b.groupId } }, 'fk.group'],
      ['POST', '/api/kernel/invitations', { name: 'Invitation', fk: { roles: [b.roleId] } }, 'fk.roles'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await k.http.request(method, url, body);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field).join(' '), url).to.include(field);
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('exercised every kernel route', function () {
    const seen = new Set([...exercised.values()].flatMap((s) => [...s]));
    const missing = KERNEL_ROUTES.filter((r) => !seen.has(r.key)).map((r) => r.key);
    expect(missing, 'routes never called by this file').to.deep.equal([]);
    // every authenticated route got the foreign-company check, every :id route the foreign-object check
    expect([...exercised.get('403')!].sort()).to.deep.equal(KERNEL_ROUTES.filter((r) => r.access !== 'public').map((r) => r.key).sort());
    expect([...exercised.get('404')!].sort()).to.deep.equal(COMPANY_ROUTES.filter((r) => r.params.length).map((r) => r.key).sort());
  });
});
