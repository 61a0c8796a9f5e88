/**
 * Helpers for the kernel's black-box tests (test/integration/kernel-*.test.ts): the kernel route
 * table as the server mounts it, valid sample bodies per route, a second company with its own
 * objects, a fingerprint of every kernel table, and raw HTTP for what fetch cannot send.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'chai';
import type { TSchema, TObject } from '@sinclair/typebox';
import type { RouteDefinition } from '@comptoir/sdk';
import type { TestHttp, TestKernel, TestResponse } from '@comptoir/sdk/testing';
import kernelPlugin from '../../server/src/platform/index.ts';
import { senderOf, upload } from './upload.ts';

/** A small PNG, to give a company a File (the upload is multipart: see support/upload.ts). */
export async function uploadSampleFile(k: TestKernel, token: string, companyId: string, name: string): Promise<string> {
  const res = await upload(senderOf(k, token, companyId), [{ name: `${name}.png`, type: 'image/png', data: SAMPLE_PNG }]);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body._id as string;
}

/** 1 × 1 transparent PNG */
const SAMPLE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// ---------------------------------------------------------------------------------------------
// The route table

export interface KernelRoute {
  /** `PUT /api/kernel/users/:id` */
  key: string;
  method: string;
  /** the mounted path, `/api/kernel/users/:id` */
  path: string;
  access: 'public' | 'user' | 'company';
  permission?: string;
  body?: TObject;
  /** names of the path parameters */
  params: string[];
  /** `users` for `/api/kernel/users/:id/roles`, `auth` for `/api/auth/me` */
  collection: string;
  /**
   * A collection of the whole server (backups): no company's objects, server administrators only.
   * Out of the tenant-isolation checks but the foreign-company 403; its access is tested in its own file.
   */
  serverWide: boolean;
  /**
   * A route about a record of another collection than its path names (ADDRESSED_AS): its answer is
   * about the record, not the record itself; `fixed` fills its other parameters.
   */
  about?: { fixed: Record<string, string> };
  def: RouteDefinition;
}

/**
 * Routes whose path names a record of any plugin: the links of a record
 * (`/kernel/links/:plugin/:entity/:id`) are asked here about an establishment, a record of the
 * company in the only plugin these tests load. `params` then lists the record's id only.
 */
const ADDRESSED_AS: Record<string, { collection: string; fixed: Record<string, string> }> = {
  'GET /api/kernel/links/:plugin/:entity/:id': { collection: 'establishments', fixed: { plugin: 'kernel', entity: 'establishments' } },
};

/** Collections that belong to no company (see KernelRoute.serverWide). */
export const SERVER_WIDE_COLLECTIONS = new Set(['backups']);

/** Every route of the `kernel` plugin, read from its definition: a new route is covered at once. */
export const KERNEL_ROUTES: KernelRoute[] = (kernelPlugin.routes ?? []).map((def: RouteDefinition) => {
  const path = `/api${def.path}`;
  const segments = def.path.split('/').filter(Boolean);
  const key = `${def.method} ${path}`;
  const addressed = ADDRESSED_AS[key];
  const collection = addressed?.collection ?? (segments[0] === 'kernel' ? segments[1] : segments[0]);
  return {
    key,
    method: def.method,
    path,
    access: def.access ?? 'company',
    permission: def.permission,
    body: def.body as TObject | undefined,
    params: segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1)).filter((p) => !addressed?.fixed[p]),
    collection,
    serverWide: SERVER_WIDE_COLLECTIONS.has(collection),
    ...(addressed ? { about: { fixed: addressed.fixed } } : {}),
    def,
  };
});

export const hasBody = (r: KernelRoute) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';

/** The path with its parameters replaced (`:id` -> the given value, or the one for that name). */
export function fillPath(r: KernelRoute, values: string | Record<string, string>): string {
  return r.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = r.about?.fixed[name] ?? (typeof values === 'string' ? values : values[name]);
    if (v === undefined) throw new Error(`no value for :${name} in ${r.key}`);
    return encodeURIComponent(v);
  });
}

/**
 * A valid body for every kernel route that takes one. A route added without a sample here fails
 * the tests that need it, with a message saying so.
 */
export const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/login': { email: 'admin@comptoir.test', password: 'motdepasse-admin-1' },
  'POST /api/kernel/companies': { name: 'Entreprise témoin' },
  'PUT /api/kernel/companies/:id': { name: 'Entreprise renommée' },
  'PUT /api/kernel/company-settings': { defaultPhoneNumberCountryCode: 'BE' },
  'PUT /api/kernel/smtp-settings': { host: 'smtp.exemple.fr' },
  'POST /api/kernel/users': { email: 'echantillon@exemple.fr', password: 'motdepasse-1' },
  'PUT /api/kernel/users/:id': { firstname: 'Prénom' },
  'PUT /api/kernel/users/:id/roles': { roles: [] },
  'POST /api/kernel/users/:id/password': { currentPassword: 'ancien-mot-de-passe', newPassword: 'nouveau-mot-de-passe' },
  'POST /api/kernel/roles': { name: 'Rôle témoin' },
  'PUT /api/kernel/roles/:id': { name: 'Rôle renommé' },
  'POST /api/kernel/access-tokens': { name: 'Jeton témoin' },
  'PUT /api/kernel/server-settings': { name: 'Serveur témoin' },
  'PUT /api/kernel/profile': { nickname: 'Mimi' },
  'POST /api/kernel/establishments': { name: 'Établissement témoin' },
  'PUT /api/kernel/establishments/:id': { name: 'Établissement renommé' },
  'POST /api/kernel/groups': { pluginIdentifier: 'kernel.establishments', name: 'Groupe témoin' },
  'PUT /api/kernel/groups/:id': { name: 'Groupe renommé' },
  'PUT /api/kernel/group-settings': { pluginIdentifier: 'kernel.establishments', multi: false },
  'POST /api/kernel/backups': { label: 'temoin' },
  'POST /api/kernel/invitations': { name: 'Invitation témoin' },
  'PUT /api/kernel/invitations/:id': { name: 'Invitation renommée' },
  'POST /api/kernel/invitations/:id/send': { key: 'A'.repeat(43), emails: ['invite@exemple.fr'] },
  // a well-formed key that opens nothing (404): tests that need a working link give their own
  'POST /api/kernel/invitations/check': { key: 'A'.repeat(43) },
  'POST /api/kernel/invitations/accept': { key: 'A'.repeat(43), account: { email: 'invite.temoin@exemple.fr', password: 'motdepasse-1' } },
  'POST /api/kernel/notifications': { recipients: 'company', title: 'Notification témoin' },
  'POST /api/kernel/notifications/:id/choose': { choice: 0 },
  'PUT /api/kernel/notification-preferences': { preferences: [{ pushNotification: 'kernel.messages', email: false }] },
  'PUT /api/kernel/files/:id': { name: 'Fichier renommé' },
  'POST /api/kernel/user-props': { name: 'Propriété témoin', variable: 'temoin', pluginIdentifier: 'kernel.establishments', server: true },
  'PUT /api/kernel/user-props/:id': { name: 'Propriété renommée' },
  'PUT /api/kernel/user-props/:id/usage': { used: true },
};

/** The sample body of a route (routes without a body schema get none). */
export function sampleBody(r: KernelRoute): Record<string, unknown> | undefined {
  if (!hasBody(r)) return undefined;
  if (!r.body) return {};
  const sample = SAMPLE_BODIES[r.key];
  if (!sample) throw new Error(`Route ${r.key} has a body schema but no sample in test/support/kernel.ts SAMPLE_BODIES: add one.`);
  return structuredClone(sample);
}

/** Sends `r` with its sample body (or `body`) to `path`. */
export function send(h: TestHttp, r: KernelRoute, path: string, body?: unknown, opts: Parameters<TestHttp['request']>[3] = {}) {
  const payload = body === undefined ? sampleBody(r) : body;
  return h.request(r.method, path, hasBody(r) ? payload : undefined, opts);
}

// ---------------------------------------------------------------------------------------------
// Users and companies

export interface Account { userId: string; token: string; companyId: string | null; email: string; password: string; http: TestHttp }

/** Creates a member of the admin's active company (through POST /api/kernel/users) and signs them in. */
export async function createMember(k: TestKernel, email: string, extra: Record<string, unknown> = {}, h: TestHttp = k.http): Promise<Account> {
  const password = 'motdepasse-membre-1';
  const res = await h.post('/api/kernel/users', { email, password, ...extra });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return signIn(k, email, password);
}

export async function signIn(k: TestKernel, email: string, password: string): Promise<Account> {
  const s = await k.login(email, password);
  return { ...s, email, password, http: k.http.as(s.token, s.companyId) };
}

export interface SecondCompany {
  /** B: created by the admin in A, creator of company B, then removed from A */
  owner: Account;
  companyId: string;
  /** C: a member of company B only, created by B */
  member: Account;
  /** B's custom role and the company's « Administrateur » role */
  roleId: string;
  adminRoleId: string;
  /** an access token of B */
  tokenId: string;
  /** a session of B */
  sessionId: string;
  /** an activity of company B */
  activityId: string;
  /** an establishment of company B */
  establishmentId: string;
  /** a group of company B (of its establishments), whose collection has stored settings */
  groupId: string;
  /** an invitation of company B, its link's key, and a pending request through it */
  invitationId: string;
  invitationKey: string;
  invitationRequestId: string;
  /** a notification kept for the owner of B */
  notificationId: string;
  /** a File of company B */
  fileId: string;
  /** a private user property of company B (on its establishments) */
  userPropId: string;
  /** every id that belongs to company B or its users, for « never appears in A » checks */
  ids: Set<string>;
}

/**
 * Company B, with nothing in common with the admin's company A: B is created by an account that
 * then leaves A, and holds a role, a member, an access token, sessions and activities.
 */
export async function createSecondCompany(k: TestKernel, tag = 'b'): Promise<SecondCompany> {
  const first = await createMember(k, `proprietaire-${tag}@exemple.fr`, { firstname: 'Bérénice', name: 'Second' });
  const created = await first.http.post('/api/kernel/companies', { name: `Société ${tag.toUpperCase()} SARL`, capital: 1000 });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const companyId = created.body._id as string;
  // B leaves A: the admin removes them
  const left = await k.http.delete(`/api/kernel/users/${first.userId}`);
  expect(left.status, JSON.stringify(left.body)).to.equal(204);
  const owner = await signIn(k, first.email, first.password);
  expect(owner.companyId).to.equal(companyId);
  const b = owner.http;

  const role = await b.post('/api/kernel/roles', { name: `Lecture ${tag}`, permissions: ['kernel.users.read'] });
  expect(role.status, JSON.stringify(role.body)).to.equal(201);
  const member = await createMember(k, `membre-${tag}@exemple.fr`, { firstname: 'Côme', roles: [role.body._id] }, b);
  const token = await b.post('/api/kernel/access-tokens', { name: `Jeton ${tag}` });
  expect(token.status).to.equal(201);
  const establishment = await b.post('/api/kernel/establishments', { name: `Boutique ${tag}` });
  expect(establishment.status, JSON.stringify(establishment.body)).to.equal(201);
  const group = await b.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: `Magasins ${tag}` });
  expect(group.status, JSON.stringify(group.body)).to.equal(201);
  const groupSettings = await b.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', maxDepth: 2 });
  expect(groupSettings.status, JSON.stringify(groupSettings.body)).to.equal(200);
  const invitation = await b.post('/api/kernel/invitations', { name: `Invitation ${tag}`, fk: { roles: [role.body._id] } });
  expect(invitation.status, JSON.stringify(invitation.body)).to.equal(201);
  const request = await k.anonymous.post('/api/kernel/invitations/accept', {
    key: invitation.body.key, account: { email: `demandeur-${tag}@exemple.fr`, password: 'motdepasse-demandeur-1' },
  });
  expect(request.status, JSON.stringify(request.body)).to.equal(200);
  const notification = await b.post('/api/kernel/notifications', { recipients: [owner.userId], title: `Bienvenue chez ${tag}`, liveOnly: false, choices: [{ title: 'OK' }] });
  expect(notification.status, JSON.stringify(notification.body)).to.equal(201);
  const fileId = await uploadSampleFile(k, owner.token, companyId, `Fichier ${tag}`);
  // B's own user property, which the server allows for the time of its creation
  await k.http.put('/api/kernel/server-settings', { userProps: { allowCompaniesToCreatePrivateProps: true } });
  const userProp = await b.post('/api/kernel/user-props', { name: `Propriété ${tag}`, variable: `prop_${tag}`, pluginIdentifier: 'kernel.establishments' });
  expect(userProp.status, JSON.stringify(userProp.body)).to.equal(201);
  await k.http.put('/api/kernel/server-settings', { userProps: { allowCompaniesToCreatePrivateProps: false } });
  const sessions = await b.get('/api/kernel/sessions');
  const roles = await b.get('/api/kernel/roles');
  const adminRole = roles.body.data.find((r: { name: string }) => r.name === 'Administrateur');
  const activities = await b.get('/api/kernel/activities', { query: { pagination: { quantity: 500 } } });
  expect(activities.body.count).to.be.greaterThan(0);

  const notificationId = notification.body.data[0]._id as string;
  const ids = new Set<string>([
    companyId, owner.userId, member.userId, role.body._id, adminRole._id, token.body._id, establishment.body._id,
    group.body._id, groupSettings.body._id,
    invitation.body._id, request.body.request._id,
    notificationId,
    fileId,
    userProp.body._id,
  ]);
  for (const s of sessions.body.data) ids.add(s._id);
  for (const a of activities.body.data) ids.add(a._id);
  const memberSessions = await member.http.get('/api/kernel/sessions');
  for (const s of memberSessions.body.data) ids.add(s._id);
  const settings = await b.get('/api/kernel/company-settings');
  ids.add(settings.body._id);
  return {
    owner, companyId, member, roleId: role.body._id, adminRoleId: adminRole._id, tokenId: token.body._id,
    sessionId: sessions.body.data[0]._id, activityId: activities.body.data[0]._id,
    establishmentId: establishment.body._id, groupId: group.body._id,
    invitationId: invitation.body._id, invitationKey: invitation.body.key, invitationRequestId: request.body.request._id,
    notificationId,
    fileId,
    userPropId: userProp.body._id,
    ids,
  };
}

/** Every `_id` of a list route, across all its pages. */
export async function allIds(h: TestHttp, path: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res: TestResponse = await h.get(path, { query: { pagination: cursor ? { quantity: 500, cursor } : { quantity: 500 } } });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
    ids.push(...res.body.data.map((d: { _id: string }) => d._id));
    cursor = res.body.next;
    if (!cursor) return ids;
  }
}

/** A list answer: `{ data: [], count, next, aggregation }`. */
export const isListAnswer = (body: unknown): boolean =>
  !!body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
  && typeof (body as { count?: unknown }).count === 'number' && 'next' in (body as object);

// ---------------------------------------------------------------------------------------------
// Database fingerprint

export interface TablesSnapshot { [table: string]: { rows: number; hash: string } }

export async function kernelTables(db: Knex): Promise<string[]> {
  const client = (db.client as { config: { client: string } }).config.client;
  if (client === 'mysql2') {
    const [rows] = await db.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'kernel\\_%'");
    return (rows as { name: string }[]).map((r) => r.name).sort();
  }
  const rows = await db('sqlite_master').select('name').where('type', 'table').andWhere('name', 'like', 'kernel_%');
  return rows.map((r: { name: string }) => r.name).sort();
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  if (Buffer.isBuffer(v)) return JSON.stringify(v.toString('utf8'));
  // engines answer numbers as numbers or strings: compare their text
  return JSON.stringify(v === null || v === undefined ? null : String(v));
}

/**
 * Tables that a refused request is meant to write: the throttling counters count refusals (a wrong
 * password, a link that opens nothing), and give back the attempts that were not failures.
 */
const BOOKKEEPING_TABLES = new Set(['kernel_throttle']);

/** Row count and a hash of the rows of every kernel_* table (but the throttling counters). */
export async function snapshotKernel(db: Knex): Promise<TablesSnapshot> {
  const out: TablesSnapshot = {};
  for (const table of await kernelTables(db)) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const rows = await db(table).select('*');
    const lines = rows.map(canonical).sort();
    out[table] = { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP (no User-Agent, exact headers)

export function rawRequest(
  baseUrl: string, method: string, path: string, opts: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname: url.hostname, port: url.port, path: url.pathname + url.search, method,
      headers: { ...(opts.body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        if ((res.headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Property schemas of a body (TypeBox object). */
export function bodyProperties(schema: TSchema): [string, TSchema][] {
  return Object.entries((schema as TObject).properties ?? {}) as [string, TSchema][];
}
