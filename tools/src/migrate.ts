/**
 * `npm run migrate -- [status|up|down] [--plugin <id>] [--steps N]`: shows, applies or reverts
 * plugin migrations, each plugin in its own `<plugin>_migrations` table (docs/architecture.md « Boot order », step 5), without
 * booting the kernel.
 *
 * - `status` (default): per plugin, in dependency order, what is applied and what is pending.
 * - `up`: applies pending migrations in dependency order (with `--plugin`, that plugin only, once
 *   the plugins it depends on are up to date).
 * - `down`: reverts applied migrations, newest first, in reverse dependency order (with `--plugin`,
 *   that plugin only, once no plugin depending on it has migrations applied). Without `--steps`,
 *   everything.
 * `--steps N` bounds the number of migrations applied or reverted in total.
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { Migration } from '@comptoir/sdk';
import { appliedMigrations, checkMigrations, migratePlugin, rollbackPlugin } from '../../server/src/db/migrate.ts';
import { argumentError, count, runCli, ToolError } from './cli.ts';
import { dependenciesOf, dependentsOf, describeDatabase, openPluginSet, type PluginEntry } from './plugin-set.ts';

const USAGE = 'usage : npm run migrate -- [status|up|down] [--plugin <identifiant>] [--steps <nombre>]';
const COMMANDS = ['status', 'up', 'down'] as const;
type Command = typeof COMMANDS[number];

interface Options { command: Command; plugin: string | null; steps: number }

function parseOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { plugin: { type: 'string' }, steps: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  if (parsed.values.help) { console.log(USAGE); process.exit(0); }
  if (parsed.positionals.length > 1) throw new ToolError(`une seule commande attendue (reçu ${parsed.positionals.join(' ')}). ${USAGE}`);
  const command = (parsed.positionals[0] ?? 'status') as Command;
  if (!COMMANDS.includes(command)) throw new ToolError(`commande inconnue « ${command} ». ${USAGE}`);
  const rawSteps = parsed.values.steps;
  if (rawSteps !== undefined && (!/^\d+$/.test(rawSteps) || Number(rawSteps) < 1)) {
    throw new ToolError(`--steps doit être un entier positif (reçu « ${rawSteps} »).`);
  }
  if (rawSteps !== undefined && command === 'status') throw new ToolError('--steps ne s’emploie qu’avec up ou down.');
  return { command, plugin: parsed.values.plugin ?? null, steps: rawSteps === undefined ? Infinity : Number(rawSteps) };
}

interface PluginState {
  entry: PluginEntry;
  migrations: Migration[];
  applied: string[];
  pending: Migration[];
  /** applied in the database, absent from the code */
  unknown: string[];
}

async function stateOf(db: Knex, entry: PluginEntry): Promise<PluginState> {
  const id = entry.manifest.id;
  const migrations = checkMigrations(id, entry.def.migrations ?? []);
  const applied = await appliedMigrations(db, id);
  const done = new Set(applied);
  const known = new Set(migrations.map((m) => m.name));
  return {
    entry, migrations, applied,
    pending: migrations.filter((m) => !done.has(m.name)),
    unknown: applied.filter((n) => !known.has(n)),
  };
}

function title(s: PluginState): string {
  const { id, version } = s.entry.manifest;
  return `${id} ${version} : ${count(s.applied.length, 'migration', 'appliquée')}, ${count(s.pending.length, 'migration')} en attente`;
}

async function status(db: Knex, plugins: PluginEntry[]) {
  for (const p of plugins) {
    const s = await stateOf(db, p);
    console.log(title(s));
    for (const m of s.migrations) console.log(`  ${s.applied.includes(m.name) ? '✓ appliquée  ' : '· en attente '} ${m.name}`);
    for (const n of s.unknown) console.log(`  ! appliquée mais absente du code : ${n}`);
  }
}

/** The plugins `id` depends on, directly or not, or that depend on it (`dependents`). */
function closure(id: string, plugins: PluginEntry[], dependents: boolean): PluginEntry[] {
  const out = new Map<string, PluginEntry>();
  const visit = (x: string) => {
    const entry = plugins.find((p) => p.manifest.id === x)!;
    const next = dependents ? dependentsOf(x, plugins) : dependenciesOf(entry, plugins);
    for (const n of next) if (!out.has(n.manifest.id)) { out.set(n.manifest.id, n); visit(n.manifest.id); }
  };
  visit(id);
  return [...out.values()];
}

async function up(db: Knex, plugins: PluginEntry[], target: PluginEntry | null, steps: number): Promise<number> {
  if (target) {
    for (const dep of closure(target.manifest.id, plugins, false)) {
      const s = await stateOf(db, dep);
      if (s.pending.length) {
        throw new ToolError(`« ${target.manifest.id} » dépend de « ${dep.manifest.id} », qui a ${count(s.pending.length, 'migration')} en attente : lancez d’abord npm run migrate -- up --plugin ${dep.manifest.id} (ou up sans --plugin).`);
      }
    }
  }
  let budget = steps;
  let total = 0;
  for (const p of target ? [target] : plugins) {
    if (budget <= 0) break;
    const s = await stateOf(db, p);
    const chosen = s.pending.slice(0, budget);
    if (chosen.length === 0) { console.log(`${p.manifest.id} : à jour`); continue; }
    const applied = await migratePlugin(db, p.manifest.id, chosen);
    for (const name of applied) console.log(`${p.manifest.id} : ✓ ${name} appliquée`);
    budget -= applied.length;
    total += applied.length;
  }
  console.log(`Terminé : ${count(total, 'migration', 'appliquée')}.`);
  return total;
}

async function down(db: Knex, plugins: PluginEntry[], target: PluginEntry | null, steps: number): Promise<number> {
  if (target) {
    for (const dependent of closure(target.manifest.id, plugins, true)) {
      const s = await stateOf(db, dependent);
      if (s.applied.length) {
        throw new ToolError(`« ${dependent.manifest.id} » dépend de « ${target.manifest.id} » et a ${count(s.applied.length, 'migration', 'appliquée')} : annulez d’abord celles de « ${dependent.manifest.id} » (npm run migrate -- down --plugin ${dependent.manifest.id}).`);
      }
    }
  }
  let budget = steps;
  let total = 0;
  for (const p of target ? [target] : [...plugins].reverse()) {
    if (budget <= 0) break;
    const s = await stateOf(db, p);
    if (s.applied.length === 0) { console.log(`${p.manifest.id} : rien à annuler`); continue; }
    const undone = await rollbackPlugin(db, p.manifest.id, s.migrations, budget);
    for (const name of undone) console.log(`${p.manifest.id} : ✗ ${name} annulée`);
    budget -= undone.length;
    total += undone.length;
  }
  console.log(`Terminé : ${count(total, 'migration', 'annulée')}.`);
  return total;
}

await runCli('Migrations impossibles', async () => {
  const options = parseOptions(process.argv.slice(2));
  const set = await openPluginSet();
  try {
    let target: PluginEntry | null = null;
    if (options.plugin !== null) {
      target = set.plugins.find((p) => p.manifest.id === options.plugin) ?? null;
      if (!target) {
        throw new ToolError(`plugin « ${options.plugin} » introuvable (plugins présents : ${set.plugins.map((p) => p.manifest.id).join(', ')}).`);
      }
    }
    console.log(`Base : ${describeDatabase(set.config)}`);
    const shown = target ? [target] : set.plugins;
    if (options.command === 'status') await status(set.db, shown);
    else if (options.command === 'up') await up(set.db, set.plugins, target, options.steps);
    else await down(set.db, set.plugins, target, options.steps);
    return 0;
  } finally {
    await set.close();
  }
});
