/**
 * Bad input on every route of the kernel plugin (http README « Errors », « Lists »): a 4xx
 * with a French message naming what is wrong, never a 500, and nothing written. The routes come from
 * the kernel's route table; the body checks derive their cases from each route's body schema.
 */
import { expect } from 'chai';
import type { TSchema } from '@sinclair/typebox';
import { createTestKernel, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { validate } from '../../server/src/db/validation.ts';
import {
  KERNEL_ROUTES, bodyProperties, createMember, fillPath, hasBody, isListAnswer, sampleBody, snapshotKernel, uploadSampleFile,
  type KernelRoute, type TablesSnapshot,
} from '../support/kernel.ts';

const BODY_LIMIT = 4096;
/** values tried, in order, until one is refused by a property's schema */
const WRONG_VALUES: unknown[] = [12345, 'texte', true, [], {}, null, -1, 'a'.repeat(300)];

function refuses(schema: TSchema, value: unknown): boolean {
  try { validate(schema, value); return false; } catch { return true; }
}

describe('kernel: malformed input on every route', function () {
  let k: TestKernel;
  let snapshot: TablesSnapshot;
  /** a legitimate id per collection, so that only the tested defect is wrong */
  const own: Record<string, string> = {};
  const statuses: { key: string; status: number }[] = [];

  /** every request of this file goes through here: a 500 fails at once */
  async function call(r: KernelRoute, res: Promise<TestResponse>): Promise<TestResponse> {
    const answer = await res;
    statuses.push({ key: r.key, status: answer.status });
    expect(answer.status, `${r.key} answered 500: ${JSON.stringify(answer.body)}`).to.not.equal(500);
    return answer;
  }
  const pathOf = (r: KernelRoute) => (r.params.length ? fillPath(r, own[r.collection]) : r.path);
  /** the route answering `method path` (a concrete path, ids filled in) */
  const routeFor = (method: string, path: string) => {
    const r = KERNEL_ROUTES.find((x) => x.method === method && pathOf(x) === path);
    if (!r) throw new Error(`no kernel route for ${method} ${path}`);
    return r;
  };

  async function expectNothingChanged() {
    expect(await snapshotKernel(k.db)).to.deep.equal(snapshot);
  }

  before(async function () {
    // a still clock: no `lastAction` refresh can differ between two snapshots
    const still = new Date(Date.UTC(2026, 4, 4, 8));
    k = await createTestKernel({ now: () => still, env: { COMPTOIR_BODY_LIMIT: String(BODY_LIMIT) } });
    const role = await k.http.post('/api/kernel/roles', { name: 'Vendeur', permissions: ['kernel.users.read'] });
    const token = await k.http.post('/api/kernel/access-tokens', { name: 'Jeton' });
    const establishment = await k.http.post('/api/kernel/establishments', { name: 'Boutique' });
    const group = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Magasins' });
    await k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', maxDepth: 3 });
    const backup = await k.http.post('/api/kernel/backups', {});
    const notification = await k.http.post('/api/kernel/notifications', { recipients: [k.admin.userId], title: 'Note', liveOnly: false, choices: [{ title: 'OK' }] });
    const userProp = await k.http.post('/api/kernel/user-props', { name: 'Couleur', variable: 'couleur', pluginIdentifier: 'kernel.establishments', server: true, allowCompaniesToUseThisProperty: true });
    await k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'u', pass: 'p' } });
    await createMember(k, 'membre@exemple.fr');
    const invitation = await k.http.post('/api/kernel/invitations', { name: 'Invitation' });
    const request = await k.anonymous.post('/api/kernel/invitations/accept', { key: invitation.body.key, account: { email: 'demandeur@exemple.fr', password: 'motdepasse-1' } });
    const me = await k.http.get('/api/auth/me');
    const activities = await k.http.get('/api/kernel/activities');
    Object.assign(own, {
      companies: k.admin.companyId, users: k.admin.userId, roles: role.body._id, 'access-tokens': token.body._id,
      sessions: me.body.session._id, activities: activities.body.data[0]._id,
      establishments: establishment.body._id, groups: group.body._id, backups: backup.body._id,
      invitations: invitation.body._id, 'invitation-requests': request.body.request._id,
      notifications: notification.body.data[0]._id,
      files: await uploadSampleFile(k, k.admin.token, k.admin.companyId, 'Fichier'),
      'user-props': userProp.body._id,
    });
    for (const r of KERNEL_ROUTES.filter((x) => x.params.length)) {
      if (!own[r.collection]) throw new Error(`${r.key}: no legitimate id for « ${r.collection} » in this file's before hook.`);
    }
    snapshot = await snapshotKernel(k.db);
  });
  after(async function () { await k?.stop(); });

  it('refuses malformed id parameters with 400', async function () {
    const withParams = KERNEL_ROUTES.filter((r) => r.params.length);
    expect(withParams.length).to.be.greaterThan(10);
    const bad = ['xyz', 'a'.repeat(23), 'a'.repeat(25), `${'0'.repeat(22)}zz`, '%20', 'null'];
    for (const r of withParams) {
      for (const value of bad) {
        const res = await call(r, k.http.request(r.method, fillPath(r, value), sampleBody(r)));
        expect(res.status, `${r.key} with ${value}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION');
        expect(res.body.message).to.match(/^Identifiant invalide/);
        expect(res.body.details[0].field).to.equal(r.params[0]);
      }
    }
    await expectNothingChanged();
  });

  it('refuses a malformed JSON body with 400 VALIDATION on every route that reads one', async function () {
    const routes = KERNEL_ROUTES.filter(hasBody);
    expect(routes.length).to.be.greaterThan(10);
    for (const r of routes) {
      for (const raw of ['{"name": ', '{name: 1}', "{'a': 1}", '{"a":1}}']) {
        const res = await call(r, k.http.request(r.method, pathOf(r), undefined, { raw }));
        expect(res.status, `${r.key} ${raw}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body).to.deep.include({ status: 400, code: 'VALIDATION', message: 'Le corps de la requête n’est pas un JSON valide.' });
      }
    }
    await expectNothingChanged();
  });

  it('refuses a body that is not an object (array, string, number, null) with 400', async function () {
    for (const r of KERNEL_ROUTES.filter((x) => x.body)) {
      for (const raw of ['[]', '[{"name":"x"}]', '"texte"', '42', 'null', 'true']) {
        const res = await call(r, k.http.request(r.method, pathOf(r), undefined, { raw }));
        expect(res.status, `${r.key} ${raw}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION');
        expect(res.body.message).to.match(/JSON/);
      }
    }
    await expectNothingChanged();
  });

  it('refuses a JSON body sent with another content type', async function () {
    for (const r of KERNEL_ROUTES.filter((x) => x.body)) {
      const res = await call(r, k.http.request(r.method, pathOf(r), undefined, {
        raw: JSON.stringify(sampleBody(r)), headers: { 'Content-Type': 'text/plain' },
      }));
      // not read as `{}`: an update would answer 200 and drop everything sent
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.message).to.match(/^Type de contenu non pris en charge/);
    }
    await expectNothingChanged();
  });

  it('refuses an unknown body field with 400 naming it', async function () {
    for (const r of KERNEL_ROUTES.filter((x) => x.body)) {
      const res = await call(r, k.http.request(r.method, pathOf(r), { ...sampleBody(r), champInconnu: 1 }));
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details).to.deep.include({ field: 'champInconnu', message: 'champ inconnu' });
      expect(res.body.message).to.include('« champInconnu » : champ inconnu');
    }
    await expectNothingChanged();
  });

  it('refuses unknown fields inside nested objects too', async function () {
    const nested: [string, string, Record<string, unknown>][] = [
      ['PUT', '/api/kernel/server-settings', { globalPermissions: { allowCompanyCreation: false, intrus: true } }],
      ['PUT', `/api/kernel/users/${k.admin.userId}`, { settings: { theme: 'dark', intrus: 1 } }],
      ['POST', '/api/kernel/access-tokens', { name: 'x', fk: { linkedObject: null, intrus: 1 } }],
      ['PUT', '/api/kernel/smtp-settings', { host: 'h', auth: { user: 'u', pass: 'p', intrus: 1 } }],
    ];
    for (const [method, path, body] of nested) {
      const res = await call(routeFor(method, path), k.http.request(method, path, body));
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field).join(' ')).to.match(/\.intrus$/);
    }
    await expectNothingChanged();
  });

  it('refuses a wrong type in any field with 400 naming the field in French', async function () {
    let checked = 0;
    for (const r of KERNEL_ROUTES.filter((x) => x.body)) {
      for (const [field, schema] of bodyProperties(r.body!)) {
        const wrong = WRONG_VALUES.find((v) => refuses(schema, v));
        if (wrong === undefined) continue; // accepts any JSON value
        const res = await call(r, k.http.request(r.method, pathOf(r), { ...sampleBody(r), [field]: wrong }));
        expect(res.status, `${r.key} ${field}=${JSON.stringify(wrong)}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION');
        const detail = res.body.details.find((d: { field: string }) => d.field === field || d.field.startsWith(`${field}.`));
        expect(detail, `${r.key}: no detail names ${field}: ${JSON.stringify(res.body.details)}`).to.not.equal(undefined);
        expect(res.body.message).to.include(`« ${detail.field} »`);
        // French, not ajv's English
        expect(detail.message).to.match(/doit|champ|identifiant|valeur/);
        expect(detail.message).to.not.match(/\b(must|should)\b/);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(40);
    await expectNothingChanged();
  });

  it('refuses a body missing a required field with 400 naming it', async function () {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/auth/login', { email: 'admin@comptoir.test' }, 'password'],
      ['POST', '/api/kernel/companies', {}, 'name'],
      ['POST', '/api/kernel/users', { password: 'motdepasse-1' }, 'email'],
      ['POST', '/api/kernel/roles', { permissions: [] }, 'name'],
      ['POST', '/api/kernel/access-tokens', {}, 'name'],
      ['PUT', `/api/kernel/users/${k.admin.userId}/roles`, {}, 'roles'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(routeFor(method, path), k.http.request(method, path, body));
      expect(res.status, `${method} ${path}`).to.equal(400);
      expect(res.body.details).to.deep.include({ field, message: 'champ obligatoire' });
      expect(res.body.message).to.include(`« ${field} » : champ obligatoire`);
    }
    await expectNothingChanged();
  });

  it('refuses malformed list parameters with 400 naming the parameter, on every list route', async function () {
    const lists: KernelRoute[] = [];
    for (const r of KERNEL_ROUTES.filter((x) => x.method === 'GET' && !x.params.length && x.access !== 'public')) {
      const probe = await call(r, k.http.get(r.path));
      expect(probe.status, r.key).to.equal(200);
      if (isListAnswer(probe.body)) lists.push(r);
    }
    expect(lists.map((r) => r.key)).to.include.members([
      'GET /api/kernel/companies', 'GET /api/kernel/users', 'GET /api/kernel/roles', 'GET /api/kernel/sessions',
      'GET /api/kernel/access-tokens', 'GET /api/kernel/activities',
    ]);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ filters: 'pas-du-json' }, 'filters', /« filters » n'est pas un JSON valide/],
      [{ filters: '[1]' }, 'filters', /« filters »/],
      [{ filters: JSON.stringify({ champInconnu: { value: 'x' } }) }, 'filters.champInconnu', /Champ inconnu : « champInconnu »/],
      [{ filters: JSON.stringify({ _id: { mode: 'ressemble', value: 'x' } }) }, 'filters._id', /mode « ressemble » inconnu/],
      [{ filters: JSON.stringify({ _id: { mode: 'eq', value: 'xyz' } }) }, 'filters._id', /identifiant invalide/],
      [{ pagination: JSON.stringify({ quantity: 0 }) }, 'pagination', /« quantity » doit être un entier entre 1 et 500/],
      [{ pagination: JSON.stringify({ quantity: 501 }) }, 'pagination', /« quantity » doit être un entier entre 1 et 500/],
      [{ pagination: JSON.stringify({ quantity: 1.5 }) }, 'pagination', /« quantity »/],
      [{ pagination: JSON.stringify({ page: 0 }) }, 'pagination', /« page »/],
      [{ pagination: JSON.stringify({ cursor: 'pas-un-curseur' }) }, 'pagination', /curseur/],
      [{ pagination: '{' }, 'pagination', /« pagination » n'est pas un JSON valide/],
      [{ sort: JSON.stringify({ field: 'champInconnu' }) }, 'sort', /Champ inconnu : « champInconnu »/],
      [{ sort: JSON.stringify({ field: '_id', ascending: 'oui' }) }, 'sort', /« ascending »/],
      [{ sort: 'x' }, 'sort', /« sort »/],
      [{ aggregations: JSON.stringify({ name: 'a' }) }, 'aggregations', /« aggregations » doit être une liste/],
      [{ aggregations: JSON.stringify([{ name: 'a', field: 'champInconnu' }]) }, 'aggregations', /Champ inconnu : « champInconnu »/],
    ];
    for (const r of lists) {
      for (const [query, field, message] of cases) {
        const res = await call(r, k.http.get(r.path, { query }));
        expect(res.status, `${r.key} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION');
        expect(res.body.details[0].field, `${r.key} ${JSON.stringify(query)}`).to.equal(field);
        expect(res.body.message, `${r.key} ${JSON.stringify(query)}`).to.match(message);
      }
      // a repeated parameter is ambiguous
      const twice = await call(r, k.http.get(`${r.path}?sort=${encodeURIComponent('{"field":"_id"}')}&sort=${encodeURIComponent('{"field":"_id"}')}`));
      expect(twice.status, r.key).to.equal(400);
      expect(twice.body.details[0].field).to.equal('sort');
    }
    await expectNothingChanged();
  });

  it('refuses to filter, sort or aggregate on a hidden field (password and token hashes)', async function () {
    const cases: [string, string][] = [
      ['/api/kernel/users', 'password'], ['/api/kernel/sessions', 'tokenHash'], ['/api/kernel/access-tokens', 'tokenHash'],
    ];
    for (const [path, field] of cases) {
      const r = KERNEL_ROUTES.find((x) => x.key === `GET ${path}`)!;
      const filtered = await call(r, k.http.get(path, { query: { filters: { [field]: { mode: 'contains', value: '$' } } } }));
      expect(filtered.status, `${path} filter ${field}: ${JSON.stringify(filtered.body)}`).to.equal(400);
      expect(filtered.body.message).to.equal(`Champ inconnu : « ${field} ».`);
      const sorted = await call(r, k.http.get(path, { query: { sort: { field } } }));
      expect(sorted.status, `${path} sort ${field}`).to.equal(400);
      expect(sorted.body.details[0].field).to.equal('sort');
    }
  });

  it('refuses a body over COMPTOIR_BODY_LIMIT with 413 TOO_LARGE on every route that reads one', async function () {
    for (const r of KERNEL_ROUTES.filter(hasBody)) {
      const res = await call(r, k.http.request(r.method, pathOf(r), { ...sampleBody(r), name: 'é'.repeat(BODY_LIMIT) }));
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(413);
      expect(res.body).to.deep.include({ status: 413, code: 'TOO_LARGE', message: 'Le corps de la requête est trop volumineux.' });
    }
    // just under the limit is read (and then judged on its content)
    const r = KERNEL_ROUTES.find((x) => x.key === 'POST /api/kernel/roles')!;
    const under = await call(r, k.http.post('/api/kernel/roles', { name: 'x', permissions: ['x'.repeat(BODY_LIMIT - 100)] }));
    expect(under.status).to.equal(400);
    expect(under.body.details[0].field).to.match(/^permissions/);
    await expectNothingChanged();
  });

  it('refuses a malformed AT-Company header with 400, on every route', async function () {
    for (const r of KERNEL_ROUTES) {
      const res = await call(r, k.http.request(r.method, pathOf(r), sampleBody(r), { company: 'entreprise-a' }));
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.message).to.match(/En-tête AT-Company invalide/);
    }
    await expectNothingChanged();
  });

  it('answers an unknown route or method with a French 404/405, not a 500', async function () {
    const unknown = await k.http.get('/api/kernel/inconnu');
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.deep.include({ code: 'NOT_FOUND', message: 'Route inconnue : GET /api/kernel/inconnu.' });
    const wrongMethod = await k.http.request('PATCH', '/api/kernel/roles');
    expect(wrongMethod.status).to.be.oneOf([404, 405]);
    await expectNothingChanged();
  });

  it('never answered 500, and every route was tried', function () {
    expect(statuses.filter((s) => s.status >= 500)).to.deep.equal([]);
    const tried = new Set(statuses.map((s) => s.key));
    expect(KERNEL_ROUTES.filter((r) => !tried.has(r.key)).map((r) => r.key)).to.deep.equal([]);
  });
});
