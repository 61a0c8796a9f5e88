/** The rooms: their list, and a new one by its name (its settings on its own screen). */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ROOMS, errorText, type ReservableRoom } from '../api.ts';
import { BASE, BookingNav } from '../common/BookingNav.tsx';

export function RoomsScreen() {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const rooms = useList<ReservableRoom>(ROOMS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setError(null);
    try {
      // a new room follows its own hours, 09:00–18:00 every day, until it is set up
      const room = await api.post<ReservableRoom>(ROOMS, {
        name, useEstablishmentHours: false,
        regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 18, minutes: 0 } }] }],
      });
      await invalidate(ROOMS);
      navigate(`${BASE}/salles/${room._id}`);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="booking-rooms">
      <PageHeader title="Salles" actions={<BookingNav />} />
      {error && <Alert color="red" title="Création impossible">{error}</Alert>}
      <Group align="end">
        <TextInput label="Nouvelle salle" placeholder="Salle Molière" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button onClick={() => { void create(); }} disabled={!name.trim()}>Créer</Button>
      </Group>
      <Table>
        <Table.Thead><Table.Tr><Table.Th>Salle</Table.Th><Table.Th>Horaires</Table.Th><Table.Th>Créneau</Table.Th><Table.Th>En ligne</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {(rooms.data?.data ?? []).map((r) => (
            <Table.Tr key={r._id}>
              <Table.Td><Link to={`${BASE}/salles/${r._id}`}>{r.name}</Link></Table.Td>
              <Table.Td>{r.useEstablishmentHours ? 'De l’établissement' : 'Propres à la salle'}</Table.Td>
              <Table.Td>{r.bookingSlotMinimumDuration} min</Table.Td>
              <Table.Td>{r.publicBooking ? <Badge color="green">Oui</Badge> : <Badge color="gray">Non</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
