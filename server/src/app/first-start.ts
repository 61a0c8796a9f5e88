/**
 * The first start, run at every boot after the plugins' `onBoot` (kernel README, « First start
 * and the demo account »): the server settings row, COMPTOIR_ADMIN_*'s administrator on a database
 * without users, the demo account when demo-policy.ts allows it (and an exposed one disabled where
 * it does not), the demo account's global roles dropped, then the plugins' examples for the demo
 * company. Several processes may start together
 * on one empty database: all of it runs under the first-start lock (MySQL/MariaDB `GET_LOCK`, held
 * across the transactions; SQLite: each transaction becomes the writer before it reads), so the
 * second process finds what the first one made instead of making it again.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CallContext } from '@comptoir/sdk';
import type { Config } from '../config.ts';
import { engineOf } from '../db/connect.ts';
import { becomeWriter, withNamedLock } from '../db/locks.ts';
import { migrationsTable } from '../db/migrate.ts';
import type { SystemCall } from '../jobs/scheduler.ts';
import type { LoadedPlugin } from '../plugins/call.ts';
import { ServerSettingsEntity, Users } from '../entities/platform.ts';
import { createAdmin } from '../platform/services/first-start/bootstrap.ts';
import { getServerSettings } from '../platform/services/companies/server-settings.ts';
import {
  createDemoAccount, dropDemoGlobalRoles, findDemo, hasPublicPassword, retireDemo, type DemoRetired, type DemoSeed,
} from '../platform/services/first-start/demo-account.ts';
import { decideDemo, type DemoSkipReason } from '../platform/services/first-start/demo-policy.ts';

/** The demo the program starting the kernel offers (`npm start`), or asks for (`explicit`: `npm run seed-demo`). */
export interface DemoRequest extends DemoSeed {
  explicit?: boolean;
}

export type DemoOutcome =
  /** `ownProps`: the server lets companies create their own user properties (see `openForDemo`) */
  | { status: 'created'; userId: string; companyId: string; companyName: string; ownProps: boolean }
  /**
   * `seeded`: the plugins' missing examples were added to its company; `publicPassword`: it still
   * opens with the public password (said only then); `reason`: no demo would be made here today
   */
  | { status: 'present'; userId: string; companyId: string | null; companyName: string; seeded: boolean; publicPassword: boolean; reason?: DemoSkipReason }
  /** found with the public password where no demo would be made today (`reason`): disabled at this start */
  | ({ status: 'disabled'; userId: string; companyId: string | null; companyName: string; reason: DemoSkipReason } & DemoRetired)
  | { status: 'skipped'; reason: DemoSkipReason }
  /** the program offered no demo (tests, a program of its own) */
  | { status: 'not-offered' };

export interface FirstStartReport {
  /** COMPTOIR_ADMIN_EMAIL's account, when this start created it */
  admin: { email: string; userId: string; companyId: string } | null;
  demo: DemoOutcome;
  /** the demo account lost its global roles at this start, or kept them (its password is no longer the public one) */
  demoGlobalRoles: 'removed' | 'kept' | null;
}

export class FirstStartError extends Error { override name = 'FirstStartError'; }

export interface FirstStartDeps {
  db: Knex;
  config: Config;
  log: Logger;
  plugins: Iterable<LoadedPlugin>;
  systemCall: SystemCall;
  now: () => Date;
}

const LOCK = 'comptoir_first_start';
const LOCK_SECONDS = 120;

/** A system call whose transaction is the database's only writer (SQLite) before it reads. */
function locked<T>(deps: FirstStartDeps, companyId: string | null, pluginId: string, fn: (ctx: CallContext) => Promise<T>): Promise<T> {
  return deps.systemCall(companyId, pluginId, deps.now(), async (ctx, trx) => {
    await becomeWriter(trx as Knex.Transaction, migrationsTable('kernel'));
    return fn(ctx);
  });
}

export function firstStart(deps: FirstStartDeps, demo?: DemoRequest): Promise<FirstStartReport> {
  const { config, log } = deps;
  return withNamedLock(deps.db, LOCK, LOCK_SECONDS, async () => {
    const report = await locked(deps, null, 'kernel', async (ctx): Promise<FirstStartReport> => {
      await getServerSettings(ctx);
      const empty = (await ctx.unscoped(Users).count()) === 0;
      let admin: FirstStartReport['admin'] = null;
      if (empty && config.adminEmail && config.adminPassword) {
        admin = { email: config.adminEmail, ...await createAdmin(ctx, { email: config.adminEmail, password: config.adminPassword }) };
      }
      const outcome = demo ? await demoAccount(ctx, deps, demo, empty) : { status: 'not-offered' as const };
      if (outcome.status === 'created' && empty && !admin) outcome.ownProps = await openForDemo(ctx);
      return { admin, demo: outcome, demoGlobalRoles: await dropDemoGlobalRoles(ctx) };
    });
    const { demo: outcome } = report;
    const companyId = outcome.status === 'created' || (outcome.status === 'present' && outcome.seeded) ? outcome.companyId : null;
    if (companyId) {
      // each plugin's examples in its own transaction, in dependency order (the kernel first)
      for (const p of deps.plugins) {
        if (p.def.seedDemo) await locked(deps, companyId, p.def.id, (ctx) => p.def.seedDemo!(ctx));
      }
    }
    if (report.admin) log.info({ userId: report.admin.userId, companyId: report.admin.companyId, email: report.admin.email }, 'administrator created');
    if (outcome.status !== 'not-offered') log.info({ demo: outcome }, `demo account: ${outcome.status}`);
    if (outcome.status === 'disabled') log.warn({ demo: outcome }, 'demo account: disabled, its password was public where no demo is made');
    if (report.demoGlobalRoles === 'removed') log.warn('demo account: its global roles were removed (its password is public)');
    if (report.demoGlobalRoles === 'kept') log.warn('demo account: holds a global role; kept, its password is no longer the public one');
    return report;
  }, () => new FirstStartError('Impossible d’obtenir le verrou du premier démarrage : un autre processus démarre depuis plus de deux minutes sur cette base.'));
}

async function demoAccount(ctx: CallContext, deps: FirstStartDeps, demo: DemoRequest, emptyDatabase: boolean): Promise<DemoOutcome> {
  const existing = await findDemo(ctx, demo.company.name);
  const decision = decideDemo({
    explicit: demo.explicit === true, setting: deps.config.demo, engine: engineOf(deps.db), production: deps.config.production,
    adminConfigured: deps.config.adminEmail !== null, emptyDatabase, demoExists: existing !== null,
  });
  const companyName = demo.company.name;
  if (decision.action === 'skip') return { status: 'skipped', reason: decision.reason };
  if (decision.action === 'retire') {
    const { userId, companyId } = existing!;
    const retired = await retireDemo(ctx, existing!);
    if (retired) return { status: 'disabled', userId, companyId, companyName, reason: decision.reason, ...retired };
    return { status: 'present', userId, companyId, companyName, seeded: false, publicPassword: false, reason: decision.reason };
  }
  if (decision.action === 'present') {
    const { userId, companyId } = existing!;
    return { status: 'present', userId, companyId, companyName, seeded: decision.seed && companyId !== null, publicPassword: await hasPublicPassword(ctx, userId) };
  }
  return { status: 'created', ...await createDemoAccount(ctx, demo), companyName, ownProps: false };
}

/**
 * A server whose only account is the demo account (made on an empty database without
 * COMPTOIR_ADMIN_*) has nobody who may change its settings: there, companies may create their own
 * user properties, so that the demo's « Propriétés personnalisées » work (the spec's default
 * refuses it; indexes and full-text search stay refused). Done once, with the settings' creation.
 */
async function openForDemo(ctx: CallContext): Promise<boolean> {
  const settings = await getServerSettings(ctx);
  await ctx.unscoped(ServerSettingsEntity).update(settings._id, { userProps: { ...settings.userProps, allowCompaniesToCreatePrivateProps: true } });
  return true;
}
