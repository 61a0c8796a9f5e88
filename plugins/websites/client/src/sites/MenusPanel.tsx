/** A website's menus and their items (name, path), with the forms to add them. Reordering by drag comes next. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { MANAGE, MENUS, MENU_ITEMS, errorText, type Menu, type MenuItem } from '../api.ts';

export function MenusPanel({ websiteId }: { websiteId: string }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const menus = useList<Menu>(MENUS, { filters: { 'fk.website': { mode: 'eq', value: websiteId } }, pagination: { quantity: 50 } });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const first = (menus.data?.data ?? []).length === 0;
      await api.post(MENUS, { name, main: first, fk: { website: websiteId } });
      setName('');
      await invalidate(MENUS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="website-menus">
      <Title order={3}>Menus</Title>
      {(menus.data?.data ?? []).map((m) => <MenuCard key={m._id} menu={m} />)}
      {can(MANAGE) && (
        <form onSubmit={create}>
          {error && <Alert color="red" mb="sm">{error}</Alert>}
          <Group align="end">
            <TextInput label="Nouveau menu" placeholder="Menu principal" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit">Ajouter le menu</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

function MenuCard({ menu }: { menu: Menu }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const items = useList<MenuItem>(MENU_ITEMS, { filters: { 'fk.menu': { mode: 'eq', value: menu._id } }, sort: { field: 'position', ascending: true }, pagination: { quantity: 200 } });
  const [form, setForm] = useState({ name: '', alias: '' });
  const [error, setError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const position = (items.data?.data.length ?? 0) + 1;
      await api.post(MENU_ITEMS, { name: form.name, alias: form.alias, position, fk: { menu: menu._id } });
      setForm({ name: '', alias: '' });
      await invalidate(MENU_ITEMS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const rows = items.data?.data ?? [];
  return (
    <Card withBorder>
      <Title order={4}>{menu.name}{menu.main ? ' (principal)' : ''}</Title>
      <Table>
        <Table.Thead><Table.Tr><Table.Th>Position</Table.Th><Table.Th>Nom</Table.Th><Table.Th>Chemin</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i._id}><Table.Td>{i.position}</Table.Td><Table.Td>{i.label || i.name}</Table.Td><Table.Td>{i.alias ?? i.pathTemplate ?? ''}</Table.Td></Table.Tr>
          ))}
          {rows.length === 0 && <Table.Tr><Table.Td colSpan={3}><Text c="dimmed">Aucun élément.</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      {can(MANAGE) && (
        <form onSubmit={add}>
          {error && <Alert color="red" my="sm">{error}</Alert>}
          <Group align="end" mt="sm">
            <TextInput label="Élément" placeholder="Contact" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
            <TextInput label="Chemin" placeholder="/contact" required value={form.alias} onChange={(e) => setForm({ ...form, alias: e.currentTarget.value })} />
            <Button type="submit">Ajouter</Button>
          </Group>
        </form>
      )}
    </Card>
  );
}
