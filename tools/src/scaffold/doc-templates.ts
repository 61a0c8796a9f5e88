/** The package.json manifest and the READMEs of a scaffolded plugin. */
import type { PluginNames } from './names.ts';

/** Version ranges of the packages a plugin builds and tests with, as the checkout installs them. */
export type DependencyVersions = Record<string, string>;

/** What the shell provides to every remote (shared singletons): peers, never bundled. */
export const SHELL_PEERS = ['react', 'react-router', '@tanstack/react-query', '@mantine/core'] as const;
/** What builds the remote and checks the plugin. */
export const DEV_TOOLS = [
  '@rspack/cli', '@rspack/core', '@module-federation/enhanced', '@types/react',
  'typescript', 'tsx', 'mocha', 'chai', '@types/mocha', '@types/chai', '@types/node',
] as const;

export function packageJson(n: PluginNames, versions: DependencyVersions = {}): string {
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, versions[name] ?? '*']));
  const pkg = {
    name: `@comptoir/plugin-${n.id}`,
    version: '0.1.0',
    private: true,
    type: 'module',
    // other plugins import `@comptoir/plugin-<id>/contract`
    exports: { './contract': './contract.ts' },
    description: `${n.label} — plugin Comptoir`,
    comptoir: {
      id: n.id,
      sdk: '^0.1.0',
      dependsOn: {},
      menu: [{ label: n.label, path: `/${n.id}`, icon: 'box', permission: `${n.id}.items.read`, order: 500 }],
      client: { remote: 'client/dist/remoteEntry.js' },
    },
    scripts: {
      build: 'rspack build -c client/rspack.config.ts',
      typecheck: 'tsc -p tsconfig.json && tsc -p client/tsconfig.json',
      test: 'mocha --no-config --import=tsx --timeout 30000 --exit "test/**/*.test.ts"',
    },
    dependencies: {
      '@comptoir/schemas': '0.1.0',
      '@comptoir/sdk': '0.1.0',
      '@sinclair/typebox': versions['@sinclair/typebox'] ?? '^0.34.52',
    },
    peerDependencies: pick(SHELL_PEERS),
    devDependencies: {
      '@comptoir/server': '0.1.0',
      ...pick(DEV_TOOLS),
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export function gitignore(): string {
  return `node_modules/
client/dist/
`;
}

export function readme(n: PluginNames): string {
  return `# ${n.label}

Plugin Comptoir « ${n.label} » : gestion des éléments de l’entreprise (création, recherche,
modification, archivage, suppression).

> Scaffolded by \`npm run new-plugin -- ${n.id}\`. Replace the \`items\` example with the plugin's real
> entities, keep this README in step with the code.

## Purpose

What the plugin does for a French small business, in one paragraph, and what it leaves to other
plugins.

## Entities

| entity | table | company-scoped | fields |
| --- | --- | --- | --- |
| \`items\` (« élément ») | \`${n.table}\` | yes | \`name\` (required), \`description\`, \`price\` (euros, exact), \`archived\`, \`archivedAt\` |

The schema is in \`schemas/index.ts\` (shared by the server, the remote and the tests; other plugins
get its type through \`contract.ts\`), the entity in \`server/entities.ts\`; the columns are a snapshot in
\`server/migrations/${n.migrationName}.ts\` (a schema change is a new migration, with its \`down\`).

## Routes

Mounted under \`/api/${n.id}\` with the shared request layer (bearer token, \`AT-Company\`, validation, French errors).

| method | path | permission | meaning |
| --- | --- | --- | --- |
| GET | \`/items\` | \`${n.id}.items.read\` | list (filters, pagination, sort, aggregations) |
| GET | \`/items/:id\` | \`${n.id}.items.read\` | one item; 404 if absent or in another company |
| POST | \`/items\` | \`${n.id}.items.manage\` | create: 201 and the stored item |
| PUT | \`/items/:id\` | \`${n.id}.items.manage\` | update the given fields |
| DELETE | \`/items/:id\` | \`${n.id}.items.manage\` | delete: 204 |
| POST | \`/items/:id/archive\` | \`${n.id}.items.manage\` | archive once (409 « Cet élément est déjà archivé. » the second time) |

Permissions: \`${n.id}.items.read\` « Consulter les éléments », \`${n.id}.items.manage\` « Gérer les éléments ».

## Events

| event | when | payload |
| --- | --- | --- |
| \`${n.id}.item.archived\` | an item was archived | \`{ _id }\` |
| \`${n.id}.item.created\`, \`.updated\`, \`.deleted\` | published by the repository on every write | \`{ _id, entity }\` |

Archiving also sends a live notification « Élément archivé » to the company's open sessions
(\`kernel.notifier\`, delivered after commit through the WebSocket hub).

## Services

\`items\` (exported: plugins that depend on this one use \`${n.camel}Services.items\` of
\`@comptoir/plugin-${n.id}/contract\`): \`get(id)\`, \`archive(id)\`. The contract (\`contract.ts\`) is
the one list of what other plugins may call; \`server/index.ts\` checks the services against it.
The archiving rule itself is a plain function, \`server/services/items/archiving.ts\`, tested
without HTTP. \`server/services/deps.ts\` is the one place that reaches the platform and other
plugins (here the platform's notifier).

## Decisions

- \`archived\` and \`archivedAt\` are not writable through \`POST\`/\`PUT\` (the body schema is
  \`ItemInput\`): archiving is a business action so that it publishes its event once.
- Menu entry « ${n.label} » at \`/${n.id}\`, shown to users with \`${n.id}.items.read\`.

## Layout

\`\`\`
package.json        manifest ("comptoir": id, sdk range, dependsOn, menu, client)
contract.ts         what other plugins may use: service references and their types
schemas/            the entities' schemas, their bodies and types (server, remote, tests)
server/index.ts     definePlugin({...})
server/entities.ts  the entity: table and label
server/permissions.ts, server/events.ts
server/routes/      index.ts (the route table), items.ts
server/services/    items/ (items.ts the service, archiving.ts the rule), deps.ts (other plugins)
server/seed.ts      examples for the demo company
server/migrations/  ${n.migrationName}.ts
client/             React remote: rspack.config.ts (one line), src/App.tsx, src/api.ts, src/items/
                    screens (see client/README.md)
test/               mocha tests
tsconfig.json       server and tests; client/tsconfig.json for the screens
\`\`\`

## Build, check, run

\`\`\`sh
npm run build        # the remote only: client/dist/ (mf-manifest.json, remoteEntry.js)
npm run typecheck
npm test             # createTestKernel on a throwaway database
\`\`\`

A plugin in the checkout's \`plugins/\` is loaded by every start. Anywhere else, name its folder (or
the folder holding it) in \`COMPTOIR_PLUGINS_PATH\` and restart the server: the kernel runs its
migrations, mounts its routes under \`/api/${n.id}\`, serves \`client/dist\` at \`/plugins/${n.id}/\`,
and the shell shows its menu entry and loads its screens at run time, without being rebuilt.
`;
}
