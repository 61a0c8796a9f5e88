/**
 * Runs each plugin's migrations, recorded in its own `<plugin>_migrations` table (docs/architecture.md « Boot order », step 5), so
 * plugins are added and removed independently and names never collide across plugins.
 * A failing migration leaves that plugin's schema as it was before the boot: on SQLite the pending
 * batch runs in one transaction (SQLite DDL is transactional); on MySQL, where DDL commits
 * implicitly, the batch is undone by running `down` of the failed migration (best effort) and of
 * the ones applied earlier in the batch, newest first. Its MigrationError says why with the safe
 * message (sdk safe-error.ts): a migration that copies rows must not print their values.
 */
import type { Knex } from 'knex';
import { safeMessage, type Migration } from '@comptoir/sdk';
import { engineOf } from './connect.ts';
import { becomeWriter, withNamedLock } from './locks.ts';

export class MigrationError extends Error { override name = 'MigrationError'; }

export function migrationsTable(pluginId: string): string {
  return `${pluginId.replace(/-/g, '_')}_migrations`;
}

const NAME_RE = /^\d{12,14}_[a-z0-9_-]+$/;

export function checkMigrations(pluginId: string, migrations: Migration[]): Migration[] {
  const names = new Set<string>();
  for (const m of migrations) {
    if (!NAME_RE.test(m.name)) throw new MigrationError(`Plugin « ${pluginId} » : nom de migration invalide « ${m.name} » (attendu AAAAMMJJHHMMSS_description).`);
    if (names.has(m.name)) throw new MigrationError(`Plugin « ${pluginId} » : migration en double « ${m.name} ».`);
    if (typeof m.down !== 'function') throw new MigrationError(`Plugin « ${pluginId} » : la migration « ${m.name} » n'a pas de down.`);
    names.add(m.name);
  }
  return [...migrations].sort((a, b) => a.name.localeCompare(b.name));
}

async function ensureTable(db: Knex, table: string) {
  if (await db.schema.hasTable(table)) return;
  try {
    await db.schema.createTable(table, (t) => {
      t.string('name', 255).primary();
      t.string('appliedAt', 24).notNullable();
    });
  } catch (e) {
    // SQLite: another process starting at the same time created it first
    if (!(await db.schema.hasTable(table))) throw e;
  }
}

/** several kernel processes may boot at once on one database (SQLite: see `migratePlugin`) */
function withLock<T>(db: Knex, fn: () => Promise<T>): Promise<T> {
  return withNamedLock(db, 'comptoir_migrations', 120, fn,
    () => new MigrationError('Impossible d’obtenir le verrou des migrations (un autre démarrage est en cours ?).'));
}

export async function appliedMigrations(db: Knex, pluginId: string): Promise<string[]> {
  const table = migrationsTable(pluginId);
  if (!(await db.schema.hasTable(table))) return [];
  return (await db(table).select('name').orderBy('name')).map((r: { name: string }) => r.name);
}

/** Applies pending migrations of one plugin; answers the names applied. */
export async function migratePlugin(db: Knex, pluginId: string, all: Migration[], now = new Date()): Promise<string[]> {
  const migrations = checkMigrations(pluginId, all);
  const table = migrationsTable(pluginId);
  return withLock(db, async () => {
    await ensureTable(db, table);
    if (engineOf(db) === 'sqlite') {
      // the pending list is read by the writer: another process migrating the same file waits,
      // then finds the migrations applied
      return db.transaction(async (trx) => {
        await becomeWriter(trx, table);
        const done = new Set((await trx(table).select('name')).map((r: { name: string }) => r.name));
        const pending = migrations.filter((m) => !done.has(m.name));
        try {
          for (const m of pending) {
            await m.up(trx);
            await trx(table).insert({ name: m.name, appliedAt: now.toISOString() });
          }
        } catch (e) {
          throw new MigrationError(`Plugin « ${pluginId} » : échec de la migration (${safeMessage(e)}). Base laissée en l’état précédent.`);
        }
        return pending.map((m) => m.name);
      });
    }
    const done = new Set(await appliedMigrations(db, pluginId));
    const pending = migrations.filter((m) => !done.has(m.name));
    if (pending.length === 0) return [];
    const applied: Migration[] = [];
    for (const m of pending) {
      try {
        await m.up(db);
        await db(table).insert({ name: m.name, appliedAt: now.toISOString() });
        applied.push(m);
      } catch (e) {
        const undo = [m, ...applied.reverse()];
        for (const u of undo) {
          try { await u.down(db); } catch { /* partially applied: down may fail on what never existed */ }
          await db(table).where({ name: u.name }).delete();
        }
        throw new MigrationError(`Plugin « ${pluginId} » : échec de la migration « ${m.name} » (${safeMessage(e)}). Les migrations de ce démarrage ont été annulées.`);
      }
    }
    return applied.map((m) => m.name);
  });
}

/** Reverts the last `steps` migrations of a plugin (tools/migrate down, CI up/down/up). */
export async function rollbackPlugin(db: Knex, pluginId: string, all: Migration[], steps = Infinity): Promise<string[]> {
  const migrations = checkMigrations(pluginId, all);
  const table = migrationsTable(pluginId);
  const done = await appliedMigrations(db, pluginId);
  const toUndo = done.slice().reverse().slice(0, steps);
  for (const name of toUndo) {
    const m = migrations.find((x) => x.name === name);
    if (!m) throw new MigrationError(`Plugin « ${pluginId} » : migration appliquée « ${name} » introuvable dans le code.`);
    await m.down(db);
    await db(table).where({ name }).delete();
  }
  return toUndo;
}
