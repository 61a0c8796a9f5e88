/**
 * Types of bookers (« Adulte », « Enfant ») and their groups: kernel groups of `booking.bookers`,
 * whose quantity a room may limit.
 */
import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Table, TextInput, Title } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { BOOKERS, BOOKER_GROUPS, errorText, type ReservableRoomBooker } from '../api.ts';
import { BookingNav } from '../common/BookingNav.tsx';

interface Group_ { _id: string; name: string }

export function BookersScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const bookers = useList<ReservableRoomBooker>(BOOKERS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const groups = useList<Group_>('/kernel/groups', { filters: { pluginIdentifier: { mode: 'eq', value: BOOKER_GROUPS } }, pagination: { quantity: 500 } });
  const [name, setName] = useState('');
  const [groupName, setGroupName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>, path: string) => {
    setError(null);
    try { await call(); } catch (e) { setError(errorText(e)); }
    await invalidate(path);
  };
  const groupOptions = (groups.data?.data ?? []).map((g) => ({ value: g._id, label: g.name }));

  return (
    <Stack data-testid="booking-bookers" maw={860}>
      <PageHeader title="Types de réservants" actions={<BookingNav />} />
      {error && <Alert color="red" title="Action impossible">{error}</Alert>}
      <Group align="end">
        <TextInput label="Nouveau type de réservant" placeholder="Adulte" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button onClick={() => { void run(() => api.post(BOOKERS, { name }), BOOKERS); setName(''); }} disabled={!name.trim()}>Ajouter</Button>
      </Group>
      <Table>
        <Table.Thead><Table.Tr><Table.Th>Type</Table.Th><Table.Th>Groupes</Table.Th><Table.Th /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {(bookers.data?.data ?? []).map((b) => (
            <Table.Tr key={b._id}>
              <Table.Td>{b.name}</Table.Td>
              <Table.Td><MultiSelect aria-label={`Groupes de ${b.name}`} data={groupOptions} value={b.fk.groups ?? []} onChange={(v) => { void run(() => api.put(`${BOOKERS}/${b._id}`, { fk: { groups: v } }), BOOKERS); }} /></Table.Td>
              <Table.Td><Button size="compact-sm" variant="subtle" color="red" onClick={() => { void run(() => api.delete(`${BOOKERS}/${b._id}`), BOOKERS); }}>Supprimer</Button></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">Groupes de réservants</Title>
      <Group align="end">
        <TextInput label="Nouveau groupe" placeholder="Groupe scolaire" value={groupName} onChange={(e) => setGroupName(e.currentTarget.value)} />
        <Button onClick={() => { void run(() => api.post('/kernel/groups', { pluginIdentifier: BOOKER_GROUPS, name: groupName }), '/kernel/groups'); setGroupName(''); }} disabled={!groupName.trim()}>Ajouter</Button>
      </Group>
    </Stack>
  );
}
