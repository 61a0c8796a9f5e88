/**
 * The client side of a scaffolded plugin (sdk README « Plugin skeleton »): a Module Federation remote built with
 * `pluginRemoteConfig` from `@comptoir/sdk/rspack`, exposing `./App` (the screens, routed relative
 * to the plugin's mount in the shell) and `./Settings`. The remote imports React, the router,
 * TanStack Query, Mantine and `@comptoir/sdk/react` as the shell's shared singletons.
 */
import { tsString, type PluginNames } from './names.ts';

export function rspackConfigTs(): string {
  return `import { pluginRemoteConfig } from '@comptoir/sdk/rspack';

export default pluginRemoteConfig(\`\${import.meta.dirname}/..\`);
`;
}

/** Self-contained (the plugin may live outside the checkout): the repository's rules, plus DOM and JSX. */
export function clientTsconfigJson(): string {
  const config = {
    compilerOptions: {
      ...BASE_COMPILER_OPTIONS,
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      types: ['node'],
    },
    include: ['src', 'rspack.config.ts'],
    exclude: ['dist'],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The server and the tests: Node, mocha. */
export function serverTsconfigJson(): string {
  const config = {
    compilerOptions: { ...BASE_COMPILER_OPTIONS, lib: ['ES2023'], types: ['node', 'mocha'] },
    include: ['contract.ts', 'schemas', 'server', 'test'],
    exclude: ['node_modules', 'client'],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

const BASE_COMPILER_OPTIONS = {
  target: 'ES2023',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  allowImportingTsExtensions: true,
  noEmit: true,
  strict: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  esModuleInterop: true,
  skipLibCheck: true,
  resolveJsonModule: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

export function clientApiTs(n: PluginNames): string {
  return `/** What the screens know of the API of « ${n.label} » (mounted under /api/${n.id}). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = ${tsString(`/${n.id}/items`)};
export const READ = ${tsString(`${n.id}.items.read`)};
export const MANAGE = ${tsString(`${n.id}.items.manage`)};

/** An item as the API answers it, and the body the API takes (types only: the remote bundles no schema). */
export type { Item, ItemInput } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
`;
}

export function appTsx(n: PluginNames): string {
  return `/**
 * The screens of « ${n.label} ». The shell mounts this component under the menu path
 * (\`/${n.id}/*\`): the routes below are relative to it, so the plugin never hard-codes its address.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { ItemsScreen } from './items/ItemsScreen.tsx';
import { NewItemScreen } from './items/NewItemScreen.tsx';
import { ItemScreen } from './items/ItemScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<ItemsScreen />} />
      <Route path="nouveau" element={<NewItemScreen />} />
      <Route path=":id" element={<ItemScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
`;
}

export function itemsScreenTsx(n: PluginNames): string {
  return `/** The list of the active company's items: a search, a table, the total of the prices, pages. */
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDate, formatMoney, useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, useListState } from '@comptoir/sdk/ui';
import { ITEMS, MANAGE, errorText, type Item } from '../api.ts';

export function ItemsScreen() {
  const { can } = useComptoir();
  // page, sort and search as the API takes them; a new search goes back to the first page
  const list = useListState({ field: 'name', ascending: true }, 20, 'name');
  const items = useList<Item>(ITEMS, { ...list.options, aggregations: [{ name: 'total', field: 'price', sum: true }] });
  const rows = items.data?.data ?? [];
  return (
    <Stack data-testid=${tsString(`${n.id}-items`)}>
      <PageHeader
        title={${tsString(n.label)}}
        actions={can(MANAGE) && <Button component={Link} to="nouveau">Nouvel élément</Button>}
      />
      <TextInput label="Rechercher" placeholder="Nom de l’élément" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      {items.isError && <Alert color="red" title="Chargement impossible">{errorText(items.error)}</Alert>}
      {items.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nom</Table.Th>
              <Table.Th>Prix HT</Table.Th>
              <Table.Th>Créé le</Table.Th>
              <Table.Th>État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item._id}>
                <Table.Td><Anchor component={Link} to={item._id}>{item.name}</Anchor></Table.Td>
                <Table.Td>{formatMoney(item.price)}</Table.Td>
                <Table.Td>{formatDate(item.metadata.creationDate)}</Table.Td>
                <Table.Td>{item.archived ? <Badge color="gray">Archivé</Badge> : <Badge>Actif</Badge>}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Aucun élément pour l’instant.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" c="dimmed">
        {items.data?.count ?? 0} élément(s), total {formatMoney(items.data?.aggregation.total?.sum ?? 0)} HT
      </Text>
      {items.data && items.data.count > list.quantity && (
        <ListFooter page={list.page} quantity={list.quantity} count={items.data.count} onPage={list.setPage} noun={['élément', 'éléments']} />
      )}
    </Stack>
  );
}
`;
}

export function newItemScreenTsx(n: PluginNames): string {
  return `/** The creation form: name, description, price in euros. Back to the list once saved. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { toDecimal } from '@comptoir/sdk/commerce';
import { MoneyInput, PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, errorText, type Item, type ItemInput } from '../api.ts';

export function NewItemScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [input, setInput] = useState<Omit<ItemInput, 'price'>>({ name: '', description: '' });
  // MoneyInput answers a number, or a numeric string while typed or once padded ('1.20'): read with decimal.js
  const [price, setPrice] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body: ItemInput = { ...input, description: input.description || undefined, price: toDecimal(price)?.toNumber() ?? 0 };
      await api.post<Item>(ITEMS, body);
      await invalidate(ITEMS);
      navigate('..');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack maw={520} data-testid=${tsString(`${n.id}-new-item`)}>
        <PageHeader title="Nouvel élément" />
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        <TextInput label="Nom" required value={input.name} onChange={(e) => setInput({ ...input, name: e.currentTarget.value })} />
        <Textarea label="Description" value={input.description} onChange={(e) => setInput({ ...input, description: e.currentTarget.value })} />
        <MoneyInput label="Prix HT" min={0} value={price} onChange={setPrice} />
        <Group>
          <Button type="submit" loading={saving}>Enregistrer</Button>
          <Button variant="default" onClick={() => navigate('..')}>Annuler</Button>
        </Group>
      </Stack>
    </form>
  );
}
`;
}

export function itemScreenTsx(n: PluginNames): string {
  return `/** One item, and the business action: archive it (the server sends a live notification). */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, MANAGE, errorText, type Item } from '../api.ts';

export function ItemScreen() {
  const { id = '' } = useParams();
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const item = useEntity<Item>(ITEMS, id);
  const [error, setError] = useState<string | null>(null);

  async function archive() {
    setError(null);
    try {
      await api.post<Item>(\`\${ITEMS}/\${id}/archive\`);
      await invalidate(ITEMS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (item.isPending) return <Loader />;
  if (item.isError) return <Alert color="red" title="Élément introuvable">{errorText(item.error)}</Alert>;
  const it = item.data;
  return (
    <Stack data-testid=${tsString(`${n.id}-item`)}>
      <Anchor component={Link} to=".." relative="path">← Tous les éléments</Anchor>
      <PageHeader
        title={it.name}
        actions={it.archived ? <Badge color="gray">Archivé le {formatDateTime(it.archivedAt)}</Badge> : <Badge>Actif</Badge>}
      />
      {it.description && <Text>{it.description}</Text>}
      <Text>Prix HT : {formatMoney(it.price)}</Text>
      <Text size="sm" c="dimmed">Créé le {formatDateTime(it.metadata.creationDate)}</Text>
      {error && <Alert color="red">{error}</Alert>}
      {can(MANAGE) && !it.archived && <Group><Button onClick={archive}>Archiver</Button></Group>}
    </Stack>
  );
}
`;
}

export function settingsTsx(n: PluginNames): string {
  return `/** The settings panel of « ${n.label} » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, READ } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : ${jsxText(n.label)}</Title>
      <Text>Ce module n’a pas encore de réglage. Vos droits :</Text>
      <List>
        <List.Item>Consulter les éléments : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les éléments : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
`;
}

export function clientReadme(n: PluginNames): string {
  return `# ${n.label} — client

The plugin's React remote, loaded by the shell at run time from \`/plugins/${n.id}/mf-manifest.json\`
(the manifest's \`comptoir.client.remote\` is \`client/dist/remoteEntry.js\`; the kernel serves that folder).

\`\`\`sh
npm run build        # rspack build -c client/rspack.config.ts -> client/dist/
npm run typecheck    # server, tests and these screens
\`\`\`

| file | what |
| --- | --- |
| \`rspack.config.ts\` | one line: \`pluginRemoteConfig\` from \`@comptoir/sdk/rspack\` (container \`comptoir_${n.sqlPrefix}\`, exposes \`./App\` and \`./Settings\`) |
| \`src/App.tsx\` | the routes, relative to the plugin's mount (\`/${n.id}\`): list, \`nouveau\`, \`:id\` |
| \`src/api.ts\` | the API paths, permissions and types the screens share |
| \`src/items/ItemsScreen.tsx\` | list with \`useList\` and the UI kit's \`useListState\` (search, sort, pages), the total with an aggregation, \`PageHeader\`, \`ListFooter\` |
| \`src/items/NewItemScreen.tsx\` | creation form (\`MoneyInput\` for the price; \`api.post\`, then \`useInvalidate\`) |
| \`src/items/ItemScreen.tsx\` | one item (\`useEntity\`) and the « Archiver » action |
| \`src/Settings.tsx\` | settings panel |

Screens are grouped by business process (\`src/items/\`), with the names the server's
\`services/items/\` uses; \`PageHeader\`, \`MoneyInput\`, \`ListFooter\` and \`useListState\` come from the
shell's UI kit (\`@comptoir/sdk/ui\`, a shared singleton like the others).

React, react-router, TanStack Query, Mantine, \`@comptoir/sdk/react\` and \`@comptoir/sdk/ui\` are the shell's shared
singletons: the remote never bundles them, and it does not import Mantine's CSS (the shell does).
From \`@mantine/core\`, \`@mantine/hooks\`, \`@mantine/dates\` and \`react-router\` the shell shares a curated
surface, not the whole library: the build refuses, in French, an import it does not offer (the list
and how to extend it: \`sdk/README-client.md\` « The shared surface »).
\`client/dist/\` is build output: never commit it.
`;
}

/** Text placed between JSX tags: braces and angle brackets would be read as JSX. */
function jsxText(s: string): string {
  return /[{}<>&]/.test(s) ? `{${JSON.stringify(s)}}` : s;
}
