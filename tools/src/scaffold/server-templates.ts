/**
 * The server side of a scaffolded plugin (sdk README « Plugin skeleton »), in the plugin skeleton of sdk/README.md: the
 * contract other plugins import, the entity's schema (\`schemas/\`, shared with the client), the entry declared as data, the entity, the
 * permissions, the events, the route table (`routes/index.ts`), the services of one business
 * process (`services/items/`), the one place that reaches other plugins (`services/deps.ts`), the
 * demo data (`seed.ts`) and the first migration. The same names in every plugin.
 */
import { tsString, type PluginNames } from './names.ts';

export function contractTs(n: PluginNames): string {
  return `/**
 * The contract of « ${n.label} » for other plugins: import it as \`@comptoir/plugin-${n.id}/contract\`
 * and resolve with \`ctx.use(${n.camel}Services.items)\` after declaring \`"dependsOn": { "${n.id}": … }\`.
 * Types and ids only: importing it runs none of this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { Item } from './schemas/index.ts';

/** An item as other plugins receive it: the type of its schema (schemas/), never re-declared. */
export type ${n.pascal}Item = Item;

/** \`${n.id}.items\` */
export interface ${n.pascal}ItemsService {
  /** an item of the active company (404 otherwise) */
  get(id: string): Promise<${n.pascal}Item>;
  /** archives it once (409 the second time), in the caller's transaction */
  archive(id: string): Promise<${n.pascal}Item>;
}

export const ${n.camel}Services = {
  items: defineServiceRef<${n.pascal}ItemsService>(${tsString(`${n.id}.items`)}),
} as const;
`;
}

export function indexTs(n: PluginNames): string {
  return `/**
 * The « ${n.label} » plugin, declared as data: its entity, migrations, permissions, events,
 * services, routes and demo data. Nothing is registered by side effect.
 */
import { definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { ${n.camel}Services } from '../contract.ts';
import { PLUGIN_ID, Items } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { itemsService } from './services/items/items.ts';
import { init } from './migrations/${n.migrationName}.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Items],
  migrations: [init],
  permissions: PERMISSIONS,
  events: EVENTS,
  /** checked against the contract: each exported service has the type other plugins are promised */
  services: { items: itemsService } satisfies ServicesFor<typeof ${n.camel}Services>,
  /** plugins that declare \`"dependsOn": { "${n.id}": "^0.1.0" }\` use it as \`${n.camel}Services.items\` */
  exports: exportsOf(${n.camel}Services),
  routes,
  seedDemo,
});
`;
}

export function schemasIndexTs(n: PluginNames): string {
  return `/**
 * The shapes of « ${n.label} »: each entity's schema, its bodies and their types. The server, the
 * remote (\`import type\` only) and the tests import them here; other plugins get the types through
 * \`contract.ts\`. Data only: this folder imports \`@comptoir/schemas\` and TypeBox, nothing else.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text, Money, DateTime } from '@comptoir/schemas';

/** An item of the active company. Columns: see server/migrations/${n.migrationName}.ts. */
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
export type ItemInput = Static<typeof ItemInput>;
`;
}

export function entitiesTs(n: PluginNames): string {
  return `/** The entities of the « ${n.label} » plugin: a table and a French label each; the schemas are in schemas/. */
import { defineEntity } from '@comptoir/sdk';
import { Item } from '../schemas/index.ts';

export const PLUGIN_ID = ${tsString(n.id)};

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

export function routesIndexTs(n: PluginNames): string {
  return `/**
 * The route table of the « ${n.label} » plugin, mounted under \`/api/${n.id}\`: one file per business
 * process beside this one, listed in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { itemRoutes } from './items.ts';

export const routes: RouteDefinition[] = [...itemRoutes];
`;
}

export function itemRoutesTs(n: PluginNames): string {
  return `/**
 * The items of « ${n.label} »: the five resource routes of the HTTP contract (Comptoir server/src/http/README.md « Resources »), and one business action answered
 * by the items service. Thin: parse, call a service, answer.
 */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ItemInput } from '../../schemas/index.ts';
import { Items } from '../entities.ts';
import { READ, MANAGE } from '../permissions.ts';
import type { ItemsService } from '../services/items/items.ts';

export const itemRoutes: RouteDefinition[] = [
  ...crudRoutes(Items, { read: READ, write: MANAGE, create: ItemInput, update: ItemInput }),
  // each call names a method of ItemsService; its arguments (here the :id) are checked at compile time
  ...serviceRoutes<ItemsService>('items', (call) => [
    call('archive', { method: 'POST', path: '/items/:id/archive', permission: MANAGE, summary: 'Archiver un élément' }),
  ]),
];
`;
}

export function itemsServiceTs(n: PluginNames): string {
  return `/** The items service: what the routes and the plugins depending on « ${n.label} » call. */
import type { CallContext } from '@comptoir/sdk';
import type { Item } from '../../../schemas/index.ts';
import { Items } from '../../entities.ts';
import { ITEM_ARCHIVED } from '../../events.ts';
import { notifier } from '../deps.ts';
import { archiveChanges } from './archiving.ts';

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
      await notifier(ctx).notify('company', {
        title: 'Élément archivé', content: \`« \${item.name} » a été archivé.\`, style: 'info',
      });
      return archived;
    },
  };
}

export type ItemsService = ReturnType<typeof itemsService>;
`;
}

export function depsTs(): string {
  return `/**
 * The one place where this plugin reaches the platform and other plugins: through their contracts
 * (\`ctx.use(ref)\`), typed by their owners, never re-declared here. A plugin it depends on is added
 * to \`"dependsOn"\` in package.json and its contract imported here
 * (\`import { catalogueServices } from '@comptoir/plugin-catalogue/contract'\`).
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/** live notifications to members of the active company, delivered after commit */
export const notifier = (ctx: CallContext) => ctx.use(kernelServices.notifier);
`;
}

export function seedTs(n: PluginNames): string {
  return `/**
 * Examples of « ${n.label} » for the demo company (\`npm start\`, \`npm run seed-demo\`): a few
 * items, only in a company that has none yet (every seed run calls it).
 */
import type { CallContext } from '@comptoir/sdk';
import { Items } from './entities.ts';

const DEMO_ITEMS = [
  { name: 'Pain de campagne', description: 'Au levain, 500 g', price: 3.5 },
  { name: 'Tarte aux pommes (6 parts)', price: 12 },
];

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Items).count()) > 0) return;
  for (const item of DEMO_ITEMS) await ctx.repo(Items).create(item);
}
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
