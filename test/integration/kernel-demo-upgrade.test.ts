/**
 * An upgraded installation whose demo account (`demo@comptoir.fr` / `comptoir-demo`, the password
 * printed by `npm start` and written in the README) still opens with the public password, where
 * today's demo policy makes no demo (COMPTOIR_ADMIN_EMAIL, NODE_ENV=production, MySQL/MariaDB):
 * the next `npm start` disables it — its password replaced, its sessions and access tokens deleted,
 * its membership of any other company and its global roles removed — and says so in French, never
 * printing the public password. Where a demo is allowed (SQLite, nothing set) it stays usable; one
 * whose password was changed is somebody's account and is left alone. Real kernels restarted on
 * one database (SQLite, or MariaDB with DATABASE_URL), seeded the way earlier versions did.
 */
import { expect } from 'chai';
import { createKernel, loadConfig, type DemoRequest, type Kernel } from '@comptoir/server';
import { TestHttp, throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import type { Role, User } from '@comptoir/schemas';
import { Roles, Users } from '../../server/src/entities/platform.ts';
import { createAdmin } from '../../server/src/platform/services/first-start/bootstrap.ts';
import { addMember } from '../../server/src/platform/services/users/members.ts';
import { hashPassword } from '../../server/src/auth/passwords.ts';
import { DEMO_COMPANY, DEMO_LOGIN, DEMO_SEED } from '../../tools/src/demo-company.ts';
import { firstStartLines } from '../../tools/src/first-start-summary.ts';

const ADMIN = { email: 'chef@boulangerie-martin.fr', password: 'mot-de-passe-du-chef' };
const ADMIN_ENV = { COMPTOIR_ADMIN_EMAIL: ADMIN.email, COMPTOIR_ADMIN_PASSWORD: ADMIN.password };
const mysql = Boolean(process.env.DATABASE_URL);

interface Booted { kernel: Kernel; anonymous: TestHttp }

async function boot(db: ThrowawayDatabase, env: Record<string, string>, demo: DemoRequest | null = DEMO_SEED): Promise<Booted> {
  const config = loadConfig({
    DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', COMPTOIR_LOGIN_ATTEMPTS: '1000', ...(db.url ? { DATABASE_URL: db.url } : {}), ...env,
  });
  const kernel = await createKernel({ config, pluginDirs: [], demo: demo ?? undefined });
  const { url } = await kernel.listen(0, '127.0.0.1');
  return { kernel, anonymous: new TestHttp(url) };
}

/** The roles the account holds, as `mode:name@company` (the company's name, or `-` for a global role). */
async function rolesOf(kernel: Kernel, email: string): Promise<string[]> {
  // read before the system call: on SQLite its transaction holds the only connection
  const names = new Map((await kernel.db('kernel_companies').select('_id', 'name')).map((c: { _id: string; name: string }) => [c._id, c.name]));
  return kernel.asSystem(null, async (ctx) => {
    const user = await ctx.unscoped(Users).findOneRaw({ email }) as User;
    const roles = await ctx.unscoped(Roles).findMany({ _id: user.roles }) as Role[];
    return roles.map((r) => `${r.mode}:${r.name}@${r.fk.company ? names.get(r.fk.company) : '-'}`).sort();
  });
}

async function companiesOf(kernel: Kernel, email: string): Promise<string[]> {
  const user = await kernel.db('kernel_users').where({ email }).first();
  const profiles = await kernel.db('kernel_user_company_profiles').where({ fk_user: user._id }).pluck('fk_company');
  const names = await kernel.db('kernel_companies').whereIn('_id', profiles).pluck('name');
  return names.sort();
}

const count = async (kernel: Kernel, table: string, where: Record<string, unknown>) =>
  Number((await kernel.db(table).where(where).count({ n: '*' }).first())?.n);

describe('demo : une installation mise à jour dont le compte de démonstration a encore le mot de passe public', function () {
  this.timeout(120_000);
  let db: ThrowawayDatabase | undefined;
  let booted: Booted | undefined;
  const stop = async () => { await booted?.kernel.stop(); booted = undefined; };
  afterEach(async () => {
    await stop();
    await db?.drop();
    db = undefined;
  });

  /**
   * What an earlier version left: the server administrator and their company, and the demo account
   * made with the global « Super-administrateur » role, a member of the administrator's company
   * too, signed in (a session) with an access token of its own.
   */
  async function upgradedDatabase(ownPassword: string | null = null): Promise<{ demoId: string; session: string; accessToken: string }> {
    db = await throwawayDatabase();
    booted = await boot(db, ADMIN_ENV, null);
    const adminCompany = (await booted.kernel.db('kernel_users').where({ email: ADMIN.email }).first()).settings;
    const adminCompanyId = JSON.parse(typeof adminCompany === 'string' ? adminCompany : JSON.stringify(adminCompany)).activeCompanyId as string;
    const demoId = await booted.kernel.asSystem(null, async (ctx) => {
      const { userId } = await createAdmin(ctx, {
        email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, companyName: DEMO_COMPANY.name, firstname: 'Camille', name: 'Martin',
      }, { ...DEMO_COMPANY });
      return userId;
    });
    await booted.kernel.asSystem(adminCompanyId, async (ctx) => {
      const seller = await ctx.repo(Roles).create({ name: 'Vendeur', permissions: ['kernel.users.read'] }) as Role;
      await addMember(ctx, demoId, adminCompanyId, [seller._id]);
    });
    const login = await booted.anonymous.post('/api/auth/login', DEMO_LOGIN);
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    const session = login.body.token as string;
    const minted = await booted.anonymous.as(session).post('/api/kernel/access-tokens', { name: 'Script de caisse' });
    expect(minted.status, JSON.stringify(minted.body)).to.equal(201);
    expect(await rolesOf(booted.kernel, DEMO_LOGIN.email)).to.deep.equal([
      `company:Administrateur@${DEMO_COMPANY.name}`, 'company:Vendeur@Mon entreprise', 'global:Super-administrateur@-',
    ].sort());
    if (ownPassword) {
      await booted.kernel.asSystem(null, async (ctx) => { await ctx.unscoped(Users).update(demoId, { password: await hashPassword(ownPassword) }); });
    }
    await stop();
    return { demoId, session, accessToken: minted.body.token as string };
  }

  const cases: [string, Record<string, string>, 'admin' | 'production' | 'mysql'][] = [
    ['COMPTOIR_ADMIN_EMAIL défini', ADMIN_ENV, 'admin'],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, 'production'],
    ...(mysql ? [['MariaDB, rien de configuré', {}, 'mysql'] as [string, Record<string, string>, 'mysql']] : []),
  ];
  for (const [label, env, reason] of cases) {
    it(`${label} : désactivé au démarrage (mot de passe, sessions, jetons), sorti des autres entreprises, sans rôle global ; dit en français, sans le mot de passe`, async () => {
      const { demoId, session, accessToken } = await upgradedDatabase();
      booted = await boot(db!, env);
      const report = booted.kernel.firstStart;
      expect(report.demo).to.deep.include({ status: 'disabled', reason, userId: demoId, sessions: 1, accessTokens: 1, companiesLeft: 1, globalRoles: 1 });
      // the public password no longer opens it; what it opened is gone
      expect((await booted.anonymous.post('/api/auth/login', DEMO_LOGIN)).status).to.equal(401);
      expect((await booted.anonymous.as(session).get('/api/auth/me')).status).to.equal(401);
      expect((await booted.anonymous.as(accessToken).get('/api/auth/me')).status).to.equal(401);
      expect(await count(booted.kernel, 'kernel_sessions', { userId: demoId })).to.equal(0);
      expect(await count(booted.kernel, 'kernel_access_tokens', { generatedByUser: demoId })).to.equal(0);
      // nothing outside the demo company
      expect(await rolesOf(booted.kernel, DEMO_LOGIN.email)).to.deep.equal([`company:Administrateur@${DEMO_COMPANY.name}`]);
      expect(await companiesOf(booted.kernel, DEMO_LOGIN.email)).to.deep.equal([DEMO_COMPANY.name]);
      const companyId = (report.demo as { companyId: string }).companyId;
      const user = await booted.kernel.asSystem(null, (ctx) => ctx.unscoped(Users).getRaw(demoId)) as User;
      expect([user.fk.companies, user.settings.activeCompanyId]).to.deep.equal([[companyId], companyId]);
      // said once, clearly, and the public password never printed
      const lines = firstStartLines(report);
      expect(lines.join('\n')).not.to.include(DEMO_LOGIN.password);
      expect(lines.some((l) => l.startsWith(`Compte de démonstration ${DEMO_LOGIN.email} désactivé : il avait encore le mot de passe public`))).to.equal(true);
      expect(report.demoGlobalRoles).to.equal(null);
      // the next start finds it disabled: nothing more to do, still no password printed
      await stop();
      booted = await boot(db!, env);
      expect(booted.kernel.firstStart.demo).to.deep.include({ status: 'present', publicPassword: false, seeded: false, reason });
      const again = firstStartLines(booted.kernel.firstStart).join('\n');
      expect(again).to.include('son mot de passe n’est plus le mot de passe public');
      expect(again).not.to.include(DEMO_LOGIN.password);
      // the administrator is untouched
      expect((await booted.anonymous.post('/api/auth/login', ADMIN)).status).to.equal(200);
    });
  }

  if (!mysql) {
    it('SQLite, rien de configuré (une démo y serait créée) : laissé tel quel, utilisable, sans son rôle global', async () => {
      const { session } = await upgradedDatabase();
      booted = await boot(db!, {});
      expect(booted.kernel.firstStart.demo).to.deep.include({ status: 'present', publicPassword: true, seeded: true });
      expect(booted.kernel.firstStart.demoGlobalRoles).to.equal('removed');
      expect((await booted.anonymous.post('/api/auth/login', DEMO_LOGIN)).status).to.equal(200);
      expect((await booted.anonymous.as(session).get('/api/auth/me')).status).to.equal(200);
    });
  }

  it('dont le mot de passe a été changé : le compte de quelqu’un, laissé tel quel, et aucun mot de passe affiché', async () => {
    const { session } = await upgradedDatabase('un-mot-de-passe-a-moi');
    booted = await boot(db!, ADMIN_ENV);
    expect(booted.kernel.firstStart.demo).to.deep.include({ status: 'present', publicPassword: false, reason: 'admin' });
    expect(booted.kernel.firstStart.demoGlobalRoles).to.equal('kept');
    expect(firstStartLines(booted.kernel.firstStart).join('\n')).not.to.include(DEMO_LOGIN.password);
    expect((await booted.anonymous.post('/api/auth/login', { email: DEMO_LOGIN.email, password: 'un-mot-de-passe-a-moi' })).status).to.equal(200);
    expect((await booted.anonymous.as(session).get('/api/auth/me')).status).to.equal(200);
    expect(await companiesOf(booted.kernel, DEMO_LOGIN.email)).to.have.length(2);
  });
});
