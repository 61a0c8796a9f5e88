/**
 * What each suite does around its own steps, per engine: a fresh database (dropped at the end
 * whatever happens, and on Ctrl-C through `live`), the report's common fields, and at the end the
 * kernel, the floor and any helper process stopped.
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { freshDatabase, type BenchDatabase, type Engine } from './database.ts';
import { bootMigrated, type BootedKernel } from './kernel.ts';
import type { RunReport } from './report.ts';

export const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;

/** What the run holds and the end releases: the serving kernel, the floor, anything else to stop. */
export interface Held {
  booted: BootedKernel | null;
  floor: { db: Knex; close(): Promise<void> } | null;
  stops: (() => void)[];
}

export interface RunSize { rows: number; duration: number; connections: number }

/**
 * `steps` on a fresh database of `engine`, filling `report` (the common fields, then `extra`, the
 * suite's own). `heading` is printed with the database's label.
 */
export async function onFreshDatabase<R extends RunReport>(
  engine: Engine, size: RunSize, live: Set<BenchDatabase>, heading: string,
  extra: Omit<R, keyof RunReport>,
  steps: (database: BenchDatabase, report: R, held: Held) => Promise<void>,
): Promise<R> {
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const database = await freshDatabase(engine);
  live.add(database);
  console.log(`\n== ${heading}${database.label}`);
  const base: RunReport = {
    engine, label: database.label, startedAt, machine: machine(), rows: size.rows, duration: size.duration,
    connections: size.connections, loadBefore, loadAfter: [], boot: { empty: 0, migrated: [] },
    results: [], explains: [], environment: [], findings: [], totalSeconds: 0,
  };
  const report = { ...base, ...extra } as R;
  const held: Held = { booted: null, floor: null, stops: [] };
  try {
    await steps(database, report, held);
  } finally {
    report.loadAfter = os.loadavg();
    for (const stop of held.stops) stop();
    if (held.booted) await held.booted.kernel.stop().catch(() => undefined);
    if (held.floor) {
      await held.floor.close();
      await held.floor.db.destroy();
    }
    await database.drop();
    live.delete(database);
    report.totalSeconds = (performance.now() - t0) / 1000;
  }
  return report;
}

/**
 * Once the data set is written: the kernel of the empty database stopped, then booted three times
 * on the migrated one with the same plugins (boot times in the report); the last one serves.
 */
export async function bootOnData(database: BenchDatabase, report: RunReport, held: Held, pluginDirs: string[] = []): Promise<BootedKernel> {
  await held.booted?.kernel.stop();
  held.booted = null;
  const { booted, times } = await bootMigrated(database, pluginDirs);
  held.booted = booted;
  report.boot.migrated = times;
  console.log(`  boot on the migrated database: ${times.map((x) => `${Math.round(x)} ms`).join(', ')}`);
  return booted;
}

/**
 * MariaDB, once the data set is written: `tables` analysed now (what InnoDB's background statistics
 * would reach anyway, now rather than at a random moment of the run), and for the report the
 * server's settings that matter here and the tables' sizes. SQLite: nothing.
 */
export async function settleTables(db: Knex, engine: Engine, tables: string[]): Promise<string[]> {
  if (engine !== 'mysql') return [];
  await db.raw(`ANALYZE TABLE ${tables.join(', ')}`);
  const [vars] = (await db.raw("SHOW VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_flush_method', 'version')")) as [{ Variable_name: string; Value: string }[]];
  const [sizes] = (await db.raw(
    `SELECT table_name AS t, ROUND(data_length / 1048576) AS data_mb, ROUND(index_length / 1048576) AS index_mb FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (${tables.map(() => '?').join(', ')})`,
    tables,
  )) as [{ t: string; data_mb: number; index_mb: number }[]];
  return [
    `MariaDB settings: ${vars.map((v) => `${v.Variable_name} = ${v.Value}`).join(', ')}`,
    `table sizes: ${sizes.map((x) => `${x.t} ${x.data_mb} MB data + ${x.index_mb} MB indexes`).join(', ')}`,
  ];
}
