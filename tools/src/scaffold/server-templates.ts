/**
 * The server side of a scaffolded plugin (DESIGN §3): the entry declared as data, the entity and
 * its schema, the permissions, the events, a thin route table, the services and the first
 * migration. Small files with the same names in every plugin.
 */
import { tsString, type PluginNames } from './names.ts';

export function indexTs(n: PluginNames): string {
  return `/**
 * The « ${n.label} » plugin, declared as data: its entity, migrations, permissions, events,
 * services and routes. Nothing is registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { PLUGIN_ID, Items } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes.ts';
import { itemsService } from './services/items.ts';
import { init } from './migrations/${n.migrationName}.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Items],
  migrations: [init],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: { items: itemsService },
  /** plugins that declare \`"dependsOn": { "${n.id}": "^0.1.0" }\` resolve it as \`${n.id}.items\` */
  exports: ['items'],
  routes,
});
`;
}

export function entitiesTs(n: PluginNames): string {
  return `/** The entities of the « ${n.label} » plugin: a schema, a table, a French label each. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEntity } from '@comptoir/sdk';
import { Entity, Id, Str, Text, Money, DateTime } from '@comptoir/schemas';

export const PLUGIN_ID = ${tsString(n.id)};

/** An item of the active company. Columns: see migrations/${n.migrationName}.ts. */
export const Item = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** price excluding taxes, in euros (exact, see @comptoir/schemas Money) */
  price: Money({ minimum: 0, default: 0 }),
  /** set only by the \`archive\` action */
  archived: Type.Boolean({ default: false }),
  archivedAt: Type.Optional(DateTime()),
}, {
  company: Id(),
});
export type Item = Static<typeof Item>;

/** What a client may write on create and update: the archive state changes only through \`archive\`. */
export const ItemInput = Type.Partial(Type.Pick(Item, ['name', 'description', 'price']), { additionalProperties: false });

export const Items = defineEntity({
  plugin: PLUGIN_ID,
  name: 'items',
  table: ${tsString(n.table)},
  schema: Item,
  companyScoped: true,
  label: 'élément',
});
`;
}

export function permissionsTs(n: PluginNames): string {
  return `/** Permissions of the « ${n.label} » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const READ = ${tsString(`${n.id}.items.read`)};
export const MANAGE = ${tsString(`${n.id}.items.manage`)};

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: ${tsString(n.label)}, name: 'Consulter les éléments', mode: 'company' },
  { sysName: MANAGE, category: ${tsString(n.label)}, name: 'Gérer les éléments', description: 'Créer, modifier, archiver et supprimer les éléments.', mode: 'company' },
];
`;
}

export function eventsTs(n: PluginNames): string {
  return `/**
 * Business events of the « ${n.label} » plugin, published on the bus after commit. The repository also
 * publishes \`${n.id}.item.created\`, \`.updated\` and \`.deleted\` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const ITEM_ARCHIVED = ${tsString(`${n.id}.item.archived`)};

export const EVENTS: EventDefinition[] = [
  { name: ITEM_ARCHIVED, description: 'Un élément a été archivé.' },
];
`;
}

export function routesTs(n: PluginNames): string {
  return `/**
 * The route table of the « ${n.label} » plugin, mounted under \`/api/${n.id}\`: the five resource
 * routes of API.md, and one business action. Thin: parse, call a service, answer.
 */
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { Items, ItemInput } from './entities.ts';
import { READ, MANAGE } from './permissions.ts';
import type { ItemsService } from './services/items.ts';

export const routes: RouteDefinition[] = [
  ...crudRoutes(Items, { read: READ, write: MANAGE, create: ItemInput, update: ItemInput }),
  route({
    method: 'POST',
    path: '/items/:id/archive',
    permission: MANAGE,
    summary: 'Archiver un élément',
    handler: (req) => req.resolve<ItemsService>('items').archive(req.params.id),
  }),
];
`;
}

export function itemsServiceTs(n: PluginNames): string {
  return `/** The items service: what the routes and the plugins depending on « ${n.label} » call. */
import type { CallContext } from '@comptoir/sdk';
import { Items, type Item } from '../entities.ts';
import { ITEM_ARCHIVED } from '../events.ts';
import { archiveChanges } from './archiving.ts';

/** The kernel's live notifications (\`kernel.notifier\`, every plugin may resolve it). */
interface Notifier {
  notify(to: string[] | 'company', notification: { title: string; content?: string; style?: string }): Promise<unknown>;
}

export function itemsService(ctx: CallContext) {
  const repo = () => ctx.repo(Items);
  return {
    /** an item of the active company (404 otherwise) */
    get: (id: string): Promise<Item> => repo().get(id),

    /**
     * Archives an item once, publishes \`${n.id}.item.archived\` and tells the company's open
     * sessions, live; both only after commit (nothing is sent for a rolled-back call).
     */
    async archive(id: string): Promise<Item> {
      const item = await repo().get(id);
      const archived = await repo().update(id, archiveChanges(item, ctx.now));
      ctx.emit(ITEM_ARCHIVED, { _id: id });
      await ctx.resolve<Notifier>('kernel.notifier').notify('company', {
        title: 'Élément archivé', content: \`« \${item.name} » a été archivé.\`, style: 'info',
      });
      return archived;
    },
  };
}

export type ItemsService = ReturnType<typeof itemsService>;
`;
}

export function archivingTs(): string {
  return `/** The archiving rule of an item: plain data in, plain data out, no HTTP and no database. */
import { conflict } from '@comptoir/sdk';

export interface ArchiveState {
  archived?: boolean;
  archivedAt?: string;
}

/** The changes that archive an item at \`now\`. An item is archived once: a second time is a 409. */
export function archiveChanges(item: ArchiveState, now: Date): { archived: true; archivedAt: string } {
  if (item.archived) throw conflict('Cet élément est déjà archivé.');
  return { archived: true, archivedAt: now.toISOString() };
}
`;
}

export function migrationTs(n: PluginNames): string {
  return `/** First table of the « ${n.label} » plugin. A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: ${tsString(n.migrationName)},
  async up(db) {
    await createEntityTable(db, ${tsString(n.table)}, {
      name: 'string',
      description: 'text',
      price: 'money',
      archived: 'bool',
      archivedAt: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists(${tsString(n.table)});
  },
};
`;
}
